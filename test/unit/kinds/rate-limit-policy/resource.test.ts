/** The RateLimitPolicy made from its table entry: check, diff (in place vs replacement), PATCH body, outputs (pure). */
import { checkCollectionInputs } from "../../../../provider/lifecycle/collection";
import { tableCollectionSpec } from "../../../../provider/lifecycle/table-kind";
import { kindModule } from "../../../../provider/lifecycle/kind-modules";

const rateLimitPolicyImplementation = kindModule("rateLimitPolicy").implementation;
const rateLimitPolicySpec = tableCollectionSpec("rateLimitPolicy");

const policy = {
  resource: "oauth_authentication_api",
  consumer: "client",
  consumer_selector: "default",
  configuration: { action: "block", limit: 10 },
};

describe("RateLimitPolicy spec", () => {
  it("accepts each configuration variant and refuses what the API refuses, naming the property", () => {
    for (const configuration of [
      { action: "allow" },
      { action: "log", limit: 0 },
      { action: "redirect", limit: 10000, redirect_uri: "https://x.example/slow" },
    ]) {
      expect(checkCollectionInputs(rateLimitPolicySpec, { ...policy, configuration }).failures).toEqual([]);
    }
    expect(
      checkCollectionInputs(rateLimitPolicySpec, { ...policy, configuration: { action: "block", limit: 10001 } })
        .failures,
    ).toEqual([{ property: "configuration.limit", reason: "Value exceeds maximum 10000" }]);
    expect(
      checkCollectionInputs(rateLimitPolicySpec, { ...policy, consumer_selector: "everyone" }).failures?.[0].property,
    ).toBe("consumer_selector");
    expect(
      checkCollectionInputs(rateLimitPolicySpec, { ...policy, adoptId: "ap_1111111111111111111111" }).failures?.[0]
        .property,
    ).toBe("adoptId");
  });

  it("updates the configuration in place and replaces on any other field", () => {
    const diff = (news: object) =>
      rateLimitPolicyImplementation.diff("rlp_x", { ...policy, created_at: "t" }, news as never);
    expect(diff(policy)).toEqual({ changes: false });
    expect(diff({ ...policy, configuration: { action: "allow" } })).toEqual({ changes: true });
    expect(diff({ ...policy, consumer_selector: "cimd_clients" })).toEqual({
      changes: true,
      replaces: ["consumer_selector"],
    });
  });

  it("PATCHes the configuration only, whole; outputs keep the API's fields and timestamps, read inputs only the fields", async () => {
    const server = {
      id: "rlp_1",
      ...policy,
      created_at: "2026-07-06T10:24:38.766279Z",
      updated_at: "2026-07-06T10:24:38.766279Z",
    };
    const requests: unknown[] = [];
    const client = {
      settings: { origin: "https://a.example.com", domain: "a.example.com" },
      get: async () => ({ data: server }),
      request: async (request: { body?: unknown }) => {
        requests.push(request.body);
        return { data: server };
      },
    };
    const ctx = { client: () => client as never };
    const changed = { ...policy, configuration: { action: "allow" } };
    await rateLimitPolicyImplementation.update(ctx, "rlp_1", { ...policy, created_at: "t" }, changed);
    expect(requests).toEqual([{ configuration: changed.configuration }]);
    await rateLimitPolicyImplementation.update(ctx, "rlp_1", { ...policy, created_at: "t" }, policy);
    expect(requests).toHaveLength(1);
    const read = await rateLimitPolicyImplementation.read(ctx, "rlp_1", { ...policy, created_at: "t" });
    expect(read.props).toEqual({ ...policy, created_at: server.created_at, updated_at: server.updated_at });
    expect(read.inputs).toEqual(policy);
  });
});
