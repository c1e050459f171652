/**
 * Refresh at the cost of what changed. A refresh reads every object of the stack; one GET
 * each costs N requests, N/R seconds under a tenant's rate limit R. The list endpoints
 * carry what a read needs, 100 objects per page: event streams and rate limit policies
 * whole, forms as summaries with their `updated_at`. So the first read of a kind in a
 * provider process lists that kind once (all pages), and later reads are answered from
 * that list (see `readFromList` in list-read.ts for how each answer is used).
 *
 * What keeps a list from hiding a change:
 * - It lives in one provider process, which serves one pass of one run, and per tenant
 *   connection (each configuration namespace has its own).
 * - It answers each object once. The engine reads an object once per pass, so a second
 *   read of one means a later pass served by the same process (or a test, a script): the
 *   kind is listed again for it.
 * - An object this process wrote (created, updated, deleted) is never answered from a
 *   list: the list may predate the write.
 * - An object the list does not hold is not declared gone from that: the caller reads it
 *   with a GET (it may be newer than the list, past {@link MAX_LISTED_PER_KIND}, or not in
 *   a list that lags behind writes).
 * - A list that cannot be read (a scope missing, a feature not enabled, a page error)
 *   answers nothing for the rest of the process: every read of the kind is a GET.
 * - A list that failed because the tenant cannot be used at all (no token, nothing
 *   listening) hands its error to the first read of the kind: that error is the run's
 *   one full message, and the other reads get the client's pointer to it.
 *
 * What a list costs: a page per 100 objects of its kind **in the tenant**, whichever stack
 * manages them (the API lists a kind, not a stack's objects). A stack that shares its tenant
 * with other stacks or objects made by hand pays for their pages too, once per kind and pass:
 * cheaper than a GET per object as long as the stack holds more than 1 in 100 of the kind's
 * objects (a stack holding fewer may set {@link READ_MODE_ENV} to `get`). The bench's plugin
 * stack at N = 1,000 showed 22 requests for that reason, not a second list: its tenant also
 * held the dynamic stack's 1,000 objects (test/e2e/plugin-refresh-cost.test.ts).
 *
 * Memory is bounded by {@link MAX_LISTED_PER_KIND} objects per kind and tenant.
 */
import { listKind } from "../client/paging";
import type { TenantClient } from "../client/http";
import { isObject, type JsonObject } from "./shared";

/**
 * Environment variable choosing how `read` (refresh, `--refresh`, drift checks) reads:
 * `list` (default) through a list snapshot, `get` one GET per object, as before.
 */
export const READ_MODE_ENV = "PULUMI_TENANT_READ_MODE";

/** The value of {@link READ_MODE_ENV} that restores one GET per object. */
export const READ_MODE_GET = "get";

/** The most objects of one kind a snapshot holds; the others are read with their own GET. */
export const MAX_LISTED_PER_KIND = 10_000;

/** True when this process reads through list snapshots (the default). */
export function readsThroughLists(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[READ_MODE_ENV]?.trim().toLowerCase() !== READ_MODE_GET;
}

/** One kind's list, as read once. */
interface KindList {
  /** Set when the tenant could not be used: the first reader throws it, the others read with a GET. */
  failure?: Error;
  /** Listed objects (or summaries) by id. */
  objects: Map<string, JsonObject>;
  /** Ids this list has answered: reading one again means a later pass. */
  answered: Set<string>;
}

const key = (kind: string, id: string) => `${kind}\u0000${id}`;

/** The list snapshots of one tenant connection in one provider process. */
export class ListSnapshots {
  private readonly lists = new Map<string, Promise<KindList | undefined>>();
  /** Objects written by this process: their list entries may be older than the write. */
  private readonly written = new Set<string>();
  /** Objects whose stored state this process took from a list, and not from a GET (see {@link vouchedFor}). */
  private readonly vouched = new Map<string, string | undefined>();
  constructor(private readonly client: () => TenantClient) {}

  /**
   * The object `id` of `kind` as this pass's list holds it (whole, or its summary), or
   * undefined when the list has no say: not listed, not listable, or written by this process.
   */
  async listed(kind: string, id: string): Promise<JsonObject | undefined> {
    if (this.written.has(key(kind, id))) return undefined;
    // At most two lists: the one at hand and, when it answered `id` already (a later pass), a new one.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      let pending = this.lists.get(kind);
      if (!pending) {
        pending = this.read(kind);
        this.lists.set(kind, pending);
      }
      const list = await pending;
      if (!list) return undefined;
      if (list.failure) {
        const failure = list.failure;
        list.failure = undefined;
        throw failure;
      }
      if (!list.answered.has(id)) {
        list.answered.add(id);
        return list.objects.get(id);
      }
      // Unless a concurrent read of this later pass has started the new list already.
      if (this.lists.get(kind) === pending) this.lists.delete(kind);
    }
    return undefined;
  }

  /** Notes that the stored state of `id` now comes from the list, as it showed `updated_at`. */
  vouch(kind: string, id: string, updatedAt: unknown): void {
    this.vouched.set(key(kind, id), typeof updatedAt === "string" ? updatedAt : undefined);
  }

  /** Notes that the stored state of `id` comes from a GET (or a write): fresh. */
  unvouch(kind: string, id: string): void {
    this.vouched.delete(key(kind, id));
  }

  /**
   * True when this process answered the read of `id` from a list rather than a GET: an
   * update then looks at the object before it writes, so that a change made after the
   * list was read is never written over unseen.
   */
  vouchedFor(kind: string, id: string): boolean {
    return this.vouched.has(key(kind, id));
  }

  /** Notes that this process wrote `id`: no list answers for it any more. */
  wrote(kind: string, id: string): void {
    this.written.add(key(kind, id));
    this.vouched.delete(key(kind, id));
  }

  private async read(kind: string): Promise<KindList | undefined> {
    try {
      const items = await listKind<unknown>(this.client(), kind, { maxItems: MAX_LISTED_PER_KIND });
      const objects = new Map<string, JsonObject>();
      for (const item of items) {
        if (objects.size >= MAX_LISTED_PER_KIND) break;
        if (isObject(item) && typeof item.id === "string") objects.set(item.id, item);
      }
      return { objects, answered: new Set() };
    } catch (error) {
      // The tenant cannot be used: the full message goes to the first reader (below, in `listed`).
      if (this.client().unusable && error instanceof Error)
        return { objects: new Map(), answered: new Set(), failure: error };
      // No list for this process (a scope missing, a feature not enabled, a page failing):
      // each read asks for its object, and says so in its own words if that fails too.
      return undefined;
    }
  }
}
