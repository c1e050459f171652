/**
 * One limiter per provider process, shared by every resource: a queue with a
 * concurrency cap that also paces requests when the API says the rate limit is spent
 * (`X-RateLimit-Remaining: 0`), and pauses on a 429's `Retry-After`.
 *
 * The API's limit is a token bucket refilled at `X-RateLimit-Limit` requests per second;
 * `X-RateLimit-Reset` is when the bucket is full again, in whole seconds. Waiting for the
 * reset and then bursting uses only 70-80 % of the rate, so once the bucket is down to a
 * reserve we start one request per refill interval instead. If that guess of the refill rate draws
 * a 429, we fall back to waiting for the announced reset.
 */

/** Sleeps `ms` milliseconds. */
export type Sleep = (ms: number) => Promise<void>;

/** Default sleep: a timer. */
export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Options of a {@link Limiter}. */
export interface LimiterOptions {
  /** Most requests in flight at once (default 8). */
  maxConcurrent?: number;
  /** Longest single pause taken from a header, in ms (default 60 s): guards against clock skew. */
  maxPauseMs?: number;
  /** Clock, for tests. */
  now?: () => number;
  /** Sleep, for tests. */
  sleep?: Sleep;
}

/** Rate limit headers of a response, already parsed. */
export interface RateLimitInfo {
  /** `X-RateLimit-Remaining`. */
  remaining?: number;
  /** `X-RateLimit-Reset`, Unix epoch seconds. */
  resetEpochSeconds?: number;
  /** `X-RateLimit-Limit`: bucket size, refilled per second. */
  limit?: number;
}

/**
 * Spacing over the nominal refill interval: at first 2 % (a timer never fires early, so only
 * the network's jitter between two requests can make one arrive before its token; 10 % cost a
 * big deploy 9 % of its time at the rate), widened by half after each 429 pacing drew, up to
 * {@link MAX_PACING_MARGIN}, for a network whose jitter is larger.
 */
const START_PACING_MARGIN = 1.02;
const MAX_PACING_MARGIN = 1.3;

/** Parses a header value as a finite number. */
export function headerNumber(value: unknown): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const parsed = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** A concurrency-capped queue that pauses while the API's rate limit window is spent. */
export class Limiter {
  private readonly maxConcurrent: number;
  private readonly maxPauseMs: number;
  private readonly now: () => number;
  private readonly sleep: Sleep;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  /** Requests we may still start before the window resets (undefined: unknown). */
  private remaining?: number;
  /** When the current window resets (ms), if the server said. */
  private resetAt?: number;
  /** No request starts before this instant (ms). */
  private pausedUntil = 0;
  /** Requests per second the bucket refills, if the server said. */
  private limit?: number;
  /** While the bucket is empty: when the next paced request may start (ms). */
  private nextPacedAt = 0;
  /** Until this instant (ms) pacing is off: it drew a 429, so wait for the reset instead. */
  private pacingOffUntil = 0;
  /** When the last 429 arrived (ms). */
  private last429At = -Infinity;
  /** The paced interval over the nominal one ({@link START_PACING_MARGIN}, wider after 429s). */
  private pacingMargin = START_PACING_MARGIN;
  /** Whether the last request started was paced (a 429 it draws widens the margin). */
  private pacing = false;
  /** Requests started so far: each one's ticket is its number in that order. */
  private started = 0;
  /** Tickets of the requests in flight. */
  private readonly running = new Set<number>();

  constructor(options: LimiterOptions = {}) {
    this.maxConcurrent = Math.max(1, options.maxConcurrent ?? 8);
    this.maxPauseMs = options.maxPauseMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? sleep;
  }

  /** Runs `task` when a slot is free and the rate limit window allows; `task` gets the request's ticket. */
  async run<T>(task: (ticket: number) => Promise<T>): Promise<T> {
    await this.acquire();
    const ticket = ++this.started;
    this.running.add(ticket);
    try {
      return await task(ticket);
    } finally {
      this.running.delete(ticket);
      this.release();
    }
  }

