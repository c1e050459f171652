/**
 * The login page template's custom-domain rule through the real Pulumi engine: `pulumi
 * preview` of a LoginTemplate on a tenant without a custom domain fails, naming the rule and
 * the fix, and writes nothing; once the tenant has one, the same program previews and deploys.
 */
import { E2E_TIMEOUT_MS, setScenario, startE2e, writesIn, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

const TEMPLATE = "<html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>";

describe("LoginTemplate on a tenant without a custom domain", () => {
  let ctx: E2eContext;
  beforeAll(async () => {
    ctx = await startE2e({
      server: { customDomain: false },
      config: { hookPassword: { value: "hook-password-1", secret: true } },
    });
    await setScenario(ctx.stack, { formCount: 0, streamCount: 0, template: TEMPLATE });
  });
  afterAll(async () => ctx?.dispose());

  test("pulumi preview fails naming the missing custom domain and the fix, and writes nothing", async () => {
    ctx.server.counters.reset();
    const failure = await ctx.stack.preview().then(
      () => undefined,
      (error: unknown) => String(error),
    );
    expect(failure).toContain("has no custom domain, and a login page template needs one");
    expect(failure).toContain("Add a custom domain to the tenant and verify it");
    expect(writesIn(ctx.server.counters.snapshot())).toBe(0);
  });

  test("with a verified custom domain the same program previews and deploys", async () => {
    const created = await ctx.api.call<{ custom_domain_id: string }>("POST", "/custom-domains", {
      domain: "login.example.org",
      type: "auth0_managed_certs",
    });
    await ctx.api.call("POST", `/custom-domains/${created.body.custom_domain_id}/verify`);
    await ctx.stack.preview();
    await ctx.stack.up();
    expect(await ctx.api.hasTemplate()).toBe(true);
    await ctx.stack.destroy();
  });
});
