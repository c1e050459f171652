/**
 * Typed errors of the tenant client. Every message names the object (kind and id or
 * name), the action, what went wrong and what to do. No error carries request
 * configuration, headers or bodies: raw HTTP library errors are never rethrown, and
 * server messages are cut to a short excerpt.
 *
 * These errors are expected outcomes, not bugs: their `stack` is only their name and
 * message, so hosts that print `error.stack` (the Pulumi dynamic provider host and
 * program runner do) print no trace.
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
    super(
      details.message ?? `${describeTarget(target)}: ${target.action} failed: ${problem}${remedy ? `. ${remedy}` : ""}`,
    );
    this.name = new.target.name;
    this.kind = target.kind;
    this.resourceId = target.id;
    this.action = target.action;
    this.status = details.status;
    this.errorCode = details.errorCode;
    this.target = { ...target };
    this.problem = problem;
    this.stack = `${this.name}: ${this.message}`;
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

  constructor(
    target: ErrorTarget,
    problem: string,
    remedy: string,
    details: TenantErrorDetails & { missingScope?: string },
  ) {
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

  constructor(
    target: ErrorTarget,
    problem: string,
    remedy: string | undefined,
    details: TenantErrorDetails & { timedOut?: boolean } = {},
  ) {
    super(target, problem, remedy, details);
    this.timedOut = details.timedOut ?? false;
  }
}

/** The provider's settings are missing or invalid. */
export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigurationError";
    this.stack = `${this.name}: ${this.message}`;
  }
}

/** Longest excerpt of a server's message or of a value quoted in an error. */
export const EXCERPT_LENGTH = 200;

/** `text` cut to `max` characters (with `…`), on one line. */
export function excerpt(text: string, max = EXCERPT_LENGTH): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/**
 * A failure that stops every call to one tenant for the rest of the process: settings
 * missing or invalid, the token refused, the tenant unreachable. The first caller gets
 * the full message; later callers (other resources of the same run) get a short one
 * pointing to it, so the engine's output explains each failure once.
 */
export class SharedFailure {
  private firstTarget?: string;
  private told = false;

  /**
   * @param make builds the error for a message (the same class every time)
   * @param message the full message: what failed, the setting to check, the fix
   * @param summary a few words for the later callers: `401 from the token endpoint of tenant:domain …`
   */
  constructor(
    private readonly make: (message: string) => Error,
    readonly message: string,
    readonly summary: string,
  ) {}

  /** The error for the next caller; `target` (e.g. `form "Sign-up"`) is named in the pointer of later ones. */
  next(target?: string): Error {
    if (!this.told) {
      this.told = true;
      this.firstTarget = target;
      return this.make(this.message);
    }
    const where = this.firstTarget ? `the error of ${this.firstTarget}` : "the first error of this run";
    return this.make(`Not attempted: ${this.summary}; ${where} says what to do.`);
  }

  /** True once the full message was handed out. */
  get reported(): boolean {
    return this.told;
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
    this.stack = `${this.name}: ${this.message}`;
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

/** Several objects have the name a lookup asked for. */
export class AmbiguousNameError extends TenantError {
  /** The ids of every object with that name. */
  readonly ids: string[];

  constructor(target: ErrorTarget, ids: string[]) {
    super(
      target,
      `${ids.length} ${target.kind}s are named "${target.name}": ${ids.join(", ")}`,
      `Look it up by id instead (e.g. { id: "${ids[0]}" })`,
    );
    this.ids = [...ids];
  }
}
