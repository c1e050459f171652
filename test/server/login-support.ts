/**
 * The hosted login's test harness: a tenant server built as startTenantServer builds it, with
 * the login's accounts given by the test ({@link TestAccounts}, the LoginAccounts contract in
 * memory), and a browser-like HTTP client that keeps cookies and follows nothing by itself.
 */
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { buildApp } from "../../server/app";
import { ClientRegistry } from "../../server/auth/clients";
import { loadSigningKey } from "../../server/auth/keys";
import { TokenService } from "../../server/auth/tokens";
import type { TenantContext } from "../../server/context";
import { Counters, FaultInjector } from "../../server/faults";
import type {
  AccountRefusal,
  LoginAccounts,
  LoginApplication,
  LoginConnection,
  LoginUser,
} from "../../server/login/accounts-contract";
import { RateLimiter } from "../../server/ratelimit";
import { seedCustomDomain } from "../../server/routes/custom-domains";
import { openStore } from "../../server/store";
import { codeSandbox } from "../../server/sandbox";

/** The database connection of the test accounts. */
export const CONNECTION: LoginConnection = {
  id: "con_test000000000001",
  name: "Username-Password-Authentication",
  strategy: "auth0",
};

/** The LoginAccounts contract in memory, for the login's tests (the tenant's real records are another part's). */
export class TestAccounts implements LoginAccounts {
  readonly applications = new Map<string, LoginApplication>();
  readonly users = new Map<string, LoginUser & { password: string }>();
  disabledFor = new Set<string>();

  addApplication(
    application: Partial<LoginApplication> & { client_id: string; callbacks: string[] },
  ): LoginApplication {
    const full: LoginApplication = {
      name: application.client_id,
      app_type: "regular_web",
      allowed_logout_urls: [],
      web_origins: [],
      grant_types: ["authorization_code", "refresh_token"],
      token_endpoint_auth_method: "client_secret_post",
      client_secret: "a-secret-long-enough-for-the-library-0123456789",
      ...application,
    };
    this.applications.set(full.client_id, full);
    return full;
  }

  addUser(email: string, password: string, extra: Partial<LoginUser> = {}): LoginUser {
    const now = new Date().toISOString();
    const user = {
      user_id: `auth0|${String(this.users.size + 1).padStart(24, "0")}`,
      email,
      email_verified: false,
      name: email,
      nickname: email.split("@")[0],
      picture: "https://example.com/picture.png",
      created_at: now,
      updated_at: now,
      logins_count: 0,
      blocked: false,
      user_metadata: {},
      app_metadata: {},
      identities: [],
      ...extra,
      password,
    };
    this.users.set(user.user_id, user);
    return this.shown(user);
  }

  private shown(user: LoginUser & { password: string }): LoginUser {
    const { password: _password, ...shown } = user;
    return shown;
  }

  application(clientId: string) {
    return this.applications.get(clientId);
  }
  databaseConnection(clientId: string) {
    return this.disabledFor.has(clientId) ? undefined : CONNECTION;
  }
  async authenticate(_connection: string, email: string, password: string): Promise<LoginUser | AccountRefusal> {
    const user = [...this.users.values()].find((each) => each.email === email.toLowerCase());
    if (!user || user.password !== password)
      return { code: "wrong_credentials", description: "Wrong email or password." };
    if (user.blocked) return { code: "user_blocked", description: "user is blocked" };
    return this.shown(user);
  }
  async signUp(_connection: string, email: string, password: string): Promise<LoginUser | AccountRefusal> {
    if ([...this.users.values()].some((each) => each.email === email.toLowerCase()))
      return { code: "user_exists", description: "The user already exists." };
    if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(email))
      return { code: "invalid_signup", description: "Invalid email address." };
    if (password.length < 8) return { code: "invalid_password", description: "Password is too weak" };
    return this.addUser(email.toLowerCase(), password);
  }
  user(userId: string) {
    const user = this.users.get(userId);
    return user && this.shown(user);
  }
  mergeMetadata(
    userId: string,
    metadata: { user_metadata?: Record<string, unknown>; app_metadata?: Record<string, unknown> },
  ) {
    const user = this.users.get(userId)!;
    const merge = (base: Readonly<Record<string, unknown>>, patch: Record<string, unknown> = {}) => {
      const merged: Record<string, unknown> = { ...base, ...patch };
      for (const [key, value] of Object.entries(patch)) if (value === null) delete merged[key];
      return merged;
    };
    const updated = {
      ...user,
      user_metadata: merge(user.user_metadata, metadata.user_metadata),
      app_metadata: merge(user.app_metadata, metadata.app_metadata),
    };
    this.users.set(userId, updated);
    return this.shown(updated);
  }
  recordLogin(userId: string) {
    const user = this.users.get(userId)!;
    const updated = { ...user, logins_count: user.logins_count + 1, last_login: new Date().toISOString() };
    this.users.set(userId, updated);
    return this.shown(updated);
  }
}

/** A started server that logs people in with `accounts`. */
export interface LoginServer {
  url: string;
  accounts: TestAccounts;
  adminToken: string;
  /** The server's log lines so far (pino JSON, parsed). */
  logLines: Record<string, unknown>[];
  /** Calls the management API with the admin token. */
  manage(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }>;
  close(): Promise<void>;
}

