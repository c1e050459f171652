/**
 * The hosted login's protocol with a real relying party (`openid-client`): discovery, PKCE,
 * state and nonce, the login form driven over HTTP with cookies, the code exchange, the ID
 * token verified, userinfo, refresh, and the key set still the management API's.
 */
import * as oidc from "openid-client";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { removeDir, startHarness, tempDir } from "./helpers";
import { CookieClient, hiddenField, startLoginServer, TestAccounts, type LoginServer } from "./login-support";

const CALLBACK = "https://app.example.com/callback";
const PASSWORD = "correct horse battery staple";

let server: LoginServer;
let accounts: TestAccounts;

beforeAll(async () => {
  accounts = new TestAccounts();
  accounts.addApplication({
    client_id: "web-app",
    name: "Web App",
    callbacks: [CALLBACK],
    allowed_logout_urls: ["https://app.example.com/bye"],
  });
  accounts.addApplication({
    client_id: "spa-app",
    name: "SPA",
    app_type: "spa",
    token_endpoint_auth_method: "none",
    client_secret: undefined,
    callbacks: [CALLBACK],
  });
  accounts.addUser("ada@example.com", PASSWORD);
  server = await startLoginServer(accounts);
});
afterAll(() => server.close());

/** Logs in through the pages as a browser would, from the authorization URL to the callback URL. */
export async function loginThroughPages(
  authorizationUrl: string,
  fields: Record<string, string>,
  browser = new CookieClient(),
): Promise<URL> {
  let response = await browser.send(authorizationUrl);
  expect(response.status).toBe(303);
  const loginPage = new URL(response.headers.get("location")!, server.url);
  expect(loginPage.pathname).toBe("/u/login");
  response = await browser.send(loginPage.href);
  const html = await response.text();
  expect(response.status).toBe(200);
  response = await browser.send(loginPage.href, {
    form: { state: hiddenField(html, "state"), _csrf: hiddenField(html, "_csrf"), action: "default", ...fields },
  });
  // The login's answer, then the provider's resumption, then the callback.
  for (let hops = 0; hops < 5 && response.status >= 300 && response.status < 400; hops++) {
    const next = new URL(response.headers.get("location")!, server.url);
    if (next.href.startsWith(CALLBACK)) return next;
    response = await browser.send(next.href);
  }
  throw new Error(`the login did not reach the callback: ${response.status} ${(await response.text()).slice(0, 500)}`);
}

async function discover(clientId: string, secret?: string) {
  return oidc.discovery(new URL(server.url), clientId, secret, secret ? oidc.ClientSecretPost(secret) : oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
}

test("discovery names the issuer with its trailing slash and the service's paths", async () => {
  const config = await discover("web-app", accounts.application("web-app")!.client_secret);
  const metadata = config.serverMetadata();
  expect(metadata.issuer).toBe(`${server.url}/`);
  expect(metadata.authorization_endpoint).toBe(`${server.url}/authorize`);
  expect(metadata.token_endpoint).toBe(`${server.url}/oauth/token`);
  expect(metadata.userinfo_endpoint).toBe(`${server.url}/userinfo`);
  expect(metadata.jwks_uri).toBe(`${server.url}/.well-known/jwks.json`);
  expect(metadata.end_session_endpoint).toBe(`${server.url}/oidc/logout`);
  expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
});

test("a confidential application logs a user in: PKCE, state, nonce, a verified RS256 ID token with sub the user_id, userinfo and a refresh", async () => {
  const secret = accounts.application("web-app")!.client_secret!;
  const config = await discover("web-app", secret);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: "openid profile email offline_access",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  const callback = await loginThroughPages(url.href, { username: "ada@example.com", password: PASSWORD });
  expect(callback.searchParams.get("state")).toBe(state);
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  });
  const claims = tokens.claims()!;
  const user = [...accounts.users.values()][0];
  expect(claims).toMatchObject({
    iss: `${server.url}/`,
    aud: "web-app",
    sub: user.user_id,
    email: "ada@example.com",
    nonce,
  });
  const header = decodeProtectedHeader(tokens.id_token!);
  expect(header.alg).toBe("RS256");
  // The key set is the management API's: one key verifies both kinds of token.
  const jwks = (await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as {
    keys: { kid: string; d?: string }[];
  };
  expect(jwks.keys.map((key) => key.kid)).toEqual([header.kid]);
  expect(jwks.keys.every((key) => key.d === undefined)).toBe(true);
  const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, user.user_id);
  expect(userinfo.email).toBe("ada@example.com");
  expect(tokens.refresh_token).toEqual(expect.any(String));
  const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
  expect(refreshed.claims()!.sub).toBe(user.user_id);
  expect(accounts.user(user.user_id)!.logins_count).toBe(1);
});

test("a public application logs in with PKCE and no secret", async () => {
  const config = await discover("spa-app");
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: "openid",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
  });
  const callback = await loginThroughPages(url.href, { username: "ada@example.com", password: PASSWORD });
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  expect(tokens.claims()!.aud).toBe("spa-app");
});

