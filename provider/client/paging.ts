/**
 * The list endpoints' two paging styles, once (the table of kinds, api/kinds/index.ts, says which
 * a kind uses): offset paging (`?page=&per_page=&include_totals=true` → `{<key>: [...],
 * total}` or a bare array) and checkpoint paging (`?from=&take=` → `{<key>: [...], next?}`).
 */
import { kindSpec } from "../../api";
import type { ErrorTarget } from "./errors";
import type { TenantClient } from "./http";

/** The largest page the list endpoints serve (forms `per_page`, streams and policies `take`). */
export const PAGE_SIZE = 100;

/** Called after each list page with the number of items read so far (and the total, when the API says). */
export type PageListener = (read: number, total?: number) => void;

/**
 * Every item of an offset-paginated collection (or the pages up to the first that reaches
 * `maxItems`). `totals: false` leaves out `include_totals`, for a list whose published query
 * has no such parameter (the actions, which answer their total anyway).
 */
export async function listOffset<T>(
  client: TenantClient,
  path: string,
  key: string,
  target: ErrorTarget,
  options: { onPage?: PageListener; pageSize?: number; maxItems?: number; totals?: boolean } = {},
): Promise<T[]> {
  const { onPage, pageSize = PAGE_SIZE, maxItems = Infinity, totals = true } = options;
  const items: T[] = [];
  for (let page = 0; ; page += 1) {
    const { data } = await client.get<Record<string, unknown> | T[]>(path, target, {
      page,
      per_page: pageSize,
      ...(totals ? { include_totals: true } : {}),
    });
    const found = Array.isArray(data) ? data : Array.isArray(data[key]) ? (data[key] as T[]) : [];
    const total = Array.isArray(data) || typeof data.total !== "number" ? undefined : data.total;
    // A page as large as the API says it served (it may serve fewer per page than asked): not
    // short though smaller than asked. Only the first page says the total (the actions' and
    // bindings' later pages answer `{<key>, page, per_page}`), so a later page is judged by its size.
    const served = Array.isArray(data) || typeof data.per_page !== "number" ? pageSize : data.per_page;
    items.push(...found);
    onPage?.(items.length, total);
    // Stop on an empty or short page, or as soon as the total is reached (saves the empty page past the end).
    const short = found.length === 0 || found.length < Math.min(pageSize, Math.max(served, 1));
    if (short || (total !== undefined && items.length >= total) || items.length >= maxItems) return items;
  }
}

/**
 * Every item of a checkpoint-paginated collection, optionally filtered by query parameters
 * (or the pages up to the first that reaches `maxItems`).
 */
export async function listCheckpoint<T>(
  client: TenantClient,
  path: string,
  key: string,
  target: ErrorTarget,
  filter: Record<string, string | undefined> = {},
  onPage?: PageListener,
  maxItems = Infinity,
): Promise<T[]> {
  const items: T[] = [];
  let from: string | undefined;
  for (;;) {
    const { data } = await client.get<Record<string, unknown>>(path, target, { ...filter, take: PAGE_SIZE, from });
    const page = Array.isArray(data[key]) ? (data[key] as T[]) : [];
    items.push(...page);
    onPage?.(items.length);
    if (typeof data.next !== "string" || data.next === "" || page.length === 0 || items.length >= maxItems)
      return items;
    from = data.next;
  }
}

/** Options of {@link listKind}. */
export interface ListKindOptions {
  /** What the messages say is being done (default: list the kind's objects). */
  target?: ErrorTarget;
  /** Query filters of a checkpoint-paginated list. */
  filter?: Record<string, string | undefined>;
  onPage?: PageListener;
  /** Items per page (default and most: {@link PAGE_SIZE}). */
  pageSize?: number;
  /** Stop after the page that reaches this many items (default: every page). */
  maxItems?: number;
}

/** Every object of a collection kind, with the path and paging of the table of kinds (api/kinds/index.ts). */
export function listKind<T>(client: TenantClient, kind: string, options: ListKindOptions = {}): Promise<T[]> {
  const spec = kindSpec(kind);
  if (!spec?.paging) throw new Error(`kind "${kind}" is not a collection: there is nothing to list`);
  const paging = spec.paging;
  const target = options.target ?? { kind: spec.label, action: "list" };
  return paging.style === "offset"
    ? listOffset<T>(client, spec.path, paging.listKey, target, {
        onPage: options.onPage,
        pageSize: options.pageSize,
        maxItems: options.maxItems,
        // A list that answers its page always (`answers: "page"`) has no `include_totals` to send.
        totals: paging.answers !== "page",
      })
    : listCheckpoint<T>(client, spec.path, paging.listKey, target, options.filter, options.onPage, options.maxItems);
}
