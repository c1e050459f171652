/**
 * Errors routes throw; the app's error handler turns each into the service's error body
 * `{statusCode, error, message, errorCode}` (see api/errors.ts).
 */
import { apiError, ERROR_CODES, payloadErrorMessage, type ApiErrorBody, type ValidationIssue } from "../api";

/** An error with the status and error code the client should see. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorCode: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }

  /** The JSON body of the reply. */
  toBody(): ApiErrorBody {
    return apiError(this.statusCode, this.message, this.errorCode);
  }
}

/** 400 `invalid_body` for a body that fails its schema. */
export function invalidBody(issue: ValidationIssue | string): HttpError {
  const message = typeof issue === "string" ? `Payload validation error: '${issue}'.` : payloadErrorMessage(issue);
  return new HttpError(400, message, ERROR_CODES.invalidBody);
}

/** 400 `invalid_uri` for a malformed path parameter. */
export function invalidUri(property: string, what: string): HttpError {
  return new HttpError(400, `Path validation error: '${what}' on property ${property}.`, ERROR_CODES.invalidUri);
}

/** 400 `invalid_query_string` for a malformed query parameter. */
export function invalidQuery(property: string, what: string): HttpError {
  return new HttpError(400, `Query validation error: '${what}' on property ${property}.`, ERROR_CODES.invalidQuery);
}

/** 404 with the resource's own `inexistent_*` code. */
export function notFound(message: string, errorCode: string): HttpError {
  return new HttpError(404, message, errorCode);
}
