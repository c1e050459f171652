/**
 * `/api/v2/rate-limit-policies` (Early Access): the generic collection routes of its table
 * entry (collection.ts; every operation needs a global client; `resource`, `consumer` and
 * `consumer_selector` are fixed at creation, as the update schema only admits
 * `configuration`), with the policies' own rules: the list filters on those three fields,
 * one policy per (resource, consumer, consumer_selector) may exist, and the timestamps
 * have microseconds, as on the real service.
 */
import { ERROR_CODES } from "../../api";
import { HttpError } from "../http-error";
import { isoMicros } from "../time";
import type { CollectionRules } from "./collection";

const FILTERS = ["resource", "consumer", "consumer_selector"] as const;

/** The rate limit policies' rules on top of the generic collection routes. */
export const RATE_LIMIT_POLICY_RULES: CollectionRules = {
  listFilters: FILTERS,
  now: () => isoMicros(),
  beforeInsert(policy, policies) {
    const clash = policies.findWhere(Object.fromEntries(FILTERS.map((field) => [field, String(policy[field])])));
    if (clash.length > 0) {
      throw new HttpError(
        409,
        `A rate limit policy for ${String(policy.resource)}, ${String(policy.consumer)} and ${String(policy.consumer_selector)} already exists (${clash[0].id}).`,
        ERROR_CODES.conflict,
      );
    }
  },
};
