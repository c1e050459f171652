/**
 * The Fastify application: body parsers, the request pipeline (count → authenticate →
 * rate limit → authorize → faults → handler) and the error mapping that guarantees
 * every failure is `{statusCode, error, message, errorCode}` JSON, never a 500 for bad input.
 */
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { Logger } from "pino";
import { apiError, BODY_LIMIT_BYTES, ERROR_CODES } from "../api";
import { authenticate, authorize, hasBearerToken, isLoopback } from "./auth/guard";
import { bodyKindOf, registerBodyParsers } from "./body";
import type { TenantContext } from "./context";
import { HttpError } from "./http-error";
import { registerAdminRoutes } from "./routes/admin";
import { registerBrandingRoutes } from "./routes/branding";
import { registerEventStreamRoutes } from "./routes/event-streams";
import { registerFormRoutes } from "./routes/forms";
import { OAuthError, registerOAuthRoutes } from "./routes/oauth";
import type { RateLimitDecision } from "./ratelimit";
import { registerRateLimitPolicyRoutes } from "./routes/rate-limit-policies";

/** A route pattern without its trailing slash: `/oauth/token/` counts (and faults) as `/oauth/token`. */
export function normalisePattern(pattern: string): string {
  return pattern.length > 1 ? pattern.replace(/\/$/, "") : pattern;
}

/** Counter key of a route: `"METHOD /pattern"`. */
export function counterKey(method: string, pattern: string): string {
  return `${method} ${normalisePattern(pattern)}`;
}

const FASTIFY_ERRORS: Record<string, (error: FastifyError, request: FastifyRequest) => HttpError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (_error, request) => new HttpError(415,
    `Unsupported content type: ${request.headers["content-type"] ?? "(none)"}. Send application/json.`, ERROR_CODES.unsupportedMediaType),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new HttpError(413, `Request body is too large: the limit is ${BODY_LIMIT_BYTES} bytes.`, ERROR_CODES.payloadTooLarge),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new HttpError(400, "Payload validation error: 'Invalid JSON: the body is empty'.", ERROR_CODES.invalidBody),
  FST_ERR_CTP_INVALID_JSON_BODY: () => new HttpError(400, "Payload validation error: 'Invalid JSON'.", ERROR_CODES.invalidBody),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new HttpError(400, "Request body does not match its Content-Length.", ERROR_CODES.invalidBody),
};

const CODE_BY_STATUS: Record<number, string> = {
  400: ERROR_CODES.invalidBody, 401: ERROR_CODES.invalidToken, 403: ERROR_CODES.insufficientScope, 404: ERROR_CODES.notFound,
  405: ERROR_CODES.methodNotAllowed, 413: ERROR_CODES.payloadTooLarge, 415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.tooManyRequests, 503: ERROR_CODES.serviceUnavailable,
};

/** Maps anything thrown in the pipeline to the status and body the client gets. */
function toHttpError(error: FastifyError, request: FastifyRequest): HttpError {
  if (error instanceof HttpError) return error;
  const mapped = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (mapped) return mapped(error, request);
  // JSON syntax errors and prototype-poisoning refusals from the JSON parser.
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return new HttpError(400, `Payload validation error: 'Invalid JSON: ${error.message}'.`, ERROR_CODES.invalidBody);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new HttpError(error.statusCode, error.message, CODE_BY_STATUS[error.statusCode] ?? ERROR_CODES.invalidBody);
  }
  return new HttpError(500, "Internal error.", ERROR_CODES.internal);
}

function sendError(error: HttpError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  reply.code(error.statusCode).type("application/json; charset=utf-8");
  // The token endpoint speaks OAuth: client errors as {error, error_description}.
  if (request.routeOptions.config?.oauth && error.statusCode < 500) {
    return reply.send({ error: error.statusCode === 429 ? "too_many_requests" : "invalid_request", error_description: error.message });
  }
  return reply.send(error.toBody());
}

