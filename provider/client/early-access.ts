/**
 * The words of a kind whose entry says `earlyAccess` (an Early Access API: the client must
 * be global, and a tenant may not have the feature enabled): a 404 for the whole API (not the
 * kind's own "inexistent" 404) or a 403 that is not about a scope means the feature is off,
 * and every door (the resource, its lookups, `generate`) says so in the same words.
 */
import { ERROR_CODES, type KindSpec } from "../../api";
import { type ErrorTarget, FeatureUnavailableError, ForbiddenError, NotFoundError, UnauthorizedError } from "./errors";

/** "rate limit policies are not enabled for this tenant". */
export const notEnabledMessage = (spec: KindSpec) => `${spec.plural} are not enabled for this tenant`;

/** Whether `error` says kind `spec`'s Early Access API is not enabled for the tenant. */
export function featureNotEnabled(spec: KindSpec, error: unknown): error is NotFoundError | ForbiddenError {
  return (
    spec.earlyAccess === true &&
    ((error instanceof NotFoundError && error.errorCode !== spec.notFoundCode && error.status === 404) ||
      (error instanceof ForbiddenError && error.errorCode !== ERROR_CODES.insufficientScope))
  );
}

/** The error saying the feature is off, naming the tenant and what needed it (`doing`). */
export function notEnabledError(
  spec: KindSpec,
  target: ErrorTarget,
  error: NotFoundError | ForbiddenError,
  domain: string,
  doing: string,
): FeatureUnavailableError {
  const message = notEnabledMessage(spec);
  return new FeatureUnavailableError(target, message, undefined, {
    status: error.status,
    errorCode: error.errorCode,
    message: `${message} (${domain}); ${doing} needs the Early Access feature enabled by the tenant's administrator.`,
  });
}

/** Awaits `call`, giving a feature that is off the words of {@link notEnabledError}; other errors pass. */
export async function explainNotEnabled<T>(
  spec: KindSpec,
  domain: () => string,
  call: Promise<T>,
  doing: string,
): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!featureNotEnabled(spec, error)) throw error;
    throw notEnabledError(spec, error.target, error, domain(), doing);
  }
}

/**
 * Why `generate` could not read kind `spec`'s objects, when that should not stop it: the
 * Early Access feature is off, or the client is not global (the scope is the caller's
 * note). `undefined` for any other error.
 */
export function earlyAccessSkipReason(spec: KindSpec, error: unknown): string | undefined {
  if (!spec.earlyAccess) return undefined;
  if (error instanceof FeatureUnavailableError)
    return `${notEnabledMessage(spec)} (an Early Access feature): none generated`;
  if (error instanceof UnauthorizedError) {
    return (
      `${spec.plural} were not read: they need a global client (the tenant's global management client); ` +
      "run again with its credentials to include them"
    );
  }
  return undefined;
}
