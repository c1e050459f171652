/**
 * The post-login actions in a login: bound actions run in order, in the contained engine, with
 * the service's event; their api decides (deny at the callback, custom claims in the tokens,
 * metadata on the user, a redirect or a form that suspends the login until /continue); a
 * failing action ends the login and the log names it, its version and the error.
 */
import { decodeJwt } from "jose";
import {
  CookieClient,
  bindPostLoginActions,
  hiddenField,
  submitLogin,
  startLoginServer,
  TestAccounts,
  type LoginServer,
} from "./login-support";

const CALLBACK = "https://app.example.com/callback";
const PASSWORD = "correct horse battery staple";
const SECRET = "a-secret-long-enough-for-the-library-0123456789";

let server: LoginServer;
let accounts: TestAccounts;

beforeAll(async () => {
  accounts = new TestAccounts();
  accounts.addApplication({ client_id: "web-app", name: "Web App", callbacks: [CALLBACK] });
  accounts.addUser("ada@example.com", PASSWORD);
  accounts.addUser("eve@example.com", PASSWORD);
  server = await startLoginServer(accounts, { runActions: true });
});
afterAll(() => server.close());

/** Logs in through the pages; the browser's last stop (the callback, or a page it was sent to). */
async function login(email: string, browser = new CookieClient(), stopAt = CALLBACK) {
  const query = {
    client_id: "web-app",
    redirect_uri: CALLBACK,
    scope: "openid email",
    audience: "https://api.example.com/",
  };
  const response = await submitLogin(server.url, browser, query, email, PASSWORD);
  return follow(browser, response, stopAt);
}

async function follow(browser: CookieClient, response: Response, stopAt: string): Promise<URL> {
  for (let hops = 0; hops < 6; hops++) {
    const location = response.headers.get("location");
    if (!location) throw new Error(`stopped at ${response.status}: ${(await response.text()).slice(0, 300)}`);
    const next = new URL(location, server.url);
    if (next.href.startsWith(stopAt) || next.href.startsWith(CALLBACK)) return next;
    response = await browser.send(next.href);
  }
  throw new Error("too many redirects");
}

async function tokensOf(callback: URL) {
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
  const tokens = (await reply.json()) as { id_token: string; access_token: string };
  // Without an audience the access token is opaque (for userinfo), as the service's.
  const access = tokens.access_token.split(".").length === 3 ? decodeJwt(tokens.access_token) : {};
  return { id: decodeJwt(tokens.id_token), access };
}

