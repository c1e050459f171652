/**
 * With the prompts' `identifier_first` setting, the hosted login asks for the identifier alone at
 * `/u/login/identifier`, then the password at `/u/login/password`, as the service does: both forms
 * carry the CSRF token, any identifier goes on to the password screen (nothing tells whether the
 * user exists), only wrong passwords count towards the brute-force limit, and signup still works.
 */
import { BRUTE_FORCE } from "../../server/login/guard";
import { CookieClient, hiddenField, startLoginServer, TestAccounts, type LoginServer } from "./login-support";

const CALLBACK = "https://app.example.com/callback";
const PASSWORD = "correct horse battery staple";

let server: LoginServer;
let accounts: TestAccounts;

beforeAll(async () => {
  accounts = new TestAccounts();
  accounts.addApplication({ client_id: "web-app", name: "Web App", callbacks: [CALLBACK] });
  accounts.addUser("ada@example.com", PASSWORD);
  server = await startLoginServer(accounts);
  expect((await server.manage("PATCH", "/prompts", { identifier_first: true })).status).toBe(200);
});
afterAll(() => server.close());

interface Screen {
  browser: CookieClient;
  url: URL;
  status: number;
  html: string;
}

/** Opens `location` (relative to the server) in `browser`. */
async function open(browser: CookieClient, location: string): Promise<Screen> {
  const url = new URL(location, server.url);
  const response = await browser.send(url.href);
  return { browser, url, status: response.status, html: await response.text() };
}

/** Starts a login; answers its first screen. */
async function startLogin(params: Record<string, string> = {}): Promise<Screen & { started: URL }> {
  const browser = new CookieClient();
  const query = new URLSearchParams({
    response_type: "code",
    client_id: "web-app",
    redirect_uri: CALLBACK,
    scope: "openid",
    state: "st-42",
    ...params,
  });
  const started = await browser.send(`${server.url}/authorize?${query}`);
  expect(started.status).toBe(303);
  const location = new URL(started.headers.get("location")!, server.url);
  return { ...(await open(browser, location.href)), started: location };
}

/** Posts `screen`'s form with `fields` (its state and CSRF token unless `withToken` is false). */
async function post(screen: Screen, fields: Record<string, string>, withToken = true) {
  const form: Record<string, string> = { state: hiddenField(screen.html, "state"), action: "default", ...fields };
  if (withToken) form._csrf = hiddenField(screen.html, "_csrf");
  const response = await screen.browser.send(screen.url.href, { form });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/** Enters `identifier` on the first screen; answers the password screen. */
async function toPassword(identifier: string, first?: Screen): Promise<Screen> {
  const screen = first ?? (await startLogin());
  const sent = await post(screen, { username: identifier });
  expect(sent.status).toBe(302);
  expect(sent.location).toMatch(/^\/u\/login\/password\?state=/);
  return open(screen.browser, sent.location!);
}

test("the identifier is asked alone, then the password, and the login completes with its state", async () => {
  const first = await startLogin();
  expect(first.started.pathname).toBe("/u/login/identifier");
  expect(first.status).toBe(200);
  expect(first.html).toContain('data-screen="login-id"');
  expect(first.html).toContain('<input id="username"');
  expect(first.html).not.toContain('id="password"');
  expect(first.html).toMatch(/href="\/u\/signup\?state=[^"]+">Sign up<\/a>/);
  // The one-step path leads to the identifier screen.
  const oneStep = await first.browser.send(first.started.href.replace("/u/login/identifier", "/u/login"));
  expect(oneStep.status).toBe(302);
  expect(oneStep.headers.get("location")).toBe(first.started.pathname + first.started.search);

  const second = await toPassword("ada@example.com", first);
  expect(second.html).toContain("<h1>Enter Your Password</h1>");
  expect(second.html).toMatch(/<input id="username"[^>]*value="ada@example.com" readonly>/);
  expect(second.html).toMatch(/<a href="\/u\/login\/identifier\?state=[^"]+">Edit<\/a>/);
  const done = await post(second, { password: PASSWORD });
  expect(done.status).toBe(303);
  let next = new URL(done.location!, server.url);
  for (let hops = 0; hops < 5 && !next.href.startsWith(CALLBACK); hops++)
    next = new URL((await second.browser.send(next.href)).headers.get("location")!, server.url);
  expect(next.searchParams.get("code")).toEqual(expect.any(String));
  expect(next.searchParams.get("state")).toBe("st-42");
});

test("an unknown identifier goes on to the same password screen and the same refusal", async () => {
  const known = await toPassword("ada@example.com");
  const unknown = await toPassword("nobody@example.com");
  const shape = (html: string) => html.replace(/value="[^"]*"/g, "").replace(/state=[^"]+/g, "");
  expect(unknown.status).toBe(200);
  expect(shape(unknown.html)).toBe(shape(known.html).replace("ada@example.com", "nobody@example.com"));
  const refusals = [await post(known, { password: "wrong" }), await post(unknown, { password: "wrong" })];
  expect(refusals.map(({ status }) => status)).toEqual([400, 400]);
  for (const { html } of refusals) expect(html).toContain("Wrong email or password");
});

test("both forms need their CSRF token; the password screen needs an identifier", async () => {
  const first = await startLogin();
  const noToken = await post(first, { username: "ada@example.com" }, false);
  expect(noToken.status).toBe(403);
  expect(noToken.location).toBeNull();
  const passwordFirst = await first.browser.send(first.started.href.replace("/identifier", "/password"));
  expect(passwordFirst.status).toBe(302);
  expect(passwordFirst.headers.get("location")).toMatch(/^\/u\/login\/identifier\?state=/);
  const second = await toPassword("ada@example.com", first);
  const refused = await post(second, { password: PASSWORD }, false);
  expect(refused.status).toBe(403);
  expect(refused.location).toBeNull();
  expect((await post(second, { password: PASSWORD })).status).toBe(303);
});

test("only wrong passwords count towards the limit, per user and address", async () => {
  accounts.addUser("grace@example.com", PASSWORD);
  const first = await startLogin();
  // Identifiers entered again and again are not failures.
  for (let attempt = 0; attempt <= BRUTE_FORCE.perUserAndAddress; attempt++)
    expect((await post(first, { username: "grace@example.com" })).status).toBe(302);
  const second = await toPassword("grace@example.com", first);
  for (let attempt = 0; attempt < BRUTE_FORCE.perUserAndAddress; attempt++)
    expect((await post(second, { password: "wrong" })).status).toBe(400);
  const blocked = await post(second, { password: PASSWORD });
  expect(blocked.status).toBe(429);
  expect(blocked.html).toContain("blocked");
  // Another user from the same address is not blocked.
  const ada = await toPassword("ada@example.com");
  expect((await post(ada, { password: PASSWORD })).status).toBe(303);
});

test("screen_hint=signup opens the signup screen, whose login link leads to the identifier screen", async () => {
  const signup = await startLogin({ screen_hint: "signup" });
  expect(signup.started.pathname).toBe("/u/signup");
  expect(signup.html).toMatch(/href="\/u\/login\/identifier\?state=[^"]+">Log in<\/a>/);
  const created = await post(signup, { email: "new@example.com", password: PASSWORD });
  expect(created.status).toBe(303);
});
