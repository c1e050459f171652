/**
 * The order of a list of references, where the order is what the list means (a trigger's
 * bindings: the actions run first to last): a change shows the whole order before and after
 * (`1. render-form  2. enrich-profile` → `1. enrich-profile  2. render-form`), since an item
 * diff alone ("moved from 0 to 1") makes a reviewer rebuild the order in their head. Which
 * lists these are is read off the table: an array field whose items reference another kind by
 * their `id` (the field's `references` fact).
 */
import { EACH, kindLabel, kindSpec, schemaFacts } from "../../../api";
import type { PlannedChange } from "./plan";

/** What an id names, in words (`action \`renderForm\``), or undefined: the review's naming of a plan. */
type Naming = (value: unknown) => string | undefined;

/** The ordered reference lists of kind `kind`: each array field whose items are references by `id`. */
export function orderedReferenceFields(kind: string): string[] {
  const spec = kindSpec(kind);
  if (!spec) return [];
  return schemaFacts(spec.createSchema)
    .references.map((reference) => reference.path)
    .filter((path) => path.length === 3 && path[1] === EACH && path[2] === "id" && typeof path[0] === "string")
    .map((path) => path[0] as string);
}

/** One item of such a list in words: its display name, else what its id names in the stack, else the id. */
function itemWords(item: unknown, named: Naming): string {
  const record = typeof item === "object" && item !== null ? (item as Record<string, unknown>) : {};
  if (typeof record.display_name === "string") return record.display_name;
  const target = named(record.id);
  if (target) return target.replace(/^.*`(.+)`$/, "$1");
  return typeof record.id === "string" ? record.id : "(unknown until the action is created)";
}

/** The ids of a list, in order, as one text to compare. */
const idsOf = (list: unknown): string =>
  JSON.stringify((Array.isArray(list) ? list : []).map((item) => (item as { id?: unknown } | null)?.id));

/** `1. render-form  2. enrich-profile`, or `none`. */
export function orderText(list: unknown, named: Naming): string {
  const items = Array.isArray(list) ? list : [];
  return items.length === 0 ? "none" : items.map((item, index) => `${index + 1}. ${itemWords(item, named)}`).join("  ");
}

/** The lines showing each ordered list `change` sets or changes: its order after, and before when it had one. */
export function orderLines(change: PlannedChange, named: Naming): string[] {
  if (change.action === "delete" || change.action === "invalid" || !change.after) return [];
  return orderedReferenceFields(change.kind).flatMap((field) => {
    const after = orderText(change.after![field], named);
    if (!change.before) return [`- order of \`${field}\` (${kindLabel(change.kind)} run first to last): ${after}`];
    // Only the order of the references: a display name changed in place is the item diff's line.
    if (idsOf(change.before[field]) === idsOf(change.after![field])) return [];
    const before = orderText(change.before[field], named);
    return [`- order of \`${field}\` (run first to last): ${before} → ${after}`];
  });
}
