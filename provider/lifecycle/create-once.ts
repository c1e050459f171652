/**
 * Creating an object exactly once when the API has no idempotency key.
 *
 * Forms and event streams get their ids from the server, so a POST whose outcome is
 * unknown (5xx after the request was sent, a dropped connection, a timeout) cannot be
 * repeated blindly. Instead we look for the object the POST may have made: same
 * normalised content, created since shortly before the POST (allowing for clock skew),
 * and not already claimed by another resource of this process. If it is there we adopt
 * it; if not, we POST again. Creates of identical content are serialized within the
 * process so two resources can never adopt the same object.
 *
 * Limit: another client creating an identical object in the same minutes could be
 * mistaken for ours; that is far less harmful than a duplicate or an orphan.
 *
 * Across processes (a provider process killed mid-create), the create journal
 * (`journal.ts`) records each POST durably; a later create of the same content first
 * adopts what an earlier process left (see {@link adoptLeftover}).
 */
import { OutcomeUnknownError } from "../client/errors";
import { sleep } from "../client/limiter";
import type { CreateJournal, JournalEntry } from "./journal";

/** How far before the POST a server timestamp may be and still be ours (clock skew). */
export const CREATED_AT_SKEW_MS = 5 * 60_000;

/** Ids created or adopted by this process: never adopted again by another resource. */
const claimedIds = new Set<string>();
/** Ids whose object a read of this process found deleted out of band (see `runtime.ts`, read). */
const goneIds = new Set<string>();
/** Ids this process adopted from the create journal (see `runtime.ts`, delete). */
const adoptedFromJournal = new Set<string>();
/** Tail of the chain of creates per content key. */
const locks = new Map<string, Promise<unknown>>();

/** How one kind of object is created and found again. */
export interface CreateOnceSpec<T extends { id: string }> {
  /** A key equal for identical content (creates with the same key run one at a time). */
  contentKey: string;
  /** Sends the POST. */
  post(): Promise<T>;
  /** Finds an unclaimed object with the same content created at or after `sinceMs`. */
  find(sinceMs: number, isClaimed: (id: string) => boolean): Promise<T | undefined>;
  /** The create journal, when the process has one: the kind and the secret-free content key to record. */
  journal?: { store: CreateJournal; kind: string; contentKey: string };
  /** GETs object `id`: the object if it exists with the same content, `"other"` if it differs, `undefined` if gone. */
  getSame?(id: string): Promise<T | "other" | undefined>;
}

/** Options of {@link createOnce}. */
export interface CreateOnceOptions {
  /** POST attempts in all (default 3). */
  attempts?: number;
  /** Pause before a second look when the first finds nothing (default 1 s): a slow commit. */
  settleMs?: number;
  /**
   * After a timeout, how long to keep looking before sending the POST again (default
   * 60 s): the server may still be working on the timed-out request.
   */
  lingerMs?: number;
  /** Interval between looks while lingering (default 2 s). */
  pollMs?: number;
}

/** True when another resource of this process already owns `id`. */
export function isClaimed(id: string): boolean {
  return claimedIds.has(id);
}

/** Records that a resource of this process owns `id`. */
export function claim(id: string): void {
  claimedIds.add(id);
}

/**
 * Records that the object `id` is gone (a refresh found it deleted out of band): no
 * resource owns it any more, and the resource that adopted it creates a new one.
 */
export function markGone(id: string): void {
  claimedIds.delete(id);
  goneIds.add(id);
}

/** True when a read of this process found object `id` deleted out of band. */
export function isGone(id: string): boolean {
  return goneIds.has(id);
}

/** True when this process adopted `id` from the create journal for one of its resources. */
export function isAdoptedFromJournal(id: string): boolean {
  return adoptedFromJournal.has(id);
}

/** Forgets claims and adoptions, as a new process would start (tests). */
export function forgetClaims(): void {
  claimedIds.clear();
  goneIds.clear();
  adoptedFromJournal.clear();
}

/** Creates the object described by `spec` exactly once (see the module comment). */
export async function createOnce<T extends { id: string }>(
  spec: CreateOnceSpec<T>,
  options: CreateOnceOptions = {},
): Promise<T> {
  return withLock(spec.contentKey, async () => {
    const journal = spec.journal;
    if (journal) {
      const leftover = await adoptLeftover(
        spec,
        journal.store,
        journal.store.leftovers(journal.kind, journal.contentKey),
      );
      if (leftover) return leftover;
    }
    const entry = journal?.store.begin(journal.kind, journal.contentKey);
    const done = (created: T): T => {
      claim(created.id);
      if (entry) journal!.store.created(entry, created.id);
      return created;
    };
    const attempts = options.attempts ?? 3;
    for (let attempt = 1; ; attempt += 1) {
      const since = Date.now() - CREATED_AT_SKEW_MS;
      try {
        return done(await spec.post());
      } catch (error) {
        // Refused for certain: nothing was created. (An unknown outcome keeps its entry: a late commit gets adopted next run.)
        if (!(error instanceof OutcomeUnknownError)) {
          if (entry) journal!.store.remove(entry);
          throw error;
        }
        const found = await lookAgain(
          spec,
          since,
          error.timedOut ? (options.lingerMs ?? 60_000) : (options.settleMs ?? 1_000),
          error.timedOut ? (options.pollMs ?? 2_000) : (options.settleMs ?? 1_000),
        );
        if (found) return done(found);
        if (attempt >= attempts) {
          throw new OutcomeUnknownError(
            error.target,
            `${error.problem}; after ${attempt} attempts no such object exists, so nothing was created`,
            "Run again",
            { status: error.status },
          );
        }
      }
    }
  });
}

/**
 * Adopts the object of one of `leftovers` (journal entries of earlier processes with this
 * content), oldest first: by GET when the entry has the id, else by `find` since the
 * entry's POST. An entry whose object is not there is dropped. The adopted object's
 * entry is taken over by this process until the engine confirms it.
 */
async function adoptLeftover<T extends { id: string }>(
  spec: CreateOnceSpec<T>,
  store: CreateJournal,
  leftovers: JournalEntry[],
): Promise<T | undefined> {
  for (const entry of leftovers) {
    let found: T | undefined;
    let look = true;
    if (entry.createdId && spec.getSame) {
      const current = isClaimed(entry.createdId) ? undefined : await spec.getSame(entry.createdId);
      // Gone or owned here: the POST made that object and no other, so there is nothing to look for.
      look = current === "other";
      if (current !== undefined && current !== "other") found = current;
    }
    if (!found && look) found = await spec.find(entry.startedAt - CREATED_AT_SKEW_MS, isClaimed);
    if (!found) {
      store.remove(entry);
      continue;
    }
    claim(found.id);
    adoptedFromJournal.add(found.id);
    store.created(entry, found.id);
    return found;
  }
  return undefined;
}

/** Looks for the object now, then every `pollMs` until `forMs` have passed. */
async function lookAgain<T extends { id: string }>(
  spec: CreateOnceSpec<T>,
  since: number,
  forMs: number,
  pollMs: number,
): Promise<T | undefined> {
  const deadline = Date.now() + forMs;
  for (;;) {
    const found = await spec.find(since, isClaimed);
    if (found || Date.now() >= deadline) return found;
    await sleep(Math.min(pollMs, Math.max(0, deadline - Date.now())));
  }
}

async function withLock<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(task);
  const tail = run.catch(() => undefined);
  locks.set(key, tail);
  try {
    return await run;
  } finally {
    if (locks.get(key) === tail) locks.delete(key);
  }
}
