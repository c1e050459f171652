/**
 * The rate limit policy on the tenant server: one policy per resource, consumer and selector.
 * Loaded by the tenant server only (api/kinds/tenant.ts), never by the provider.
 */
import type { KindRules } from "../../table/kind-spec";
import { RATE_LIMIT_POLICY_KEYS } from "./contract";

/** The rate limit policy's rules on the tenant server. */
export const rateLimitPolicyTenantRules: KindRules = {
  unique: {
    fields: RATE_LIMIT_POLICY_KEYS,
    message: (policy, existingId) =>
      `A rate limit policy for ${String(policy.resource)}, ${String(policy.consumer)} and ` +
      `${String(policy.consumer_selector)} already exists (${existingId}).`,
  },
};
