/**
 * The resource plugin through the real engine (issue 18): a program with no SDK declares a
 * `tenant:index:Form`; up creates it, a second up changes nothing, a config edit updates it,
 * and `preview --json` names the changed field (`diffReasons`, what pull-request bots read);
 * the client secret never reaches the state, destroy deletes it; `pulumi import` adopts a
 * form made by hand, and the matching program then previews no change. A trigger's bindings
 * naming an action of the same program: up binds it, a binding removed by hand is drift
 * (`actions`) that `up --refresh` puts back, and destroy unbinds before it deletes the action.
 */
import * as path from "node:path";
import signupForm from "./plugin-program/signup-form.json";
import { KINDS } from "../../api";
import { describeDrift, detectDrift } from "../../provider/cli/drift-report";
import { E2E_TIMEOUT_MS, previewJsonSteps, rawStateText, startE2e, writesIn, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

describe("the tenant resource plugin through the real engine", () => {
  let ctx: E2eContext;
  beforeAll(async () => {
    ctx = await startE2e({ programDir: path.join(__dirname, "plugin-program"), stackName: "plugin" });
  });
  afterAll(async () => ctx?.dispose());

  test("up, no-op up, update and destroy", async () => {
    const up = await ctx.stack.up();
    expect(up.summary.result).toBe("succeeded");
    const id = String(up.outputs.formId.value);
    expect((await ctx.api.call<{ name: string }>("GET", `/forms/${id}`)).body.name).toBe("Sign-up");

    const again = await ctx.stack.up();
    expect(again.summary.resourceChanges).toEqual({ same: 2 });

    await ctx.stack.setConfig("formName", { value: "Join" });
    // What a pull-request bot reads: the update and the field that causes it.
    const update = (await previewJsonSteps(ctx.stack)).find((step) => step.op === "update");
    expect(update).toMatchObject({ urn: expect.stringContaining("tenant:index:Form::signup"), diffReasons: ["name"] });
    expect(update?.detailedDiff).toEqual({ name: expect.objectContaining({ kind: "update" }) });
    const renamed = await ctx.stack.up();
    expect(renamed.summary.resourceChanges).toMatchObject({ update: 1 });
    expect((await ctx.api.call<{ name: string }>("GET", `/forms/${id}`)).body.name).toBe("Join");
    expect(rawStateText(ctx)).not.toContain(ctx.server.credentials.clientSecret);

    const destroyed = await ctx.stack.destroy();
    expect(destroyed.summary.result).toBe("succeeded");
    expect((await ctx.api.call("GET", `/forms/${id}`)).status).toBe(404);
  });

  test("trigger bindings: bound by reference, a binding removed by hand is drift that up --refresh puts back", async () => {
    const bindings = async () =>
      (
        await ctx.api.call<{ bindings: { action: { id: string; name: string }; display_name: string }[] }>(
          "GET",
          "/actions/triggers/post-login/bindings",
        )
      ).body.bindings.map((binding) => `${binding.action.name} as ${binding.display_name}`);
    await ctx.stack.setConfig("bindings", { value: "true" });
    const up = await ctx.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ create: 4 }); // the stack, the form, the action, the bindings
    expect(await bindings()).toEqual(["render-form-e2e as Render the form"]);
    expect((await ctx.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 4 });

    await ctx.api.call("PATCH", "/actions/triggers/post-login/bindings", { bindings: [] });
    const drift = await detectDrift(ctx.stack);
    expect(drift).toEqual([
      { name: "postLogin", type: "tenant:index:TriggerBindings", op: "update", fields: ["actions"] },
    ]);
    expect(describeDrift(drift)).toEqual(["  TriggerBindings postLogin: fields differ: actions [update]"]);
    const back = await ctx.stack.up({ refresh: true });
    expect(back.summary.resourceChanges).toMatchObject({ update: 1 });
    expect(await bindings()).toEqual(["render-form-e2e as Render the form"]);

    // Destroy unbinds first (the bindings depend on the action), then deletes the action.
    const destroyed = await ctx.stack.destroy();
    expect(destroyed.summary.result).toBe("succeeded");
    expect(await bindings()).toEqual([]);
    // An empty list answers no `total`, as the service's does: the list itself is empty.
    expect((await ctx.api.call<{ actions: unknown[] }>("GET", "/actions/actions")).body.actions).toEqual([]);
    await ctx.stack.removeConfig("bindings");
  });

  test("pulumi import adopts a form by id, and the matching program then previews no change", async () => {
    await ctx.stack.removeConfig("formName");
    const made = await ctx.api.call<{ id: string }>("POST", "/forms", signupForm);
    expect(made.status).toBe(201);
    const imported = await ctx.stack.import({
      resources: [{ type: "tenant:index:Form", name: "signup", id: made.body.id }],
      generateCode: false,
      protect: false,
    });
    expect(imported.summary.result).toBe("succeeded");
    const preview = await ctx.stack.preview({ expectNoChanges: true });
    expect(preview.changeSummary).toEqual({ same: 2 });
    const destroyed = await ctx.stack.destroy();
    expect(destroyed.summary.result).toBe("succeeded");
    expect((await ctx.api.call("GET", `/forms/${made.body.id}`)).status).toBe(404);
  });

  test("pulumi import adopts an event stream, the template, a policy, a trigger's bindings, the theme and a custom text by id; the matching program previews no change", async () => {
    const stream = {
      name: "audit-bridge",
      subscriptions: [{ event_type: "user.created" }],
      destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "eu-west-1" } },
    };
    // The API's names: the program (plugin-program/index.ts) renames them to the schema's.
    const template = { template: "<html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>" };
    const policy = {
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: "default",
      configuration: { action: "block", limit: 50 },
    };
    const madeStream = await ctx.api.call<{ id: string }>("POST", "/event-streams", stream);
    expect(madeStream.status).toBe(201);
    expect((await ctx.api.call("PUT", "/branding/templates/universal-login", template)).status).toBeLessThan(300);
    const madePolicy = await ctx.api.call<{ id: string }>("POST", "/rate-limit-policies", policy);
    expect(madePolicy.status).toBe(201);
    const made = await ctx.api.call<{ id: string }>("POST", "/forms", signupForm);
    // A trigger's bindings made by hand, of an action the stack does not manage: imported by the trigger's id.
    const action = await ctx.api.call<{ id: string }>("POST", "/actions/actions", {
      name: "made-by-hand",
      supported_triggers: [{ id: "pre-user-registration" }],
      code: "exports.onExecutePreUserRegistration = async () => {};",
    });
    expect((await ctx.api.call("POST", `/actions/actions/${action.body.id}/deploy`)).status).toBe(200);
    // The tenant builds and deploys a moment after it answers (as the service does): bind once it is live.
    for (let tries = 0; tries < 200; tries += 1) {
      const read = await ctx.api.call<{ deployed_version?: { deployed?: boolean } }>(
        "GET",
        `/actions/actions/${action.body.id}`,
      );
      if (read.body.deployed_version?.deployed === true) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const bindingsPath = "/actions/triggers/pre-user-registration/bindings";
    const bound = { bindings: [{ ref: { type: "action_id", value: action.body.id } }] };
    expect((await ctx.api.call("PATCH", bindingsPath, bound)).status).toBe(200);
    // The login page's look made by hand: the theme (imported by the themeId the tenant made) and a custom text.
    const theme = KINDS.brandingTheme.example;
    const madeTheme = await ctx.api.call<{ themeId: string }>("POST", "/branding/themes", theme);
    expect(madeTheme.status).toBe(200);
    const text = { prompt: "login-id", language: "fr", body: { "login-id": { title: "Bonjour" } } };
    const textPath = "/prompts/login-id/custom-text/fr";
    expect((await ctx.api.call("PUT", textPath, text.body)).status).toBe(200);

    ctx.server.counters.reset();
    const imported = await ctx.stack.import({
      resources: [
        { type: "tenant:index:Form", name: "signup", id: made.body.id },
        { type: "tenant:index:EventStream", name: "audit", id: madeStream.body.id },
        { type: "tenant:index:LoginTemplate", name: "login", id: "universal-login" },
        { type: "tenant:index:RateLimitPolicy", name: "policy", id: madePolicy.body.id },
        { type: "tenant:index:TriggerBindings", name: "signupChecks", id: "pre-user-registration" },
        { type: "tenant:index:BrandingTheme", name: "theme", id: madeTheme.body.themeId },
        { type: "tenant:index:PromptCustomText", name: "loginIdFr", id: "login-id:fr" },
      ],
      generateCode: false,
      protect: false,
    });
    expect(imported.summary.result).toBe("succeeded");
    const extra = [
      { type: "tenant:index:EventStream", name: "audit", inputs: stream },
      { type: "tenant:index:LoginTemplate", name: "login", inputs: template },
      { type: "tenant:index:RateLimitPolicy", name: "policy", inputs: policy },
      // The display name left to the tenant (the action's name): no difference.
      {
        type: "tenant:index:TriggerBindings",
        name: "signupChecks",
        inputs: { trigger_id: "pre-user-registration", actions: [{ id: action.body.id }] },
      },
      // Every setting of the theme kept by the import: the program that declares them all changes nothing.
      { type: "tenant:index:BrandingTheme", name: "theme", inputs: theme },
      { type: "tenant:index:PromptCustomText", name: "loginIdFr", inputs: text },
    ];
    await ctx.stack.setConfig("extra", { value: JSON.stringify(extra) });
    const preview = await ctx.stack.preview({ expectNoChanges: true });
    expect(preview.changeSummary).toEqual({ same: 8 });
    expect(writesIn(ctx.server.counters.snapshot())).toBe(0);

    const destroyed = await ctx.stack.destroy();
    expect(destroyed.summary.result).toBe("succeeded");
    expect((await ctx.api.call("GET", `/event-streams/${madeStream.body.id}`)).status).toBe(404);
    expect(await ctx.api.hasTemplate()).toBe(false);
    expect((await ctx.api.call("GET", `/rate-limit-policies/${madePolicy.body.id}`)).status).toBe(404);
    // Destroy empties the trigger's list; the action, not the stack's, stays.
    expect((await ctx.api.call<{ bindings: unknown[] }>("GET", bindingsPath)).body.bindings).toEqual([]);
    expect((await ctx.api.call("GET", "/branding/themes/default")).status).toBe(404);
    expect((await ctx.api.call("GET", textPath)).body).toEqual({});
    expect((await ctx.api.call("DELETE", `/actions/actions/${action.body.id}`)).status).toBe(204);
    await ctx.stack.removeConfig("extra");
  });
});
