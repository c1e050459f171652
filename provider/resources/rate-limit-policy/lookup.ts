/**
 * The rate limit policy lookup: one GET, with an error of its own for each way it can
 * fail (not found, missing scope, non-global client, feature not enabled).
 */
import type { RateLimitPolicy } from "../../../api/types";
import {
  type ErrorTarget, FeatureUnavailableError, ForbiddenError, NotFoundError,
} from "../../client/errors";
import type { TenantClient } from "../../client/http";

/** The API's error code for a policy id that does not exist. */
const INEXISTENT_POLICY = "inexistent_rate_limit_policy";

/** The words users see when the Early Access API is not enabled for the tenant. */
export const NOT_ENABLED_MESSAGE = "rate limit policies are not enabled for this tenant";

/** Reads rate limit policy `id`, turning each failure into a specific error. */
export async function lookupRateLimitPolicy(client: TenantClient, id: string): Promise<RateLimitPolicy> {
  const target: ErrorTarget = { kind: "rate limit policy", id, action: "look up" };
  try {
    const { data } = await client.get<RateLimitPolicy>(`/rate-limit-policies/${encodeURIComponent(id)}`, target);
    return data;
  } catch (error) {
    const details = error instanceof NotFoundError || error instanceof ForbiddenError
      ? { status: error.status, errorCode: error.errorCode } : {};
    if (error instanceof NotFoundError && error.errorCode === INEXISTENT_POLICY) {
      throw new NotFoundError(target, "not found", undefined, {
        ...details,
        message: `rate limit policy ${id} not found: no policy with this id exists in the tenant ${client.settings.domain}. Check the id (GET /api/v2/rate-limit-policies lists them).`,
      });
    }
    // A 404 for the whole API, or a 403 that is not about a scope: the feature is off.
    if (error instanceof NotFoundError || (error instanceof ForbiddenError && error.errorCode !== "insufficient_scope")) {
      throw new FeatureUnavailableError(target, NOT_ENABLED_MESSAGE, undefined, {
        ...details,
        message: `${NOT_ENABLED_MESSAGE} (${client.settings.domain}); looking up rate limit policy ${id} needs the Early Access feature enabled by the tenant's administrator.`,
      });
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
export async function explainPolicyError<T>(ctx: { client(): TenantClient }, call: Promise<T>, about: unknown): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const featureOff = (error instanceof NotFoundError && error.errorCode !== INEXISTENT_POLICY && error.status === 404)
      || (error instanceof ForbiddenError && error.errorCode !== "insufficient_scope");
    if (!featureOff) throw error;
    const target = (error as NotFoundError).target;
    throw new FeatureUnavailableError(target, NOT_ENABLED_MESSAGE, undefined, {
      status: (error as NotFoundError).status, errorCode: (error as NotFoundError).errorCode,
      message: `${NOT_ENABLED_MESSAGE} (${ctx.client().settings.domain}); managing rate limit policy ${String(about)} needs the Early Access feature enabled by the tenant's administrator.`,
    });
  }
}
