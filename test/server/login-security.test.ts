/**
 * The hosted login refuses what the service refuses: a redirect_uri not in the callbacks (an
 * error page, never a redirect), a public client without PKCE, a code used twice, a form
 * without its CSRF token, wrong passwords past the brute-force limit, a blocked user, a
 * returnTo not allowed; script in every field is never rendered; malformed and oversized
 * parameters get an error page or error redirect; and nothing in the tenant changes.
 */
import { createHash, randomBytes } from "node:crypto";
import { BRUTE_FORCE } from "../../server/login/guard";
import { TEMPLATE } from "./helpers";
import { CookieClient, hiddenField, startLoginServer, TestAccounts, type LoginServer } from "./login-support";

const CALLBACK = "https://app.example.com/callback";
const PASSWORD = "correct horse battery staple";
const SCRIPT = `"><script>alert(1)</script>`;

let server: LoginServer;
let accounts: TestAccounts;
let secret: string;

beforeAll(async () => {
  accounts = new TestAccounts();
  secret = accounts.addApplication({
    client_id: "web-app",
    name: "Web App",
    callbacks: [CALLBACK],
    allowed_logout_urls: ["https://app.example.com/bye"],
  }).client_secret!;
  accounts.addApplication({
    client_id: "spa-app",
    name: "SPA",
    app_type: "spa",
    token_endpoint_auth_method: "none",
    client_secret: undefined,
    callbacks: [CALLBACK],
  });
  accounts.addUser("ada@example.com", PASSWORD);
  accounts.addUser("blocked@example.com", PASSWORD, { blocked: true });
  server = await startLoginServer(accounts);
});
afterAll(() => server.close());

const pkce = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

function authorizeUrl(params: Record<string, string>): string {
  return `${server.url}/authorize?${new URLSearchParams({ response_type: "code", client_id: "web-app", redirect_uri: CALLBACK, scope: "openid", ...params })}`;
}

/** Starts a login and opens its page. */
async function openLogin(params: Record<string, string> = {}, browser = new CookieClient()) {
  const started = await browser.send(authorizeUrl({ state: "st", ...params }));
  expect(started.status).toBe(303);
  const page = new URL(started.headers.get("location")!, server.url);
  const response = await browser.send(page.href);
  return { browser, page, html: await response.text(), status: response.status };
}

