/**
 * The table's relations (api/table/relations.ts) on kinds made up here: what an object owns is
 * deleted with it, what holds an object refuses its delete unless forced and lets go of it when
 * forced, a served kind's routes are its server's, and a mistaken declaration is named. Then
 * the table's own relations: an event stream owns its action, a trigger's bindings hold
 * actions and are served by the actions' routes, and the server can serve them.
 */
import { ApiFailure } from "../../../../api/errors";
import { array, object, string } from "../../../../api/schema/builder";
import { completeKind, type KindRules, type KindSpec } from "../../../../api/table/kind-spec";
import type { KindObject } from "../../../../api/table/provider-hooks";
import type { TenantRecords } from "../../../../api/table/operations";
import {
  deleteByRelations,
  holdingKinds,
  kindReferencedAt,
  ownedObjects,
  relationMistakes,
  servedKinds,
  type KindCatalog,
} from "../../../../api/table/relations";
import { kindNames, kindSpec } from "../../../../api/kinds";
import { tenantRules } from "../../../../api/kinds/tenant";

/** A made-up kind's entry: only what the relations read. */
const kind = (spec: Partial<KindSpec>): KindSpec =>
  ({ shape: "collection", createSchema: object({}), ...spec }) as KindSpec;

const SPECS: Record<string, KindSpec> = {
  box: kind({}),
  // A crate owns the box its `content.box_id` names.
  crate: kind({
    createSchema: object({ content: object({ box_id: string({ references: "box" }) }) }),
    relations: { owns: ["box"] },
  }),
  // A shelf's slots hold boxes; its routes are the boxes'.
  shelf: kind({
    shape: "singleton",
    createSchema: object({ slots: array(object({ id: string({ references: "box" }) })) }),
    relations: { holds: ["box"], servedBy: "box" },
  }),
};

/** Which box each shelf holds, and what was let go of, removed and refused. */
function world(held: Record<string, string[]>) {
  const removed: string[] = [];
  const released: string[] = [];
  const rules: Record<string, KindRules> = {
    shelf: {
      holding: {
        refusal: (_kind, id) => {
          const shelves = Object.keys(held).filter((shelf) => held[shelf]!.includes(id));
          return shelves.length > 0 ? `The box is on ${shelves.join(", ")}.` : undefined;
        },
        release: (kindName, id) => released.push(`${kindName} ${id}`),
      },
    },
  };
  const catalog: KindCatalog = {
    names: () => Object.keys(SPECS),
    spec: (name) => SPECS[name],
    rules: (name) => rules[name] ?? {},
  };
  const records = (name: string): TenantRecords =>
    ({
      recordsOf: (other: string) => records(other),
      remove: (id: string) => {
        removed.push(`${name} ${id}`);
        return true;
      },
    }) as unknown as TenantRecords;
  return { catalog, records, removed, released };
}

const box = { id: "box_1" } as KindObject;

