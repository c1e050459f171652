/** A policy the tenant would refuse (409) is caught at check: one the tenant has, or another of the same run. */
import { policyConflicts as conflicts } from "../../../../api/kinds/rate-limit-policy/contract";
import { tenantReader } from "../../../../provider/lifecycle/kind-hooks";
import type { TenantClient } from "../../../../provider/client/http";
import { kindModule } from "../../../../provider/lifecycle/kind-modules";
import { UNKNOWN } from "../../../../provider/lifecycle/shared";
import type { ProviderContext } from "../../../../provider/lifecycle/types";

const existing = {
  id: "rlp_2Nf7qL3mXcVbT8wRyK1pD",
  resource: "oauth_authentication_api",
  consumer: "client",
  consumer_selector: "default",
  configuration: { action: "log", limit: 5 },
};

function context(origin: string): { ctx: ProviderContext; lists: () => number } {
  let lists = 0;
  const client = {
    settings: { origin, domain: origin },
    get: async () => {
      lists += 1;
      return { data: { rate_limit_policies: [existing] } };
    },
  } as unknown as TenantClient;
  return { ctx: { client: () => client }, lists: () => lists };
}

/** The entry's hook with a reader of the resource's tenant, as the provider hands it in. */
const policyConflicts = (ctx: ProviderContext, inputs: Record<string, unknown>) =>
  conflicts(inputs, tenantReader(ctx.client()));

const policy = (selector: string, extra: Record<string, unknown> = {}) => ({
  resource: "oauth_authentication_api",
  consumer: "client",
  consumer_selector: selector,
  configuration: { action: "block", limit: 1 },
  ...extra,
});

describe("rate limit policy conflicts at check", () => {
  it("names the tenant's policy for the same resource, consumer and selector, and how to adopt it", async () => {
    const { ctx } = context("https://a.example.com");
    expect(await policyConflicts(ctx, policy("default"))).toEqual([
      {
        property: "consumer_selector",
        reason: expect.stringContaining(`already has rate limit policy ${existing.id}`),
      },
    ]);
  });

  it("the provider runs the hook at the check of a policy to create, not of one to adopt or to update", async () => {
    const { ctx } = context("https://d.example.com");
    const { implementation } = kindModule("rateLimitPolicy");
    const failures = async (olds: Record<string, unknown>, news: Record<string, unknown>) =>
      (await implementation.check(olds, news, ctx)).failures ?? [];
    expect(await failures(policy("default"), policy("default"))).toEqual([]);
    expect(await failures({}, policy("default", { adoptId: UNKNOWN }))).toEqual([]);
    expect(await failures({}, policy("default"))).toEqual([
      { property: "consumer_selector", reason: expect.stringContaining(`adopt it with adoptId: "${existing.id}"`) },
    ]);
    // A selector not known yet at preview cannot conflict.
    expect(await failures({}, policy(UNKNOWN))).toEqual([]);
  });

  it("refuses a second policy of the run for one selector, lists the tenant once, and leaves other tenants alone", async () => {
    const { ctx, lists } = context("https://b.example.com");
    expect(await policyConflicts(ctx, policy("cimd_clients"))).toEqual([]);
    const second = await policyConflicts(ctx, policy("cimd_clients"));
    expect(second[0].reason).toMatch(/^another RateLimitPolicy of this program already creates the policy/);
    expect(await policyConflicts(ctx, policy("third_party_clients"))).toEqual([]);
    expect(lists()).toBe(1);
    expect(await policyConflicts(context("https://c.example.com").ctx, policy("cimd_clients"))).toEqual([]);
  });
});
