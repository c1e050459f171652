/**
 * Reading many objects with GETs only, for the lookups and the `generate` command; each
 * kind's readers sit in its folder (provider/resources/<kind>/lookup.ts). Every call goes
 * through the {@link TenantClient}, so 429s are waited out (`Retry-After`,
 * `X-RateLimit-Reset`) and transient failures retried.
 */
export { PAGE_SIZE, type PageListener } from "../client/paging";

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
