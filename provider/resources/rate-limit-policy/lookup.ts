/**
 * The rate limit policy lookup: one GET, with an error of its own for each way it can
 * fail (not found, missing scope, non-global client, feature not enabled), and how it
 * runs in a Pulumi program: settings per tenant namespace, one client per settings,
 * and a failure reported once, as its message only.
 */
import * as pulumi from "@pulumi/pulumi";
import { ERROR_CODES, type RateLimitPolicy } from "../../../api";
import {
  ConfigurationError,
  type ErrorTarget,
  FeatureUnavailableError,
  ForbiddenError,
  NotFoundError,
  TenantError,
} from "../../client/errors";
import { TenantClient } from "../../client/http";
import {
  type ConfigLookup,
  DEFAULT_NAMESPACE,
  NAMESPACE_PATTERN,
  readSettingsInput,
  resolveSettings,
  settingsKey,
  type TenantSettingsInput,
} from "../../client/settings";

/** The API's error code for a policy id that does not exist. */
const INEXISTENT_POLICY = ERROR_CODES.inexistentRateLimitPolicy;

/** The words users see when the Early Access API is not enabled for the tenant. */
export const NOT_ENABLED_MESSAGE = "rate limit policies are not enabled for this tenant";

/**
 * The one "feature not enabled" rule: a 404 for the whole API (not a policy's own
 * "inexistent" 404), or a 403 that is not about a scope, means rate limit policies are
 * not enabled for the tenant.
 */
export function featureNotEnabled(error: unknown): error is NotFoundError | ForbiddenError {
  return (
    (error instanceof NotFoundError && error.errorCode !== INEXISTENT_POLICY && error.status === 404) ||
    (error instanceof ForbiddenError && error.errorCode !== ERROR_CODES.insufficientScope)
  );
}

/** The error saying the feature is off, naming the tenant and what needed it (`doing`). */
export function notEnabledError(
  target: ErrorTarget,
  error: NotFoundError | ForbiddenError,
  domain: string,
  doing: string,
): FeatureUnavailableError {
  return new FeatureUnavailableError(target, NOT_ENABLED_MESSAGE, undefined, {
    status: error.status,
    errorCode: error.errorCode,
    message: `${NOT_ENABLED_MESSAGE} (${domain}); ${doing} needs the Early Access feature enabled by the tenant's administrator.`,
  });
}

/** Reads rate limit policy `id`, turning each failure into a specific error. */
export async function lookupRateLimitPolicy(client: TenantClient, id: string): Promise<RateLimitPolicy> {
  const target: ErrorTarget = { kind: "rate limit policy", id, action: "look up" };
  try {
    const { data } = await client.get<RateLimitPolicy>(`/rate-limit-policies/${encodeURIComponent(id)}`, target);
    return data;
  } catch (error) {
    const details =
      error instanceof NotFoundError || error instanceof ForbiddenError
        ? { status: error.status, errorCode: error.errorCode }
        : {};
    if (error instanceof NotFoundError && error.errorCode === INEXISTENT_POLICY) {
      throw new NotFoundError(target, "not found", undefined, {
        ...details,
        message: `rate limit policy ${id} not found: no policy with this id exists in the tenant ${client.settings.domain}. Check the id (GET /api/v2/rate-limit-policies lists them).`,
      });
    }
    if (featureNotEnabled(error)) {
      throw notEnabledError(target, error, client.settings.domain, `looking up rate limit policy ${id}`);
    }
    // Missing scope (ForbiddenError) and non-global client (UnauthorizedError) already say what to do.
    throw error;
  }
}

/**
 * Awaits `call` (an operation of the RateLimitPolicy resource), giving a missing feature
 * the same words as the lookup: a 404 for the whole API, or a 403 that is not about a
 * scope, means rate limit policies are not enabled for the tenant.
 */
export async function explainPolicyError<T>(
  ctx: { client(): TenantClient },
  call: Promise<T>,
  about: unknown,
): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!featureNotEnabled(error)) throw error;
    throw notEnabledError(
      error.target,
      error,
      ctx.client().settings.domain,
      `managing rate limit policy ${String(about)}`,
    );
  }
}

