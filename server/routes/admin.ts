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
import { setVerifiedCustomDomains } from "./custom-domains";

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

  // The tenant's custom domains at once, each verified: `{"domains": []}` leaves it without one.
  app.put(`${ADMIN_PREFIX}/custom-domains`, { config }, async (request) => {
    const names = (request.body as { domains?: unknown } | undefined)?.domains;
    if (
      !Array.isArray(names) ||
      !names.every((name) => typeof name === "string" && /^[a-z0-9.-]+\.[a-z]{2,}$/.test(name))
    ) {
      throw new HttpError(
        400,
        "Payload validation error: 'domains must be an array of domain names, such as [\"login.example.com\"]'.",
        ERROR_CODES.invalidBody,
      );
    }
    return setVerifiedCustomDomains(context.store, names as string[]);
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
