/**
 * The change between two values of a resource, by identity rather than by position: array
 * items are matched by their `id`, else their `event_type`, else their `key` (the first of
 * these that every item of both arrays holds, each value once), so an item inserted at the
 * front reads as one item added, not as every later item changed. Arrays without such a key
 * fall back to matching equal items by value (a list of strings, a set of objects); what is
 * left over is then paired by position and compared field by field.
 *
 * Kind-generic: nothing here knows a kind; the identity keys are the table's field names.
 */
import { isObject } from "../../../api/json";

/** The fields that name an array item, in order of preference. */
export const IDENTITY_KEYS = ["id", "event_type", "key"] as const;

/** One step of a path: an object key, or an array item by its identity (or position, `#3`). */
export type PathStep = { key: string } | { item: string };

/** What happened to one thing between the two values. */
export type Change =
  | { type: "added"; path: PathStep[]; after: unknown; index?: number }
  | { type: "removed"; path: PathStep[]; before: unknown; index?: number }
  | { type: "moved"; path: PathStep[]; from: number; to: number }
  | { type: "changed"; path: PathStep[]; before: unknown; after: unknown };

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The identity key every object item of `arrays` holds with a distinct string or number, or undefined. */
export function identityKeyOf(...arrays: unknown[][]): string | undefined {
  const items = arrays.flat();
  if (items.length === 0 || !items.every(isObject)) return undefined;
  return IDENTITY_KEYS.find((key) =>
    arrays.every((array) => {
      const values = array.map((item) => (item as Record<string, unknown>)[key]);
      return (
        values.every((value) => typeof value === "string" || typeof value === "number") &&
        new Set(values).size === values.length
      );
    }),
  );
}

/**
 * The longest common subsequence of two lists of distinct names: the items that kept their
 * relative order. The others among the common names moved.
 */
function keptOrder(before: string[], after: string[]): Set<string> {
  const table = before.map(() => after.map(() => 0));
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      table[i]![j] =
        before[i] === after[j]
          ? 1 + (table[i + 1]?.[j + 1] ?? 0)
          : Math.max(table[i + 1]?.[j] ?? 0, table[i]![j + 1] ?? 0);
    }
  }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < before.length && j < after.length) {
    if (before[i] === after[j]) {
      kept.add(before[i]!);
      i++;
      j++;
    } else if ((table[i + 1]?.[j] ?? 0) >= (table[i]?.[j + 1] ?? 0)) i++;
    else j++;
  }
  return kept;
}

/** The changes between two arrays whose items carry `key`. */
function diffByIdentity(before: unknown[], after: unknown[], key: string, path: PathStep[]): Change[] {
  const name = (item: unknown) => String((item as Record<string, unknown>)[key]);
  const oldNames = before.map(name);
  const newNames = after.map(name);
  const changes: Change[] = [];
  const common = newNames.filter((item) => oldNames.includes(item));
  const kept = keptOrder(
    oldNames.filter((item) => newNames.includes(item)),
    common,
  );
  after.forEach((item, index) => {
    const at = [...path, { item: newNames[index]! }];
    const oldIndex = oldNames.indexOf(newNames[index]!);
    if (oldIndex < 0) {
      changes.push({ type: "added", path: at, after: item, index });
      return;
    }
    if (!kept.has(newNames[index]!)) changes.push({ type: "moved", path: at, from: oldIndex, to: index });
    changes.push(...diffValues(before[oldIndex], item, at));
  });
  before.forEach((item, index) => {
    if (!newNames.includes(oldNames[index]!)) {
      changes.push({ type: "removed", path: [...path, { item: oldNames[index]! }], before: item, index });
    }
  });
  return changes;
}

/**
 * The documented fallback for arrays without an identity key: items equal in both are
 * matched by value (and never reported); of the rest, pairs at the same position are compared
 * field by field, and what is left is added or removed.
 */