describe("the table's relations", () => {
  it("reads who serves, and who holds, a kind", () => {
    const { catalog } = world({});
    expect(servedKinds(catalog, "box")).toEqual(["shelf"]);
    expect(holdingKinds(catalog, "box")).toEqual(["shelf"]);
    expect(servedKinds(catalog, "crate")).toEqual([]);
  });

  it("finds the objects an object owns by its referencing fields", () => {
    expect(ownedObjects(SPECS.crate!, { id: "c", content: { box_id: "box_9" } })).toEqual([
      { kind: "box", id: "box_9" },
    ]);
    expect(ownedObjects(SPECS.crate!, { id: "c", content: {} })).toEqual([]);
    // A reference without `owns` is no ownership.
    expect(ownedObjects(SPECS.shelf!, { id: "s", slots: [{ id: "box_1" }] })).toEqual([]);
  });

  it("a crate's delete deletes the box it owns, as a forced delete", () => {
    const { catalog, records, removed } = world({});
    deleteByRelations(catalog, "crate", { id: "c", content: { box_id: "box_9" } }, {}, records("crate"));
    expect(removed).toEqual(["box box_9"]);
  });

  it("a held box's delete is refused in the holder's words unless forced; forced, the holder lets go", () => {
    const { catalog, records, released } = world({ top: ["box_1"] });
    const refused = (() => {
      try {
        deleteByRelations(catalog, "box", box, {}, records("box"));
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(ApiFailure);
    expect(refused).toMatchObject({ statusCode: 400, message: "The box is on top.", errorCode: "invalid_body" });
    expect(released).toEqual([]);
    deleteByRelations(catalog, "box", box, { force: "true" }, records("box"));
    expect(released).toEqual(["box box_1"]);
  });

  it("a box nothing holds goes without force; every holder is still told to let go", () => {
    const { catalog, records, released } = world({ top: [] });
    deleteByRelations(catalog, "box", box, undefined, records("box"));
    expect(released).toEqual(["box box_1"]);
  });

  it("names each mistaken relation: a kind that is none, a server that is no collection, a holder without rules, a need that is no singleton", () => {
    const unknown: KindCatalog = {
      names: () => ["shelf", "crate"],
      spec: (name) => ({ shelf: SPECS.shelf, crate: kind({ relations: { owns: ["barrel"] } }) })[name],
      rules: () => ({ holding: { refusal: () => undefined, release: () => undefined } }),
    };
    expect(relationMistakes(unknown)).toEqual([
      'kind "shelf" relates to "box", which is no kind',
      'kind "crate" relates to "barrel", which is no kind',
    ]);
    const wrong: KindCatalog = {
      names: () => ["box", "shelf"],
      spec: (name) => ({ box: kind({ shape: "singleton" }), shelf: SPECS.shelf })[name],
      rules: () => ({}),
    };
    expect(relationMistakes(wrong)).toEqual([
      'kind "shelf" is served by "box", which is not a collection: it has no routes to serve it',
      'kind "shelf" holds box but its tenant rules have no `holding`: say what holds an object and how to let go of it',
    ]);
    const needy: KindCatalog = {
      names: () => ["box", "lid", "label"],
      spec: (name) =>
        ({
          box: SPECS.box,
          lid: kind({ shape: "singleton", relations: { needs: ["box", "glue"] } }),
          label: kind({ shape: "singleton", relations: { needs: ["lid"] } }),
        })[name],
      rules: () => ({}),
    };
    expect(relationMistakes(needy)).toEqual([
      'kind "lid" relates to "glue", which is no kind',
      'kind "lid" needs "box", which is not a singleton: no one object of it to look for',
    ]);
  });

  it("refuses an entry that owns or holds a kind no field of it references", () => {
    expect(() => completeKind({ ...SPECS.box!, typeName: "Crate", relations: { owns: ["box"] } } as KindSpec)).toThrow(
      'kind Crate owns box, but no field of its create schema references it: mark the field that holds the id with `references: "box"`, or drop the relation',
    );
  });

  it("answers the kind a field references, and says so when none does", () => {
    expect(kindReferencedAt(SPECS.shelf!.createSchema, ["slots", "*", "id"])).toBe("box");
    expect(() => kindReferencedAt(SPECS.shelf!.createSchema, ["slots"])).toThrow(/no field at \["slots"\]/);
  });
});

describe("the table of kinds' relations", () => {
  const catalog: KindCatalog = { names: kindNames, spec: kindSpec, rules: tenantRules };

  it("an event stream owns the action it delivers to, and only an action destination names one", () => {
    const eventStream = kindSpec("eventStream")!;
    const stream = { id: "est_1", destination: { type: "action", configuration: { action_id: "a-1" } } };
    expect(ownedObjects(eventStream, stream)).toEqual([{ kind: "action", id: "a-1" }]);
    const webhook = { id: "est_2", destination: { type: "webhook", configuration: { webhook_endpoint: "https://x" } } };
    expect(ownedObjects(eventStream, webhook)).toEqual([]);
  });

  it("a trigger's bindings hold actions and are served by the actions' routes; the server can serve them", () => {
    expect(holdingKinds(catalog, "action")).toEqual(["triggerBindings"]);
    expect(servedKinds(catalog, "action")).toEqual(["triggerBindings"]);
    expect(relationMistakes(catalog)).toEqual([]);
  });
});
