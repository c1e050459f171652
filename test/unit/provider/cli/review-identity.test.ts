/**
 * The identity diff of the review comment: array items matched by `id`, `event_type` or
 * `key` (else by value), so an insert is one item added, a reorder is the items moved, and a
 * field change is named by the item's identity. Every kind of the table, and the test-only
 * kinds declared beyond it (a test-only gadget), gets its changes by identity with no code of its own.
 */
import "../../../fixtures/kinds/gadget";
import "../../../fixtures/kinds/connector";
import { kindNames, kindSpec } from "../../../../api";
import { diffValues, groupByItem, identityKeyOf, pathText } from "../../../../provider/cli/review/identity-diff";
import { describeItem, summarise } from "../../../../provider/cli/review/render";
import { auditStream, changedAuditStream, changedSignupForm, signupForm } from "../../../fixtures/review-plan";

const summaryOf = (before: unknown, after: unknown) => groupByItem(diffValues(before, after)).map(summarise);

describe("identity diff", () => {
  it("an inserted component is one component added, the ones after it not changed nor moved", () => {
    const before = signupForm();
    const after = structuredClone(before) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    after.nodes[0].config.components.splice(3, 0, { id: "phone", category: "FIELD", type: "TEL" });
    const items = groupByItem(diffValues(before, after));
    expect(items).toEqual([
      expect.objectContaining({ where: "nodes[step_details].config.components[phone]", type: "added", to: 3 }),
    ]);
    expect(describeItem(items[0]!)).toContain("added at 3");
  });

  it("a removed item is one item removed, with where it was", () => {
    const before = signupForm();
    const after = structuredClone(before) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    after.nodes[0].config.components.splice(0, 1);
    expect(groupByItem(diffValues(before, after))).toEqual([
      expect.objectContaining({ where: "nodes[step_details].config.components[heading]", type: "removed", from: 0 }),
    ]);
  });

  it("a reorder names the items that moved, not every item between", () => {
    const before = { nodes: ["a", "b", "c", "d"].map((id) => ({ id })) };
    const after = { nodes: ["b", "c", "d", "a"].map((id) => ({ id })) };
    expect(summaryOf(before, after)).toEqual(["nodes[a] moved"]);
    const item = groupByItem(diffValues(before, after))[0]!;
    expect([item.from, item.to]).toEqual([0, 3]);
  });

  it("a moved item that also changed reports both in one entry", () => {
    const before = { nodes: [{ id: "a", alias: "A" }, { id: "b" }] };
    const after = { nodes: [{ id: "b" }, { id: "a", alias: "Z" }] };
    const items = groupByItem(diffValues(before, after));
    // Of two items that swapped, the longest kept order keeps b: a moved, and changed.
    expect(items.map((item) => describeItem(item))).toEqual(["`nodes[a]` moved from 0 to 1; `alias` `A` → `Z`"]);
  });

  it("a renamed id is the old item removed and the new one added", () => {
    const before = { nodes: [{ id: "step_one", alias: "One" }] };
    const after = { nodes: [{ id: "step_first", alias: "One" }] };
    expect(summaryOf(before, after).sort()).toEqual(["nodes[step_first] added", "nodes[step_one] removed"]);
  });

  it("nested components: a field change is named by the node and the component", () => {
    const before = signupForm();
    const after = structuredClone(before) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    after.nodes[0].config.components[2].required = true;
    after.nodes[0].config.components[2].config.max_length = 120;
    const items = groupByItem(diffValues(before, after));
    expect(items.map((item) => item.where)).toEqual(["nodes[step_details].config.components[company]"]);
    expect(items[0]!.fields).toEqual([
      { field: "required", before: false, after: true },
      { field: "config.max_length", before: 100, after: 120 },
    ]);
    expect(describeItem(items[0]!)).toBe(
      "`nodes[step_details].config.components[company]`: " +
        "`required` `false` → `true`; `config.max_length` `100` → `120`",
    );
  });

  it("the issue's five changes are exactly five entries", () => {
    expect([
      ...summaryOf(signupForm(), changedSignupForm()),
      ...summaryOf(auditStream(), changedAuditStream()),
    ]).toEqual([
      "components[company]: config.max_length, required",
      "components[phone] added",
      "components[next]: config.text",
      "nodes[route_by_company]: config.fallback",
      "subscriptions[user.login] added",
    ]);
  });

  it("hidden fields match by key, subscriptions by event_type, actions by id", () => {
    expect(identityKeyOf([{ key: "a", value: 1 }], [{ key: "b", value: 1 }])).toBe("key");
    expect(identityKeyOf([{ event_type: "user.created" }])).toBe("event_type");
    expect(identityKeyOf([{ id: "x", key: "k" }])).toBe("id");
    // An id that repeats is no identity: the next key is tried.
    expect(
      identityKeyOf([
        { id: "x", key: "a" },
        { id: "x", key: "b" },
      ]),
    ).toBe("key");
  });

  it("without an identity key, equal items match by value and the rest pair by position", () => {
    expect(summaryOf({ tags: ["a", "b"] }, { tags: ["b", "a", "c"] })).toEqual(["tags[#2] added"]);
    const paired = groupByItem(diffValues({ rows: [{ x: 1 }, { x: 2 }] }, { rows: [{ x: 1 }, { x: 3 }] }));
    expect(paired.map((item) => describeItem(item))).toEqual(["`rows[#1]`: `x` `2` → `3`"]);
  });

  it("top-level fields outside arrays are named by their path", () => {
    const items = groupByItem(
      diffValues({ name: "a", start: { next_node: "x" } }, { name: "b", start: { next_node: "y" } }),
    );
    expect(items.map((item) => [item.where, item.fields.map((f) => f.field)])).toEqual([
      ["name", [""]],
      ["start", ["next_node"]],
    ]);
    expect(pathText([{ key: "a" }, { item: "b" }, { key: "c" }])).toBe("a[b].c");
  });

  /** A sample value of `schema` with every array holding two items that carry an identity. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  function sample(schema: any, seed: string): unknown {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const branches: any[] = schema?.oneOf ?? schema?.anyOf ?? [schema];
    const branch = branches.find((item) => item?.type === "object" || item?.properties) ?? branches[0];
    // A union of unions (a flow's actions: by integration, then by action): the inner branches.
    if (branch !== schema && (branch?.oneOf || branch?.anyOf)) return sample(branch, seed);
    if (branch?.type === "array") return [sample(branch.items, `${seed}1`), sample(branch.items, `${seed}2`)];
    if (branch?.type === "object" || branch?.properties) {
      const properties = Object.entries(branch.properties ?? {}).slice(0, 8);
      return Object.fromEntries(properties.map(([key, item]) => [key, sample(item, `${seed}_${key}`)]));
    }
    if (branch?.enum) return branch.enum[0];
    if (branch?.type === "boolean") return false;
    if (branch?.type === "integer" || branch?.type === "number") return 1;
    return seed;
  }

  it.each(kindNames())("every kind: a change to each top-level field of a %s is named by that field", (kind) => {
    const before = sample(kindSpec(kind)!.createSchema, "v") as Record<string, unknown>;
    for (const key of Object.keys(before)) {
      const after = { ...before, [key]: `changed-${key}` };
      const items = groupByItem(diffValues(before, after));
      expect({ kind, key, where: items.map((item) => item.where) }).toEqual({ kind, key, where: [key] });
    }
  });

  /** Every array of identified items in `value`, with its path. */
  function identifiedArrays(value: unknown, path: (string | number)[] = []): (string | number)[][] {
    if (Array.isArray(value)) {
      const own = identityKeyOf(value) && value.length > 0 ? [path] : [];
      return [...own, ...value.flatMap((item, index) => identifiedArrays(item, [...path, index]))];
    }
    if (typeof value !== "object" || value === null) return [];
    return Object.entries(value).flatMap(([key, item]) => identifiedArrays(item, [...path, key]));
  }

  it.each(kindNames())(
    "every kind: an item inserted first in each identified array of a %s is one item added",
    (kind) => {
      const before = sample(kindSpec(kind)!.createSchema, "v");
      const paths = identifiedArrays(before);
      // The kinds with identified arrays (nodes, hidden fields, subscriptions, actions) are walked, not skipped.
      if (["form", "eventStream", "flow"].includes(kind))
        expect({ kind, found: paths.length }).not.toEqual({ kind, found: 0 });
      for (const path of paths) {
        const after = structuredClone(before) as Record<string | number, unknown>;
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const array = path.reduce<any>((here, step) => here[step], after);
        const key = identityKeyOf(array)!;
        array.unshift({ ...array[0], [key]: "inserted" });
        const items = groupByItem(diffValues(before, after));
        expect({ kind, path, items: items.map((item) => [item.name, item.type, item.to]) }).toEqual({
          kind,
          path,
          items: [["inserted", "added", 0]],
        });
      }
    },
  );

  it("a flow's actions are matched by id with no code of their own", () => {
    const before = {
      name: "enrich",
      actions: [
        { id: "a1", type: "HTTP" },
        { id: "a2", type: "EMAIL" },
      ],
    };
    const after = { name: "enrich", actions: [{ id: "a0", type: "SLACK" }, ...[...before.actions].reverse()] };
    expect(summaryOf(before, after).sort()).toEqual(["actions[a0] added", "actions[a1] moved"]);
  });
});
