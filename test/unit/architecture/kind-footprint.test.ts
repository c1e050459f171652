/**
 * Where each kind is written: its room (`api/kinds/<kind>/`, every file of it the kind's own)
 * and, outside it, every hand-written code file of api/, server/, provider/, policy/ and
 * scripts/ that names the kind (the checker is footprint.ts; footprint-checker.test.ts shows it failing on
 * planted source). A file names a kind when it imports a module of the kind's room, uses a name
 * one of the room's modules exports (through any re-export), says one of the kind's type tokens
 * (`tenant:index:Action`, `Action` as a resource type), or says the kind's name as a string
 * (`"action"`) where it is not the API's own word. Words in identifiers and comments do not
 * count: "action" is also an error target's action, a flow's actions and a rate limit's action.
 *
 * No room imports another room, and no room names another kind but by the relations its entry
 * and its fields declare (`references:`, `embeds:`, `relations: { owns, holds, servedBy }`).
 * Outside the rooms a kind may be named only by the table (`api/kinds/index.ts` and the
 * server's `api/kinds/tenant.ts`, one line per kind), by the public entry of the policy pack
 * (`provider/policy-support.ts`), by its own policy rules (`policy/src/rules/<plural>.ts`) and
 * the pack's registry ({@link EXPECTED}). The expectations are written out below,
 * independently of the code they check: a new mention anywhere else fails, naming the file
 * and the line.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { KIND_NAMES, KINDS, type KindName } from "../../../api";
import {
  exportedNames,
  findingText,
  importFindings,
  kindMentions,
  roomOf,
  roomOfFile,
  wordsOf,
  type KindFacts,
} from "./footprint";

const ROOT = path.resolve(__dirname, "../../..");
/**
 * The hand-written code that serves every kind alike. Not here: tests, the examples and the
 * bench's programs (Pulumi programs, which name kinds as a user does), generated files, docs.
 */
const SCANNED = ["api", "server", "provider", "policy/src", "scripts"];

/** What a generated file says of itself (npm run classes): not hand-written, not counted. */
const GENERATED = /Generated from the table of kinds by `npm run classes`/;

/** A hand-written code file: its repository path and its text. */
interface CodeFile {
  readonly file: string;
  readonly text: string;
}

/** The hand-written code files under `dir` (a repository path; generated ones left out). */
function codeFiles(dir: string): CodeFile[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules" || entry.name === "dist") return [];
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return codeFiles(file);
    if (!entry.name.endsWith(".ts") || entry.name.endsWith(".d.ts")) return [];
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    return GENERATED.test(text.slice(0, 400)) ? [] : [{ file, text }];
  });
}

const FILES = SCANNED.flatMap(codeFiles);

/** Every name the modules of `kind`'s room export. */
const roomExports = (kind: KindName) =>
  new Set(
    FILES.filter(({ file }) => file.startsWith(roomOf(kind))).flatMap(({ file, text }) => exportedNames(file, text)),
  );

/** The strings that name `kind`'s resources: its type tokens in both doors, and its type name. */
const typeTokens = (kind: KindName) => {
  const name = KINDS[kind].typeName;
  return new Set([name, `tenant:index:${name}`, `pulumi-nodejs:dynamic/tenant:${name}`]);
};

const KIND_FACTS: KindFacts[] = KIND_NAMES.map((kind) => ({
  name: kind,
  room: roomOf(kind),
  exports: roomExports(kind),
  tokens: typeTokens(kind),
}));

/** Every mention of a kind outside its room, each with its kind, file and line. */
const MENTIONS = FILES.flatMap(({ file, text }) => kindMentions(file, text, KIND_FACTS));

/** The table: one line per kind composes the contract, and one per kind the tenant's behaviour. */
const TABLE = ["api/kinds/index.ts", "api/kinds/tenant.ts"];

/** The policy pack's registry: the rules by name, with the judgements that join several kinds (a form's flows). */
const PACK = "policy/src/policies.ts";

/**
 * Where each kind may be named outside the rooms, written out by hand: the table, its own
 * policy rules and the pack's registry, the pack's public entry. (A form's FLOW nodes name
 * flows by the field fact `references: "flow"`; a trigger's bindings hold actions by
 * `relations: { holds: ["action"] }`: declarations, not mentions.)
 */
/**
 * The hosted login (server/login/) is a named consumer, like the pack: it runs the post-login
 * actions (their runtime and live version, from the action's room), shows the form an action
 * renders and runs its flows with their vault connections, and shows the page's look:
 * the template, the branding, the theme, the prompt settings, the texts and the partials. The
 * review names the look's kinds in one place (provider/cli/review/look-kinds.ts).
 */
