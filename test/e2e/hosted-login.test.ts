/**
 * The hosted login end to end in Chromium, on a server started as users start it (the tenant's
 * own applications and users, made through the management API): a real relying party
 * (`openid-client`) sends the browser to /authorize; the page is the tenant's template around
 * the login box; a person signs up and logs in; a post-login action's claim is in the verified
 * ID token; the same login is denied when the action denies; a blocked user is refused; an
 * action renders a form whose router takes a branch and whose flow calls a fixture, and the
 * fields reach onContinuePostLogin, which puts them in the token.
 */
import type { Browser, Page } from "puppeteer-core";
import * as oidc from "openid-client";
import { ensureChromium } from "../../scripts/lib/chromium";
import { FLOW_FAILED_MESSAGE } from "../../server/flows";
import { startHarness, TEMPLATE, type Harness } from "../server/helpers";

const CALLBACK = "https://app.example.com/callback";
const PASSWORD = "Correct-Horse-9-battery";
const CRM = "https://crm.example.com/plans";
const BANNER = '<div id="tenant-banner">{{ tenant.friendly_name }} welcomes you to {{ application.name }}</div>';

let harness: Harness;
let browser: Browser;
let page: Page;
let config: oidc.Configuration;
/** The callback addresses the browser reached (answered in the browser, no application server). */
const callbacks: URL[] = [];

async function manage(method: string, path: string, body?: unknown) {
  const reply = await harness.call(method, `/api/v2${path}`, body === undefined ? {} : { body });
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`);
  return reply.json;
}

beforeAll(async () => {
  harness = await startHarness({ runActions: true });
  const application = await manage("POST", "/clients", {
    name: "Shop",
    app_type: "regular_web",
    callbacks: [CALLBACK],
    token_endpoint_auth_method: "client_secret_post",
  });
  await manage("POST", "/users", {
    connection: "Username-Password-Authentication",
    email: "denied@example.com",
    password: PASSWORD,
  });
  const blocked = await manage("POST", "/users", {
    connection: "Username-Password-Authentication",
    email: "blocked@example.com",
    password: PASSWORD,
  });
  await manage("PATCH", `/users/${encodeURIComponent(blocked.user_id)}`, { blocked: true });
  for (const email of ["form@example.com", "basic@example.com"])
    await manage("POST", "/users", { connection: "Username-Password-Authentication", email, password: PASSWORD });
  await manage("PUT", "/branding/templates/universal-login", {
    template: TEMPLATE.replace("<body>", `<body>${BANNER}`),
  });
  const action = await manage("POST", "/actions/actions", {
    name: "plan-claim",
    supported_triggers: [{ id: "post-login", version: "v3" }],
    deploy: true,
    code: `exports.onExecutePostLogin = async (event, api) => {
      if (event.user.email === "denied@example.com") return api.access.deny("Not on the guest list");
      api.idToken.setCustomClaim("https://shop.example.com/plan", "gold");
    };`,
  });
  const formAction = await manage("POST", "/actions/actions", {
    name: "profile-form",
    supported_triggers: [{ id: "post-login", version: "v3" }],
    deploy: true,
    code: `exports.onExecutePostLogin = async (event, api) => {
      const tier = { "form@example.com": "gold", "basic@example.com": "basic" }[event.user.email];
      if (tier) api.prompt.render(${JSON.stringify(await profileForm())}, { vars: { tier } });
    };
    exports.onContinuePostLogin = async (event, api) => {
      const { fields, vars } = event.prompt;
      api.idToken.setCustomClaim("https://shop.example.com/profile", fields.nickname ? fields.nickname + "/" + vars.plan : "no profile asked");
    };`,
  });
  for (const id of [action.id, formAction.id])
    for (
      let attempt = 0;
      attempt < 100 && !(await manage("GET", `/actions/actions/${id}`)).all_changes_deployed;
      attempt++
    )
      await new Promise((resolve) => setTimeout(resolve, 25));
  await manage("PATCH", "/actions/triggers/post-login/bindings", {
    bindings: [
      { ref: { type: "action_id", value: action.id }, display_name: "plan-claim" },
      { ref: { type: "action_id", value: formAction.id }, display_name: "profile-form" },
    ],
  });
  config = await oidc.discovery(
    new URL(harness.server.url),
    application.client_id,
    application.client_secret,
    oidc.ClientSecretPost(application.client_secret),
    {
      execute: [oidc.allowInsecureRequests],
    },
  );
  const { default: puppeteer } = await import("puppeteer-core");
  browser = await puppeteer.launch({
    executablePath: ensureChromium(),
    headless: true,
    // As root (CI containers) Chromium refuses its sandbox; the pages are the local server's.
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

beforeEach(async () => {
  // A fresh browser context each time: no session carried from one person to the next.
  const context = await browser.createBrowserContext();
  page = await context.newPage();
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (request.url().startsWith(CALLBACK)) {
      callbacks.push(new URL(request.url()));
      void request.respond({ status: 200, contentType: "text/html", body: "<p>callback</p>" });
    } else void request.continue();
  });
});

/** The form the journey shows (a router on `vars.tier`, a step, a flow calling the CRM); its id. */
async function profileForm(): Promise<string> {
  const flow = await manage("POST", "/flows", {
    name: "plan-lookup",
    actions: [
      {
        id: "lookup",
        type: "HTTP",
        action: "SEND_REQUEST",
        params: { url: CRM, params: { nick: "{{fields.nickname}}" } },
      },
      { id: "keep", type: "FLOW", action: "STORE_VARS", params: { vars: { plan: "{{actions.lookup.body.plan}}" } } },
    ],
  });
  const form = await manage("POST", "/forms", {
    name: "profile",
    start: { next_node: "route" },
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
            { id: "next", category: "BLOCK", type: "NEXT_BUTTON", config: { text: "Continue" } },
          ],
          next_node: "lookup",
        },
      },
      { id: "lookup", type: "FLOW", config: { flow_id: flow.id, next_node: "$ending" } },
    ],
  });
  return form.id;
}

/** Starts a login as the relying party does; what it must check on the way back. */
async function startLogin() {
  const verifier = oidc.randomPKCECodeVerifier();
  const checks = { pkceCodeVerifier: verifier, expectedState: oidc.randomState(), expectedNonce: oidc.randomNonce() };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: "openid email",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state: checks.expectedState,
    nonce: checks.expectedNonce,
  });
  await page.goto(url.href);
  return checks;
}

async function submit(fields: Record<string, string>) {
  for (const [id, value] of Object.entries(fields)) await page.type(`#${id}`, value);
  await Promise.all([page.waitForNavigation(), page.click('button[name="action"][value="default"]')]);
}

