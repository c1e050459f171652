/**
 * Where the generic singleton routes keep a singleton's objects: the store's table its rules
 * name (or one named after its path) and, for a singleton of one object, that object's key; the
 * words of its 404 and of its 400 for a body of no shape it takes.
 */
import { kindSpec } from "../../api";
import { tenantRules } from "../../api/kinds/tenant";
import type { TenantContext } from "../context";
import type { Collection } from "../store";

/** The records of a singleton's table. */
export type SingletonRecords = Collection<Record<string, unknown>>;

/** The key of the one record in the table of a singleton with fixed id `singletonId`. */
export const recordIdOf = (singletonId: string | undefined) => singletonId ?? "singleton";

/** The table of singleton kind `kind`: its rules' `table`, or its path's words joined by `_`. */
export function singletonRecordsOf(context: TenantContext, kind: string): SingletonRecords {
  const spec = kindSpec(kind);
  if (!spec || spec.shape !== "singleton") throw new Error(`kind "${kind}" is not a singleton`);
  const table = tenantRules(kind).singleton?.table ?? spec.path.slice(1).replace(/[^a-z]+/g, "_");
  return context.store.collection<Record<string, unknown>>(table);
}

/** Whether the tenant has the one object of singleton kind `kind` (a kind another one `needs`). */
export function hasSingleton(context: TenantContext, kind: string): boolean {
  return singletonRecordsOf(context, kind).get(recordIdOf(kindSpec(kind)!.singletonId)) !== undefined;
}

/** The words of a singleton's 404 and of its 400 for a body of no shape it takes: its rules', or from its label. */
export function wordsOf(kind: string): { notFound: string; expected: string } {
  const own = tenantRules(kind).singleton;
  const label = kindSpec(kind)!.label;
  return {
    notFound: own?.notFoundMessage ?? `The ${label} does not exist.`,
    expected: own?.expected ?? `Expected an object of ${label}`,
  };
}