const LOGIN = {
  actions: "server/login/actions.ts",
  look: "server/login/look.ts",
  // The form an action shows, and the flows (with their vault connections) its FLOW nodes run.
  forms: "server/login/forms/routes.ts",
  formSteps: "server/login/forms/progress.ts",
  flows: "server/login/forms/flows.ts",
};
const REVIEW_LOOK = "provider/cli/review/look-kinds.ts";
/** The pack's rules of the login page's markup; they also say HTML's own `form` and `action` (an element, an attribute). */
const LOGIN_PAGE_RULES = "policy/src/rules/login-page.ts";

const EXPECTED: Record<KindName, string[]> = {
  form: [
    ...TABLE,
    PACK,
    "policy/src/rules/forms.ts",
    "provider/policy-support.ts",
    LOGIN_PAGE_RULES,
    LOGIN.forms,
    LOGIN.formSteps,
  ],
  eventStream: [...TABLE, "policy/src/rules/event-streams.ts", "provider/policy-support.ts"],
  loginTemplate: [...TABLE, LOGIN.look, REVIEW_LOOK, LOGIN_PAGE_RULES],
  // Production rate limits that block: a stack rule.
  rateLimitPolicy: [...TABLE, "policy/src/rules/stack.ts"],
  flow: ["api/kinds/index.ts", PACK, "policy/src/rules/outside-calls.ts", LOGIN.flows],
  flowVaultConnection: [...TABLE, "policy/src/rules/outside-calls.ts", LOGIN.flows],
  // The pack judges a trigger's bindings against the actions the program declares.
  action: [
    ...TABLE,
    "policy/src/rules/actions.ts",
    "policy/src/rules/trigger-bindings.ts",
    LOGIN.actions,
    LOGIN_PAGE_RULES,
  ],
  triggerBindings: [...TABLE, "policy/src/rules/trigger-bindings.ts"],
  branding: [...TABLE, LOGIN.look, REVIEW_LOOK],
  brandingTheme: [...TABLE, LOGIN.look, REVIEW_LOOK, "policy/src/rules/contrast.ts"],
  promptSettings: [...TABLE, LOGIN.look, REVIEW_LOOK],
  promptCustomText: [...TABLE, LOGIN.look, REVIEW_LOOK],
  promptScreenPartials: [...TABLE, LOGIN.look, REVIEW_LOOK, LOGIN_PAGE_RULES],
};

describe("where each kind is written", () => {
  it("no room imports another room, and api/ has no arrow back up", () => {
    const findings = FILES.flatMap(({ file, text }) => importFindings(file, text));
    expect(findings.map(findingText)).toEqual([]);
  });

  it("a room names no other kind but by the relations its entry and its fields declare", () => {
    const inRooms = MENTIONS.filter((mention) => roomOfFile(mention.file) !== undefined);
    expect(inRooms.map(findingText)).toEqual([]);
  });

  it.each(KIND_NAMES)("%s is named outside the rooms only by the table, its policy rules and the pack", (kind) => {
    const outside = MENTIONS.filter((mention) => mention.kind === kind && roomOfFile(mention.file) === undefined);
    const unexpected = outside.filter((mention) => !EXPECTED[kind].includes(mention.file)).map(findingText);
    const named = new Set(outside.map((mention) => mention.file));
    const stale = EXPECTED[kind].filter((file) => !named.has(file));
    // On failure, each unexpected mention says its file and line; a stale expectation, its file.
    expect({ kind, unexpected, stale }).toEqual({ kind, unexpected: [], stale: [] });
  });
});

/** The files of a test-only kind's fixture folder. */
const fixtureFiles = (kind: string) => fs.readdirSync(path.join(ROOT, "test/fixtures/kinds", kind)).sort();

describe("a kind declared beyond the table", () => {
  const contributing = fs.readFileSync(path.join(ROOT, "CONTRIBUTING.md"), "utf8");
  const stated = /declared in (\w+) files of its own/.exec(contributing)?.[1];
  const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3 };

  it("CONTRIBUTING.md states how many files, at most 3", () => {
    expect(stated).toBeDefined();
    expect(NUMBERS[stated!]).toBeLessThanOrEqual(3);
  });

  it.each(["gadget", "connector"])("the test-only %s is declared in CONTRIBUTING.md's count of files", (kind) => {
    expect({ kind, files: fixtureFiles(kind).length }).toEqual({ kind, files: NUMBERS[stated!] });
  });

  it("the Connector, a kind with a write-only secret, is named in no file of api/, server/, provider/, policy/, scripts/", () => {
    const naming = FILES.filter(({ file, text }) => {
      const { identifiers, strings } = wordsOf(file, text);
      return [...identifiers].some((name) => /connector/i.test(name)) || strings.some((text) => text === "Connector");
    });
    expect(naming.map(({ file }) => file)).toEqual([]);
  });
});
