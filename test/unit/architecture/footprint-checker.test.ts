/**
 * The footprint checker (footprint.ts) on planted source, never on the tree: it fails on a room
 * importing another room, on an arrow back up in api/, on a kind's name written as a string
 * outside its room and its declared relations, and on a hand-written file outside the rooms
 * naming a kind; each finding names the file and the line. The API's own words that happen to
 * be a kind's name (`literal("action")`, `destination.type === "action"`) are not findings.
 */
import { findingText, importFindings, kindMentions, roomOf, type KindFacts } from "./footprint";

const lines = (...text: string[]) => text.join("\n");

/** Two kinds as the checker knows them: their rooms, one exported name each, their type tokens. */
const KINDS: KindFacts[] = [
  {
    name: "action",
    room: roomOf("action"),
    exports: new Set(["actionKind"]),
    tokens: new Set(["Action", "tenant:index:Action"]),
  },
  {
    name: "eventStream",
    room: roomOf("eventStream"),
    exports: new Set(["eventStreamKind"]),
    tokens: new Set(["EventStream", "tenant:index:EventStream"]),
  },
];

const mentions = (file: string, text: string) => kindMentions(file, text, KINDS).map(findingText);

describe("the footprint checker", () => {
  it("fails on a planted cross-room import, naming the file and the line", () => {
    const text = lines(
      'import { isObject } from "../../json";',
      'import type { KindRules } from "../../table/kind-spec";',
      'import { unbindAction } from "../trigger-bindings/tenant";',
    );
    expect(importFindings("api/kinds/action/tenant.ts", text).map(findingText)).toEqual([
      expect.stringMatching(
        /^api\/kinds\/action\/tenant\.ts:3: the room api\/kinds\/action\/ imports api\/kinds\/trigger-bindings\/tenant, of the room api\/kinds\/trigger-bindings\//,
      ),
    ]);
  });

  it("reads imports of every form: a re-export, an import type, require()", () => {
    const text = lines(
      'export * from "../form/contract";',
      'type Hooks = import("../flow/contract").FlowHooks;',
      'const late = require("../form/tenant");',
      'import { ownHelper } from "./tenant-build";',
    );
    const found = importFindings("api/kinds/action/x.ts", text).map((finding) => finding.line);
    expect(found).toEqual([1, 2, 3]);
  });

  it("fails on an arrow back up in api/: the table importing a room, the ground importing the table", () => {
    expect(
      importFindings("api/table/relations.ts", 'import { actionKind } from "../kinds/action/contract";').map(
        findingText,
      ),
    ).toEqual([expect.stringMatching(/^api\/table\/relations\.ts:1: .*an arrow back up in api\/$/)]);
    expect(
      importFindings("api/named-ids.ts", '\nimport type { TenantReader } from "./table/provider-hooks";').map(
        findingText,
      ),
    ).toEqual([expect.stringMatching(/^api\/named-ids\.ts:2: .*imports api\/table\/provider-hooks .*arrow back up/)]);
    expect(importFindings("api/table/kind-spec.ts", 'import { string } from "../schema/builder";')).toEqual([]);
  });

  it("fails on a planted kind string in another room, not on its declared relations or the API's own words", () => {
    const text = lines(
      "export function deleteOwned(tenant: TenantRecords, id: string): void {",
      '  tenant.recordsOf("action").remove(id);',
      "}",
      'const destination = object({ type: literal("action"), action_id: string({ references: "action" }) });',
      'const relations = { owns: ["action"] };',
      'const isAction = (d: { type: string }) => d.type === "action";',
      'const schema = object({}, { required: ["id", "action"] });',
      'type Key = "type" | "action";',
      'interface RunEvent { type: "action"; name: string }',
      'const event = { type: "action", name: "a" };',
      'const ran = "action" in results;',
      'const read = { kind: "action" };',
      '// tenant.recordsOf("action") in a comment is no string',
    );
    expect(mentions("api/kinds/event-stream/tenant.ts", text)).toEqual([
      'api/kinds/event-stream/tenant.ts:2: names the kind "action" by a string, outside its room and the declared relations',
      'api/kinds/event-stream/tenant.ts:12: names the kind "action" by a string, outside its room and the declared relations',
    ]);
  });

  it("a kind's name is its own room's to say", () => {
    expect(mentions("api/kinds/action/contract.ts", 'const lookups = [oneByIdOrName("getAction", "action")];')).toEqual(
      [],
    );
  });

  it("fails on a hand-written file outside the rooms naming a kind: by import, exported name, type token, string", () => {
    const text = lines(
      'import { actionKind } from "../../api";',
      'import { eventStreamKind as streams } from "../../api/kinds/event-stream/contract";',
      'const token = "tenant:index:Action";',
      'const records = context.recordsOf("eventStream");',
      'const relation = { servedBy: "action" };',
    );
    expect(mentions("server/routes/planted.ts", text)).toEqual([
      "server/routes/planted.ts:1: imports actionKind, of api/kinds/action/",
      "server/routes/planted.ts:2: imports eventStreamKind, of api/kinds/event-stream/",
      "server/routes/planted.ts:2: imports api/kinds/event-stream/contract",
      'server/routes/planted.ts:3: says the type token "tenant:index:Action"',
      'server/routes/planted.ts:4: names the kind "eventStream" by a string, outside its room and the declared relations',
      // A relation is declared in a room's entry: outside the rooms it is a mention like any other.
      'server/routes/planted.ts:5: names the kind "action" by a string, outside its room and the declared relations',
    ]);
  });
});
