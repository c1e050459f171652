/**
 * Ids an object of a program names of other objects of its tenant (a form's flow, an event
 * stream's action), judged against the tenant at preview: the tenant accepts an id it lacks
 * (as the real service does, or may), so a hook warns instead of failing. Plain functions of
 * JSON and of a {@link TenantReader}, so the api floor imports nothing above it.
 */
import type { KindObject, TenantReader } from "./provider-hooks";

/** One place an object names another by id: where, in words a person reads, and the id. */
export interface NamedId {
  readonly where: string;
  readonly id: string;
}

/** Of the ids named, those the tenant lacks; see {@link idsLackedBy}. */
export type LackedIds = (
  named: readonly NamedId[],
  before: readonly NamedId[],
  tenant: TenantReader,
) => Promise<NamedId[]>;

/**
 * A judge of named ids against the objects `listed` reads of a tenant. Each tenant is listed
 * at most once per provider process (a preview of many resources asks once), and only when
 * an id is named that `before` (what the object named until now) did not name: a preview that
 * changes no id costs no request. A tenant whose list cannot be read (a scope missing) lacks
 * nothing: the id is the tenant's to judge.
 */
export function idsLackedBy(listed: (tenant: TenantReader) => Promise<readonly KindObject[]>): LackedIds {
  const idsByOrigin = new Map<string, Promise<ReadonlySet<string> | undefined>>();
  return async (named, before, tenant) => {
    const old = new Set(before.map((earlier) => earlier.id));
    const fresh = named.filter((reference) => !old.has(reference.id));
    if (fresh.length === 0) return [];
    let ids = idsByOrigin.get(tenant.origin);
    if (!ids) {
      ids = listed(tenant)
        .then((objects) => new Set(objects.map((object) => object.id)))
        .catch(() => undefined);
      idsByOrigin.set(tenant.origin, ids);
    }
    const known = await ids;
    return known ? fresh.filter((reference) => !known.has(reference.id)) : [];
  };
}
