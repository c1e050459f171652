/**
 * Users of the database connection through `/api/v2/users`, as the published API has them:
 * ids `auth0|<24 hex>`, identities, the connection's password policy with the service's
 * error, e-mails unique in the connection, metadata merged on PATCH, the password never
 * answered, lookups by e-mail, scopes; and the official `auth0` SDK over applications,
 * the connection and users.
 */
import { Management, ManagementClient } from "auth0";
import { expectError, startHarness, tokenFor, type Harness } from "./helpers";

const USERS = "/api/v2/users";
const CONNECTION = "Username-Password-Authentication";
const STRONG = "Correct-Horse-9";
const READER = { client_id: "reader", client_secret: "reader-secret", scopes: ["read:users"], global: false };

let h: Harness;
let readerToken: string;
beforeAll(async () => {
  h = await startHarness({ clients: [READER] });
  readerToken = await tokenFor(h.server, READER.client_id, READER.client_secret);
});
afterAll(() => h.close());

let sequence = 0;
/** A new user's body with a fresh e-mail. */
function newUser(extra: Record<string, unknown> = {}) {
  sequence += 1;
  return { connection: CONNECTION, email: `person${sequence}@example.com`, password: STRONG, ...extra };
}

describe("creating users", () => {
  test("answers the service's shape: id, identity, dates, e-mail in lower case, never the password", async () => {
    const reply = await h.call("POST", USERS, {
      body: newUser({ email: "Ada.Lovelace@Example.com", user_metadata: { lang: "en" }, name: "Ada" }),
    });
    expect(reply.status).toBe(201);
    const hex = (reply.json.user_id as string).slice("auth0|".length);
    expect(reply.json).toMatchObject({
      user_id: expect.stringMatching(/^auth0\|[0-9a-f]{24}$/),
      email: "ada.lovelace@example.com",
      email_verified: false,
      name: "Ada",
      nickname: "ada.lovelace",
      picture: expect.stringMatching(/^https:\/\//),
      identities: [{ connection: CONNECTION, provider: "auth0", user_id: hex, isSocial: false }],
      created_at: expect.any(String),
      updated_at: reply.json.created_at,
      logins_count: 0,
      user_metadata: { lang: "en" },
    });
    expect(reply.text).not.toContain(STRONG);
    expect(reply.text).not.toMatch(/password|scrypt/);
    expect((await h.call("GET", `${USERS}/${encodeURIComponent(reply.json.user_id)}`)).json).toEqual(reply.json);
  });

  test.each(["short1A", "alllowercase", "ALLUPPER123", "lower-and-symbols", `Aa1-${"é".repeat(35)}`])(
    "refuses the weak password %j with the service's error",
    async (password) => {
      const error = expectError(await h.call("POST", USERS, { body: newUser({ password }) }), 400, "invalid_body");
      expect(error.message).toBe("PasswordStrengthError: Password is too weak");
    },
  );

  test("refuses a second user with the same e-mail, in any case (409)", async () => {
    const body = newUser();
    expect((await h.call("POST", USERS, { body })).status).toBe(201);
    const error = expectError(
      await h.call("POST", USERS, { body: { ...body, email: body.email.toUpperCase() } }),
      409,
      "auth0_idp_error",
    );
    expect(error.message).toBe("The user already exists.");
  });

  test.each([
    ["an unknown connection", { connection: "Nope" }, 400, "inexistent_connection"],
    ["no password", { password: undefined }, 400, "invalid_body"],
    ["an e-mail that is not one", { email: "not-an-email" }, 400, "invalid_body"],
    ["an unknown field", { favourite: "tea" }, 400, "invalid_body"],
  ])("refuses %s", async (_name, extra, status, code) => {
    expectError(await h.call("POST", USERS, { body: newUser(extra) }), status, code);
  });

  test("needs create:users", async () => {
    expectError(await h.call("POST", USERS, { body: newUser(), token: readerToken }), 403, "insufficient_scope");
  });
});

describe("changing users", () => {
  test("PATCH merges metadata (null removes a key, {} empties), blocks, and checks a new password", async () => {
    const created = await h.call("POST", USERS, {
      body: newUser({ user_metadata: { a: 1, b: { deep: true } }, app_metadata: { plan: "free" } }),
    });
    const path = `${USERS}/${encodeURIComponent(created.json.user_id)}`;
    const patched = await h.call("PATCH", path, {
      body: { user_metadata: { a: null, c: 3 }, app_metadata: {}, blocked: true, name: "Renamed" },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ user_metadata: { b: { deep: true }, c: 3 }, blocked: true, name: "Renamed" });
    expect(patched.json).not.toHaveProperty("app_metadata");
    expect(patched.json.updated_at >= created.json.updated_at).toBe(true);
    expectError(await h.call("PATCH", path, { body: { password: "weak" } }), 400, "invalid_body");
    expect((await h.call("PATCH", path, { body: { password: "An0ther-Strong" } })).status).toBe(200);
  });

  test("a new e-mail is unverified unless told, and one taken by another user is refused (409)", async () => {
    const first = (await h.call("POST", USERS, { body: newUser({ email_verified: true }) })).json;
    const second = (await h.call("POST", USERS, { body: newUser() })).json;
    const path = `${USERS}/${encodeURIComponent(first.user_id)}`;
    const moved = await h.call("PATCH", path, { body: { email: `MOVED-${first.email}` } });
    expect(moved.json).toMatchObject({ email: `moved-${first.email}`, email_verified: false });
    expectError(await h.call("PATCH", path, { body: { email: second.email } }), 409, "auth0_idp_error");
  });

  test("DELETE answers 204, then the user is gone (404); an unknown user's GET is 404", async () => {
    const { user_id } = (await h.call("POST", USERS, { body: newUser() })).json;
    const path = `${USERS}/${encodeURIComponent(user_id)}`;
    expect((await h.call("DELETE", path)).status).toBe(204);
    expectError(await h.call("GET", path), 404, "inexistent_user");
    expectError(await h.call("PATCH", path, { body: { name: "x" } }), 404, "inexistent_user");
  });
});

describe("finding users", () => {
  test("lists with totals, searches by email and user_id, and looks up by e-mail", async () => {
    const user = (await h.call("POST", USERS, { body: newUser({ email: "findme@example.com" }) })).json;
    const page = await h.call("GET", `${USERS}?include_totals=true&per_page=2`, { token: readerToken });
    expect(page.json).toMatchObject({ start: 0, limit: 2, length: 2, total: expect.any(Number) });
    expect(page.json.total).toBeGreaterThan(2);
    const byQuery = await h.call("GET", `${USERS}?q=${encodeURIComponent('email:"FindMe@example.com"')}`);
    expect(byQuery.json.map((u: { user_id: string }) => u.user_id)).toEqual([user.user_id]);
    const byId = await h.call("GET", `${USERS}?q=${encodeURIComponent(`user_id:"${user.user_id}"`)}`);
    expect(byId.json).toEqual([user]);
    expect((await h.call("GET", "/api/v2/users-by-email?email=findme@example.com")).json).toEqual([user]);
    expect((await h.call("GET", "/api/v2/users-by-email?email=nobody@example.com")).json).toEqual([]);
    expectError(await h.call("GET", "/api/v2/users-by-email"), 400, "invalid_query_string");
    expectError(await h.call("GET", `${USERS}?q=name:*ada*`), 400, "invalid_query_string");
  });
});

describe("the official SDK", () => {
  /** The SDK builds https:// URLs: aim them at the plain-HTTP local server. */
  const localFetch: typeof fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    return fetch(url.replace(/^https:\/\//, "http://"), init);
  };

  test("creates an application, finds it enabled on the connection, and manages a user", async () => {
    const sdk = new ManagementClient({
      domain: new URL(h.server.url).host,
      fetch: localFetch,
      maxRetries: 0,
      clientId: h.server.credentials.clientId,
      clientSecret: h.server.credentials.clientSecret,
    });
    const app = await sdk.clients.create({ name: "SDK app", app_type: "spa", callbacks: ["https://sdk.example/cb"] });
    expect(app).toMatchObject({ token_endpoint_auth_method: "none", client_secret: expect.any(String) });
    const clientIds: string[] = [];
    for await (const client of await sdk.clients.list({ per_page: 2 })) clientIds.push(client.client_id!);
    expect(clientIds).toContain(app.client_id);
    const connections = [];
    for await (const connection of await sdk.connections.list({ strategy: ["auth0"], take: 1 }))
      connections.push(connection);
    expect(connections).toEqual([expect.objectContaining({ name: CONNECTION })]);
    expect((await sdk.connections.get(connections[0].id!)).enabled_clients).toContain(app.client_id);

    const user = await sdk.users.create({ connection: CONNECTION, email: "sdk@example.com", password: STRONG });
    expect(user.user_id).toMatch(/^auth0\|/);
    const updated = await sdk.users.update(user.user_id!, { app_metadata: { role: "admin" } });
    expect(updated.app_metadata).toEqual({ role: "admin" });
    expect((await sdk.users.listUsersByEmail({ email: "sdk@example.com" })).map((u) => u.user_id)).toEqual([
      user.user_id,
    ]);
    const everyone: string[] = [];
    for await (const listed of await sdk.users.list({ per_page: 3 })) everyone.push(listed.user_id!);
    expect(everyone).toContain(user.user_id);
    await expect(
      sdk.users.create({ connection: CONNECTION, email: "weak@example.com", password: "weak" }),
    ).rejects.toBeInstanceOf(Management.BadRequestError);
    await sdk.users.delete(user.user_id!);
    await expect(sdk.users.get(user.user_id!)).rejects.toBeInstanceOf(Management.NotFoundError);
  });
});
