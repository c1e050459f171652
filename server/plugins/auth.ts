/**
 * The auth pipeline, first hook of every request: count it, read the bearer token, charge
 * the caller's rate limit bucket (see rate-limit.ts), then apply the route's scope rules.
 * `/__admin` routes answer on loopback to the admin client only. The token endpoint
 * charges its buckets itself, once it knows which client is asking.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../api";
import { authenticate, authorize, hasBearerToken, isLoopback } from "../guard";
import type { TenantContext } from "../context";
import { HttpError } from "../http-error";
import { counterKey } from "./faults";
import { globalPlugin } from "./global";
import { BUCKETS, charge } from "./rate-limit";

/** Lets the admin client through, unlimited; anything else is refused (and charged as a failure by the error handler). */
async function checkAdmin(request: FastifyRequest, context: TenantContext): Promise<void> {
  if (!isLoopback(request.socket.remoteAddress))
    throw new HttpError(403, "Admin routes answer on loopback only.", ERROR_CODES.insufficientScope);
  const { principal, error } = await authenticate(request, context);
  if (!principal) throw error!;
  if (!principal.client.admin)
    throw new HttpError(403, "Admin routes need the admin client's token.", ERROR_CODES.insufficientScope);
  request.rateLimitCharged = true;
}

/** The onRequest hook: count, authenticate, rate limit, authorize. */
export const authPipeline = globalPlugin(
  "tenant-auth-pipeline",
  (app: FastifyInstance, { context }: { context: TenantContext }) => {
    app.addHook("onRequest", async (request, reply) => {
      const config = request.routeOptions.config ?? {};
      if (config.admin) return checkAdmin(request, context);
      const pattern = request.routeOptions.url;
      if (pattern) context.counters.increment(counterKey(request.method, pattern));
      // The token endpoint authenticates clients by their credentials, never by a Bearer header.
      if (config.oauth) return;
      // The token is read before rate limiting so a caller's bucket is its client, not its address.
      const { principal, error } = config.auth || hasBearerToken(request) ? await authenticate(request, context) : {};
      request.principal = principal;
      charge(
        request,
        reply,
        context.rateLimiter,
        principal ? BUCKETS.client(principal.client.client_id) : BUCKETS.anonymous(request.ip),
      );
      if (config.auth) {
        if (!principal) throw error!;
        authorize(principal, config.auth);
      }
    });
  },
);