test("the management API's client_credentials grant is answered as before", async () => {
  const reply = await fetch(`${server.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", username: "a", password: "b" }).toString(),
  });
  expect(reply.status).toBe(400);
  expect(await reply.json()).toMatchObject({ error: "unsupported_grant_type" });
});

test("the session logs the browser in again until prompt=login; screen_hint=signup opens the signup page; /v2/logout ends the session", async () => {
  const browser = new CookieClient();
  const start = (extra: Record<string, string> = {}) =>
    `${server.url}/authorize?${new URLSearchParams({ response_type: "code", client_id: "web-app", redirect_uri: CALLBACK, scope: "openid", state: "s", ...extra })}`;
  const first = await loginThroughPages(start(), { username: "ada@example.com", password: PASSWORD }, browser);
  expect(first.searchParams.get("code")).toEqual(expect.any(String));
  // The session answers without a page...
  let response = await browser.send(start());
  for (let hops = 0; hops < 3 && !response.headers.get("location")!.startsWith(CALLBACK); hops++)
    response = await browser.send(new URL(response.headers.get("location")!, server.url).href);
  expect(new URL(response.headers.get("location")!).searchParams.get("code")).toEqual(expect.any(String));
  // ...unless the application asks for a login.
  response = await browser.send(start({ prompt: "login" }));
  expect(new URL(response.headers.get("location")!, server.url).pathname).toBe("/u/login");
  // A page shown for a login opens at signup with screen_hint (with a session, none is shown: as the service).
  response = await browser.send(start({ screen_hint: "signup", prompt: "login" }));
  expect(new URL(response.headers.get("location")!, server.url).pathname).toBe("/u/signup");
  // /v2/logout ends the session: the next authorization shows the login page.
  response = await browser.send(
    `${server.url}/v2/logout?client_id=web-app&returnTo=${encodeURIComponent("https://app.example.com/bye")}`,
  );
  expect(response.headers.get("location")).toBe("https://app.example.com/bye");
  response = await browser.send(start());
  expect(new URL(response.headers.get("location")!, server.url).pathname).toBe("/u/login");
});

test("/oidc/logout with an id_token_hint ends the session and returns to an allowed address only", async () => {
  const browser = new CookieClient();
  const secret = accounts.application("web-app")!.client_secret!;
  const config = await discover("web-app", secret);
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: "openid", state: "s2" });
  const callback = await loginThroughPages(url.href, { username: "ada@example.com", password: PASSWORD }, browser);
  const tokens = await oidc.authorizationCodeGrant(config, callback, { expectedState: "s2" });
  const refused = await browser.send(
    oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: "https://evil.example.com/",
    }).href,
  );
  expect(refused.status).toBe(400);
  expect(refused.headers.get("location")).toBeNull();
  const logout = await browser.send(
    oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: "https://app.example.com/bye",
    }).href,
  );
  const page = await logout.text();
  // The page submits itself (a browser runs its script); here the form is sent as it would be.
  const action = /<form[^>]*action="([^"]+)"/.exec(page)![1];
  const fields = Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1], match[2]]),
  );
  const done = await browser.send(new URL(action, server.url).href, { form: fields });
  expect(done.headers.get("location")).toMatch(/^https:\/\/app\.example\.com\/bye/);
  const again = await browser.send(url.href);
  expect(new URL(again.headers.get("location")!, server.url).pathname).toBe("/u/login");
});

test("ID tokens are signed with the data directory's key: they still verify after a restart, and the key is never answered", async () => {
  const dataDir = tempDir();
  try {
    let harness = await startHarness({ dataDir });
    const created = await harness.call("POST", "/api/v2/clients", {
      body: {
        name: "Kept",
        app_type: "regular_web",
        callbacks: [CALLBACK],
        token_endpoint_auth_method: "client_secret_post",
      },
    });
    const { client_id: clientId, client_secret: clientSecret } = created.json as {
      client_id: string;
      client_secret: string;
    };
    const strong = "Correct-Horse-9-battery";
    await harness.call("POST", "/api/v2/users", {
      body: { connection: "Username-Password-Authentication", email: "kept@example.com", password: strong },
    });
    const browser = new CookieClient();
    let response = await browser.send(
      `${harness.server.url}/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: CALLBACK, scope: "openid", state: "k" })}`,
    );
    const page = new URL(response.headers.get("location")!, harness.server.url);
    const html = await (await browser.send(page.href)).text();
    response = await browser.send(page.href, {
      form: {
        state: hiddenField(html, "state"),
        _csrf: hiddenField(html, "_csrf"),
        username: "kept@example.com",
        password: strong,
      },
    });
    while (!response.headers.get("location")!.startsWith(CALLBACK))
      response = await browser.send(new URL(response.headers.get("location")!, harness.server.url).href);
    const code = new URL(response.headers.get("location")!).searchParams.get("code")!;
    const tokens = await fetch(`${harness.server.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: CALLBACK,
        client_id: clientId,
        client_secret: clientSecret,
      }).toString(),
    });
    const idToken = ((await tokens.json()) as { id_token: string }).id_token;
    await harness.close();
    harness = await startHarness({ dataDir, port: 0 });
    const jwks = (await (await fetch(`${harness.server.url}/.well-known/jwks.json`)).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys.every((key) => key.d === undefined && key.p === undefined)).toBe(true);
    const verified = await jwtVerify(idToken, createLocalJWKSet(jwks as never), { audience: clientId });
    expect(verified.protectedHeader.alg).toBe("RS256");
    await harness.close();
  } finally {
    removeDir(dataDir);
  }
});
