/**
 * Rate limit headers: every response carries `X-RateLimit-Limit`, `-Remaining` and
 * `-Reset`; a refusal is a 429 with `Retry-After` as well.
 */
import type { FastifyReply } from "fastify";
import { ERROR_CODES } from "../../api";
import { HttpError } from "../http-error";
import type { RateLimitDecision } from "../ratelimit";

/** Sets the three rate limit headers every response carries. */
export function rateLimitHeaders(reply: FastifyReply, decision: RateLimitDecision): void {
  reply.header("x-ratelimit-limit", String(decision.limit))
    .header("x-ratelimit-remaining", String(decision.remaining))
    .header("x-ratelimit-reset", String(decision.reset));
}

/** Sets the headers, and throws the 429 when the decision refuses. */
export function applyRateLimit(reply: FastifyReply, decision: RateLimitDecision): void {
  rateLimitHeaders(reply, decision);
  if (!decision.allowed) throw tooManyRequests(decision);
}

/** The 429 for a refused decision. */
export function tooManyRequests(decision: RateLimitDecision): HttpError {
  return new HttpError(429, "Global limit has been reached", ERROR_CODES.tooManyRequests, { "retry-after": String(decision.retryAfter) });
}
