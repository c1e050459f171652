/**
 * Reading objects with GETs only, for the lookups and the `generate` command: one object of
 * a kind by id (the list is `listKind`, client/paging.ts); the readers the table's lookups
 * make are in lifecycle/table-kind.ts, and a kind's own rules in its folder
 * (api/kinds/<kind>/provider.ts). Every call goes through the
 * {@link TenantClient}, so 429s are waited out (`Retry-After`, `X-RateLimit-Reset`) and
 * transient failures retried.
 */
import { kindSpec } from "../../api";
import type { TenantClient } from "../client/http";

export { PAGE_SIZE, type PageListener } from "../client/paging";

/** Object `id` of collection `kind` (`GET <path>/<id>`), as the API returns it. */
export async function readKind<T>(client: TenantClient, kind: string, id: string, action = "read"): Promise<T> {
  const spec = kindSpec(kind);
  if (!spec) throw new Error(`no kind "${kind}"`);
  return (await client.get<T>(`${spec.path}/${encodeURIComponent(id)}`, { kind: spec.label, id, action })).data;
}

/**
 * Runs `work` over `items` with at most `concurrency` calls in flight, keeping the
 * order of `items` in the result. The client's limiter does the pacing; this only
 * keeps a long list from queueing every request at once.
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