test("a person signs up on the tenant's page and the action's claim is in the verified ID token", async () => {
  const checks = await startLogin();
  expect(new URL(page.url()).pathname).toBe("/u/login");
  expect(await page.$eval("#tenant-banner", (element) => element.textContent)).toBe(
    "Local tenant welcomes you to Shop",
  );
  // The banner is the template's, the login box follows it; every field has its label.
  expect(await page.$eval("#tenant-banner + main.login-box", (element) => element.tagName)).toBe("MAIN");
  expect(await page.$$eval("label[for=username], label[for=password]", (labels) => labels.length)).toBe(2);
  await Promise.all([page.waitForNavigation(), page.click('a[href^="/u/signup"]')]);
  await submit({ email: "new@example.com", password: PASSWORD });
  const callback = callbacks.at(-1)!;
  expect(callback.searchParams.get("state")).toBe(checks.expectedState);
  const tokens = await oidc.authorizationCodeGrant(config, callback, checks);
  expect(tokens.claims()).toMatchObject({
    email: "new@example.com",
    "https://shop.example.com/plan": "gold",
    iss: `${harness.server.url}/`,
  });
});

test("the same login is denied when the action denies", async () => {
  const checks = await startLogin();
  await submit({ username: "denied@example.com", password: PASSWORD });
  const callback = callbacks.at(-1)!;
  expect(callback.searchParams.get("error")).toBe("access_denied");
  expect(callback.searchParams.get("error_description")).toBe("Not on the guest list");
  expect(callback.searchParams.get("state")).toBe(checks.expectedState);
});