test("bound actions run in order with the service's event: claims, metadata, a denial, a redirect and a form resumed at onContinuePostLogin", async () => {
  const nicknameForm = await server.manage("POST", "/forms", {
    name: "nickname",
    start: { next_node: "ask" },
    nodes: [
      {
        id: "ask",
        type: "STEP",
        config: {
          components: [{ id: "nickname", category: "FIELD", type: "TEXT", label: "Nickname", config: {} }],
          next_node: "$ending",
        },
      },
    ],
  });
  const formId = (nicknameForm.json as { id: string }).id;
  await bindPostLoginActions(server, [
    {
      name: "claims",
      secrets: [{ name: "PLAN", value: "gold" }],
      code: `exports.onExecutePostLogin = async (event, api) => {
        if (event.user.email === "eve@example.com") return api.access.deny("Eve may not log in");
        api.idToken.setCustomClaim("https://example.com/plan", event.secrets.PLAN);
        api.idToken.setCustomClaim("https://example.com/client", event.client.name + "/" + event.connection.name + "/" + event.transaction.id.length);
        api.accessToken.setCustomClaim("https://example.com/logins", event.stats.logins_count);
        api.user.setUserMetadata("seen", true);
      };`,
    },
    {
      name: "redirect",
      code: `exports.onExecutePostLogin = async (event, api) => {
        if (!event.user.user_metadata.seen) return api.access.deny("metadata not seen by the next action");
        api.redirect.sendUserTo("https://consent.example.com/terms", { query: { lang: "en" } });
      };
      exports.onContinuePostLogin = async (event, api) => { api.idToken.setCustomClaim("https://example.com/terms", "accepted"); };`,
    },
    {
      name: "form",
      code: `exports.onExecutePostLogin = async (event, api) => { api.prompt.render("${formId}", { vars: { plan: "gold" } }); };
      exports.onContinuePostLogin = async (event, api) => {
        api.idToken.setCustomClaim("https://example.com/nickname", event.prompt.fields.nickname);
        api.user.setAppMetadata("nickname", event.prompt.fields.nickname);
      };`,
    },
  ]);
  const browser = new CookieClient();
  const external = await login("ada@example.com", browser, "https://consent.example.com/");
  expect(external.origin + external.pathname).toBe("https://consent.example.com/terms");
  expect(external.searchParams.get("lang")).toBe("en");
  const state = external.searchParams.get("state")!;
  const form = await follow(
    browser,
    await browser.send(`${server.url}/continue?state=${encodeURIComponent(state)}`),
    `${server.url}/u/form`,
  );
  const formHtml = await (await browser.send(form.href)).text();
  expect(formHtml).toContain('data-step="ask"');
  const resumed = await browser.send(form.href, {
    form: { _csrf: hiddenField(formHtml, "_csrf"), nickname: "<b>ada</b>" },
  });
  const callback = await follow(browser, resumed, CALLBACK);
  const { id, access } = await tokensOf(callback);
  expect(id).toMatchObject({
    "https://example.com/plan": "gold",
    "https://example.com/client": "Web App/Username-Password-Authentication/" + state.length,
    "https://example.com/terms": "accepted",
    "https://example.com/nickname": "<b>ada</b>",
  });
  expect(access).toMatchObject({ aud: "https://api.example.com/", "https://example.com/logins": 1 });
  const ada = [...accounts.users.values()].find((user) => user.email === "ada@example.com")!;
  expect(ada.user_metadata).toEqual({ seen: true });
  expect(ada.app_metadata).toEqual({ nickname: "<b>ada</b>" });

  const denied = await login("eve@example.com");
  expect(denied.searchParams.get("error")).toBe("access_denied");
  expect(denied.searchParams.get("error_description")).toBe("Eve may not log in");
  expect(denied.searchParams.get("code")).toBeNull();
  expect(denied.searchParams.get("state")).toBe("st");
});

test("a failing action ends the login at the callback and the log names the action, its version and the error", async () => {
  await bindPostLoginActions(server, [
    { name: "broken", code: `exports.onExecutePostLogin = async () => { throw new Error("the CRM is down"); };` },
  ]);
  const callback = await login("ada@example.com");
  expect(callback.searchParams.get("error")).toBe("access_denied");
  expect(callback.searchParams.get("code")).toBeNull();
  const logged = server.logLines.find((line) => line.action === "broken");
  expect(logged).toMatchObject({ version: 1, error: "the CRM is down" });
});

test("a login the session answers shows no page but still runs the actions", async () => {
  await bindPostLoginActions(server, [
    {
      name: "count",
      code: `exports.onExecutePostLogin = async (event, api) => { api.idToken.setCustomClaim("https://example.com/logins", event.stats.logins_count); };`,
    },
  ]);
  const browser = new CookieClient();
  const first = await tokensOf(await login("eve@example.com", browser));
  const again = await browser.send(
    `${server.url}/authorize?${new URLSearchParams({ response_type: "code", client_id: "web-app", redirect_uri: CALLBACK, scope: "openid", state: "st2" })}`,
  );
  const callback = await follow(browser, again, CALLBACK);
  const second = await tokensOf(callback);
  expect(second.id["https://example.com/logins"]).toBe((first.id["https://example.com/logins"] as number) + 1);
});
