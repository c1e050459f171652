/**
 * What a user reads in the engine's output: update previews that name only what changes
 * (also after a refresh), adoption stated before it happens, the login template never
 * taken over by accident, and the RateLimitPolicy resource through the engine.
 */
import type { Stack } from "@pulumi/pulumi/automation";
import { E2E_TIMEOUT_MS, setScenario, startE2e, writesIn, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

const TEMPLATE = "<html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>";
const config = { hookPassword: { value: "hook-pa55word-view-Zq9", secret: true } };

async function previewText(stack: Stack, options: { diff?: boolean; refresh?: boolean } = {}) {
  const lines: string[] = [];
  const result = await stack.preview({ ...options, onOutput: (text) => lines.push(text) });
  return { result, text: lines.join("") };
}

describe("what a user sees", () => {
  let ctx: E2eContext;
  beforeAll(async () => {
    ctx = await startE2e({ stackName: "e2e-view", config });
  });
  afterAll(async () => ctx?.dispose());

  test("after a refresh, an update's preview names only the field that changes, old => new", async () => {
    await setScenario(ctx.stack, { formCount: 1, streamCount: 1, streamDestination: "eventbridge" });
    await ctx.stack.up();
    const refresh = await ctx.stack.refresh();
    expect(refresh.summary.resourceChanges?.update ?? 0).toBe(0);
    await setScenario(ctx.stack, {
      formCount: 1,
      streamCount: 1,
      streamDestination: "eventbridge",
      formName: "Renamed",
    });
    const { result, text } = await previewText(ctx.stack, { diff: true });
    expect(result.changeSummary.update).toBe(1);
    // Property lines of the detailed diff: `~ name : "old" => "new"` (resource and summary lines aside).
    const changed = text
      .split("\n")
      .filter((line) => /^\s+[-+~] [\w"]+\s*:/.test(line) && !/pulumi:pulumi:Stack|dynamic\/tenant:/.test(line));
    expect(changed.map((line) => line.trim().replace(/\s+/g, " "))).toEqual(['~ name : "Sign-up" => "Renamed"']);
    expect(text).not.toMatch(/resume_flow|created_at|status/);
  });

  test("a refresh preview of an unchanged stack shows no change (no server default reads as drift)", async () => {
    await setScenario(ctx.stack, { formCount: 1, streamCount: 1, streamDestination: "eventbridge" });
    await ctx.stack.up();
    const { result } = await previewText(ctx.stack, { refresh: true });
    expect(result.changeSummary.update ?? 0).toBe(0);
    expect(result.changeSummary.same).toBeGreaterThan(0);
  });

  test("the preview of an adoption says which object it takes over and what it changes; up writes only that", async () => {
    const existing = await ctx.api.call<{ id: string }>("POST", "/forms", {
      name: "Hand-made",
      style: { css: "body { color: #111; }" },
    });
    await setScenario(ctx.stack, {
      formCount: 1,
      streamCount: 0,
      adoptFormId: existing.body.id,
      formName: "Hand-made",
    });
    await ctx.stack.destroy();
    const { text } = await previewText(ctx.stack);
    expect(text).toContain(
      `adoptId: \`pulumi up\` adopts the existing form ${existing.body.id} ("Hand-made") and changes nodes, start.`,
    );
    ctx.server.counters.reset();
    const up = await ctx.stack.up();
    expect(up.summary.resourceChanges?.create).toBe(2); // the stack and the adopted form
    expect(writesIn(ctx.server.counters.snapshot())).toBe(1); // one PATCH: nodes and start
    await ctx.stack.up({ expectNoChanges: true });
    await ctx.stack.destroy();
  });

  test("a LoginTemplate over a tenant's different template fails at preview unless adopt is set", async () => {
    await ctx.api.call("PUT", "/branding/templates/universal-login", {
      template: TEMPLATE.replace("<body>", "<body>hand-made"),
    });
    await setScenario(ctx.stack, { formCount: 0, streamCount: 0, template: TEMPLATE });
    const failure = await ctx.stack.preview().then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure).toContain("adopt");
    expect(failure).toContain("already has a different login page template");
    await setScenario(ctx.stack, { formCount: 0, streamCount: 0, template: TEMPLATE, templateAdopt: true });
    await ctx.stack.up();
    expect((await ctx.api.call<{ body: string }>("GET", "/branding/templates/universal-login")).body.body).toBe(
      TEMPLATE,
    );
    await ctx.stack.destroy();
  });

  test("a RateLimitPolicy is created, updated in place, replaced on a new selector, and destroyed", async () => {
    await setScenario(ctx.stack, {
      formCount: 0,
      streamCount: 0,
      managedPolicy: { selector: "third_party_clients", action: "block", limit: 20 },
    });
    const first = await ctx.stack.up();
    const id = String(first.outputs.managedPolicyId.value);
    expect(id).toMatch(/^rlp_/);
    await setScenario(ctx.stack, {
      formCount: 0,
      streamCount: 0,
      managedPolicy: { selector: "third_party_clients", action: "log", limit: 30 },
    });
    const updated = await ctx.stack.up();
    expect(updated.summary.resourceChanges?.update).toBe(1);
    expect(
      (await ctx.api.call<{ configuration: unknown }>("GET", `/rate-limit-policies/${id}`)).body.configuration,
    ).toEqual({ action: "log", limit: 30 });
    await setScenario(ctx.stack, {
      formCount: 0,
      streamCount: 0,
      managedPolicy: { selector: "cimd_clients", action: "log", limit: 30 },
    });
    const replaced = await ctx.stack.up();
    expect(replaced.summary.resourceChanges?.replace).toBe(1);
    expect((await ctx.api.call("GET", `/rate-limit-policies/${id}`)).status).toBe(404);
    await ctx.stack.up({ expectNoChanges: true });
    await ctx.stack.destroy();
    const left = await ctx.api.call<{ rate_limit_policies: unknown[] }>("GET", "/rate-limit-policies");
    expect(left.body.rate_limit_policies).toEqual([]);
  });
});
