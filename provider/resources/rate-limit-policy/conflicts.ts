/**
 * What the tenant would refuse with a 409, caught at preview: one policy per resource,
 * consumer and consumer selector. `check` of a policy to create compares it with the
 * tenant's policies (listed once per tenant and provider process) and with the other
 * policies this run creates in that tenant.
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import type { RateLimitPolicy } from "../../../api";
import type { TenantClient } from "../../client/http";
import { listKind } from "../../client/paging";
import { type JsonObject, UNKNOWN } from "../../lifecycle/shared";
import type { ProviderContext } from "../../lifecycle/types";

/** The tenant's policies, by origin: listed once per provider process. */
const listed = new Map<string, Promise<RateLimitPolicy[] | undefined>>();
/** The policies this run creates, by origin and identity. */
const planned = new Set<string>();

function tenantPolicies(client: TenantClient): Promise<RateLimitPolicy[] | undefined> {
  let policies = listed.get(client.settings.origin);
  if (!policies) {
    const target = { kind: "rate limit policy", action: "check" };
    // A tenant that cannot list (feature off, scope missing) is told by create, in its own words.
    policies = listKind<RateLimitPolicy>(client, "rateLimitPolicy", { target }).catch(() => undefined);
    listed.set(client.settings.origin, policies);
  }
  return policies;
}

/**
 * Failures for a policy `check` is about to let `up` create (no `adoptId`): another
 * policy with the same resource, consumer and selector in the tenant or in this run.
 */
export async function policyConflicts(ctx: ProviderContext, inputs: JsonObject): Promise<CheckFailure[]> {
  const { resource, consumer, consumer_selector: selector, adoptId } = inputs;
  const identity = [resource, consumer, selector];
  if (adoptId !== undefined || identity.some((value) => typeof value !== "string" || value === UNKNOWN)) return [];
  let client: TenantClient;
  try {
    client = ctx.client();
  } catch {
    return []; // Not configured: reported once, elsewhere.
  }
  const what = `resource ${String(resource)}, consumer ${String(consumer)} and consumer_selector "${String(selector)}"`;
  const key = JSON.stringify([client.settings.origin, ...identity]);
  if (planned.has(key)) {
    return [
      {
        property: "consumer_selector",
        reason:
          `another RateLimitPolicy of this program already creates the policy for ${what} in ${client.settings.domain}, ` +
          "and the tenant allows one per resource, consumer and selector; keep one of the two resources",
      },
    ];
  }
  planned.add(key);
  const existing = (await tenantPolicies(client))?.find(
    (policy) => policy.resource === resource && policy.consumer === consumer && policy.consumer_selector === selector,
  );
  if (!existing) return [];
  return [
    {
      property: "consumer_selector",
      reason:
        `the tenant ${client.settings.domain} already has rate limit policy ${existing.id} for ${what}, ` +
        `and allows one per resource, consumer and selector; adopt it with adoptId: "${existing.id}", ` +
        "or choose another consumer_selector",
    },
  ];
}
