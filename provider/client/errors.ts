/**
 * Typed errors of the tenant client. Every message names the object (kind and id or
 * name), the action, what went wrong and what to do. No error carries request
 * configuration, headers or bodies: raw HTTP library errors are never rethrown.
 */

/** What a failing call was about, for messages. */
export interface ErrorTarget {
  /** Kind of object in words: `form`, `event stream`, `login page template`, `rate limit policy`. */
  kind: string;
  /** The object's id, when known. */
  id?: string;
  /** The object's name, when known and no id yet (creates). */
  name?: string;
  /** What was being done: `create`, `read`, `update`, `delete`, `list`, `look up`. */
  action: string;
}

/** Details a {@link TenantError} may carry. */
export interface TenantErrorDetails {
  /** HTTP status of the failing response, when there was one. */
  status?: number;
  /** The API's `errorCode`, when there was one. */
  errorCode?: string;
  /** A complete message to use instead of the composed one. */
  message?: string;
}

/** Describes a target for messages: `form ap_…` or `form "Sign-up"`. */
export function describeTarget(target: ErrorTarget): string {
  if (target.id) return `${target.kind} ${target.id}`;
  if (target.name) return `${target.kind} "${target.name}"`;
  return target.kind;
}

/** Base class of every error the provider raises about the tenant. */
export class TenantError extends Error {
  /** Kind of object the failing call was about. */
  readonly kind: string;
  /** Its id, when known. */
  readonly resourceId?: string;
  /** What was being done. */
  readonly action: string;
  /** HTTP status, when there was a response. */
  readonly status?: number;
  /** The API's error code, when there was one. */
  readonly errorCode?: string;
  /** What the failing call was about. */
  readonly target: ErrorTarget;
  /** What went wrong, without the target prefix. */
  readonly problem: string;

  constructor(target: ErrorTarget, problem: string, remedy: string | undefined, details: TenantErrorDetails = {}) {
    super(details.message ?? `${describeTarget(target)}: ${target.action} failed: ${problem}${remedy ? `. ${remedy}` : ""}`);
    this.name = new.target.name;
    this.kind = target.kind;
    this.resourceId = target.id;
    this.action = target.action;
    this.status = details.status;
    this.errorCode = details.errorCode;
    this.target = { ...target };
    this.problem = problem;
  }
}

/** The object does not exist (404). */
export class NotFoundError extends TenantError {}

/** The token was refused (401): bad credentials, expired or invalid token, or a non-global client. */
export class UnauthorizedError extends TenantError {}

/** The token lacks a scope (403 `insufficient_scope`). */
export class ForbiddenError extends TenantError {
  /** The scope the API expected, e.g. `read:forms`, when it said so. */
  readonly missingScope?: string;

  constructor(target: ErrorTarget, problem: string, remedy: string, details: TenantErrorDetails & { missingScope?: string }) {
    super(target, problem, remedy, details);
    this.missingScope = details.missingScope;
  }
}

/** Still rate limited (429) after waiting as long as the client allows. */
export class RateLimitedError extends TenantError {}

/** The API refused the request body or path (400, 413, 415), with the server's message. */
export class ValidationError extends TenantError {
  /** The server's message, e.g. `Payload validation error: …`. */
  readonly serverMessage: string;

  constructor(target: ErrorTarget, serverMessage: string, details: TenantErrorDetails) {
    super(target, `the API refused the request: ${serverMessage}`, "Fix the resource's inputs and run again", details);
    this.serverMessage = serverMessage;
  }
}

/** An Early Access feature (rate limit policies) is not enabled for the tenant. */
export class FeatureUnavailableError extends TenantError {}

/** The object conflicts with an existing one (409). */
export class ConflictError extends TenantError {}

/** The server failed (5xx) on every attempt. */
export class ServerError extends TenantError {}

/** The server could not be reached (connection refused, DNS, TLS, timeout) on every attempt. */
export class NetworkError extends TenantError {}

/**
 * A create (POST) may or may not have been applied: the server answered 5xx after the
 * request was sent, or the connection dropped or timed out. The caller must look for the
 * object before creating again; the client never re-sends such a request itself.
 */
export class OutcomeUnknownError extends TenantError {
  /** True when the request timed out: the server may still be working on it. */
  readonly timedOut: boolean;

  constructor(target: ErrorTarget, problem: string, remedy: string | undefined, details: TenantErrorDetails & { timedOut?: boolean } = {}) {
    super(target, problem, remedy, details);
    this.timedOut = details.timedOut ?? false;
  }
}

/** The provider's settings are missing or invalid. */
export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigurationError";
  }
}

/**
 * A create made the object but a later step failed. The engine records the object
 * (from `id` and `properties`) so nothing is orphaned; the next `up` finishes the job.
 * The shape (`id`, `properties`, `reasons`) is what the dynamic provider host reads.
 */
export class PartialCreateError extends Error {
  /** Id of the object that exists. */
  readonly id: string;
  /** Its outputs as far as known. */
  readonly properties: Record<string, unknown>;
  /** Why the create is incomplete. */
  readonly reasons: string[];

  constructor(id: string, properties: Record<string, unknown>, cause: Error) {
    super(cause.message);
    this.name = "PartialCreateError";
    this.id = id;
    this.properties = properties;
    this.reasons = [cause.message];
  }
}

const REDACTED = "[secret]";

/**
 * Replaces every occurrence of a secret in `text` (secrets shorter than 4 characters are
 * left alone: they would mangle ordinary words and protect nothing).
 */
export function redact(text: string, secrets: Iterable<string | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/**
 * Awaits `call`; a 404 (the object is gone) gives `undefined` instead of an error. Reads,
 * deletes and the look-back after an ambiguous create all treat "gone" as an answer.
 */
export async function unlessGone<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