test("a blocked user is refused on the page and never reaches the application", async () => {
  const before = callbacks.length;
  await startLogin();
  await submit({ username: "blocked@example.com", password: PASSWORD });
  expect(new URL(page.url()).pathname).toBe("/u/login");
  expect(await page.$eval("[role=alert]", (element) => element.textContent)).toMatch(/blocked/);
  expect(callbacks.length).toBe(before);
});

test("an action's form is filled in, its router and flow run, and its fields reach the ID token", async () => {
  const fixtures = [{ request: { method: "GET", url: `${CRM}?nick=ada` }, response: { body: { plan: "pro" } } }];
  const put = await harness.call("PUT", "/rehearsal/fixtures", { body: { fixtures } });
  expect(put.json).toEqual({ count: 1 });
  const checks = await startLogin();
  await submit({ username: "form@example.com", password: PASSWORD });
  expect(new URL(page.url()).pathname).toBe("/u/form");
  expect(await page.$eval("#tenant-banner", (element) => element.textContent)).toContain("Local tenant");
  await page.type("#af-nickname", "ada");
  await Promise.all([page.waitForNavigation(), page.click('button[name="$action"][value="next"]')]);
  const callback = callbacks.at(-1)!;
  expect(callback.searchParams.get("state")).toBe(checks.expectedState);
  const tokens = await oidc.authorizationCodeGrant(config, callback, checks);
  expect(tokens.claims()).toMatchObject({ "https://shop.example.com/profile": "ada/pro" });
  const trace = await harness.call("GET", "/rehearsal/trace?after=0");
  expect(trace.json.events.find((event: { type: string }) => event.type === "flow")).toMatchObject({
    name: "plan-lookup",
    outcome: "ok",
    calls: [{ method: "GET", status: 200 }],
  });
});

test("the router's other branch ends the form at once: the login resumes with no step shown", async () => {
  const checks = await startLogin();
  await submit({ username: "basic@example.com", password: PASSWORD });
  const callback = callbacks.at(-1)!;
  expect(callback.searchParams.get("state")).toBe(checks.expectedState);
  const tokens = await oidc.authorizationCodeGrant(config, callback, checks);
  expect(tokens.claims()).toMatchObject({ "https://shop.example.com/profile": "no profile asked" });
});

test("a flow that fails keeps the person on the step with the error, and script typed into the field never runs", async () => {
  // No fixture answers this nickname's lookup: the flow fails.
  const hostile = `<img src=x onerror="window.__ran='img'"><script>window.__ran='script'</script>`;
  await harness.call("PUT", "/rehearsal/fixtures", { body: { fixtures: [] } });
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await startLogin();
  await submit({ username: "form@example.com", password: PASSWORD });
  expect(new URL(page.url()).pathname).toBe("/u/form");
  await page.type("#af-nickname", hostile);
  await Promise.all([page.waitForNavigation(), page.click('button[name="$action"][value="next"]')]);
  expect(new URL(page.url()).pathname).toBe("/u/form");
  expect(await page.$eval("body", (body) => body.textContent)).toContain(FLOW_FAILED_MESSAGE);
  // The typed text is back in its field as text, and nothing of it ran.
  expect(await page.$eval("#af-nickname", (input) => (input as unknown as { value: string }).value)).toBe(hostile);
  expect(await page.evaluate(() => (globalThis as unknown as { __ran?: string }).__ran)).toBeUndefined();
  expect(await page.$$("img[src=x]")).toHaveLength(0);
  expect(dialogs).toEqual([]);
  const trace = await harness.call("GET", "/rehearsal/trace?after=0");
  const failed = (trace.json.events as { type: string; outcome?: string }[]).filter(
    (event) => event.type === "flow" && event.outcome === "error",
  );
  expect(failed.at(-1)).toMatchObject({ name: "plan-lookup", failed_action: "lookup" });
  expect(JSON.stringify(trace.json)).not.toContain("__ran");
});
