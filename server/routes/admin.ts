/**
 * `/__admin`: fault injection, counters and the rate limit, for tests and benchmarks
 * that run the server in another process. Loopback only, admin client's token only
 * (checked by the app's auth hook); never rate limited and never counted.
 */
import type { FastifyInstance } from "fastify";
import { ERROR_CODES } from "../../api";
import type { TenantContext } from "../context";
import { faultSpecProblem, type FaultSpec } from "../faults";
import { HttpError } from "../http-error";
import { isValidRate, MAX_RATE } from "../ratelimit";

/** Prefix of the admin routes. */
export const ADMIN_PREFIX = "/__admin";

/** Registers the admin routes. */
export function registerAdminRoutes(app: FastifyInstance, context: TenantContext): void {
  const config = { admin: true };

  app.post(`${ADMIN_PREFIX}/faults`, { config }, async (request, reply) => {
    const problem = faultSpecProblem(request.body);
    if (problem) throw new HttpError(400, `Invalid fault: ${problem}`, ERROR_CODES.invalidBody);
    context.faults.add(request.body as FaultSpec);
    return reply.code(201).send({});
  });

  app.delete(`${ADMIN_PREFIX}/faults`, { config }, async (_request, reply) => {
    context.faults.clear();
    return reply.code(204).send();
  });

  app.get(`${ADMIN_PREFIX}/counters`, { config }, async () => context.counters.snapshot());

  app.delete(`${ADMIN_PREFIX}/counters`, { config }, async (_request, reply) => {
    context.counters.reset();
    return reply.code(204).send();
  });

  app.put(`${ADMIN_PREFIX}/rate-limit`, { config }, async (request) => {
    const perSecond = (request.body as { perSecond?: unknown } | undefined)?.perSecond;
    if (!isValidRate(perSecond)) {
      throw new HttpError(
        400,
        `Payload validation error: 'perSecond must be a number from 1 to ${MAX_RATE}'.`,
        ERROR_CODES.invalidBody,
      );
    }
    context.rateLimiter.setRate(perSecond);
    return { perSecond };
  });
}