/** Where the lookup connects: a tenant namespace and settings that win over its configuration. */
export interface LookupConnection {
  /** The configuration namespace (default `tenant`), as the resources' `tenant` argument. */
  tenant?: string;
  /** Settings that take precedence over the namespace's configuration and the `AUTH0_*` variables. */
  settings?: TenantSettingsInput;
}

const clients = new Map<string, TenantClient>();

/** The program's client for `connection` (one per distinct settings: a token per tenant and program). */
export function lookupClient(
  connection: LookupConnection = {},
  config: ConfigLookup = (key) => pulumi.runtime.getConfig(key),
): TenantClient {
  const namespace = connection.tenant ?? DEFAULT_NAMESPACE;
  if (!NAMESPACE_PATTERN.test(namespace)) {
    throw new ConfigurationError(
      `getRateLimitPolicy: tenant must name a configuration namespace such as "prod" (read as prod:domain, ` +
        `prod:clientId, prod:clientSecret), not "${namespace.slice(0, 64)}".`,
    );
  }
  const merged: TenantSettingsInput = { ...readSettingsInput(config, process.env, namespace) };
  for (const [key, value] of Object.entries(connection.settings ?? {}) as [
    keyof TenantSettingsInput,
    string | undefined,
  ][]) {
    if (value !== undefined) merged[key] = value;
  }
  const settings = resolveSettings(merged, namespace);
  const key = settingsKey(settings);
  let client = clients.get(key);
  if (!client) {
    client = new TenantClient(settings, { keepAlive: false });
    clients.set(key, client);
  }
  return client;
}

/**
 * Marks an expected error the way the Pulumi program runner recognises a `RunError`: it
 * then prints the message only, not the stack and the error object's fields.
 */
export function asProgramError(error: unknown): unknown {
  if ((error instanceof TenantError || error instanceof ConfigurationError) && !("__pulumiRunError" in error)) {
    Object.defineProperty(error, "__pulumiRunError", { value: true, enumerable: false });
  }
  return error;
}

/** Looks up policy `id` from a Pulumi program; failures are {@link asProgramError} errors. */
export async function lookupInProgram(id: string, connection?: LookupConnection): Promise<RateLimitPolicy> {
  try {
    return await lookupRateLimitPolicy(lookupClient(connection), id);
  } catch (error) {
    throw asProgramError(error);
  }
}

/**
 * Marks the Output's own bookkeeping promises handled: each would otherwise count as an
 * unhandled rejection and then print `PromiseRejectionHandledWarning` when consumed late.
 * Whoever consumes the Output still gets the rejection.
 */
export function quiet<T>(output: pulumi.Output<T>): pulumi.Output<T> {
  // The Output's internals (not in its public type): its value, known and secret flags, and dependencies.
  const internals = output as unknown as {
    promise?: () => Promise<unknown>;
    isKnown?: Promise<unknown>;
    isSecret?: Promise<unknown>;
    allResources?: () => Promise<unknown>;
  };
  for (const inner of [internals.promise?.(), internals.isKnown, internals.isSecret, internals.allResources?.()]) {
    if (inner && typeof inner.catch === "function") inner.catch(() => undefined);
  }
  return output;
}

/**
 * In a Pulumi program, leaves one rejection of `promise` deliberately unhandled: the
 * program runner reports it (once, as its message when it is an {@link asProgramError}
 * error) and fails the program, also when nothing consumes the Output built on it.
 */
export function reportOnce<T>(promise: Promise<T>): Promise<T> {
  if (pulumi.runtime.hasMonitor()) void promise.then(undefined, (error: unknown) => Promise.reject(error));
  return promise;
}

/**
 * `pulumi.output(promise)` for a promise that may reject, without the noise: see
 * {@link quiet} and {@link reportOnce}.
 */
export function quietOutput<T>(promise: Promise<T>): pulumi.Output<T> {
  const output = quiet(pulumi.output(promise) as pulumi.Output<T>);
  reportOnce(promise);
  return output;
}
