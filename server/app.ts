/**
 * The Fastify application, assembled from plugins in pipeline order: body parsers, error
 * mapping, the auth pipeline (count → authenticate → rate limit → authorize), the
 * content-type check, faults, the request log, then the routes. Together they guarantee
 * every failure is `{statusCode, error, message, errorCode}` JSON, never a 500 for bad input.
 */
import Fastify, { LogController, type FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { BODY_LIMIT_BYTES } from "../api";
import { registerBodyParsers } from "./body";
import type { TenantContext } from "./context";
import { authPipeline } from "./plugins/auth";
import { contentTypeCheck } from "./plugins/content-type";
import { errorMapping, malformedUrlHandler } from "./plugins/errors";
import { faultInjection } from "./plugins/faults";
import { requestLog } from "./plugins/request-log";
import { tenantRoutes } from "./routes";

export { counterKey, normalisePattern } from "./plugins/faults";

/** Builds the application around `context` (not yet listening; plugins load on `ready`/`listen`). */
export function buildApp(context: TenantContext, logger?: Logger, https?: { key: string; cert: string }): FastifyInstance {
  const app = Fastify({
    ...(https ? { https } : {}),
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // The request-log plugin writes the one line per request; Fastify's own pair is off.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    exposeHeadRoutes: false,
    forceCloseConnections: true,
    frameworkErrors: malformedUrlHandler(context),
  }) as unknown as FastifyInstance;
  registerBodyParsers(app);
  const options = { context };
  app.register(errorMapping)
    .register(authPipeline, options)
    .register(contentTypeCheck)
    .register(faultInjection, options)
    .register(requestLog)
    .register(tenantRoutes, options);
  return app;
}
