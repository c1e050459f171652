/**
 * Rate limit buckets and headers. Every response carries `X-RateLimit-Limit`,
 * `-Remaining` and `-Reset`; a refusal is a 429 with `Retry-After` as well.
 *
 * Which bucket pays for a request:
 * - an API call with a valid token: its client's;
 * - anything else — no token, an invalid one, an unknown path, a malformed URL — the
 *   caller's address (`anonymous:`);
 * - a token request that authenticates: its client's token bucket, whatever else the
 *   request carries (a Bearer header, say);
 * - a token request that fails, or a failed `/__admin` login: a failures bucket per address.
 *
 * So a local process flooding anonymous or failing requests exhausts only buckets no
 * client needs: it cannot block another client's tokens or calls, and no header moves a
 * request to a fuller bucket. Every reply is charged to exactly one bucket (see
 * {@link chargeFallback}); the admin client's own requests are not limited.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../api";
import { HttpError } from "../http-error";
import type { RateLimitDecision, RateLimiter } from "../ratelimit";

/** The bucket keys. */
export const BUCKETS = {
  client: (clientId: string) => `client:${clientId}`,
  anonymous: (ip: string) => `anonymous:${ip}`,
  tokenClient: (clientId: string) => `token:${clientId}`,
  tokenFailures: (ip: string) => `token-failures:${ip}`,
  adminFailures: (ip: string) => `admin-failures:${ip}`,
} as const;

/** Sets the three rate limit headers every response carries. */
export function rateLimitHeaders(reply: FastifyReply, decision: RateLimitDecision): void {
  reply
    .header("x-ratelimit-limit", String(decision.limit))
    .header("x-ratelimit-remaining", String(decision.remaining))
    .header("x-ratelimit-reset", String(decision.reset));
}

/** The 429 for a refused decision. */
export function tooManyRequests(decision: RateLimitDecision): HttpError {
  return new HttpError(429, "Global limit has been reached", ERROR_CODES.tooManyRequests, {
    "retry-after": String(decision.retryAfter),
  });
}

/** Takes one token from `key`'s bucket for this request, sets the headers, and throws the 429 when refused. */
export function charge(request: FastifyRequest, reply: FastifyReply, limiter: RateLimiter, key: string): void {
  const decision = limiter.consume(key);
  request.rateLimitCharged = true;
  rateLimitHeaders(reply, decision);
  if (!decision.allowed) throw tooManyRequests(decision);
}

/**
 * For a request refused before any bucket was charged (a failed token request or admin
 * login, a body that does not parse): charges the failures bucket of its kind. Returns the
 * 429 to send instead of the refusal when that bucket is empty.
 */
export function chargeFallback(
  request: FastifyRequest,
  reply: FastifyReply,
  limiter: RateLimiter,
): HttpError | undefined {
  if (request.rateLimitCharged) return undefined;
  const config = request.routeOptions.config ?? {};
  const key = config.oauth
    ? BUCKETS.tokenFailures(request.ip)
    : config.admin
      ? BUCKETS.adminFailures(request.ip)
      : BUCKETS.anonymous(request.ip);
  try {
    charge(request, reply, limiter, key);
    return undefined;
  } catch (error) {
    return error as HttpError;
  }
}
