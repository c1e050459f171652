/**
 * The relations between kinds on the tenant server, as their entries declare them (api/table
 * `KindRelations`): a kind served by another gets its operations and tables among the serving
 * kind's routes, and its records are the serving kind's; a delete applies what other kinds hold
 * and what the object owns (api/table/relations.ts) before the kind's own `beforeDelete`. The
 * generic routes (collection.ts) call these, so no kind's code and no route names another kind.
 */
import {
  deleteByRelations,
  holdingKinds,
  kindNames,
  kindSpec,
  relationMistakes,
  servedKinds,
  type KindCatalog,
  type KindObject,
  type KindOperation,
  type KindRules,
  type TenantRecords,
} from "../../api";
import { tenantRules } from "../../api/kinds/tenant";
import type { TenantContext } from "../context";

/** The table as the relations read it: every kind, its entry, its rules on this server. */
export const CATALOG: KindCatalog = { names: kindNames, spec: kindSpec, rules: tenantRules };

/** Throws, naming each, when the table's relations are mistaken (a kind named that is none, a holder without rules). */
export function checkRelations(catalog: KindCatalog = CATALOG): void {
  const mistakes = relationMistakes(catalog);
  if (mistakes.length > 0) {
    throw new Error(`the table of kinds declares relations the server cannot serve:\n  ${mistakes.join("\n  ")}`);
  }
}

/** Whether kind `kind` has no routes of its own: another kind's serve it (its entry's `relations.servedBy`). */
export const isServed = (kind: string): boolean => kindSpec(kind)?.relations?.servedBy !== undefined;

/** The operations of the kinds that kind `kind` serves: a trigger's bindings are routes of the actions'. */
export function servedOperations(kind: string): KindOperation[] {
  return servedKinds(CATALOG, kind).flatMap((other) => tenantRules(other).operations ?? []);
}

/** The tables kind `kind` keeps beside its objects: its own and those of the kinds it serves. */
export function tablesOf(kind: string): string[] {
  return [kind, ...servedKinds(CATALOG, kind)].flatMap((each) => tenantRules(each).tables ?? []);
}

/**
 * Kind `kind`'s delete step: what the relations ask (held objects refused unless forced, then
 * let go of; owned objects deleted with it), then its own `beforeDelete`. Undefined when there
 * is nothing to do, so that a plain kind's delete runs no transaction before it.
 */
export function beforeDeleteOf(
  kind: string,
  own: KindRules["beforeDelete"],
): ((object: KindObject, query: unknown, tenant: TenantRecords) => void) | undefined {
  const related = holdingKinds(CATALOG, kind).length > 0 || (kindSpec(kind)?.relations?.owns ?? []).length > 0;
  if (!related) return own;
  return (object, query, tenant) => {
    deleteByRelations(CATALOG, kind, object, query, tenant);
    own?.(object, query, tenant);
  };
}

/** Each kind's records on a server, as its routes were registered (a served kind's are its server's). */
const RECORDS = new WeakMap<TenantContext, Map<string, TenantRecords>>();

/** Keeps `records` as kind `kind`'s on `context`'s server, and as those of the kinds it serves. */
export function registerRecords(context: TenantContext, kind: string, records: TenantRecords): void {
  const registered = RECORDS.get(context) ?? new Map<string, TenantRecords>();
  RECORDS.set(context, registered);
  for (const each of [kind, ...servedKinds(CATALOG, kind)]) registered.set(each, records);
}

/** Kind `kind`'s records on `context`'s server; throws for a kind with none (not a collection of the table). */
export function recordsOf(context: TenantContext, kind: string): TenantRecords {
  const found = RECORDS.get(context)?.get(kind);
  if (!found) throw new Error(`kind "${kind}" has no records on this server (is it a collection of the table?)`);
  return found;
}
