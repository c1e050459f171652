/**
 * The rate limit policy lookups: `getRateLimitPolicy` (one GET, with an error of its own
 * for each way it can fail: not found, missing scope, non-global client, feature not
 * enabled) and `getRateLimitPolicies` (the list, optionally of one consumer selector),
 * and the one "feature not enabled" rule the resource shares. They run in the program
 * with the client and failure reporting of every lookup (`lookups/client.ts`).
 */
import type * as pulumi from "@pulumi/pulumi";
import { ERROR_CODES, KINDS, type RateLimitPolicy } from "../../../api";
import { type ErrorTarget, FeatureUnavailableError, ForbiddenError, NotFoundError } from "../../client/errors";
import type { TenantClient } from "../../client/http";
import type { LookupReader } from "../../lifecycle/types";
import { listKind, type PageListener } from "../../client/paging";
import { inProgram, lookupClient, lookupOutput, type LookupOptions, type TenantSelector } from "../../lookups/client";
import { readKind } from "../../lookups/read";

/** The API's error code for a policy id that does not exist. */
const INEXISTENT_POLICY = KINDS.rateLimitPolicy.notFoundCode;

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
    return await readKind<RateLimitPolicy>(client, "rateLimitPolicy", id, target.action);
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

/** Filters of the rate limit policy list. */
export interface RateLimitPolicyFilter {
  /** Only the policy of this consumer selector (`default`, `client_id:…`, …). */
  consumer_selector?: string;
}

/**
 * Every rate limit policy (an Early Access API: the client must be global and hold
 * `read:rate_limit_policies`). A tenant without the feature (404, or a 403 that is not
 * about a scope) raises a {@link FeatureUnavailableError} saying so.
 */
export async function listRateLimitPolicies(
  client: TenantClient,
  filter: RateLimitPolicyFilter = {},
  onPage?: PageListener,
): Promise<RateLimitPolicy[]> {
  const target: ErrorTarget = { kind: "rate limit policy", action: "list" };
  let policies: RateLimitPolicy[];
  try {
    policies = await listKind<RateLimitPolicy>(client, "rateLimitPolicy", {
      target,
      filter: { consumer_selector: filter.consumer_selector },
      onPage,
    });
  } catch (error) {
    if (featureNotEnabled(error))
      throw notEnabledError(target, error, client.settings.domain, "listing rate limit policies");
    throw error;
  }
  // The filter is also applied here: a service that ignores the query must not widen the answer.
  return filter.consumer_selector === undefined
    ? policies
    : policies.filter((policy) => policy.consumer_selector === filter.consumer_selector);
}

/** Arguments of {@link getRateLimitPolicy}. */
export interface GetRateLimitPolicyArgs extends TenantSelector {
  /** The policy's id: `rlp_` + 21 base58 characters (at most 26). */
  id: string;
}

/** Arguments of {@link getRateLimitPolicyOutput}. */
export interface GetRateLimitPolicyOutputArgs extends TenantSelector {
  /** The policy's id: `rlp_` + 21 base58 characters (at most 26). */
  id: pulumi.Input<string>;
}

/** Options of {@link getRateLimitPolicy}: those of every lookup, and `tenant` where 0.2.0 took it. */
export interface GetRateLimitPolicyOptions extends LookupOptions {
  /** Deprecated: give `tenant` in the arguments, as with every other lookup (the arguments win). */
  tenant?: string;
}

/**
 * Reads one rate limit policy (an Early Access API; the client must be global and hold
 * `read:rate_limit_policies`). Rejects with a specific error when the policy does not
 * exist ("rate limit policy <id> not found"), the scope is missing (named), the client is
 * not global, or the feature is not enabled ("rate limit policies are not enabled for
 * this tenant").
 */
export async function getRateLimitPolicy(
  args: GetRateLimitPolicyArgs,
  opts?: GetRateLimitPolicyOptions,
): Promise<RateLimitPolicy> {
  const tenant = args.tenant ?? opts?.tenant;
  return inProgram(tenant, () => lookupRateLimitPolicy(lookupClient(tenant, opts?.settings), args.id));
}

/** {@link getRateLimitPolicy} as an Output, for ids that are themselves Outputs. */
export function getRateLimitPolicyOutput(
  args: GetRateLimitPolicyOutputArgs,
  opts?: GetRateLimitPolicyOptions,
): pulumi.Output<RateLimitPolicy> {
  const { tenant, ...query } = args;
  return lookupOutput(query, (plain: { id: string }) => getRateLimitPolicy({ ...plain, tenant }, opts));
}

/** Arguments of {@link getRateLimitPolicies}. */
export interface GetRateLimitPoliciesArgs extends TenantSelector {
  /** Only the policy of this consumer selector (`default`, `client_id:<id>`, `third_party_clients`, …). */
  consumer_selector?: string;
}

/** Arguments of {@link getRateLimitPoliciesOutput}. */
export interface GetRateLimitPoliciesOutputArgs extends TenantSelector {
  /** Only the policy of this consumer selector. */
  consumer_selector?: pulumi.Input<string>;
}

/**
 * Reads every rate limit policy of the tenant (an Early Access API: the client must be
 * global and hold `read:rate_limit_policies`), following the pages, optionally only those
 * of `consumer_selector` (at most one: a selector has one policy). Rejects with "rate
 * limit policies are not enabled for this tenant" when the feature is off.
 */
export async function getRateLimitPolicies(
  args: GetRateLimitPoliciesArgs = {},
  opts?: LookupOptions,
): Promise<RateLimitPolicy[]> {
  return inProgram(args.tenant, () =>
    listRateLimitPolicies(lookupClient(args.tenant, opts?.settings), { consumer_selector: args.consumer_selector }),
  );
}

/** {@link getRateLimitPolicies} as an Output. */
export function getRateLimitPoliciesOutput(
  args: GetRateLimitPoliciesOutputArgs = {},
  opts?: LookupOptions,
): pulumi.Output<RateLimitPolicy[]> {
  const { tenant, ...query } = args;
  return lookupOutput(query, (plain: { consumer_selector?: string }) =>
    getRateLimitPolicies({ ...plain, tenant }, opts),
  );
}

/** The readers of the table's rate limit policy lookups (the plugin's functions; `id` is required by the table). */
export const rateLimitPolicyReaders = {
  getRateLimitPolicy: (client, args) => lookupRateLimitPolicy(client, args.id!),
  getRateLimitPolicies: (client, args) => listRateLimitPolicies(client, { consumer_selector: args.consumer_selector }),
} satisfies Record<string, LookupReader>;
