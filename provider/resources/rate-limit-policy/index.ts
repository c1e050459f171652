/**
 * `getRateLimitPolicy` / `getRateLimitPolicyOutput`: read a rate limit policy from a
 * Pulumi program. Dynamic providers have no invokes, so this runs in the program
 * process itself, with the same settings keys as the resources.
 */
import * as pulumi from "@pulumi/pulumi";
import type { RateLimitPolicy } from "../../../api";
import type { TenantSettingsInput } from "../../client/settings";
import { inProgram } from "../../lookups/client";
import { lookupInProgram, quietOutput } from "./lookup";

/** Arguments of {@link getRateLimitPolicy}. */
export interface GetRateLimitPolicyArgs {
  /** The policy's id: `rlp_` + 21 base58 characters (at most 26). */
  id: string;
}

/** Arguments of {@link getRateLimitPolicyOutput}. */
export interface GetRateLimitPolicyOutputArgs {
  /** The policy's id: `rlp_` + 21 base58 characters (at most 26). */
  id: pulumi.Input<string>;
}

/** Options of the lookup. */
export interface GetRateLimitPolicyOptions {
  /**
   * Settings that take precedence over the stack configuration (`tenant:domain`,
   * `tenant:clientId`, `tenant:clientSecret`, `tenant:apiToken`, `tenant:audience`) and
   * the `AUTH0_*` environment variables.
   */
  settings?: TenantSettingsInput;
  /** The tenant's configuration namespace, as the resources' `tenant` argument: `"prod"` reads `prod:domain`, … (default `"tenant"`). */
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
  // The shared `inProgram` reports a failure the other lookups of the namespace share once.
  return inProgram(opts?.tenant, () => lookupInProgram(args.id, opts));
}

/** {@link getRateLimitPolicy} as an Output, for ids that are themselves Outputs. */
export function getRateLimitPolicyOutput(
  args: GetRateLimitPolicyOutputArgs,
  opts?: GetRateLimitPolicyOptions,
): pulumi.Output<RateLimitPolicy> {
  // An apply whose callback rejects costs the Pulumi Node.js SDK (3.248) tens of seconds of
  // CPU before the error is reported; a plain promise does not. So a literal id (the usual
  // case) skips the apply.
  if (typeof args.id === "string") return quietOutput(getRateLimitPolicy({ id: args.id }, opts));
  return pulumi.output(args.id).apply((id) => getRateLimitPolicy({ id }, opts));
}