/** The three rate limit headers every response carries. */
function rateLimitHeaders(reply: FastifyReply, decision: RateLimitDecision): void {
  reply.header("x-ratelimit-limit", String(decision.limit))
    .header("x-ratelimit-remaining", String(decision.remaining))
    .header("x-ratelimit-reset", String(decision.reset));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds the application around `context` (not yet listening). */
export function buildApp(context: TenantContext, logger?: Logger, https?: { key: string; cert: string }): FastifyInstance {
  const app = Fastify({
    ...(https ? { https } : {}),
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // Our onResponse hook writes the one line per request; Fastify's own pair is off.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    exposeHeadRoutes: false,
    forceCloseConnections: true,
    // A malformed URL (bad %-encoding) is bad input: answer it in the service's shape.
    frameworkErrors: (error, request, rawReply) => {
      const reply = rawReply as unknown as FastifyReply;
      rateLimitHeaders(reply, context.rateLimiter.consume(`ip:${request.ip}`));
      reply.code(400).type("application/json; charset=utf-8")
        .send(apiError(400, `Path validation error: '${error.message}'.`, ERROR_CODES.invalidUri));
    },
  }) as unknown as FastifyInstance;
  registerBodyParsers(app);

  // Every route's pattern, so an unknown method on a known path is a 405, not a 404.
  const routeTable: { method: string; pattern: RegExp }[] = [];
  app.addHook("onRoute", (route) => {
    const pattern = new RegExp(`^${route.url.replace(/:[^/]+/g, "[^/]+")}$`);
    for (const method of [route.method].flat()) routeTable.push({ method, pattern });
  });

  app.addHook("onRequest", async (request, reply) => {
    const config = request.routeOptions.config ?? {};
    if (config.admin) {
      if (!isLoopback(request.socket.remoteAddress)) throw new HttpError(403, "Admin routes answer on loopback only.", ERROR_CODES.insufficientScope);
      const { principal, error } = await authenticate(request, context);
      if (!principal) throw error!;
      if (!principal.client.admin) throw new HttpError(403, "Admin routes need the admin client's token.", ERROR_CODES.insufficientScope);
      return;
    }
    const pattern = request.routeOptions.url;
    if (pattern) context.counters.increment(counterKey(request.method, pattern));
    // The token is read before rate limiting so a caller's bucket is its client, not its address.
    const { principal, error } = config.auth || hasBearerToken(request) ? await authenticate(request, context) : {};
    request.principal = principal;
    const decision = context.rateLimiter.consume(principal ? `client:${principal.client.client_id}` : `ip:${request.ip}`);
    rateLimitHeaders(reply, decision);
    if (!decision.allowed) {
      throw new HttpError(429, "Global limit has been reached", ERROR_CODES.tooManyRequests, { "retry-after": String(decision.retryAfter) });
    }
    if (config.auth) {
      if (!principal) throw error!;
      authorize(principal, config.auth);
    }
  });

  app.addHook("preValidation", async (request) => {
    const contentType = request.headers["content-type"];
    if (request.body === undefined || contentType === undefined) return;
    const kind = bodyKindOf(contentType);
    const accepted = request.routeOptions.config?.bodyKinds ?? ["json"];
    if (!kind || !accepted.includes(kind)) {
      throw new HttpError(415, `Unsupported content type: ${contentType}. This operation accepts ${accepted.map((k) =>
        ({ json: "application/json", form: "application/x-www-form-urlencoded", html: "text/html" })[k]).join(", ")}.`, ERROR_CODES.unsupportedMediaType);
    }
  });

  app.addHook("preHandler", async (request) => {
    const pattern = request.routeOptions.url;
    if (request.routeOptions.config?.admin || !pattern) return;
    const fault = context.faults.take(request.method, normalisePattern(pattern));
    if (!fault) return;
    if (fault.mode === "delay") await sleep(fault.delayMs);
    else if (fault.mode === "fail-before") throw new HttpError(fault.status, "Injected fault: the request failed before it was processed.", CODE_BY_STATUS[fault.status] ?? ERROR_CODES.internal);
    else request.pendingFault = fault;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const fault = request.pendingFault;
    request.pendingFault = undefined;
    if (fault?.mode === "drop-after") {
      // The handler has committed; the client never hears about it.
      request.raw.socket?.destroy();
    } else if (fault?.mode === "fail-after") {
      reply.code(fault.status).type("application/json; charset=utf-8");
      payload = JSON.stringify(apiError(fault.status, "Injected fault: the request failed after it was processed.", CODE_BY_STATUS[fault.status] ?? ERROR_CODES.internal));
    }
    if (!request.routeOptions.config?.admin) {
      if (reply.statusCode === 429) context.counters.increment("429");
      if (reply.statusCode >= 500) context.counters.increment("5xx");
    }
    return payload;
  });

  app.addHook("onResponse", async (request, reply) => {
    request.log.info({
      method: request.method, route: request.routeOptions.url, path: request.url.split("?")[0], status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10, client: request.principal?.client.client_id,
    }, "request");
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof OAuthError) {
      return reply.code(error.statusCode).type("application/json; charset=utf-8").send(error.toBody());
    }
    const httpError = toHttpError(error, request);
    if (httpError.statusCode === 500) request.log.error({ err: error }, "unhandled error");
    return sendError(httpError, request, reply);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0];
    const allowed = [...new Set(routeTable.filter((route) => route.pattern.test(path)).map((route) => route.method))];
    if (allowed.length > 0) {
      reply.header("allow", allowed.join(", "));
      return sendError(new HttpError(405, `Method ${request.method} is not allowed on ${path}.`, ERROR_CODES.methodNotAllowed), request, reply);
    }
    return sendError(new HttpError(404, "Not Found", ERROR_CODES.notFound), request, reply);
  });

  registerOAuthRoutes(app, context);
  registerRateLimitPolicyRoutes(app, context);
  registerFormRoutes(app, context);
  registerBrandingRoutes(app, context);
  registerEventStreamRoutes(app, context);
  registerAdminRoutes(app, context);
  return app;
}
