/**
 * The two list shapes of the management API, once, with the page size limit of the table
 * of kinds (`paging.maxPageSize`): checkpoint pages (`?from=&take=` →
 * `{<listKey>: [...], next?}`) and offset pages (`?page=&per_page=&include_totals=` → a bare
 * array, or `{start, limit, total, <listKey>: [...]}`).
 */
import { kindSpec, type Paging } from "../api";
import { sparsePageBody } from "../api/table/tenant-paging";
import type { Collection } from "./store";
import { decodeCursor, encodeCursor, queryBoolean, queryInteger, queryValue } from "./validation";

/** Items per page when the request does not say. */
const DEFAULT_PAGE_SIZE = 50;

function pagingOf(kind: string): Paging {
  const paging = kindSpec(kind)?.paging;
  if (!paging) throw new Error(`kind "${kind}" has no list`);
  return paging;
}

/** One checkpoint page of `objects` (of collection `kind`), filtered by `where`, each item as `show` makes it. */
export function checkpointPage<T>(
  kind: string,
  objects: Collection<T>,
  query: unknown,
  options: { where?: Record<string, string>; show?: (item: T) => unknown } = {},
): Record<string, unknown> {
  const { listKey, maxPageSize } = pagingOf(kind);
  const limit = queryInteger(query, "take", 1, maxPageSize, DEFAULT_PAGE_SIZE);
  const page = objects.pageAfter({ afterSeq: decodeCursor(query), limit, where: options.where });
  const show = options.show;
  return {
    [listKey]: show ? page.items.map(show) : page.items,
    ...(page.nextSeq !== undefined ? { next: encodeCursor(page.nextSeq) } : {}),
  };
}

/** One offset page of collection `kind`: `read(offset, limit)` gives its items, `count()` the total. */
export function offsetPage(
  kind: string,
  query: unknown,
  read: (offset: number, limit: number) => unknown[],
  count: () => number,
): unknown {
  const { listKey, maxPageSize } = pagingOf(kind);
  const page = queryInteger(query, "page", 0, 1_000_000, 0);
  const limit = queryInteger(query, "per_page", 1, maxPageSize, DEFAULT_PAGE_SIZE);
  const includeTotals = queryBoolean(query, "include_totals", false);
  const start = page * limit;
  const items = read(start, limit);
  return includeTotals ? { start, limit, total: count(), [listKey]: items } : items;
}

/**
 * One offset page of collection `kind` filtered by its list's query parameters (`tests`, by
 * parameter: an object is listed when it passes each one given), each item as `show` makes it.
 * A kind whose paging `answers: "page"` (the actions) answers as the service does whatever
 * `include_totals` says (api/table/tenant-paging.ts `sparsePageBody`); another answers as
 * {@link offsetPage} does.
 */
export function filteredOffsetPage<T>(
  kind: string,
  query: unknown,
  objects: Collection<T>,
  show: (item: T) => unknown,
  tests: Readonly<Record<string, (object: T, value: string) => boolean>>,
): unknown {
  const paging = pagingOf(kind);
  const { listKey, maxPageSize } = paging;
  const answersPage = paging.style === "offset" && paging.answers === "page";
  const page = queryInteger(query, "page", 0, 1_000_000, 0);
  const limit = queryInteger(query, "per_page", 1, maxPageSize, answersPage ? PAGE_ANSWER_SIZE : DEFAULT_PAGE_SIZE);
  const given = Object.entries(tests).flatMap(([name, test]) => {
    const value = queryValue(query, name);
    return value === undefined || value === "" ? [] : [[value, test] as const];
  });
  const matching = objects.findWhere({}).filter((object) => given.every(([value, test]) => test(object, value)));
  const items = matching.slice(page * limit, (page + 1) * limit).map(show);
  if (answersPage) return sparsePageBody(listKey, items, matching.length, page, limit);
  const includeTotals = queryBoolean(query, "include_totals", false);
  return includeTotals ? { start: page * limit, limit, total: matching.length, [listKey]: items } : items;
}

/** Items per page of a list that answers its page (the actions': the published default). */
const PAGE_ANSWER_SIZE = 20;
