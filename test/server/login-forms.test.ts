/**
 * Forms in the hosted login, over HTTP: the form an action renders drawn step by step in the
 * tenant's page, routers on `vars`, validation with the form's messages, previous and next,
 * a FLOW node calling a fixture with its vault connection, the fields and variables reaching
 * `onContinuePostLogin`; a failing flow shown on the step and logged; a missing form ending the
 * login; the rehearsal routes (fixtures, trace) and what the trace never holds.
 */
import { decodeJwt } from "jose";
import {
  CookieClient,
  bindPostLoginActions,
  hiddenField,
  startLoginServer,
  TestAccounts,
  type LoginServer,
  loginToForm as loginToFormOf,
  submitLogin,
} from "./login-support";

const CALLBACK = "https://app.example.com/callback";
const PASSWORD = "correct horse battery staple";
const SECRET = "a-secret-long-enough-for-the-library-0123456789";
const VAULT_TOKEN = "vault-token-never-shown-42";
const CRM = "https://crm.example.com/plans";

let server: LoginServer;

beforeAll(async () => {
  const accounts = new TestAccounts();
  accounts.addApplication({ client_id: "web-app", name: "Web App", callbacks: [CALLBACK] });
  accounts.addUser("ada@example.com", PASSWORD);
  server = await startLoginServer(accounts, { runActions: true });
});
afterAll(() => server.close());

/** Calls a rehearsal route with the admin token (or `token`). */
async function rehearsal(method: string, path: string, body?: unknown, token: string | null = server.adminToken) {
  const response = await fetch(`${server.url}/rehearsal${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function created(path: string, body: unknown): Promise<string> {
  const reply = await server.manage("POST", path, body);
  if (reply.status !== 201) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.json)}`);
  return (reply.json as { id: string }).id;
}

/** The form of the journey: a router on `vars.tier`, a profile step, a flow, a confirmation step. */
function journeyForm(flowId: string) {
  return {
    name: "profile",
    start: { next_node: "route", hidden_fields: [{ key: "source", value: "login" }] },
    nodes: [
      {
        id: "route",
        type: "ROUTER",
        config: {
          rules: [
            { id: "gold", condition: { operator: "EQ", operands: ["{{vars.tier}}", "gold"] }, next_node: "profile" },
          ],
          fallback: "$ending",
        },
      },
      {
        id: "profile",
        type: "STEP",
        config: {
          components: [
            { id: "nickname", category: "FIELD", type: "TEXT", required: true, label: "Nickname", config: {} },
            { id: "next", category: "BLOCK", type: "NEXT_BUTTON", config: { text: "Next" } },
          ],
          next_node: "check",
        },
      },
      { id: "check", type: "FLOW", config: { flow_id: flowId, next_node: "confirm" } },
      {
        id: "confirm",
        type: "STEP",
        config: {
          components: [
            { id: "back", category: "BLOCK", type: "PREVIOUS_BUTTON", config: { text: "Back" } },
            { id: "done", category: "BLOCK", type: "NEXT_BUTTON", config: { text: "Done" } },
          ],
          next_node: "$ending",
        },
      },
    ],
    messages: { errors: { ERR_REQUIRED: "Tell us your nickname." } },
  };
}

/** Makes the vault connection, the flow and the form, and binds the action that renders it; the form's id. */
async function setUpJourney(): Promise<{ formId: string; flowId: string }> {
  const connectionId = await created("/flows/vault/connections", {
    name: "crm",
    app_id: "HTTP",
    setup: { type: "BEARER", token: VAULT_TOKEN },
  });
  const flowId = await created("/flows", {
    name: "check-plan",
    actions: [
      {
        id: "lookup",
        type: "HTTP",
        action: "SEND_REQUEST",
        params: { connection_id: connectionId, url: CRM, method: "GET", params: { nick: "{{fields.nickname}}" } },
      },
      { id: "keep", type: "FLOW", action: "STORE_VARS", params: { vars: { plan: "{{actions.lookup.body.plan}}" } } },
    ],
  });
  const formId = await created("/forms", journeyForm(flowId));
  await bindPostLoginActions(server, [
    {
      name: "ask-profile",
      code: `exports.onExecutePostLogin = async (event, api) => { api.prompt.render(${JSON.stringify(formId)}, { vars: { tier: "gold" } }); };
      exports.onContinuePostLogin = async (event, api) => {
        api.idToken.setCustomClaim("https://example.com/nickname", event.prompt.fields.nickname);
        api.idToken.setCustomClaim("https://example.com/plan", event.prompt.vars.plan);
        api.idToken.setCustomClaim("https://example.com/source", event.prompt.fields.source + "/" + event.prompt.id);
      };`,
    },
  ]);
  return { formId, flowId };
}

/** Logs in through the pages up to the form's first page; the browser and the form's address. */
const loginToForm = () =>
  loginToFormOf(server, {
    clientId: "web-app",
    redirectUri: CALLBACK,
    username: "ada@example.com",
    password: PASSWORD,
  });

