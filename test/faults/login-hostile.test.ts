/**
 * Hostile input to every route of the hosted login, on a server started as users start it:
 * oversized and malformed parameters, repeated and nested fields, broken %-encoding, open
 * redirects, forged tokens. Each gets an error page or an error redirect to the application's
 * own callback (never a 5xx, never a redirect elsewhere), and nothing in the tenant changes.
 *
 * Figure: hostile requests tried, and how many were misanswered.
 */
import { startHarness, type Harness } from "../server/helpers";
import { printFigure } from "./support";

const CALLBACK = "https://app.example.com/callback";
const PASSWORD = "Correct-Horse-9-battery";
const SCRIPT = `"><script>alert(1)</script>`;
const HUGE = "x".repeat(60_000);
const EVIL = [
  "https://evil.example.com/",
  "//evil.example.com",
  "javascript:alert(1)",
  `${CALLBACK}.evil.example.com`,
  "https://app.example.com@evil.example.com/",
];

let h: Harness;
let clientId = "";
const outcomes: { name: string; ok: boolean }[] = [];

beforeAll(async () => {
  h = await startHarness();
  const application = await h.call("POST", "/api/v2/clients", {
    body: {
      name: "Shop",
      app_type: "regular_web",
      callbacks: [CALLBACK],
      allowed_logout_urls: ["https://app.example.com/bye"],
    },
  });
  clientId = application.json.client_id;
  await h.call("POST", "/api/v2/users", {
    body: { connection: "Username-Password-Authentication", email: "ada@example.com", password: PASSWORD },
  });
});
afterAll(async () => {
  await h.close();
  printFigure("login-hostile", { tried: outcomes.length, misanswered: outcomes.filter((o) => !o.ok).length });
});

/** What the tenant holds: its users and the application, to compare before and after. */
const tenantState = async () =>
  JSON.stringify([
    (await h.call("GET", "/api/v2/users")).json,
    (await h.call("GET", `/api/v2/clients/${clientId}`)).json,
  ]);

/** Sends one hostile request; it must get a 4xx page or a redirect to the callback or the login's own pages. */
async function hostile(name: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${h.server.url}${path}`, { redirect: "manual", ...init });
  const location = response.headers.get("location");
  const body = await response.text();
  const ok =
    response.status < 500 &&
    (location === null ||
      location.startsWith(CALLBACK) ||
      location.startsWith("/u/") ||
      location.startsWith(`${h.server.url}/`)) &&
    !body.includes("<script>alert(1)");
  outcomes.push({ name, ok });
  if (!ok) throw new Error(`${name}: ${response.status} location=${location} ${body.slice(0, 300)}`);
}

const authorize = (params: Record<string, string>) =>
  `/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: CALLBACK, scope: "openid", state: "s", ...params })}`;
const form = (body: string): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body,
});

test("every route of the login refuses hostile input, and the tenant is unchanged", async () => {
  const before = await tenantState();
  const cases: [string, string, RequestInit?][] = [
    ...EVIL.map((uri): [string, string] => [`redirect_uri ${uri}`, authorize({ redirect_uri: uri })]),
    ["huge state", authorize({ state: HUGE.slice(0, 7000) })],
    [
      "script in every parameter",
      authorize({
        state: SCRIPT,
        nonce: SCRIPT,
        login_hint: SCRIPT,
        ui_locales: SCRIPT,
        "ext-a": SCRIPT,
        audience: SCRIPT,
        screen_hint: SCRIPT,
      }),
    ],
    ["broken %-encoding", `/authorize?client_id=%ff%fe&redirect_uri=%zz`],
    ["repeated parameters", `${authorize({})}&state=t&client_id=other`],
    ["bracketed parameters", `/authorize?client_id[a]=1&redirect_uri[]=x`],
    ["unknown response_mode", authorize({ response_mode: "web_message" })],
    ["request object", authorize({ request: "eyJhbGciOiJub25lIn0.e30." })],
    ["login page without state", "/u/login"],
    ["login page with a forged state", `/u/login?state=${encodeURIComponent(SCRIPT)}`],
    ["signup with a huge state", `/u/signup?state=${HUGE.slice(0, 7000)}`],
    ["login post without anything", "/u/login", form("")],
    ["login post with a huge body", "/u/login", form(`state=a&username=${HUGE}&password=${HUGE}`)],
    ["login post with nested fields", "/u/login", form("state[a]=1&username[b][c]=2&password[]=3")],
    [
      "login post as JSON",
      "/u/login",
      { method: "POST", headers: { "content-type": "application/json" }, body: '{"state":"x"}' },
    ],
    ["continue without a login", "/continue?state=nothing"],
    ["form without a login", "/u/form?state=nothing"],
    ["form post without a token", "/u/form?state=nothing", form("email=a%40b.example&%24action=next")],
    ...EVIL.map((uri): [string, string] => [
      `v2 logout to ${uri}`,
      `/v2/logout?client_id=${clientId}&returnTo=${encodeURIComponent(uri)}`,
    ]),
    ["v2 logout without client", `/v2/logout?returnTo=${encodeURIComponent("https://app.example.com/bye")}`],
    [
      "oidc logout to elsewhere",
      `/oidc/logout?client_id=${clientId}&post_logout_redirect_uri=${encodeURIComponent(EVIL[0])}`,
    ],
    [
      "a forged code",
      "/oauth/token",
      form(`grant_type=authorization_code&code=${SCRIPT}&client_id=${clientId}&redirect_uri=${CALLBACK}`),
    ],
    [
      "a forged refresh token",
      "/oauth/token",
      form(`grant_type=refresh_token&refresh_token=${HUGE.slice(0, 4000)}&client_id=${clientId}`),
    ],
    ["userinfo with a forged token", "/userinfo", { headers: { authorization: `Bearer ${SCRIPT}` } }],
    ["revocation without a client", "/oauth/revoke", form("token=abc")],
  ];
  for (const [name, path, init] of cases) await hostile(name, path, init);
  expect(await tenantState()).toBe(before);
});