/** Starts a server on a free loopback port with the hosted login on `accounts`. */
export async function startLoginServer(
  accounts = new TestAccounts(),
  options: { runActions?: boolean } = {},
): Promise<LoginServer> {
  const store = openStore(undefined);
  const signingKey = await loadSigningKey(undefined);
  const clients = new ClientRegistry(store);
  const admin = clients.loadAdmin();
  seedCustomDomain(store, "login.example.com");
  let url = "";
  const context: TenantContext = {
    store,
    clients,
    signingKey,
    tokens: new TokenService(signingKey, { url: () => url }),
    rateLimiter: new RateLimiter(100_000),
    faults: new FaultInjector(),
    counters: new Counters(),
    url: () => url,
    ...(options.runActions ? { sandbox: codeSandbox() } : {}),
  };
  const logLines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean))
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = buildApp(context, { loginAccounts: accounts, logger: pino({ level: "info" }, sink) });
  await app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const tokenReply = await fetch(`${url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      grant_type: "client_credentials",
      client_id: admin.client.client_id,
      client_secret: admin.secret,
      audience: `${url}/api/v2/`,
    }),
  });
  const adminToken = ((await tokenReply.json()) as { access_token: string }).access_token;
  return {
    url,
    accounts,
    adminToken,
    logLines,
    manage: async (method, path, body) => {
      const response = await fetch(`${url}/api/v2${path}`, {
        method,
        headers: {
          authorization: `Bearer ${adminToken}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : undefined };
    },
    close: async () => {
      await app.close();
      await context.sandbox?.close?.();
      store.close();
    },
  };
}

/** A browser's part of HTTP: cookies kept per name, redirects returned (not followed). */
export class CookieClient {
  private readonly cookies = new Map<string, string>();

  async send(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { "accept-language": "en" };
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      headers,
      body,
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** The value of hidden input `name` in a page. */
export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html);
  if (!match) throw new Error(`no hidden field ${name} in the page:\n${html.slice(0, 2000)}`);
  return match[1].replace(/&amp;/g, "&").replace(/&quot;/g, '"');
}

/**
 * Starts a login at `/authorize` (`response_type=code`, `state=st` and `query`) and submits the
 * login page with `username` and `password`: the page's answer to the submit.
 */
export async function submitLogin(
  base: string,
  browser: CookieClient,
  query: Record<string, string>,
  username: string,
  password: string,
): Promise<Response> {
  const params = new URLSearchParams({ response_type: "code", state: "st", ...query });
  const response = await browser.send(`${base}/authorize?${params}`);
  const page = new URL(response.headers.get("location")!, base);
  const html = await (await browser.send(page.href)).text();
  return browser.send(page.href, {
    form: {
      state: hiddenField(html, "state"),
      _csrf: hiddenField(html, "_csrf"),
      username,
      password,
      action: "default",
    },
  });
}

/** Makes, deploys and binds post-login actions in this order (each live before it is bound); their ids. */
export async function bindPostLoginActions(
  server: LoginServer,
  actions: { name: string; code: string; secrets?: { name: string; value: string }[] }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const action of actions) {
    const created = await server.manage("POST", "/actions/actions", {
      name: action.name,
      supported_triggers: [{ id: "post-login", version: "v3" }],
      code: action.code,
      ...(action.secrets ? { secrets: action.secrets } : {}),
      deploy: true,
    });
    if (created.status !== 201)
      throw new Error(`action not created: ${created.status} ${JSON.stringify(created.json)}`);
    const id = (created.json as { id: string }).id;
    for (let attempt = 0; attempt < 100; attempt++) {
      if (
        ((await server.manage("GET", `/actions/actions/${id}`)).json as { all_changes_deployed?: boolean })
          .all_changes_deployed
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    ids.push(id);
  }
  const bound = await server.manage("PATCH", "/actions/triggers/post-login/bindings", {
    bindings: ids.map((value, index) => ({ ref: { type: "action_id", value }, display_name: actions[index].name })),
  });
  if (bound.status !== 200) throw new Error(`actions not bound: ${bound.status} ${JSON.stringify(bound.json)}`);
  return ids;
}

/**
 * Logs `username` in through the login pages of `server` as application `clientId` (callback
 * `redirectUri`), following redirects until the form an action shows (`/u/form`); the browser
 * (its cookies) and the form's address. Throws when the login never reaches a form.
 */
export async function loginToForm(
  server: Pick<LoginServer, "url">,
  login: { clientId: string; redirectUri: string; username: string; password: string },
): Promise<{ browser: CookieClient; form: URL }> {
  const browser = new CookieClient();
  const query = { client_id: login.clientId, redirect_uri: login.redirectUri, scope: "openid" };
  let response = await submitLogin(server.url, browser, query, login.username, login.password);
  for (let hops = 0; hops < 5; hops++) {
    const next = new URL(response.headers.get("location")!, server.url);
    if (next.pathname === "/u/form") return { browser, form: next };
    response = await browser.send(next.href);
  }
  throw new Error("the login never reached the form");
}
