/**
 * One form program deployed to two tenants unchanged, through the real engine: the realistic
 * example (a flow vault connection whose token is secret config, a flow whose HTTP action
 * uses it, a form whose FLOW node points at the flow, a post-login action that renders the
 * form, holding its id and the token as secrets, bound to post-login, an event stream to an
 * action, the login page's look: branding, a theme, texts in two languages, a partial) as
 * stack `dev` on tenant A and stack `prod` on tenant B, each tenant server running action
 * tests. Each tenant holds its own ids: each form points at its own tenant's flow, each
 * tenant's action renders its own form (run locally) from the same code, each stream names its
 * own tenant's action, each tenant's theme is its own, with no id in code or config; both
 * tenants show the same look; the committed sign-up journey (examples/realistic/journeys/signup.yaml)
 * rehearses on dev's tenant in Chromium with `pulumi-tenant rehearse`: the action renders the form,
 * its flow calls the CRM's fixture, the login resumes and app_metadata holds the CRM's record; a
 * second preview changes nothing; a rotated token is an update of what holds it; drift on a flow's
 * action is seen and undone; destroy leaves both tenants empty.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { ensureChromium } from "../../scripts/lib/chromium";
import { REPO_ROOT } from "../../scripts/lib/pulumi";
import { E2E_TIMEOUT_MS, rawStateText, startE2e, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

const EXAMPLE_DIR = path.join(REPO_ROOT, "examples", "realistic");
const TOKENS = { dev: "crm-token-dev-Vq83Lm", prod: "crm-token-prod-Zt51Kp", rotated: "crm-token-dev-rotated-Hw62" };

interface Flow {
  id: string;
  name: string;
  actions: { id: string; params: { connection_id: string; url: string } }[];
}
interface Connection {
  id: string;
  name: string;
  ready: boolean;
  fingerprint: string;
  setup?: unknown;
}
interface Form {
  id: string;
  nodes: { id: string; type: string; config: { flow_id?: string } }[];
}
interface Action {
  id: string;
  name: string;
  code: string;
  all_changes_deployed: boolean;
  secrets: { name: string; updated_at: string }[];
}

/** What a tenant holds of the program's flow objects, read through its API. */
async function flowObjects(ctx: E2eContext) {
  const connections = (
    await ctx.api.call<{ connections: Connection[] }>(
      "GET",
      "/flows/vault/connections?include_totals=true&per_page=100",
    )
  ).body.connections;
  const summaries = (await ctx.api.call<{ flows: { id: string }[] }>("GET", "/flows?include_totals=true&per_page=100"))
    .body.flows;
  const flows = await Promise.all(summaries.map(async (s) => (await ctx.api.call<Flow>("GET", `/flows/${s.id}`)).body));
  const forms = await Promise.all(
    (await ctx.api.forms()).map(async (f) => (await ctx.api.call<Form>("GET", `/forms/${f.id}`)).body),
  );
  const actions = (await ctx.api.call<{ actions: Action[] }>("GET", "/actions/actions?per_page=100")).body.actions;
  const bindings = (
    await ctx.api.call<{ bindings: { action: { id: string }; display_name: string }[] }>(
      "GET",
      "/actions/triggers/post-login/bindings",
    )
  ).body.bindings.map((binding) => ({ action: binding.action.id, display_name: binding.display_name }));
  return { connections, flows, forms, actions, bindings };
}

/** The login page's look a tenant holds: branding, its theme, the identifier screen's texts (en, fr), its partials. */
async function lookOf(ctx: E2eContext) {
  const read = async (apiPath: string) => {
    const reply = await ctx.api.call<Record<string, unknown>>("GET", apiPath);
    return reply.status === 200 ? reply.body : { status: reply.status };
  };
  const { themeId, ...theme } = await read("/branding/themes/default");
  return {
    themeId,
    look: {
      branding: await read("/branding"),
      theme,
      texts: { en: await read("/prompts/login-id/custom-text/en"), fr: await read("/prompts/login-id/custom-text/fr") },
      partials: await read("/prompts/login-id/partials"),
    },
  };
}