/** Posts the login form of an opened login. */
async function submit(login: Awaited<ReturnType<typeof openLogin>>, fields: Record<string, string>, withToken = true) {
  const form: Record<string, string> = { state: hiddenField(login.html, "state"), action: "default", ...fields };
  if (withToken) form._csrf = hiddenField(login.html, "_csrf");
  const response = await login.browser.send(login.page.href, { form });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/** Follows redirects from `location` to the callback. */
async function toCallback(browser: CookieClient, location: string): Promise<URL> {
  let next = new URL(location, server.url);
  for (let hops = 0; hops < 5 && !next.href.startsWith(CALLBACK); hops++) {
    const response = await browser.send(next.href);
    next = new URL(response.headers.get("location")!, server.url);
  }
  return next;
}

test("a redirect_uri not in the callbacks gets an error page, never a redirect", async () => {
  for (const redirect of [
    "https://evil.example.com/callback",
    `${CALLBACK}/../evil`,
    `${CALLBACK}?x=1`,
    "javascript:alert(1)",
  ]) {
    const response = await new CookieClient().send(authorizeUrl({ redirect_uri: redirect, state: "s" }));
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    const html = await response.text();
    expect(html).toContain("<code>invalid_redirect_uri</code>");
  }
});

test("a public client without PKCE is refused at its callback; a confidential one may omit it", async () => {
  const response = await new CookieClient().send(authorizeUrl({ client_id: "spa-app", state: "s1" }));
  const location = new URL(response.headers.get("location")!);
  expect(location.href.startsWith(CALLBACK)).toBe(true);
  expect(location.searchParams.get("error")).toBe("invalid_request");
  expect(location.searchParams.get("state")).toBe("s1");
  expect(location.searchParams.get("code")).toBeNull();
  const plain = await new CookieClient().send(
    authorizeUrl({ client_id: "spa-app", state: "s2", code_challenge: "x".repeat(43), code_challenge_method: "plain" }),
  );
  expect(new URL(plain.headers.get("location")!).searchParams.get("error")).toBe("invalid_request");
});

test("a code is single-use, and state comes back unchanged", async () => {
  const { verifier, challenge } = pkce();
  const state = "a b+c/d=é&?";
  const login = await openLogin({ state, code_challenge: challenge, code_challenge_method: "S256" });
  const submitted = await submit(login, { username: "ada@example.com", password: PASSWORD });
  expect(submitted.status).toBe(303);
  const callback = await toCallback(login.browser, submitted.location!);
  expect(callback.searchParams.get("state")).toBe(state);
  const exchange = () =>
    fetch(`${server.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: callback.searchParams.get("code")!,
        redirect_uri: CALLBACK,
        client_id: "web-app",
        client_secret: secret,
        code_verifier: verifier,
      }).toString(),
    });
  expect((await exchange()).status).toBe(200);
  const again = await exchange();
  expect(again.status).toBe(400);
  expect(await again.json()).toMatchObject({ error: "invalid_grant" });
});

test("the login form without its CSRF token, or with another login's, is refused and logs no one in", async () => {
  const login = await openLogin();
  const other = await openLogin();
  const before = accounts.user([...accounts.users.keys()][0])!.logins_count;
  const missing = await submit(login, { username: "ada@example.com", password: PASSWORD }, false);
  expect(missing.status).toBe(403);
  expect(missing.location).toBeNull();
  const foreign = await submit(
    login,
    { username: "ada@example.com", password: PASSWORD, _csrf: hiddenField(other.html, "_csrf") },
    false,
  );
  expect(foreign.status).toBe(403);
  expect(accounts.user([...accounts.users.keys()][0])!.logins_count).toBe(before);
});

test("script in every field is never rendered, at login and at signup, and creates nothing", async () => {
  const usersBefore = accounts.users.size;
  const login = await openLogin({ "ext-note": SCRIPT, login_hint: SCRIPT, ui_locales: SCRIPT });
  expect(login.html).not.toContain("<script>");
  const refused = await submit(login, { username: SCRIPT, password: SCRIPT, state: hiddenField(login.html, "state") });
  expect(refused.status).toBe(400);
  expect(refused.html).not.toContain("<script>");
  expect(refused.html).toContain("&quot;&gt;&lt;script&gt;");
  const signupPage = new URL(login.page.href.replace("/u/login", "/u/signup"));
  const signup = await login.browser.send(signupPage.href, {
    form: {
      state: hiddenField(login.html, "state"),
      _csrf: hiddenField(login.html, "_csrf"),
      email: SCRIPT,
      password: SCRIPT,
    },
  });
  expect(await signup.text()).not.toContain("<script>");
  const badState = await login.browser.send(`${server.url}/u/login?state=${encodeURIComponent(SCRIPT)}`);
  expect(badState.status).toBe(400);
  expect(await badState.text()).not.toContain("<script>");
  expect(accounts.users.size).toBe(usersBefore);
});

test("wrong passwords are limited per user and address; the right one is refused past the limit", async () => {
  const login = await openLogin();
  accounts.addUser("grace@example.com", PASSWORD);
  for (let attempt = 0; attempt < BRUTE_FORCE.perUserAndAddress; attempt++) {
    const wrong = await submit(login, { username: "grace@example.com", password: "wrong" });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain("Wrong email or password");
  }
  const blocked = await submit(login, { username: "grace@example.com", password: PASSWORD });
  expect(blocked.status).toBe(429);
  expect(blocked.location).toBeNull();
  // Another user from the same address is not blocked.
  const ada = await submit(login, { username: "ada@example.com", password: PASSWORD });
  expect(ada.status).toBe(303);
});

test("a blocked user is refused with the right password", async () => {
  const login = await openLogin();
  const refused = await submit(login, { username: "blocked@example.com", password: PASSWORD });
  expect(refused.status).toBe(401);
  expect(refused.location).toBeNull();
  expect(refused.html).toContain("blocked");
});

test("malformed and oversized parameters get an error page or an error redirect, never a crash", async () => {
  const browser = new CookieClient();
  const cases = [
    authorizeUrl({ state: "x".repeat(6000) }),
    authorizeUrl({ response_type: "token", state: "s" }),
    authorizeUrl({ client_id: "nobody", state: "s" }),
    authorizeUrl({ client_id: "", state: "s" }),
    `${server.url}/authorize?client_id=web-app&client_id=spa-app&redirect_uri=${encodeURIComponent(CALLBACK)}&response_type=code&scope=openid`,
    authorizeUrl({ scope: "openid\u0000admin", state: "s" }),
    `${server.url}/u/login`,
    `${server.url}/u/login?state=${"a".repeat(5000)}`,
    `${server.url}/continue?state=unknown`,
  ];
  for (const url of cases) {
    const response = await browser.send(url);
    expect(response.status).toBeLessThan(500);
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get("location")!;
      expect(location.startsWith(CALLBACK) || location.startsWith("/u/")).toBe(true);
    }
  }
  const login = await openLogin();
  const arrays = await login.browser.send(login.page.href, {
    form: {
      state: hiddenField(login.html, "state"),
      _csrf: hiddenField(login.html, "_csrf"),
      "username[0]": "a",
      "password[x]": "b",
    },
  });
  expect(arrays.status).toBe(400);
  const json = await fetch(login.page.href, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(json.status).toBe(415);
});

test("the page template wraps the login box; a template that does not render shows the default page and logs why", async () => {
  const branded = TEMPLATE.replace("<body>", '<body><div id="tenant-banner">{{ application.name }}</div>');
  expect(
    (await server.manage("PUT", "/branding/templates/universal-login", { template: branded })).status,
  ).toBeLessThan(300);
  let login = await openLogin();
  expect(login.html).toContain('<div id="tenant-banner">Web App</div><main class="login-box"');
  const broken = TEMPLATE.replace("<body>", "<body>{% if %}");
  expect((await server.manage("PUT", "/branding/templates/universal-login", { template: broken })).status).toBeLessThan(
    300,
  );
  login = await openLogin();
  expect(login.status).toBe(200);
  expect(login.html).toContain('<main class="login-box"');
  expect(server.logLines.some((line) => typeof line.templateError === "string")).toBe(true);
  await server.manage("DELETE", "/branding/templates/universal-login");
});

test("/v2/logout sends the browser only to an allowed returnTo", async () => {
  const refused = await new CookieClient().send(
    `${server.url}/v2/logout?client_id=web-app&returnTo=${encodeURIComponent("https://evil.example.com/")}`,
  );
  expect(refused.status).toBe(400);
  expect(refused.headers.get("location")).toBeNull();
  const allowed = await new CookieClient().send(
    `${server.url}/v2/logout?client_id=web-app&returnTo=${encodeURIComponent("https://app.example.com/bye")}`,
  );
  expect(allowed.status).toBe(302);
  expect(allowed.headers.get("location")).toBe("https://app.example.com/bye");
});
