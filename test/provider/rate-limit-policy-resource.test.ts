/** RateLimitPolicy provider methods against a started tenant server: lifecycle, replacement, adoption, drift. */
import { forgetClaims } from "../../provider/lifecycle/create-once";
import { providerFor } from "../fixtures/providers";
import { call, PROVIDER_TEXT, startHarness, type ProviderHarness } from "./helpers";

const policyProvider = providerFor("rateLimitPolicy");
const policy = {
  resource: "oauth_authentication_api",
  consumer: "client",
  consumer_selector: "third_party_clients",
  configuration: { action: "block", limit: 50 },
};
const writes = (counters: Record<string, number>) =>
  Object.entries(counters)
    .filter(([key]) => /^(POST|PATCH|PUT|DELETE) \/api\/v2\//.test(key))
    .reduce((sum, [, n]) => sum + n, 0);

describe("RateLimitPolicy provider", () => {
  let harness: ProviderHarness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness.close());

  it("creates, reads, updates the configuration in place and deletes", async () => {
    const checked = await call(policyProvider, "check")({}, { ...policy, __provider: PROVIDER_TEXT });
    expect(checked.failures).toEqual([]);
    const created = await call(policyProvider, "create")(checked.inputs);
    expect(created.id).toMatch(/^rlp_/);
    expect(created.outs).toMatchObject(policy);

    const read = await call(policyProvider, "read")!(created.id, created.outs);
    expect(read.inputs).toEqual(policy);
    expect(
      (await call(policyProvider, "diff")(created.id, read.props, { ...policy, __provider: PROVIDER_TEXT })).changes,
    ).toBe(false);

    const changed = { ...policy, configuration: { action: "log", limit: 75 } };
    expect(await call(policyProvider, "diff")(created.id, created.outs, changed)).toEqual({ changes: true });
    harness.server.counters.reset();
    const updated = await call(policyProvider, "update")!(created.id, created.outs, changed);
    expect(updated.outs).toMatchObject(changed);
    expect(harness.server.counters.snapshot()).toMatchObject({ "PATCH /api/v2/rate-limit-policies/:id": 1 });
    expect((await harness.admin("GET", `/rate-limit-policies/${created.id}`)).json.configuration).toEqual({
      action: "log",
      limit: 75,
    });

    await call(policyProvider, "delete")!(created.id, updated.outs ?? {});
    expect((await harness.admin("GET", `/rate-limit-policies/${created.id}`)).status).toBe(404);
    // Deleting what is already gone is success.
    await call(policyProvider, "delete")!(created.id, updated.outs ?? {});
  });

  it("replaces the policy when resource, consumer or consumer_selector change", async () => {
    const diff = await call(policyProvider, "diff")("rlp_x", policy, { ...policy, consumer_selector: "default" });
    expect(diff).toEqual({ changes: true, replaces: ["consumer_selector"] });
  });

  it("refuses at check what the API refuses, naming the property", async () => {
    const checked = await call(policyProvider, "check")(
      {},
      { ...policy, configuration: { action: "redirect", limit: 5, redirect_uri: "http://x" } },
    );
    expect(checked.failures).toEqual([{ property: "configuration.redirect_uri", reason: "Must be an https:// URI" }]);
    const extra = await call(policyProvider, "check")({}, { ...policy, consumer_selectr: "default" });
    expect((extra.failures ?? []).map((failure) => failure.property)).toContain("consumer_selectr");
  });

  it("adopts an identical policy with no write, and a different one with one PATCH", async () => {
    const existing = (
      await harness.admin("POST", "/rate-limit-policies", { ...policy, consumer_selector: "cimd_clients" })
    ).json;
    harness.server.counters.reset();
    const same = await call(
      policyProvider,
      "create",
    )({ ...policy, consumer_selector: "cimd_clients", adoptId: existing.id });
    expect(same.id).toBe(existing.id);
    expect(same.outs.adoptId).toBe(existing.id);
    expect(writes(harness.server.counters.snapshot())).toBe(0);
    forgetClaims(); // a later run adopts it again, this time with another configuration
    const changed = await call(
      policyProvider,
      "create",
    )({ ...policy, consumer_selector: "cimd_clients", configuration: { action: "allow" }, adoptId: existing.id });
    expect(changed.outs.configuration).toEqual({ action: "allow" });
    expect(writes(harness.server.counters.snapshot())).toBe(1);
  });

  it("reports a policy changed out of band as drift, and one deleted out of band as gone", async () => {
    const created = await call(policyProvider, "create")({ ...policy, consumer_selector: "default" });
    await harness.admin("PATCH", `/rate-limit-policies/${created.id}`, { configuration: { action: "allow" } });
    const read = await call(policyProvider, "read")!(created.id, created.outs);
    expect(read.inputs).toMatchObject({ configuration: { action: "allow" } });
    expect(
      (await call(policyProvider, "diff")(created.id, read.props, { ...policy, consumer_selector: "default" })).changes,
    ).toBe(true);
    await harness.admin("DELETE", `/rate-limit-policies/${created.id}`);
    expect(await call(policyProvider, "read")!(created.id, created.outs)).toEqual({});
  });
});
