/**
 * The hosted login's view of the tenant's records (`createLoginAccounts`) over the stores the
 * management routes keep: applications and the server's own clients, the database connection
 * per application, signup under the password policy, authentication (blocked users refused
 * only with the right password), metadata merged, logins counted.
 */
import { accountsOf } from "../../server/accounts";
import { newApplication } from "../../server/accounts/applications";
import { ClientRegistry } from "../../server/auth/clients";
import type { TenantContext } from "../../server/context";
import { createLoginAccounts } from "../../server/login/accounts";
import type { LoginAccounts, LoginUser } from "../../server/login/accounts-contract";
import { openStore, type Store } from "../../server/store";

const CONNECTION = "Username-Password-Authentication";
const PASSWORD = "Sign-Up-2024";

let store: Store;
let context: TenantContext;
let login: LoginAccounts;
let adminId: string;
beforeAll(() => {
  store = openStore();
  const clients = new ClientRegistry(store);
  adminId = clients.loadAdmin().client.client_id;
  context = { store, clients } as unknown as TenantContext;
  login = createLoginAccounts(context);
});
afterAll(() => store.close());

/** An application made as POST /clients makes it. */
function application(body: Parameters<typeof newApplication>[0]) {
  const made = newApplication(body);
  const { applications, connections } = accountsOf(store);
  applications.insert(made);
  connections.enableForNewClient(made.client_id);
  return made;
}

/** Narrows a result to a user, failing with the refusal otherwise. */
function asUser(result: Awaited<ReturnType<LoginAccounts["signUp"]>>): LoginUser {
  if ("code" in result) throw new Error(`refused: ${result.code} ${result.description}`);
  return result;
}

describe("applications", () => {
  test("a confidential application carries its secret, a public one none; unknown ids are undefined", () => {
    const web = application({ name: "Web", app_type: "regular_web", callbacks: ["https://web.example/cb"] });
    expect(login.application(web.client_id)).toEqual({
      client_id: web.client_id,
      name: "Web",
      app_type: "regular_web",
      callbacks: ["https://web.example/cb"],
      allowed_logout_urls: [],
      web_origins: [],
      grant_types: web.grant_types,
      token_endpoint_auth_method: "client_secret_post",
      client_secret: web.client_secret,
    });
    const spa = application({ name: "SPA", app_type: "spa" });
    expect(login.application(spa.client_id)).not.toHaveProperty("client_secret");
    expect(login.application("nobody")).toBeUndefined();
  });

  test("the server's own clients are applications without callbacks or secret", () => {
    expect(login.application(adminId)).toMatchObject({ app_type: "non_interactive", callbacks: [] });
    expect(login.application(adminId)).not.toHaveProperty("client_secret");
  });

  test("the database connection is there for an application unless disabled for it", () => {
    const app = application({ name: "Enabled" });
    expect(login.databaseConnection(app.client_id)).toEqual({
      id: expect.stringMatching(/^con_/),
      name: CONNECTION,
      strategy: "auth0",
    });
    const { connections } = accountsOf(store);
    const connection = connections.byName(CONNECTION)!;
    connections.replace({
      ...connection,
      enabled_clients: connection.enabled_clients.filter((id) => id !== app.client_id),
    });
    expect(login.databaseConnection(app.client_id)).toBeUndefined();
    expect(login.databaseConnection(adminId)).toBeUndefined();
  });
});

describe("signup and authentication", () => {
  test("signUp applies the policy, refuses a taken e-mail and a bad one, and makes a user", async () => {
    const weak = await login.signUp(CONNECTION, "weak@example.com", "password");
    expect(weak).toEqual({
      code: "invalid_password",
      description: expect.stringContaining("at least 3 of the following 4"),
    });
    expect(await login.signUp(CONNECTION, "not-an-email", PASSWORD)).toMatchObject({ code: "invalid_signup" });
    expect(await login.signUp("Other-Connection", "x@example.com", PASSWORD)).toMatchObject({ code: "invalid_signup" });
    const user = asUser(await login.signUp(CONNECTION, "New.Person@example.com", PASSWORD));
    expect(user).toMatchObject({
      user_id: expect.stringMatching(/^auth0\|[0-9a-f]{24}$/),
      email: "new.person@example.com",
      logins_count: 0,
      blocked: false,
      user_metadata: {},
      app_metadata: {},
    });
    expect(await login.signUp(CONNECTION, "new.person@EXAMPLE.com", PASSWORD)).toMatchObject({ code: "user_exists" });
    expect(login.user(user.user_id)).toEqual(user);
  });

  test("signUp is refused when the connection disables signup", async () => {
    const { connections } = accountsOf(store);
    const connection = connections.byName(CONNECTION)!;
    connections.replace({ ...connection, options: { ...connection.options, disable_signup: true } });
    try {
      expect(await login.signUp(CONNECTION, "later@example.com", PASSWORD)).toMatchObject({ code: "invalid_signup" });
    } finally {
      connections.replace(connection);
    }
  });

  test("authenticate: the right password (any e-mail case) logs in; wrong ones and strangers are refused alike", async () => {
    const user = asUser(await login.signUp(CONNECTION, "auth@example.com", PASSWORD));
    expect(asUser(await login.authenticate(CONNECTION, "AUTH@example.com", PASSWORD)).user_id).toBe(user.user_id);
    const wrong = await login.authenticate(CONNECTION, "auth@example.com", `${PASSWORD}x`);
    const stranger = await login.authenticate(CONNECTION, "nobody@example.com", PASSWORD);
    expect(wrong).toEqual({ code: "wrong_credentials", description: "Wrong email or password." });
    expect(stranger).toEqual(wrong);
  });

  test("a blocked user is refused with the right password, and told nothing more with a wrong one", async () => {
    const user = asUser(await login.signUp(CONNECTION, "blocked@example.com", PASSWORD));
    const { users } = accountsOf(store);
    const stored = users.get(user.user_id)!;
    await users.update(stored, accountsOf(store).connections.byName(CONNECTION)!, { blocked: true });
    expect(await login.authenticate(CONNECTION, "blocked@example.com", PASSWORD)).toMatchObject({
      code: "user_blocked",
    });
    expect(await login.authenticate(CONNECTION, "blocked@example.com", "Wrong-Pass-1")).toMatchObject({
      code: "wrong_credentials",
    });
  });
});

describe("after the login", () => {
  test("mergeMetadata merges (a null removes a key) and recordLogin counts", async () => {
    const user = asUser(await login.signUp(CONNECTION, "meta@example.com", PASSWORD));
    login.mergeMetadata(user.user_id, { user_metadata: { theme: "dark", lang: "en" }, app_metadata: { plan: "pro" } });
    const merged = login.mergeMetadata(user.user_id, { user_metadata: { lang: null } });
    expect(merged.user_metadata).toEqual({ theme: "dark" });
    expect(merged.app_metadata).toEqual({ plan: "pro" });
    const first = login.recordLogin(user.user_id, "203.0.113.9");
    const second = login.recordLogin(user.user_id, "203.0.113.9");
    expect([first.logins_count, second.logins_count]).toEqual([1, 2]);
    expect(second.last_login).toEqual(expect.any(String));
    expect(accountsOf(store).users.get(user.user_id)!.last_ip).toBe("203.0.113.9");
    expect(() => login.recordLogin("auth0|000000000000000000000000", "::1")).toThrow("No user has the id");
  });
});