  /**
   * Learns from a response's rate limit headers. With the `ticket` of the request it
   * answers, the requests started after that one and still in flight are taken off the
   * count: the server had not seen them when it answered, and each will take a token
   * (without this, the switch from the burst to pacing drew a 429 with 8 requests in flight).
   */
  observe(info: RateLimitInfo, ticket?: number): void {
    if (info.limit !== undefined && info.limit > 0) this.limit = info.limit;
    if (info.remaining === undefined) return;
    let unseen = 0;
    if (ticket !== undefined) for (const other of this.running) if (other > ticket) unseen += 1;
    this.remaining = Math.max(0, info.remaining - unseen);
    this.resetAt = info.resetEpochSeconds !== undefined ? info.resetEpochSeconds * 1000 : undefined;
  }

  /** Stops new requests for `ms` (a 429's `Retry-After`). */
  pauseFor(ms: number): void {
    const bounded = Math.min(Math.max(0, ms), this.maxPauseMs);
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + bounded);
  }

  /**
   * A 429 arrived: wait as told. One now and then is timing jitter (requests paced apart
   * can reach the server together); a second within 10 s means the refill is slower than
   * paced, so wait for resets for a while instead.
   */
  rateLimited(retryAfterMs: number): void {
    this.pauseFor(retryAfterMs);
    if (this.pacing) this.pacingMargin = Math.min(MAX_PACING_MARGIN, 1 + (this.pacingMargin - 1) * 1.5 + 0.01);
    if (this.now() - this.last429At < 10_000) this.pacingOffUntil = this.now() + Math.max(retryAfterMs, 1000) * 5;
    this.last429At = this.now();
  }

  private async acquire(): Promise<void> {
    while (this.inFlight >= this.maxConcurrent) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.inFlight += 1;
    for (;;) {
      const wait = this.pausedUntil - this.now();
      if (wait > 0) {
        // Several waiters may wake together; the jitter spreads them, a 429 settles the rest.
        await this.sleep(wait + Math.floor(Math.random() * 50));
        continue;
      }
      const window = this.remaining !== undefined && this.resetAt !== undefined && this.resetAt > this.now();
      const spent = window && this.remaining! <= 0;
      if (
        window &&
        this.limit !== undefined &&
        this.remaining! <= this.reserve() &&
        this.now() >= this.pacingOffUntil
      ) {
        // The bucket is down to its reserve: one request per refill interval.
        const slot = this.nextPacedAt - this.now();
        if (slot > 0) {
          await this.sleep(slot);
          continue;
        }
        this.nextPacedAt = this.now() + (1000 / this.limit) * this.pacingMargin;
        this.pacing = true;
        return;
      }
      // The window is spent by our own count: wait for the reset the server announced.
      if (spent) {
        this.pauseFor(this.resetAt! - this.now());
        // After the pause, let a request through to learn the new window (guards against skew).
        this.remaining = undefined;
        continue;
      }
      break;
    }
    this.pacing = false;
    if (this.resetAt !== undefined && this.resetAt <= this.now()) {
      // A new window: the count is unknown until the next response tells us.
      this.remaining = undefined;
      this.resetAt = undefined;
    }
    if (this.remaining !== undefined) this.remaining -= 1;
  }

  /**
   * Tokens left in the bucket when pacing starts: a fifth of it. Requests paced one refill
   * interval apart still reach the server unevenly (a busy machine's timers and sockets bunch
   * them); with the bucket drained to nothing, each bunch drew a 429 and its pause. Kept once,
   * the reserve costs a fifth of a second of the rate.
   */
  private reserve(): number {
    return Math.floor((this.limit ?? 0) / 5);
  }

  private release(): void {
    this.inFlight -= 1;
    this.waiting.shift()?.();
  }
}
