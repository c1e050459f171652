/**
 * The auth pipeline, first hook of every request: count it, read the bearer token, take
 * from the caller's rate limit bucket, then apply the route's scope rules. `/__admin`
 * routes answer on loopback to the admin client only.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../api";
import { authenticate, authorize, hasBearerToken, isLoopback } from "../auth/guard";
import type { TenantContext } from "../context";
import { HttpError } from "../http-error";
import { counterKey } from "./faults";
import { globalPlugin } from "./global";
import { applyRateLimit } from "./rate-limit";

async function checkAdmin(request: FastifyRequest, context: TenantContext): Promise<void> {
  if (!isLoopback(request.socket.remoteAddress)) throw new HttpError(403, "Admin routes answer on loopback only.", ERROR_CODES.insufficientScope);
  const { principal, error } = await authenticate(request, context);
  if (!principal) throw error!;
  if (!principal.client.admin) throw new HttpError(403, "Admin routes need the admin client's token.", ERROR_CODES.insufficientScope);
}

/** The onRequest hook: count, authenticate, rate limit, authorize. */
export const authPipeline = globalPlugin("tenant-auth-pipeline", (app: FastifyInstance, { context }: { context: TenantContext }) => {
  app.addHook("onRequest", async (request, reply) => {
    const config = request.routeOptions.config ?? {};
    if (config.admin) return checkAdmin(request, context);
    const pattern = request.routeOptions.url;
    if (pattern) context.counters.increment(counterKey(request.method, pattern));
    // The token is read before rate limiting so a caller's bucket is its client, not its address.
    const { principal, error } = config.auth || hasBearerToken(request) ? await authenticate(request, context) : {};
    request.principal = principal;
    applyRateLimit(reply, context.rateLimiter.consume(principal ? `client:${principal.client.client_id}` : `ip:${request.ip}`));
    if (config.auth) {
      if (!principal) throw error!;
      authorize(principal, config.auth);
    }
  });
});
