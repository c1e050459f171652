/** The table's missing-reference warnings: ids found by `references:` facts, named in words, judged once per tenant. */
import { namedBy, placeInWords, missingReferenceWarnings } from "../../../../api/table/missing-references";
import { object, array, string } from "../../../../api/schema/builder";
import { EACH } from "../../../../api/schema/secret-paths";
import type { KindObject, TenantReader } from "../../../../api/table/provider-hooks";

const schema = object({
  steps: array(object({ id: string(), config: object({ store_id: string({ references: "store" }) }) })),
  after: object({ store_id: string({ references: "store" }) }),
});

function tenant(ids: string[]): TenantReader & { lists: () => number } {
  let lists = 0;
  return {
    domain: "https://t.example.com",
    origin: `https://t${Math.random()}.example.com`,
    list: async () => {
      lists += 1;
      return ids.map((id) => ({ id }) as KindObject);
    },
    listOf: async () => [],
    get: async () => undefined,
    lists: () => lists,
  };
}

const targets = () => ({ label: "store", typeName: "Store" });

describe("missing references", () => {
  it("names an array item by its id, other places dotted", () => {
    const value = { steps: [{ id: "first", config: { store_id: "s1" } }], after: { store_id: "s2" } };
    expect(placeInWords(value, ["steps", 0, "config", "store_id"])).toBe('step "first" (config.store_id)');
    expect(placeInWords(value, ["after", "store_id"])).toBe("after.store_id");
    expect(placeInWords({ list: [{ name: "x" }] }, ["list", 0, "name"])).toBe("list[0].name");
    expect(namedBy(value, { path: ["steps", EACH, "config", "store_id"], kind: "store" })).toEqual([
      { where: 'step "first" (config.store_id)', id: "s1" },
    ]);
  });

  it("warns of each id the tenant lacks, with the kind's words, and asks the tenant once", async () => {
    const reader = tenant(["s1"]);
    const fields = {
      steps: [
        { id: "a", config: { store_id: "s1" } },
        { id: "b", config: { store_id: "gone" } },
      ],
    };
    const warnings = await missingReferenceWarnings(
      schema,
      { label: "pipe", name: "P" },
      fields,
      undefined,
      reader,
      targets,
      {
        store: "the pipe would write nowhere",
      },
    );
    expect(warnings).toEqual([
      'pipe "P": step "b" (config.store_id) names store gone, which the tenant https://t.example.com does not have; ' +
        "the pipe would write nowhere. Manage the store in the program and use its id (`store_id: store.id` of a " +
        "Store resource), so each tenant gets its own store's id.",
    ]);
    // An id named before is not judged again; nothing new to judge asks nothing.
    expect(
      await missingReferenceWarnings(schema, { label: "pipe", name: "P" }, fields, fields, reader, targets),
    ).toEqual([]);
    expect(reader.lists()).toBe(1);
  });
});