function diffByValue(before: unknown[], after: unknown[], path: PathStep[]): Change[] {
  const unmatchedOld = before.map((item, index) => ({ item, index }));
  const unmatchedNew: { item: unknown; index: number }[] = [];
  after.forEach((item, index) => {
    const found = unmatchedOld.findIndex((candidate) => same(candidate.item, item));
    if (found >= 0) unmatchedOld.splice(found, 1);
    else unmatchedNew.push({ item, index });
  });
  const changes: Change[] = [];
  for (const fresh of unmatchedNew) {
    const partner = unmatchedOld.findIndex((old) => old.index === fresh.index && isObject(old.item));
    const at = [...path, { item: `#${fresh.index}` }];
    if (partner >= 0 && isObject(fresh.item)) {
      changes.push(...diffValues(unmatchedOld[partner]!.item, fresh.item, at));
      unmatchedOld.splice(partner, 1);
    } else changes.push({ type: "added", path: at, after: fresh.item, index: fresh.index });
  }
  for (const old of unmatchedOld) {
    changes.push({ type: "removed", path: [...path, { item: `#${old.index}` }], before: old.item, index: old.index });
  }
  return changes;
}

/**
 * Every change from `before` to `after` (JSON values; `undefined` is absent), innermost first
 * only where it must be: a changed leaf is one `changed`, an array item one `added`,
 * `removed` or `moved` plus the changes inside it.
 */
export function diffValues(before: unknown, after: unknown, path: PathStep[] = []): Change[] {
  if (same(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffValues(before[key], after[key], [...path, { key }]));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const key = identityKeyOf(before, after);
    return key ? diffByIdentity(before, after, key, path) : diffByValue(before, after, path);
  }
  return [{ type: "changed", path, before, after }];
}

/** A path as people read it: `nodes[step_details].config.components[company].required`. */
export function pathText(path: PathStep[]): string {
  return path
    .map((step, index) => ("item" in step ? `[${step.item}]` : index === 0 ? step.key : `.${step.key}`))
    .join("");
}

/** The changes of one identified item (or of one top-level field), as a reviewer reads them. */
export interface ItemChange {
  /** Where the item sits: `nodes[step_details].config.components[company]`; a top-level field's name otherwise. */
  where: string;
  /** Its identity (`company`), or the field's name. */
  name: string;
  type: "added" | "removed" | "moved" | "changed";
  /** For `added`/`removed`: the item. */
  value?: unknown;
  /** For `moved`: old and new positions; for `added`/`removed`: its position. */
  from?: number;
  to?: number;
  /** For `changed` (and a `moved` item changed too): each field inside, by its path from the item. */
  fields: { field: string; before: unknown; after: unknown }[];
}

/** The innermost item step of a path (its index), or -1. */
const lastItem = (path: PathStep[]) => path.map((step) => "item" in step).lastIndexOf(true);

/**
 * The changes grouped per identified item: one entry for an added, removed or moved item,
 * one per item whose fields changed (a moved item's own changes join its `moved` entry), and
 * one per top-level field outside any array.
 */
export function groupByItem(changes: Change[]): ItemChange[] {
  const groups = new Map<string, ItemChange>();
  for (const change of changes) {
    const itemAt = change.type === "changed" ? lastItem(change.path) : change.path.length - 1;
    const owner = itemAt >= 0 ? change.path.slice(0, itemAt + 1) : change.path.slice(0, 1);
    const where = pathText(owner);
    const last = owner[owner.length - 1];
    const name = last === undefined ? "" : "item" in last ? last.item : last.key;
    const field = pathText(change.path.slice(owner.length));
    let group = groups.get(where);
    if (change.type === "added" || change.type === "removed" || change.type === "moved") {
      group = { where, name, type: change.type, fields: group?.fields ?? [] };
      if (change.type === "added") Object.assign(group, { value: change.after, to: change.index });
      if (change.type === "removed") Object.assign(group, { value: change.before, from: change.index });
      if (change.type === "moved") Object.assign(group, { from: change.from, to: change.to });
      groups.set(where, group);
      continue;
    }
    if (!group) groups.set(where, (group = { where, name, type: "changed", fields: [] }));
    group.fields.push({ field: field.replace(/^\./, ""), before: change.before, after: change.after });
  }
  return [...groups.values()];
}
