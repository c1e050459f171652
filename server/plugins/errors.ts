/**
 * Error mapping: whatever is thrown in the pipeline becomes `{statusCode, error, message,
 * errorCode}` JSON (the token endpoint: OAuth `{error, error_description}`), never a 500
 * for bad input; an unknown path is a 404 and an unknown method on a known path a 405.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { ApiFailure, BODY_LIMIT_BYTES, ERROR_CODES } from "../../api";
import type { TenantContext } from "../context";
import { HttpError } from "../http-error";
import { OAuthError } from "../http-error";
import { globalPlugin } from "./global";
import { BUCKETS, chargeFallback, rateLimitHeaders, tooManyRequests } from "./rate-limit";

const FASTIFY_ERRORS: Record<string, (error: FastifyError, request: FastifyRequest) => HttpError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (_error, request) =>
    new HttpError(
      415,
      `Unsupported content type: ${request.headers["content-type"] ?? "(none)"}. Send application/json.`,
      ERROR_CODES.unsupportedMediaType,
    ),
  FST_ERR_CTP_BODY_TOO_LARGE: () =>
    new HttpError(
      413,
      `Request body is too large: the limit is ${BODY_LIMIT_BYTES} bytes.`,
      ERROR_CODES.payloadTooLarge,
    ),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    new HttpError(400, "Payload validation error: 'Invalid JSON: the body is empty'.", ERROR_CODES.invalidBody),
  FST_ERR_CTP_INVALID_JSON_BODY: () =>
    new HttpError(400, "Payload validation error: 'Invalid JSON'.", ERROR_CODES.invalidBody),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new HttpError(400, "Request body does not match its Content-Length.", ERROR_CODES.invalidBody),
};

/** The error code the service uses for a status when nothing more specific is known. */
export const CODE_BY_STATUS: Record<number, string> = {
  400: ERROR_CODES.invalidBody,
  401: ERROR_CODES.invalidToken,
  403: ERROR_CODES.insufficientScope,
  404: ERROR_CODES.notFound,
  405: ERROR_CODES.methodNotAllowed,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.tooManyRequests,
  503: ERROR_CODES.serviceUnavailable,
};

/** Maps anything thrown in the pipeline to the status and body the client gets. */
function toHttpError(error: FastifyError, request: FastifyRequest): ApiFailure {
  // A route's, or a kind's own hook's (api/kinds/<kind>/tenant.ts): already in the service's words.
  if (error instanceof ApiFailure) return error;
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

/** Sends `error` in the shape the route speaks (OAuth for the token endpoint). */
export function sendError(error: ApiFailure, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  reply.code(error.statusCode).type("application/json; charset=utf-8");
  // The token endpoint speaks OAuth: client errors as {error, error_description}.
  if (request.routeOptions.config?.oauth && error.statusCode < 500) {
    return reply.send({
      error: error.statusCode === 429 ? ERROR_CODES.tooManyRequests : "invalid_request",
      error_description: error.message,
    });
  }
  return reply.send(error.toBody());
}

/** The error handler and the 404/405 handler. */
export const errorMapping = globalPlugin(
  "tenant-error-mapping",
  (app: FastifyInstance, { context }: { context: TenantContext }) => {
    const { rateLimiter } = context;
    // Every route's pattern, so an unknown method on a known path is a 405, not a 404.
    const routeTable: { method: string; pattern: RegExp }[] = [];
    app.addHook("onRoute", (route) => {
      // Literal characters (the dots of /.well-known/jwks.json) are escaped; each :param matches one segment.
      const literal = route.url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const pattern = new RegExp(`^${literal.replace(/:[^/]+/g, "[^/]+")}$`);
      for (const method of [route.method].flat()) routeTable.push({ method, pattern });
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      const limited = chargeFallback(request, reply, rateLimiter);
      if (limited) return sendError(limited, request, reply);
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
        return sendError(
          new HttpError(405, `Method ${request.method} is not allowed on ${path}.`, ERROR_CODES.methodNotAllowed),
          request,
          reply,
        );
      }
      return sendError(new HttpError(404, "Not Found", ERROR_CODES.notFound), request, reply);
    });
  },
);

const URL_PROBLEMS: Record<string, string> = {
  FST_ERR_BAD_URL: "The URL is not valid: it holds a malformed %-encoding",
  FST_ERR_MAX_PARAM_LENGTH: "The URL is not valid: a path parameter is too long",
};

/**
 * Fastify's `frameworkErrors` option: a malformed URL (bad %-encoding, a path parameter
 * over 100 characters) is bad input, answered in the service's shape with the rate limit
 * headers every reply carries — and counted against the caller's bucket like any other
 * anonymous request, so that it is no way around the limit. The URL is not echoed: it may
 * be 16 KiB, and its query may hold what the caller would not want repeated.
 */
export function malformedUrlHandler(context: TenantContext): FastifyServerOptions["frameworkErrors"] {
  return (error, request, rawReply) => {
    const reply = rawReply as unknown as FastifyReply;
    const decision = context.rateLimiter.consume(BUCKETS.anonymous(request.ip));
    rateLimitHeaders(reply, decision);
    const refusal = decision.allowed
      ? new HttpError(
          400,
          `Path validation error: '${URL_PROBLEMS[error.code] ?? "The URL is not valid"}'.`,
          ERROR_CODES.invalidUri,
        )
      : tooManyRequests(decision);
    for (const [name, value] of Object.entries(refusal.headers)) reply.header(name, value);
    reply.code(refusal.statusCode).type("application/json; charset=utf-8").send(refusal.toBody());
  };
}
