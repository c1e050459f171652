/**
 * A limiter for bulk reading: the shared {@link Limiter} (concurrency cap, `Retry-After`
 * pauses, its own pacing) plus a model of the API's token bucket, so that a long run of
 * GETs is spread at the announced rate instead of drawing 429s. Every 429 costs at least
 * the second its `Retry-After` says for the whole pipeline; a read of 500 forms at
 * 50 requests/s drew dozens of them with the shared limiter alone.
 *
 * The bucket holds `X-RateLimit-Limit` requests and refills at that many per second. The
 * model starts from the first `X-RateLimit-Remaining`, spends one per request started,
 * refills by the clock, and never believes more than the server last said (other clients
 * may share the bucket). A 429 empties it.
 */
import { Limiter, type LimiterOptions, type RateLimitInfo, sleep as defaultSleep } from "../../client/limiter";

/** Refill is assumed this much slower than announced, so timer jitter does not draw a 429. */
const REFILL_MARGIN = 1.05;

/** The shared limiter, pacing by a model of the server's token bucket. */
export class BucketPacer extends Limiter {
  private readonly clock: () => number;
  private readonly pause: (ms: number) => Promise<void>;
  /** Requests per second the bucket refills (and its size), once a response said. */
  private rate?: number;
  /** Tokens in the bucket at {@link tokensAt}, by the model. */
  private tokens = 0;
  private tokensAt = 0;
  /** Starts queue here so that each waits for its own token. */
  private queue: Promise<void> = Promise.resolve();

  constructor(options: LimiterOptions = {}) {
    super(options);
    this.clock = options.now ?? Date.now;
    this.pause = options.sleep ?? defaultSleep;
  }

  override observe(info: RateLimitInfo, ticket?: number): void {
    super.observe(info, ticket);
    if (info.limit === undefined || info.limit <= 0 || info.remaining === undefined) return;
    if (this.rate === undefined) {
      this.tokens = info.remaining;
      this.tokensAt = this.clock();
    }
    this.rate = info.limit;
    this.tokens = Math.min(this.available(), info.remaining);
    this.tokensAt = this.clock();
  }

  override rateLimited(retryAfterMs: number): void {
    super.rateLimited(retryAfterMs);
    this.tokens = 0;
    this.tokensAt = this.clock() + Math.max(0, retryAfterMs);
  }

  override async run<T>(task: (ticket: number) => Promise<T>): Promise<T> {
    const turn = this.queue.then(() => this.takeToken());
    this.queue = turn.catch(() => undefined);
    await turn;
    return super.run(task);
  }

  /** Tokens now, by the model. */
  private available(): number {
    if (this.rate === undefined) return Infinity;
    const elapsed = Math.max(0, this.clock() - this.tokensAt);
    return Math.min(this.rate, this.tokens + (elapsed * this.rate) / (1000 * REFILL_MARGIN));
  }

  private async takeToken(): Promise<void> {
    for (;;) {
      if (this.rate === undefined) return; // Nothing known yet: the first responses tell.
      const tokens = this.available();
      if (tokens >= 1) {
        this.tokens = tokens - 1;
        this.tokensAt = Math.max(this.tokensAt, this.clock());
        return;
      }
      await this.pause(Math.ceil(((1 - tokens) * 1000 * REFILL_MARGIN) / this.rate));
    }
  }
}
