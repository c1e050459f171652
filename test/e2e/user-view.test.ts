/**
 * What a user reads in the engine's output: update previews that name only what changes
 * (also after a refresh), a refresh preview of an unchanged stack showing no change, adoption
 * stated before it happens, and a login template refused at preview on a tenant without a
 * custom domain, naming the rule and the fix.
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
  /** What the first two tests preview against: deployed once, for both (they only preview). */
  const deployed = { formCount: 1, streamCount: 1, streamDestination: "eventbridge" };
  beforeAll(async () => {
    ctx = await startE2e({ stackName: "e2e-view", config });
    await setScenario(ctx.stack, deployed);
    await ctx.stack.up();
  });
  afterAll(async () => ctx?.dispose());

  test("after a refresh, an update's preview names only the field that changes, old => new", async () => {
    await setScenario(ctx.stack, deployed);
    const refresh = await ctx.stack.refresh();
    expect(refresh.summary.resourceChanges?.update ?? 0).toBe(0);
    await setScenario(ctx.stack, { ...deployed, formName: "Renamed" });
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
    await setScenario(ctx.stack, deployed);
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

  // A template takeover needing `adopt` is checked by provider/login-template.test.ts › "refuses at check to take
  // over a different existing template unless adopt is set" (the same message) and "runs the full lifecycle; creating
  // with adopt over an existing template replaces it". The RateLimitPolicy's create, in-place update, replacement
  // and delete are checked by provider/rate-limit-policy-resource.test.ts; its create through the engine by
  // trial-tenant.test.ts › "two policies of the program for the same selector …", and a replacement through the
  // engine by lifecycle.test.ts › "changing the destination type replaces the event stream".
  // A template deployed once the tenant has a custom domain: lifecycle.test.ts › "up creates every resource …",
  // provider/login-template.test.ts and server/custom-domains.test.ts.

  test("a login template on a tenant without a custom domain: the preview names the rule and the fix, and writes nothing", async () => {
    const domains = (await ctx.api.call<{ custom_domain_id: string; domain: string }[]>("GET", "/custom-domains")).body;
    expect(domains.length).toBeGreaterThan(0);
    for (const domain of domains) await ctx.api.call("DELETE", `/custom-domains/${domain.custom_domain_id}`);
    try {
      await setScenario(ctx.stack, { formCount: 0, streamCount: 0, template: TEMPLATE });
      ctx.server.counters.reset();
      const failure = await ctx.stack.preview().then(
        () => undefined,
        (error: Error) => error.message,
      );
      expect(failure).toContain("has no custom domain, and a login page template needs one");
      expect(failure).toContain("Add a custom domain to the tenant and verify it");
      expect(writesIn(ctx.server.counters.snapshot())).toBe(0);
    } finally {
      for (const { domain } of domains) {
        const created = await ctx.api.call<{ custom_domain_id: string }>("POST", "/custom-domains", {
          domain,
          type: "auth0_managed_certs",
        });
        await ctx.api.call("POST", `/custom-domains/${created.body.custom_domain_id}/verify`);
      }
    }
  });
});
