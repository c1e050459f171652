/** The error body every failing management API call returns. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** The code; the service leaves it out of a few answers (an action's 404). */
  errorCode?: string;
}

/** Error codes of the management API. */
export const ERROR_CODES = {
  invalidBody: "invalid_body",
  invalidUri: "invalid_uri",
  invalidQuery: "invalid_query_string",
  insufficientScope: "insufficient_scope",
  invalidToken: "invalid_token",
  missingToken: "missing_authorization",
  notGlobalClient: "client_not_global",
  tooManyRequests: "too_many_requests",
  unsupportedMediaType: "unsupported_media_type",
  payloadTooLarge: "payload_too_large",
  conflict: "conflict",
  notFound: "not_found",
  methodNotAllowed: "method_not_allowed",
  internal: "internal_error",
  serviceUnavailable: "service_unavailable",
} as const;

/** Reason phrases for the statuses the API uses. */
export const REASON_PHRASES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

/** Builds an error body in the service's shape. */
export function apiError(statusCode: number, message: string, errorCode: string): ApiErrorBody {
  // An empty code is an answer the service gives without one (an action's 404: "That action does not exist.").
  return { statusCode, error: REASON_PHRASES[statusCode] ?? "Error", message, ...(errorCode ? { errorCode } : {}) };
}

/** True when `value` has the shape of an {@link ApiErrorBody}. */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.statusCode === "number" &&
    typeof body.error === "string" &&
    typeof body.message === "string" &&
    (body.errorCode === undefined || typeof body.errorCode === "string")
  );
}

/**
 * A failure the API answers in its error shape, with the status and error code the client
 * sees: thrown by a kind's own server hooks and operations (api/kinds/<kind>/tenant.ts), and by the tenant
 * server's routes, whose error handler answers it as {@link apiError} makes it.
 */
export class ApiFailure extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorCode: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiFailure";
  }

  /** The JSON body of the reply. */
  toBody(): ApiErrorBody {
    return apiError(this.statusCode, this.message, this.errorCode);
  }
}
