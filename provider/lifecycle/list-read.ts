/**
 * How a collection's `read` and `update` use the run's list snapshot (list-snapshot.ts).
 *
 * A read is answered from the list when the list can say what a GET would:
 * - a kind listed whole (event streams, rate limit policies): the listed object, unless
 *   the state is newer than it (its `updated_at` later than the list's);
 * - a kind listed as summaries (forms): the state as it is when the summary's
 *   `updated_at` equals the state's (every write moves it), with the summary's other
 *   server fields (`embedded_at`, `submitted_at` move without a write); a form whose
 *   `updated_at` moved is read with a GET;
 * - anything else is read with a GET: no state to compare (an import), an object the list
 *   does not hold (deleted, re-created under a new id, newer than the list), no list.
 *
 * An update of an object whose state came from a list looks at it first (one GET) and
 * refuses to write when it changed since: a change made after the list was read is then
 * reported, never written over unseen.
 */
import { ConflictError, type ErrorTarget } from "../client/errors";
import type { TenantClient } from "../client/http";
import type { ListSnapshots } from "./list-snapshot";
import type { JsonObject } from "./shared";

/** What the read of one kind needs to know about its list. */
export interface ListedKind {
  /** The kind's registry name (`form`, `eventStream`). */
  kind: string;
  /** The list holds whole objects; else summaries with `updated_at`. */
  listIsComplete?: boolean;
  /** Server-made fields a summary carries that change without a write (forms: `embedded_at`, `submitted_at`). */
  summaryFields?: readonly string[];
}

const UPDATED_AT = "updated_at";

/** `updated_at` of a value, when it has one. */
function updatedAt(value: JsonObject | undefined): string | undefined {
  const stamp = value?.[UPDATED_AT];
  return typeof stamp === "string" && stamp !== "" ? stamp : undefined;
}

/**
 * The server object a read of `id` may use in place of a GET, from this pass's list, or
 * undefined when only a GET can tell. `props` are the state's outputs.
 */
export async function readFromList(
  lists: ListSnapshots | undefined,
  spec: ListedKind,
  id: string,
  props: JsonObject | undefined,
): Promise<JsonObject | undefined> {
  if (!lists) return undefined;
  const stateStamp = updatedAt(props);
  // Nothing stored to compare with (an import, a state without timestamps): the GET tells.
  if (!props || !stateStamp) return undefined;
  const listed = await lists.listed(spec.kind, id);
  const listedStamp = updatedAt(listed);
  if (!listed || !listedStamp) return answeredByGet(lists, spec, id);
  if (spec.listIsComplete) {
    // ISO-8601 UTC stamps of one precision order as text: a list older than the state cannot speak for it.
    if (listedStamp < stateStamp) return answeredByGet(lists, spec, id);
    lists.vouch(spec.kind, id, listedStamp);
    return listed;
  }
  if (listedStamp !== stateStamp) return answeredByGet(lists, spec, id);
  lists.vouch(spec.kind, id, listedStamp);
  const moving: JsonObject = {};
  for (const field of spec.summaryFields ?? []) moving[field] = listed[field];
  return { ...props, ...moving };
}

function answeredByGet(lists: ListSnapshots, spec: ListedKind, id: string): undefined {
  lists.unvouch(spec.kind, id);
  return undefined;
}

/**
 * Before an update writes `id`: when its state came from a list, one GET makes sure the
 * object did not change since (`updated_at` as the state has it). Throws a
 * {@link ConflictError} naming the object when it did; a 404 propagates (gone).
 */
export async function unchangedSinceListed(
  lists: ListSnapshots | undefined,
  spec: ListedKind & { path: string; label: string },
  client: TenantClient,
  id: string,
  olds: JsonObject,
  target: ErrorTarget,
): Promise<void> {
  if (!lists?.vouchedFor(spec.kind, id)) return;
  const live = (await client.get<JsonObject>(`${spec.path}/${encodeURIComponent(id)}`, target)).data;
  const before = updatedAt(olds);
  const now = updatedAt(live);
  if (before === undefined || now === before) return;
  throw new ConflictError(
    target,
    `the ${spec.label} was changed outside Pulumi after this run read it (updated_at ${before}, now ${now}); ` +
      "nothing was written, so that change is not lost",
    "Run `pulumi up --refresh` (or `pulumi refresh`, then `pulumi up`) to see the change before replacing it",
  );
}
