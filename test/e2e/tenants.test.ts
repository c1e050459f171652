/**
 * Two tenants managed from one stack through the real Pulumi engine: the default
 * namespace (`tenant:*`) and `prod:*`, chosen per resource by the `tenant` argument
 * (and per lookup by its `tenant` option). Each tenant gets only its own objects, one
 * token per tenant per provider process, no credential in state; a resource moved to
 * the other tenant is replaced there; destroy empties both.
 */
import * as path from "node:path";
import { startTenantServer, type TenantServer } from "../../server/index";
import { E2E_TIMEOUT_MS, rawStateText, startE2e, TenantApi, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

const PROGRAM_DIR = path.join(__dirname, "tenants-program");
const HOOK_TOKEN = "hook-bearer-two-tenants-Xq81";

describe("two tenants in one stack", () => {
  let ctx: E2eContext;
  let prod: TenantServer;
  let prodApi: TenantApi;
  let policyId: string;

  beforeAll(async () => {
    prod = await startTenantServer({ port: 0, logger: false });
    prodApi = new TenantApi(prod);
    ctx = await startE2e({
      programDir: PROGRAM_DIR,
      stackName: "tenants",
      config: {
        hookToken: { value: HOOK_TOKEN, secret: true },
        "prod:domain": { value: prod.url },
        "prod:clientId": { value: prod.credentials.clientId },
        "prod:clientSecret": { value: prod.credentials.clientSecret, secret: true },
      },
    });
    const created = await prodApi.call<{ id: string }>("POST", "/rate-limit-policies", {
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: "default",
      configuration: { action: "log", limit: 7 },
    });
    policyId = created.body.id;
    await ctx.stack.setConfig("policyId", { value: policyId });
  });

  afterAll(async () => {
    await ctx?.dispose();
    await prod?.close();
  });

  const names = async (api: TenantApi) => (await api.forms()).map((form) => form.name).sort();

  test("up puts each object in its own tenant, with one token per tenant and no credential in state", async () => {
    ctx.server.counters.reset();
    prod.counters.reset();
    const up = await ctx.stack.up();
    expect(up.summary.result).toBe("succeeded");
    expect(up.summary.resourceChanges?.create).toBe(7); // stack + 3 forms + 2 templates + 1 stream
    // One provider process: one token from each tenant (the program's lookup adds one in prod).
    expect(ctx.server.counters.snapshot()["POST /oauth/token"]).toBe(1);
    expect(prod.counters.snapshot()["POST /oauth/token"]).toBe(2);
    expect(await names(ctx.api)).toEqual(["Shared", "Sign-up (dev)"]);
    expect(await names(prodApi)).toEqual(["Sign-up (prod)"]);
    expect(await ctx.api.eventStreams()).toHaveLength(0);
    expect((await prodApi.eventStreams()).map((stream) => stream.name)).toEqual(["audit"]);
    expect(await ctx.api.hasTemplate()).toBe(true);
    const prodTemplate = await prodApi.call<{ body: string }>("GET", "/branding/templates/universal-login");
    expect(prodTemplate.body.body).toContain('<body class="prod">');
    // The lookup read prod.
    expect(up.outputs.policy.value).toMatchObject({ id: policyId, configuration: { action: "log", limit: 7 } });

    const state = rawStateText(ctx);
    for (const secret of [ctx.server.credentials.clientSecret, prod.credentials.clientSecret, HOOK_TOKEN])
      expect(state).not.toContain(secret);
    expect(state).toContain('"tenant":"prod"');
  });

  test("a second up changes nothing; a refresh reads each object from its own tenant", async () => {
    await ctx.stack.up({ expectNoChanges: true });
    ctx.server.counters.reset();
    prod.counters.reset();
    const refresh = await ctx.stack.refresh();
    expect(refresh.summary.result).toBe("succeeded");
    expect(refresh.summary.resourceChanges?.update ?? 0).toBe(0);
    // Each tenant's objects are read through that tenant's own lists: a page per kind, no GET per object.
    expect(ctx.server.counters.snapshot()).toMatchObject({ "GET /api/v2/forms": 1 });
    expect(prod.counters.snapshot()).toMatchObject({ "GET /api/v2/forms": 1, "GET /api/v2/event-streams": 1 });
    expect(ctx.server.counters.snapshot()["GET /api/v2/forms/:id"]).toBeUndefined();
    expect(prod.counters.snapshot()["GET /api/v2/forms/:id"]).toBeUndefined();
  });

  test("drift in one tenant shows on that resource only", async () => {
    const [form] = (await prodApi.forms()).filter((f) => f.name === "Sign-up (prod)");
    expect((await prodApi.call("PATCH", `/forms/${form.id}`, { name: "Renamed out of band" })).status).toBe(200);
    const drift = await ctx.stack.preview({ refresh: true, diff: true });
    expect(drift.changeSummary.update).toBe(1);
    expect(drift.stdout).toContain("prod-signup");
    await ctx.stack.up({ refresh: true });
    expect(await names(prodApi)).toEqual(["Sign-up (prod)"]);
  });

  test("naming the other tenant moves an object: created in prod, deleted from the default tenant", async () => {
    await ctx.stack.setConfig("formTenant", { value: "prod" });
    const preview = await ctx.stack.preview();
    expect(preview.changeSummary.replace).toBe(1);
    const up = await ctx.stack.up();
    expect(up.summary.resourceChanges?.replace).toBe(1);
    expect(await names(ctx.api)).toEqual(["Sign-up (dev)"]);
    expect(await names(prodApi)).toEqual(["Shared", "Sign-up (prod)"]);
    await ctx.stack.up({ expectNoChanges: true });
  });

  test("destroy empties both tenants", async () => {
    await ctx.stack.destroy();
    expect(await ctx.api.forms()).toHaveLength(0);
    expect(await prodApi.forms()).toHaveLength(0);
    expect(await prodApi.eventStreams()).toHaveLength(0);
    expect(await ctx.api.hasTemplate()).toBe(false);
    expect(await prodApi.hasTemplate()).toBe(false);
  });
});