/** What the tenant's `ask-for-company` action does for a user without a company, run by the tenant server. */
async function loginOfUserWithoutCompany(ctx: E2eContext, action: Action) {
  const reply = await ctx.api.call<{ payload: { calls: { method: string; args: unknown[] }[]; error?: unknown } }>(
    "POST",
    `/actions/actions/${action.id}/test`,
    { payload: { user: { email: "ann@example.com", user_metadata: {} } } },
  );
  expect(reply.status).toBe(200);
  expect(reply.body.payload.error).toBeUndefined();
  return reply.body.payload.calls;
}

describe("one form program, two tenants: dev and prod", () => {
  let dev: E2eContext;
  let prod: E2eContext;
  let scratch: string;

  beforeAll(async () => {
    // A copy of the example, so the stacks' config files stay out of the repository.
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-promotion-"));
    const programDir = path.join(scratch, "program");
    fs.mkdirSync(programDir);
    for (const file of fs.readdirSync(EXAMPLE_DIR)) {
      if (file !== "node_modules")
        fs.cpSync(path.join(EXAMPLE_DIR, file), path.join(programDir, file), { recursive: true });
    }
    fs.writeFileSync(
      path.join(programDir, "Pulumi.yaml"),
      "name: promotion\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
    );
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(programDir, "node_modules"), "dir");
    const stack = (name: "dev" | "prod") =>
      startE2e({
        programDir,
        stackName: name,
        server: { runActions: true },
        config: {
          hookPassword: { value: `hook-${name}-password`, secret: true },
          crmToken: { value: TOKENS[name], secret: true },
        },
      });
    dev = await stack("dev");
    prod = await stack("prod");
  });

  afterAll(async () => {
    await dev?.dispose();
    await prod?.dispose();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  test("each stack deploys the program to its own tenant; each form points at its own tenant's flow", async () => {
    for (const ctx of [dev, prod]) expect((await ctx.stack.up()).summary.result).toBe("succeeded");
    const a = await flowObjects(dev);
    const b = await flowObjects(prod);
    for (const tenant of [a, b]) {
      expect(tenant.connections).toHaveLength(1);
      expect(tenant.flows).toHaveLength(1);
      expect(tenant.forms).toHaveLength(1);
      const [connection] = tenant.connections;
      const [flow] = tenant.flows;
      expect(connection).toMatchObject({ name: "crm-api", ready: true });
      expect(connection).not.toHaveProperty("setup");
      expect(flow.actions[0].params.connection_id).toBe(connection.id);
      const flowNode = tenant.forms[0].nodes.find((node) => node.type === "FLOW")!;
      expect(flowNode.config.flow_id).toBe(flow.id);
      expect(tenant.actions.map((action) => action.name).sort()).toEqual(["ask-for-company", "forward-user-events"]);
      for (const action of tenant.actions) expect(action.all_changes_deployed).toBe(true);
      // The post-login action's code is the same text in both tenants: the form's id reaches it as a secret.
      const secretsOf = (name: string) =>
        tenant.actions.find((action) => action.name === name)!.secrets.map((secret) => secret.name);
      expect(secretsOf("ask-for-company")).toEqual(["CRM_TOKEN", "SIGNUP_FORM_ID"]);
      expect(secretsOf("forward-user-events")).toEqual(["CRM_TOKEN"]);
    }
    // Each tenant's post-login action shows that tenant's own form, to a user without a company.
    for (const [ctx, tenant] of [
      [dev, a],
      [prod, b],
    ] as const) {
      const ask = tenant.actions.find((action) => action.name === "ask-for-company")!;
      // Bound to post-login, by reference: the trigger runs this tenant's action.
      expect(tenant.bindings).toEqual([{ action: ask.id, display_name: "Ask for the company" }]);
      expect(await loginOfUserWithoutCompany(ctx, ask)).toEqual([
        { method: "api.prompt.render", args: [tenant.forms[0].id, { vars: { email: "ann@example.com" } }] },
      ]);
      // Each stream's action destination is that tenant's own action.
      const forward = tenant.actions.find((action) => action.name === "forward-user-events")!;
      const streams = await ctx.api.eventStreams();
      const toAction = streams.filter((stream) => stream.destination.type === "action");
      expect(toAction.map((stream) => stream.destination.configuration)).toEqual([{ action_id: forward.id }]);
    }
    expect(a.forms[0].id).not.toBe(b.forms[0].id);
    const askCode = (tenant: typeof a) => tenant.actions.find((action) => action.name === "ask-for-company")!.code;
    expect(askCode(a)).toBe(askCode(b));
    // Both tenants show the same login page, each with its own theme (its id made by the tenant).
    const [lookA, lookB] = [await lookOf(dev), await lookOf(prod)];
    expect(lookB.look).toEqual(lookA.look);
    expect(lookA.look).toMatchObject({
      branding: { colors: { primary: "#0059d6" }, logo_url: "https://example.com/logo.png" },
      theme: { displayName: "Example Inc.", colors: { primary_button: "#0059d6" }, fonts: { title: { size: 150 } } },
      texts: { fr: { "login-id": { title: "Bienvenue chez Example Inc." } } },
      partials: { "login-id": { "form-content-end": expect.stringContaining("it@example.com") } },
    });
    expect(lookA.look.texts.en).toEqual({
      "login-id": { title: "Welcome to Example Inc.", description: "Log in to continue to Example." },
    });
    expect(lookA.themeId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(lookB.themeId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(lookA.themeId).not.toBe(lookB.themeId);
    // Each tenant made its own ids.
    expect(a.flows[0].id).not.toBe(b.flows[0].id);
    expect(a.connections[0].id).not.toBe(b.connections[0].id);
    // The tokens are secrets in each stack's state, never plaintext.
    for (const [ctx, token] of [
      [dev, TOKENS.dev],
      [prod, TOKENS.prod],
    ] as const) {
      const state = rawStateText(ctx);
      expect(state).toContain("FlowVaultConnection");
      expect(state).not.toContain(token);
    }
  });

  test("the committed sign-up journey rehearses on dev's tenant: a screenshot per page, a trace with the flow's call, no secret", async () => {
    const { clientId, clientSecret } = dev.server.credentials;
    // The command line of docs/guides/journeys.md, run where the program is, as a user runs it.
    const rehearse = [
      ...["--no-install", "pulumi-tenant", "rehearse", "journeys/signup.yaml"],
      ...["--tenant-url", dev.server.url, "--out", "rehearsals", "--json", "rehearsals/results.json"],
    ];
    const env = {
      ...process.env,
      AUTH0_CLIENT_ID: clientId,
      AUTH0_CLIENT_SECRET: clientSecret,
      PULUMI_TENANT_CHROMIUM: ensureChromium(),
    };
    const run = await promisify(execFile)("npx", rehearse, { cwd: dev.programDir, env }).catch(
      (error: { code?: number; stdout?: string; stderr?: string }) => {
        throw new Error(`rehearse exited ${error.code}:\n${error.stdout}\n${error.stderr}`);
      },
    );
    expect(run.stdout).toMatch(/^PASS signup \(2 pages, [\d.]+ s\)$/m);
    const out = path.join(dev.programDir, "rehearsals");
    const results = JSON.parse(fs.readFileSync(path.join(out, "results.json"), "utf8"));
    expect(results).toMatchObject({
      out: "rehearsals",
      journeys: [
        {
          journey: "signup",
          passed: true,
          screenshots: ["signup/01-login.png", "signup/02-form-sign-up-step_details.png"],
          trace: "signup/trace.json",
        },
      ],
    });
    for (const picture of results.journeys[0].screenshots as string[])
      expect(fs.readFileSync(path.join(out, picture)).subarray(1, 4).toString()).toBe("PNG");
    const traceText = fs.readFileSync(path.join(out, "signup", "trace.json"), "utf8");
    const trace = JSON.parse(traceText);
    const [form] = (await flowObjects(dev)).forms;
    expect(trace.forms.map((event: { node_id: string; step: string }) => `${event.node_id} ${event.step}`)).toEqual([
      "step_details shown",
      "step_details submitted",
    ]);
    expect(trace.forms[0].form_id).toBe(form.id);
    expect(trace.flows).toMatchObject([
      {
        name: "Enrich the profile",
        outcome: "ok",
        calls: [{ method: "POST", url: "https://crm.example.com/api/companies/lookup", status: 200 }],
      },
    ]);
    // onContinuePostLogin's lookup, answered by the journey's fixture.
    expect(trace.actions.flatMap((event: { requests: unknown[] }) => event.requests)).toContainEqual({
      method: "GET",
      url: "https://crm.example.com/api/companies/lookup?company=Acme",
      status: 200,
    });
    expect(trace.logins).toMatchObject([{ outcome: "success" }]);
    expect(trace.claims).toMatchObject({ email: "ann@example.com" });
    for (const secret of [TOKENS.dev, clientSecret, "hook-dev-password"]) expect(traceText).not.toContain(secret);
    expect(traceText).not.toMatch(/"(password|client_secret|id_token|access_token)"/);
    // What the run made is gone: its user and its application.
    expect((await dev.api.call<unknown[]>("GET", "/users-by-email?email=ann%40example.com")).body).toEqual([]);
    const clients = (await dev.api.call<{ name: string }[]>("GET", "/clients?per_page=100")).body;
    expect(clients.map((client) => client.name)).not.toContain("Rehearsal of the sign-up");
  });

  test("a second preview of each stack changes nothing; a refresh reports nothing", async () => {
    for (const ctx of [dev, prod]) {
      await ctx.stack.preview({ expectNoChanges: true });
      await ctx.stack.preview({ refresh: true, expectNoChanges: true });
    }
  });

  test("a rotated CRM token is an update of what holds it (the connection, the two actions), in dev's tenant only", async () => {
    const before = (await flowObjects(dev)).connections[0];
    const actionsBefore = (await flowObjects(dev)).actions;
    const prodBefore = await flowObjects(prod);
    await dev.stack.setConfig("crmToken", { value: TOKENS.rotated, secret: true });
    const preview = await dev.stack.preview({ diff: true });
    expect(preview.changeSummary.update).toBe(3);
    expect(preview.stdout).toContain("tenant:FlowVaultConnection");
    expect(preview.stdout).toContain("tenant:Action");
    expect(preview.stdout).not.toContain(TOKENS.rotated);
    const up = await dev.stack.up();
    expect(up.summary.resourceChanges?.update).toBe(3);
    // Each action took the new value (its secret's updated_at moved) and is deployed again.
    for (const action of (await flowObjects(dev)).actions) {
      const earlier = actionsBefore.find((other) => other.id === action.id)!;
      expect(action.secrets[0].updated_at).not.toBe(earlier.secrets[0].updated_at);
      expect(action.all_changes_deployed).toBe(true);
    }
    const after = (await flowObjects(dev)).connections[0];
    expect(after.id).toBe(before.id);
    // The tenant took new credentials: their fingerprint moved.
    expect(after.fingerprint).not.toBe(before.fingerprint);
    expect(await flowObjects(prod)).toEqual(prodBefore);
    expect(rawStateText(dev)).not.toContain(TOKENS.rotated);
    await dev.stack.preview({ expectNoChanges: true });
  });

  test("drift on a flow's action is seen by a refresh and undone by up --refresh", async () => {
    const [flow] = (await flowObjects(dev)).flows;
    const edited = structuredClone(flow.actions);
    edited[0].params.url = "https://evil.example.com/exfiltrate";
    const patch = await dev.api.call("PATCH", `/flows/${flow.id}`, { actions: edited });
    expect(patch.status).toBe(200);
    await expect(dev.stack.preview({ refresh: true, expectNoChanges: true })).rejects.toThrow();
    const refreshed = await dev.stack.preview({ refresh: true, diff: true });
    expect(refreshed.changeSummary.update).toBe(1);
    expect(refreshed.stdout).toContain("evil.example.com");
    await dev.stack.up({ refresh: true });
    const [undone] = (await flowObjects(dev)).flows;
    expect(undone.actions[0].params.url).toBe("https://crm.example.com/api/companies/lookup");
    await dev.stack.preview({ refresh: true, expectNoChanges: true });
  });

  test("destroy leaves both tenants empty", async () => {
    for (const ctx of [dev, prod]) {
      await ctx.stack.destroy();
      const left = await flowObjects(ctx);
      // The binding went first: an action still bound cannot be deleted without force.
      expect(left).toEqual({ connections: [], flows: [], forms: [], actions: [], bindings: [] });
      expect(await ctx.api.eventStreams()).toEqual([]);
      expect(await ctx.api.hasTemplate()).toBe(false);
      // The look goes back to the tenant's defaults: no theme, no texts, no partials.
      const { look } = await lookOf(ctx);
      expect(look.theme).toEqual({ status: 404 });
      expect([look.texts, look.partials]).toEqual([{ en: {}, fr: {} }, {}]);
    }
  });
});
