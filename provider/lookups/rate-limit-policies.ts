/**
 * `getRateLimitPolicies` / `getRateLimitPoliciesOutput`: every rate limit policy of the
 * tenant, optionally only the one of a consumer selector.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { RateLimitPolicy } from "../../api";
import { inProgram, lookupClient, lookupOutput, type LookupOptions, type TenantSelector } from "./client";
import { listRateLimitPolicies } from "./read";

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
