/**
 * Errors routes throw; the app's error handler turns each into the service's error body
 * `{statusCode, error, message, errorCode}` (see api/errors.ts).
 */
import { ApiFailure, ERROR_CODES, payloadErrorMessage, type ValidationIssue } from "../api";

/** An error with the status and error code the client should see (a route's: the server names it so). */
export class HttpError extends ApiFailure {
  constructor(statusCode: number, message: string, errorCode: string, headers: Record<string, string> = {}) {
    super(statusCode, message, errorCode, headers);
    this.name = "HttpError";
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

/** An OAuth error reply (RFC 6749 section 5.2 shape). */
export class OAuthError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
    this.name = "OAuthError";
  }

  toBody(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.message };
  }
}
