/**
 * `getRateLimitPolicy` / `getRateLimitPolicyOutput`: read a rate limit policy from a
 * Pulumi program. Dynamic providers have no invokes, so this runs in the program
 * process itself, with the same settings keys as the resources.
 */
import * as pulumi from "@pulumi/pulumi";
import type { RateLimitPolicy } from "../../../api/types";
import { TenantClient } from "../../client/http";
import { readSettingsInput, resolveSettings, settingsKey, type TenantSettingsInput } from "../../client/settings";
import { lookupRateLimitPolicy } from "./lookup";

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
}

const clients = new Map<string, TenantClient>();

function clientFor(overrides: TenantSettingsInput | undefined): TenantClient {
  const fromConfig = readSettingsInput((key) => pulumi.runtime.getConfig(key));
  const merged: TenantSettingsInput = { ...fromConfig };
  for (const [key, value] of Object.entries(overrides ?? {}) as [keyof TenantSettingsInput, string | undefined][]) {
    if (value !== undefined) merged[key] = value;
  }
  const settings = resolveSettings(merged);
  const key = settingsKey(settings);
  let client = clients.get(key);
  if (!client) {
    client = new TenantClient(settings, { keepAlive: false });
    clients.set(key, client);
  }
  return client;
}

/**
 * Reads one rate limit policy (an Early Access API; the client must be global and hold
 * `read:rate_limit_policies`). Rejects with a specific error when the policy does not
 * exist ("rate limit policy <id> not found"), the scope is missing (named), the client is
 * not global, or the feature is not enabled ("rate limit policies are not enabled for
 * this tenant").
 */
export async function getRateLimitPolicy(args: GetRateLimitPolicyArgs, opts?: GetRateLimitPolicyOptions): Promise<RateLimitPolicy> {
  return lookupRateLimitPolicy(clientFor(opts?.settings), args.id);
}

/** {@link getRateLimitPolicy} as an Output, for ids that are themselves Outputs. */
export function getRateLimitPolicyOutput(args: GetRateLimitPolicyOutputArgs, opts?: GetRateLimitPolicyOptions): pulumi.Output<RateLimitPolicy> {
  // An apply whose callback rejects costs the Pulumi Node.js SDK (3.248) tens of seconds of
  // CPU before the error is reported; a plain promise does not. So a literal id (the usual
  // case) skips the apply.
  if (typeof args.id === "string") return pulumi.output(getRateLimitPolicy({ id: args.id }, opts));
  return pulumi.output(args.id).apply((id) => getRateLimitPolicy({ id }, opts));
}
