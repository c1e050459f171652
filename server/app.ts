/**
 * The Fastify application, assembled from plugins in pipeline order: body parsers, the
 * connection cap, error mapping, the auth pipeline (count → authenticate → rate limit →
 * authorize), the content-type check, faults, the request log, then the routes. Together
 * they guarantee every failure is `{statusCode, error, message, errorCode}` JSON, never a
 * 500 for bad input, and that no client holds a connection or memory without bound.
 */
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Logger } from "pino";
import { BODY_LIMIT_BYTES } from "../api";
import { registerBodyParsers } from "./body";
import type { TenantContext } from "./context";
import { authPipeline } from "./plugins/auth";
import { clientErrorHandler } from "./plugins/client-errors";
import { connectionCap, connectionCapPlugin } from "./plugins/connections";
import { contentTypeCheck } from "./plugins/content-type";
import { errorMapping, malformedUrlHandler } from "./plugins/errors";
import { faultInjection } from "./plugins/faults";
import { requestLog } from "./plugins/request-log";
import { tenantRoutes } from "./routes";
import type { LoginAccounts } from "./login/accounts-contract";
import { createLoginAccounts } from "./login/accounts";
import { loginRoutes } from "./login";

export { counterKey, normalisePattern } from "./plugins/faults";

/**
 * How long a client may take, in milliseconds. Node's defaults (no request timeout in
 * Fastify, 60 s for headers, checked every 30 s, 72 s keep-alive) let a client that stalls
 * hold its connection for minutes; a local client sends a whole request (at most 1 MiB)
 * in far less than these.
 */
export const CLIENT_TIMEOUTS = {
  /** Request line and headers. */
  headersTimeout: 10_000,
  /** The whole request, body included. */
  requestTimeout: 20_000,
  /** Between requests on a kept-alive connection. */
  keepAliveTimeout: 5_000,
  /** How often Node checks the two above (its default of 30 s would let a stall live 30 s longer). */
  connectionsCheckingInterval: 1_000,
  /** A TLS handshake. */
  handshakeTimeout: 10_000,
} as const;

/** What {@link buildApp} needs besides the context. */
export interface AppOptions {
  logger?: Logger;
  /** Serve HTTPS with this key and certificate. */
  https?: { key: string; cert: string };
  /** Connections held open at most (default: 1000, or fewer if the open-file limit says so). */
  maxConnections?: number;
  /** The applications and users the hosted login logs people in with (default: the tenant's own records, server/login/accounts.ts). */
  loginAccounts?: LoginAccounts;
}

function serverOptions(https: AppOptions["https"]): FastifyServerOptions {
  const { headersTimeout, requestTimeout, connectionsCheckingInterval, handshakeTimeout } = CLIENT_TIMEOUTS;
  const nodeTimeouts = { headersTimeout, requestTimeout, connectionsCheckingInterval };
  return {
    ...(https ? { https: { ...https, ...nodeTimeouts, handshakeTimeout } } : { http: nodeTimeouts }),
    requestTimeout,
    keepAliveTimeout: CLIENT_TIMEOUTS.keepAliveTimeout,
    bodyLimit: BODY_LIMIT_BYTES,
    exposeHeadRoutes: false,
    forceCloseConnections: true,
    clientErrorHandler,
  } as FastifyServerOptions;
}

/** Builds the application around `context` (not yet listening; plugins load on `ready`/`listen`). */
export function buildApp(context: TenantContext, options: AppOptions = {}): FastifyInstance {
  const { logger } = options;
  const app = Fastify({
    ...serverOptions(options.https),
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // The request-log plugin writes the one line per request; Fastify's own pair is off.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: malformedUrlHandler(context),
  }) as unknown as FastifyInstance;
  registerBodyParsers(app);
  const withContext = { context };
  app
    .register(connectionCapPlugin, {
      maxConnections: connectionCap(options.maxConnections),
      counters: context.counters,
    })
    .register(errorMapping, withContext)
    .register(authPipeline, withContext)
    .register(contentTypeCheck)
    .register(faultInjection, withContext)
    .register(requestLog)
    .register(tenantRoutes, withContext);
  // The hosted login (server/login): its protocol library loads on the first login request, not here.
  app.register(loginRoutes, { context, accounts: options.loginAccounts ?? createLoginAccounts(context) });
  return app;
}
