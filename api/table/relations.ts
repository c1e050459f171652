/**
 * What the table does with the relations its entries declare ({@link KindRelations}): which
 * kind's routes serve which, and what a delete takes or is refused by. One rule for every kind,
 * so that no kind's own code names another: an event stream declares that it owns the action it
 * delivers to, a trigger's bindings that they hold actions and are served by the actions'
 * routes, and the tenant server's generic routes (server/routes/relations.ts) call these.
 */
import { ApiFailure, ERROR_CODES } from "../errors";
import { schemaFacts } from "../schema/facts";
import type { JsonSchema } from "../schema/builder";
import type { KindRelations, KindRules, KindSpec } from "./kind-spec";
import type { KindObject } from "./provider-hooks";
import type { TenantRecords } from "./operations";
import { namedBy } from "./missing-references";

/** What the relations are read from: the kinds, their entries, and their rules on the tenant server. */
export interface KindCatalog {
  /** Every kind's name. */
  names(): readonly string[];
  /** Kind `kind`'s entry; undefined for no such kind. */
  spec(kind: string): KindSpec | undefined;
  /** Kind `kind`'s rules as the tenant server applies them. */
  rules(kind: string): KindRules;
}

const relationsOf = (catalog: KindCatalog, kind: string): KindRelations => catalog.spec(kind)?.relations ?? {};

/** The kinds whose routes kind `kind` serves (their entries' `relations.servedBy`), in the table's order. */
export function servedKinds(catalog: KindCatalog, kind: string): string[] {
  return catalog.names().filter((other) => relationsOf(catalog, other).servedBy === kind);
}

/** The kinds whose objects hold kind `kind`'s (their entries' `relations.holds`), in the table's order. */
export function holdingKinds(catalog: KindCatalog, kind: string): string[] {
  return catalog.names().filter((other) => relationsOf(catalog, other).holds?.includes(kind) === true);
}

/** The objects `object` of kind `spec` owns (its entry's `relations.owns`), by the ids its referencing fields name. */
export function ownedObjects(spec: KindSpec, object: KindObject): { kind: string; id: string }[] {
  const owns = spec.relations?.owns ?? [];
  return schemaFacts(spec.createSchema)
    .references.filter((reference) => owns.includes(reference.kind))
    .flatMap((reference) => namedBy(object, reference).map((named) => ({ kind: reference.kind, id: named.id })));
}

/**
 * The table's part of the delete of `object` of kind `kind`, in its transaction and before the
 * kind's own `beforeDelete`: without `?force=true` in `query`, a kind holding the object refuses
 * it (400 `invalid_body`, in the holder's words); then every holder lets go of it, and every
 * object it owns is deleted with it (as a forced delete of that object).
 */
export function deleteByRelations(
  catalog: KindCatalog,
  kind: string,
  object: KindObject,
  query: unknown,
  tenant: TenantRecords,
): void {
  const forced = String((query as Record<string, unknown> | undefined)?.force) === "true";
  const holders = holdingKinds(catalog, kind).map((holder) => ({
    holding: catalog.rules(holder).holding!,
    records: tenant.recordsOf(holder),
  }));
  if (!forced) {
    for (const { holding, records } of holders) {
      const refusal = holding.refusal(kind, object.id, records);
      if (refusal !== undefined) throw new ApiFailure(400, refusal, ERROR_CODES.invalidBody);
    }
  }
  for (const { holding, records } of holders) holding.release(kind, object.id, records);
  for (const owned of ownedObjects(catalog.spec(kind)!, object)) tenant.recordsOf(owned.kind).remove(owned.id);
}

/**
 * The relations' mistakes, in words (empty: none): a kind named that the table lacks, a
 * served kind whose server is not a collection, a holder without its tenant rules' `holding`.
 * The tenant server refuses to start on any.
 */
export function relationMistakes(catalog: KindCatalog): string[] {
  const mistakes: string[] = [];
  for (const kind of catalog.names()) {
    const { owns = [], holds = [], needs = [], servedBy } = relationsOf(catalog, kind);
    for (const other of new Set([...owns, ...holds, ...needs, ...(servedBy === undefined ? [] : [servedBy])])) {
      if (catalog.spec(other) === undefined) mistakes.push(`kind "${kind}" relates to "${other}", which is no kind`);
    }
    for (const other of needs) {
      if (catalog.spec(other) !== undefined && catalog.spec(other)!.shape !== "singleton") {
        mistakes.push(`kind "${kind}" needs "${other}", which is not a singleton: no one object of it to look for`);
      }
    }
    const server = servedBy === undefined ? undefined : catalog.spec(servedBy);
    if (server !== undefined && server.shape !== "collection") {
      mistakes.push(
        `kind "${kind}" is served by "${servedBy}", which is not a collection: it has no routes to serve it`,
      );
    }
    if (holds.length > 0 && catalog.rules(kind).holding === undefined) {
      mistakes.push(
        `kind "${kind}" holds ${holds.join(", ")} but its tenant rules have no \`holding\`: say what holds an ` +
          "object and how to let go of it",
      );
    }
  }
  return mistakes;
}

/**
 * The kind that field `path` of `schema` references (its `references:` fact; `*` for each item
 * of an array): how a kind's own code reaches the kind it refers to without naming it.
 */
export function kindReferencedAt(schema: JsonSchema, path: readonly string[]): string {
  const text = JSON.stringify(path);
  const fact = schemaFacts(schema).references.find((reference) => JSON.stringify(reference.path) === text);
  if (!fact) throw new Error(`no field at ${text} references a kind (mark it \`references: "<kind>"\`)`);
  return fact.kind;
}
