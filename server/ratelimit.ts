/**
 * Per-client rate limiting with a token bucket: `perSecond` requests may come in a burst,
 * and the bucket refills at `perSecond` per second. A bucket (rather than a fixed
 * one-second window) means a client that keeps under the rate is never refused because
 * its requests straddle a window edge.
 */

/** What one request's check decided, and the values of the rate limit headers. */
export interface RateLimitDecision {
  allowed: boolean;
  /** `X-RateLimit-Limit`: requests per second. */
  limit: number;
  /** `X-RateLimit-Remaining`: whole requests left right now. */
  remaining: number;
  /** `X-RateLimit-Reset`: Unix epoch seconds at which the bucket is full again. */
  reset: number;
  /** `Retry-After` seconds when refused (at least 1). */
  retryAfter: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** The highest rate the server takes: more is no limit at all, and 1e308 would overflow the header arithmetic. */
export const MAX_RATE = 1_000_000;

/** True for a usable rate: a number from 1 to {@link MAX_RATE}. */
export function isValidRate(perSecond: unknown): perSecond is number {
  return typeof perSecond === "number" && Number.isFinite(perSecond) && perSecond >= 1 && perSecond <= MAX_RATE;
}

// Past this many keys, buckets that have refilled completely are dropped (they carry no state).
const MAX_BUCKETS = 10_000;

/** Token buckets keyed by caller (client id, or IP address for anonymous calls). */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private perSecond: number) {
    RateLimiter.check(perSecond);
  }

  private static check(perSecond: number): void {
    if (!isValidRate(perSecond)) throw new Error(`Rate limit must be a number from 1 to ${MAX_RATE}, got ${perSecond}`);
  }

  /** The configured rate. */
  get rate(): number {
    return this.perSecond;
  }

  /** Changes the rate; every bucket starts full again. */
  setRate(perSecond: number): void {
    RateLimiter.check(perSecond);
    this.perSecond = perSecond;
    this.buckets.clear();
  }

  /** Takes one token from `key`'s bucket if there is one. */
  consume(key: string, now = Date.now()): RateLimitDecision {
    const capacity = this.perSecond;
    const bucket = this.refill(key, now);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const secondsToFull = (capacity - bucket.tokens) / capacity;
    return {
      allowed,
      limit: Math.floor(capacity),
      remaining: Math.floor(bucket.tokens),
      reset: Math.ceil(now / 1000 + secondsToFull),
      retryAfter: allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / capacity)),
    };
  }

  private refill(key: string, now: number): Bucket {
    const capacity = this.perSecond;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= MAX_BUCKETS) this.prune(now);
      bucket = { tokens: capacity, updatedAt: now };
      this.buckets.set(key, bucket);
      return bucket;
    }
    const elapsedSeconds = Math.max(0, now - bucket.updatedAt) / 1000;
    bucket.tokens = Math.min(capacity, bucket.tokens + elapsedSeconds * capacity);
    bucket.updatedAt = now;
    return bucket;
  }

  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.perSecond >= this.perSecond)
        this.buckets.delete(key);
    }
  }
}
