/**
 * The real Pulumi engine drives the providers against a tenant server: preview, up,
 * no-op up, update, replace, drift (change and delete out of band), invalid input,
 * secrets in state, the lookup, and destroy.
 */
import { E2E_TIMEOUT_MS, apiCallsIn, rawStateText, setScenario, startE2e, writesIn, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

const HOOK_PASSWORD = "hook-pa55word-e2e-Zq9";
const TEMPLATE = "<html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>";

describe("pulumi engine lifecycle against the tenant server", () => {
  let ctx: E2eContext;
  let policyId: string;
  const base = () => ({ formCount: 1, streamCount: 1, template: TEMPLATE, policyId });

  beforeAll(async () => {
    ctx = await startE2e({ config: { hookPassword: { value: HOOK_PASSWORD, secret: true } } });
    const created = await ctx.api.call<{ id: string }>("POST", "/rate-limit-policies", {
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: "default",
      configuration: { action: "block", limit: 100 },
    });
    expect(created.status).toBe(201);
    policyId = created.body.id;
    await setScenario(ctx.stack, base());
  });

  afterAll(async () => {
    await ctx?.dispose();
  });

  test("preview of a fresh stack lists the creates and writes nothing to the tenant", async () => {
    ctx.server.counters.reset();
    const preview = await ctx.stack.preview();
    expect(preview.changeSummary.create).toBe(4); // stack + form + stream + template
    const counters = ctx.server.counters.snapshot();
    expect(writesIn(counters)).toBe(0);
    // Only the lookup, the template's look for a custom domain (which a template needs), its
    // look for a template to take over, and the list of flows (the form's FLOW node names a
    // literal flow id, which the tenant lacks: a warning) read the tenant during preview.
    expect(apiCallsIn(counters)).toBe(4);
    expect(preview.stdout).toContain("names flow af_2Nf7qL3mXcVbT8wRyK1pDz, which the tenant");
  });

  test("up creates every resource and the lookup reaches the outputs", async () => {
    const up = await ctx.stack.up();
    expect(up.summary.resourceChanges?.create).toBe(4);
    expect(await ctx.api.forms()).toHaveLength(1);
    expect(await ctx.api.eventStreams()).toHaveLength(1);
    expect(await ctx.api.hasTemplate()).toBe(true);
    const policy = up.outputs.policy.value as { id: string; configuration: { action: string; limit: number } };
    expect(policy.id).toBe(policyId);
    expect(policy.configuration).toEqual({ action: "block", limit: 100 });
  });

  test("a second up with no edits changes nothing and writes nothing", async () => {
    ctx.server.counters.reset();
    await ctx.stack.up({ expectNoChanges: true });
    expect(writesIn(ctx.server.counters.snapshot())).toBe(0);
  });

  test("state holds no webhook secret and no credential in plaintext", async () => {
    // The Automation API's exportStack() decrypts secrets; the backend's files are what is stored.
    const stored = rawStateText(ctx);
    expect(stored).toContain("pulumi-nodejs:dynamic/tenant:EventStream");
    expect(stored).not.toContain(HOOK_PASSWORD);
    expect(stored).not.toContain(ctx.server.credentials.clientSecret);
    expect(stored).toContain("4dabf18193072939515e22adb298388d"); // Pulumi's secret signature
    // The provider's serialized code holds no credential either.
    const exported = JSON.stringify(await ctx.stack.exportStack());
    const providerCode = [...exported.matchAll(/"__provider":"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).join("\n");
    expect(providerCode.length).toBeGreaterThan(0);
    expect(providerCode).not.toContain(ctx.server.credentials.clientSecret);
    expect(providerCode).not.toContain(HOOK_PASSWORD);
  });

  test("changing one field is an update of that resource", async () => {
    await setScenario(ctx.stack, { ...base(), formName: "Sign-up v2" });
    const preview = await ctx.stack.preview();
    expect(preview.changeSummary.update).toBe(1);
    await ctx.stack.up();
    expect((await ctx.api.forms()).map((f) => f.name)).toEqual(["Sign-up v2"]);
    await ctx.stack.up({ expectNoChanges: true });
  });

  test("changing the destination type replaces the event stream", async () => {
    await setScenario(ctx.stack, { ...base(), formName: "Sign-up v2", streamDestination: "eventbridge" });
    const preview = await ctx.stack.preview();
    expect(preview.changeSummary.replace).toBe(1);
    await ctx.stack.up();
    const streams = await ctx.api.eventStreams();
    expect(streams.map((s) => s.destination.type)).toEqual(["eventbridge"]);
    await setScenario(ctx.stack, { ...base(), formName: "Sign-up v2" });
    await ctx.stack.up();
    expect((await ctx.api.eventStreams()).map((s) => s.destination.type)).toEqual(["webhook"]);
  });

  test("a change made out of band is drift: refresh reports it and up puts the code's value back", async () => {
    const [form] = await ctx.api.forms();
    expect((await ctx.api.call("PATCH", `/forms/${form.id}`, { name: "Renamed by hand" })).status).toBe(200);

    const drift = await ctx.stack.previewRefresh();
    expect(drift.changeSummary.update).toBe(1);
    const refresh = await ctx.stack.refresh();
    expect(refresh.summary.resourceChanges?.update).toBe(1);

    const preview = await ctx.stack.preview({ diff: true });
    expect(preview.changeSummary.update).toBe(1);
    expect(preview.stdout).toContain("Renamed by hand");
    await ctx.stack.up();
    expect((await ctx.api.forms()).map((f) => f.name)).toEqual(["Sign-up v2"]);
    await ctx.stack.refresh({ expectNoChanges: true });
  });

  test("an object deleted out of band: refresh drops it and up recreates it", async () => {
    const [stream] = await ctx.api.eventStreams();
    expect((await ctx.api.call("DELETE", `/event-streams/${stream.id}`)).status).toBe(204);
    const refresh = await ctx.stack.refresh();
    expect(refresh.summary.resourceChanges?.delete).toBe(1);
    const up = await ctx.stack.up();
    expect(up.summary.resourceChanges?.create).toBe(1);
    const streams = await ctx.api.eventStreams();
    expect(streams).toHaveLength(1);
    expect(streams[0].id).not.toBe(stream.id);
  });

  test("invalid input fails the preview naming the property, and writes nothing", async () => {
    await setScenario(ctx.stack, { ...base(), formName: "x".repeat(151) });
    ctx.server.counters.reset();
    await expect(ctx.stack.preview()).rejects.toThrow(/name/);
    expect(writesIn(ctx.server.counters.snapshot())).toBe(0);
    await setScenario(ctx.stack, { ...base(), formName: "Sign-up v2" });
  });

  test("a lookup of a policy that does not exist fails the preview with the id named", async () => {
    await setScenario(ctx.stack, { ...base(), formName: "Sign-up v2", policyId: "rlp_A2e2maUyTh56PcNhotCuX" });
    await expect(ctx.stack.preview()).rejects.toThrow(/rate limit policy rlp_A2e2maUyTh56PcNhotCuX not found/);
    await setScenario(ctx.stack, { ...base(), formName: "Sign-up v2" });
  });

  // Many resources under a low server rate limit: faults/rate-limit-storm.test.ts (up, refresh and destroy through
  // the engine at 2 requests/s beside a neighbour, every object counted) and provider/faults.test.ts › "a 429 storm
  // completes: …".

  test("destroy leaves the tenant empty, also when something was already deleted", async () => {
    const [form] = await ctx.api.forms();
    expect((await ctx.api.call("DELETE", `/forms/${form.id}`)).status).toBe(204);
    await ctx.stack.destroy();
    expect(await ctx.api.forms()).toHaveLength(0);
    expect(await ctx.api.eventStreams()).toHaveLength(0);
    expect(await ctx.api.hasTemplate()).toBe(false);
  });
});
