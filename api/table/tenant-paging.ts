/**
 * Query parameters and pages as a kind's tenant operations read and answer them (the generic
 * routes' own are server/validation.ts and server/paging.ts). Loaded by the tenant server only.
 */
import { ApiFailure } from "../errors";

/** A query parameter's value (the last one when repeated), or undefined. */
export function queryParameter(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  if (Array.isArray(value)) return value.length > 0 ? String(value[value.length - 1]) : undefined;
  return value === undefined ? undefined : String(value);
}

/** An integer query parameter within bounds, or `fallback`; a 400 `invalid_query_string` otherwise. */
function queryInteger(query: unknown, name: string, min: number, max: number, fallback: number): number {
  const text = queryParameter(query, name);
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  const what = !/^-?\d+$/.test(text)
    ? "Expected type integer"
    : value < min
      ? `Value is below minimum ${min}`
      : value > max
        ? `Value exceeds maximum ${max}`
        : undefined;
  if (what) throw new ApiFailure(400, `Query validation error: '${what}' on property ${name}.`, "invalid_query_string");
  return value;
}

/**
 * The body of one page of an offset-paged list as the service answers the actions' lists (the
 * actions, a trigger's bindings, the versions, the modules), recorded on a real tenant: the
 * first page `{<key>, total, per_page}` (no `page`), a later one `{<key>, page, per_page}` (no
 * `total`), an empty list `{<key>: [], per_page}`: `page` is left out when 0, and `total` (every
 * item's count) is answered on the first page only, and left out when 0.
 */
export function sparsePageBody(
  listKey: string,
  items: readonly unknown[],
  totalCount: number,
  page: number,
  perPage: number,
): Record<string, unknown> {
  return {
    [listKey]: items,
    ...(page === 0 && totalCount > 0 ? { total: totalCount } : {}),
    ...(page > 0 ? { page } : {}),
    per_page: perPage,
  };
}

/** One page of `items` in the actions' lists' shape ({@link sparsePageBody}), 20 per page unless asked (the published default), at most 100. */
export function sparsePageOf(items: readonly unknown[], query: unknown, listKey: string): Record<string, unknown> {
  const page = queryInteger(query, "page", 0, 1_000_000, 0);
  const perPage = queryInteger(query, "per_page", 1, 100, 20);
  return sparsePageBody(listKey, items.slice(page * perPage, (page + 1) * perPage), items.length, page, perPage);
}

/**
 * One page of `items` as the offset-paged lists of an operation answer it (`?page=&per_page=`
 * → `{<listKey>: [...], total, page, per_page}`), 20 per page unless asked, at most 100.
 */
export function pageOf(items: readonly unknown[], query: unknown, listKey: string): Record<string, unknown> {
  const page = queryInteger(query, "page", 0, 1_000_000, 0);
  const perPage = queryInteger(query, "per_page", 1, 100, 20);
  return { [listKey]: items.slice(page * perPage, (page + 1) * perPage), total: items.length, page, per_page: perPage };
}