/** Follows redirects to the callback. */
async function toCallback(browser: CookieClient, response: Response): Promise<URL> {
  for (let hops = 0; hops < 6; hops++) {
    const location = response.headers.get("location");
    if (!location) throw new Error(`stopped at ${response.status}: ${(await response.text()).slice(0, 500)}`);
    const next = new URL(location, server.url);
    if (next.href.startsWith(CALLBACK)) return next;
    response = await browser.send(next.href);
  }
  throw new Error("too many redirects");
}

async function idTokenOf(callback: URL) {
  const reply = await fetch(`${server.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: callback.searchParams.get("code")!,
      redirect_uri: CALLBACK,
      client_id: "web-app",
      client_secret: SECRET,
    }).toString(),
  });
  expect(reply.status).toBe(200);
  return decodeJwt(((await reply.json()) as { id_token: string }).id_token);
}

test("the rehearsal routes need a management token, check the fixtures and answer the trace after a number", async () => {
  const anonymous = await rehearsal("PUT", "/fixtures", { fixtures: [] }, null);
  expect(anonymous.status).toBe(401);
  expect(anonymous.json).toMatchObject({ statusCode: 401, error: "Unauthorized", errorCode: expect.any(String) });
  expect((await rehearsal("GET", "/trace", undefined, "not-a-token")).status).toBe(401);
  const wrong = await rehearsal("PUT", "/fixtures", { fixtures: [{ request: { url: "not a url" } }] });
  expect(wrong.status).toBe(400);
  expect(wrong.json).toMatchObject({
    statusCode: 400,
    errorCode: "invalid_body",
    message: expect.stringContaining("fixtures[0].request.url"),
  });
  expect((await rehearsal("PUT", "/fixtures", [])).status).toBe(400);
  expect((await rehearsal("GET", "/trace?after=-1")).json).toMatchObject({
    statusCode: 400,
    errorCode: "invalid_query_string",
  });
  expect(await rehearsal("PUT", "/fixtures", { fixtures: [{ request: { url: CRM } }] })).toEqual({
    status: 200,
    json: { count: 1 },
  });
  const trace = await rehearsal("GET", "/trace?after=0");
  expect(trace.status).toBe(200);
  expect(trace.json).toEqual({ events: expect.any(Array), last: expect.any(Number) });
});

test("a rendered form is shown step by step, its router and flow run, and its fields reach onContinuePostLogin", async () => {
  const { formId, flowId } = await setUpJourney();
  const fixture = {
    request: { method: "GET", url: `${CRM}?nick=%3Cb%3Eada%3C%2Fb%3E` },
    response: { status: 200, body: { plan: "pro" } },
  };
  expect((await rehearsal("PUT", "/fixtures", { fixtures: [fixture] })).json).toEqual({ count: 1 });
  const before = (await rehearsal("GET", "/trace")).json.last as number;

  const { browser, form } = await loginToForm();
  const first = await (await browser.send(form.href)).text();
  expect(first).toContain('data-step="profile"');
  expect(first).toContain('class="login-box"');
  expect(first).toContain(`data-form="${formId}"`);
  const csrf = hiddenField(first, "_csrf");

  const empty = await browser.send(form.href, { form: { _csrf: csrf, nickname: "", $action: "next" } });
  expect(empty.status).toBe(400);
  expect(await empty.text()).toContain("Tell us your nickname.");

  const filled = await browser.send(form.href, { form: { _csrf: csrf, nickname: "<b>ada</b>", $action: "next" } });
  const confirm = await filled.text();
  expect(filled.status).toBe(200);
  expect(confirm).toContain('data-step="confirm"');

  // Back to the profile step with the nickname kept (escaped), then forward again through the flow.
  const back = await (await browser.send(form.href, { form: { _csrf: csrf, $action: "previous" } })).text();
  expect(back).toContain('data-step="profile"');
  expect(back).toContain("&lt;b&gt;ada&lt;/b&gt;");
  expect(back).not.toContain("<b>ada</b>");
  await browser.send(form.href, { form: { _csrf: csrf, nickname: "<b>ada</b>", $action: "next" } });
  const done = await browser.send(form.href, { form: { _csrf: csrf, $action: "next" } });
  const token = await idTokenOf(await toCallback(browser, done));
  expect(token).toMatchObject({
    "https://example.com/nickname": "<b>ada</b>",
    "https://example.com/plan": "pro",
    "https://example.com/source": `login/${formId}`,
  });

  const { events } = (await rehearsal("GET", `/trace?after=${before}`)).json as { events: Record<string, unknown>[] };
  expect(events.map((event) => `${event.type}:${event.step ?? event.outcome}`)).toEqual([
    "action:ok",
    "form:shown",
    "form:invalid",
    "form:submitted",
    "flow:ok",
    "form:shown",
    "form:shown",
    "form:submitted",
    "flow:ok",
    "form:shown",
    "form:submitted",
    "action:ok",
    "login:success",
  ]);
  expect(events.find((event) => event.type === "flow")).toMatchObject({
    flow_id: flowId,
    name: "check-plan",
    calls: [{ method: "GET", url: `${CRM}?nick=[secret]`, status: 200 }],
  });
  expect(events.find((event) => event.step === "shown")).toMatchObject({
    form_id: formId,
    node_id: "profile",
    fields: ["nickname"],
  });
  expect(events.find((event) => event.step === "invalid")).toMatchObject({
    fields: ["nickname"],
    errors: { nickname: "Tell us your nickname." },
  });
  const text = JSON.stringify(events) + JSON.stringify(server.logLines);
  expect(text).not.toContain(VAULT_TOKEN);
  expect(text).not.toContain("<b>ada</b>");
  expect(text).not.toContain("%3Cb%3Eada");
});

test("a flow that fails keeps the person on the step with the form's error, and the log names the flow and the action", async () => {
  await setUpJourney();
  await rehearsal("PUT", "/fixtures", { fixtures: [] });
  const { browser, form } = await loginToForm();
  const csrf = hiddenField(await (await browser.send(form.href)).text(), "_csrf");
  const failed = await browser.send(form.href, { form: { _csrf: csrf, nickname: "ada", $action: "next" } });
  expect(failed.status).toBe(400);
  const html = await failed.text();
  expect(html).toContain('data-step="profile"');
  expect(html).toContain("Something went wrong while processing your answers.");
  const logged = server.logLines.find((line) => line.flow === "check-plan" && line.failed_action === "lookup");
  expect(logged).toMatchObject({ error: expect.stringContaining(`No fixture answers GET ${CRM}?nick=[secret]`) });
  expect(JSON.stringify(logged)).not.toContain(VAULT_TOKEN);
});

test("a form that does not exist ends the login on the error page, and the log names the action and the form", async () => {
  await bindPostLoginActions(server, [
    {
      name: "ghost-form",
      code: `exports.onExecutePostLogin = async (event, api) => { api.prompt.render("ap_doesNotExist1234567890"); };`,
    },
  ]);
  const { browser, form } = await loginToForm();
  const page = await browser.send(form.href);
  expect(page.status).toBe(500);
  expect(await page.text()).toContain("the form does not exist");
  expect(server.logLines.find((line) => line.action === "ghost-form")).toMatchObject({
    form_id: "ap_doesNotExist1234567890",
  });
  expect((await browser.send(form.href)).status).toBe(400);
});

test("an ending's redirection is followed only to an absolute http(s) address", async () => {
  const landing = async (target: string) => {
    const formId = await created("/forms", {
      name: `redirect-${target.length}`,
      start: { next_node: "$ending" },
      ending: { redirection: { target } },
    });
    await bindPostLoginActions(server, [
      {
        name: "send-away",
        code: `exports.onExecutePostLogin = async (event, api) => { api.prompt.render(${JSON.stringify(formId)}); };`,
      },
    ]);
    const { browser, form } = await loginToForm();
    return browser.send(form.href);
  };
  const away = await landing("https://shop.example.com/welcome?from=form");
  expect(away.status).toBe(302);
  expect(away.headers.get("location")).toBe("https://shop.example.com/welcome?from=form");
  const script = await landing("javascript:alert(document.cookie)");
  expect(script.headers.get("location")).toBeNull();
  expect(script.status).toBe(500);
  expect(await script.text()).toContain("not an absolute http(s) address");
});

test("the fixtures answer the actions' requests in a login, and the trace shows the run without its secrets", async () => {
  await bindPostLoginActions(server, [
    {
      name: "fetch-plan",
      secrets: [{ name: "API_KEY", value: "action-secret-value-99" }],
      code: `exports.onExecutePostLogin = async (event, api) => {
        console.log("calling with " + event.secrets.API_KEY);
        const reply = await fetch("https://plans.example.com/me?key=" + event.secrets.API_KEY);
        api.idToken.setCustomClaim("https://example.com/plan", (await reply.json()).plan);
      };`,
    },
  ]);
  const url = "https://plans.example.com/me?key=action-secret-value-99";
  await rehearsal("PUT", "/fixtures", { fixtures: [{ request: { url }, response: { body: { plan: "team" } } }] });
  const before = (await rehearsal("GET", "/trace")).json.last as number;
  const browser = new CookieClient();
  const response = await submitLogin(
    server.url,
    browser,
    { client_id: "web-app", redirect_uri: CALLBACK, scope: "openid" },
    "ada@example.com",
    PASSWORD,
  );
  expect(await idTokenOf(await toCallback(browser, response))).toMatchObject({ "https://example.com/plan": "team" });
  const { events } = (await rehearsal("GET", `/trace?after=${before}`)).json as { events: Record<string, unknown>[] };
  expect(events).toEqual([
    expect.objectContaining({
      type: "action",
      name: "fetch-plan",
      outcome: "ok",
      logs: ["calling with [secret]"],
      requests: [{ method: "GET", url: "https://plans.example.com/me?key=[secret]", status: 200 }],
    }),
    expect.objectContaining({ type: "login", client_id: "web-app", outcome: "success" }),
  ]);
  expect(events[0].seq).toBe(before + 1);
});
