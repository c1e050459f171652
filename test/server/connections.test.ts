/**
 * The database connection through `/api/v2/connections`, as the published API has it: the
 * one every tenant starts with, its `enabled_clients` (new applications enabled, deleted ones
 * taken out), its password policy applied to users, `options` replaced whole by a PATCH.
 */
import { expectError, startHarness, tokenFor, type Harness } from "./helpers";

const CONNECTIONS = "/api/v2/connections";
const NAME = "Username-Password-Authentication";
const READER = { client_id: "reader", client_secret: "reader-secret", scopes: ["read:connections"], global: false };

let h: Harness;
let readerToken: string;
let id: string;
beforeAll(async () => {
  h = await startHarness({ clients: [READER] });
  readerToken = await tokenFor(h.server, READER.client_id, READER.client_secret);
  id = (await h.call("GET", CONNECTIONS)).json[0].id;
});
afterAll(() => h.close());

test("a fresh tenant has the database connection, with the `good` password policy", async () => {
  const listed = await h.call("GET", CONNECTIONS, { token: readerToken });
  expect(listed.json).toEqual([
    {
      id: expect.stringMatching(/^con_[1-9A-HJ-NP-Za-km-z]{16}$/),
      name: NAME,
      strategy: "auth0",
      options: expect.objectContaining({ passwordPolicy: "good", password_complexity_options: { min_length: 8 } }),
      enabled_clients: [],
      is_domain_connection: false,
      realms: [NAME],
    },
  ]);
  expect((await h.call("GET", `${CONNECTIONS}/${id}`)).json).toEqual(listed.json[0]);
});

test("filters by strategy and name, and pages with totals or by checkpoint", async () => {
  expect((await h.call("GET", `${CONNECTIONS}?strategy=auth0`)).json).toHaveLength(1);
  expect((await h.call("GET", `${CONNECTIONS}?strategy=google-oauth2`)).json).toEqual([]);
  expect((await h.call("GET", `${CONNECTIONS}?name=${NAME}`)).json).toHaveLength(1);
  expect((await h.call("GET", `${CONNECTIONS}?include_totals=true`)).json).toMatchObject({ total: 1, start: 0 });
  // Checkpoint paging, as the SDKs ask: no totals, and no `next` after the last page.
  const checkpoint = await h.call("GET", `${CONNECTIONS}?take=1&include_totals=true`);
  expect(checkpoint.json).toEqual({ connections: [expect.objectContaining({ name: NAME })] });
  expectError(await h.call("GET", `${CONNECTIONS}?from=garbage`), 400, "invalid_query_string");
});

test("a new application is enabled on it; a deleted one is taken out", async () => {
  const app = (await h.call("POST", "/api/v2/clients", { body: { name: "Web", app_type: "regular_web" } })).json;
  expect((await h.call("GET", `${CONNECTIONS}/${id}`)).json.enabled_clients).toContain(app.client_id);
  await h.call("DELETE", `/api/v2/clients/${app.client_id}`);
  expect((await h.call("GET", `${CONNECTIONS}/${id}`)).json.enabled_clients).not.toContain(app.client_id);
});

test("PATCH enabled_clients takes known clients only", async () => {
  const app = (await h.call("POST", "/api/v2/clients", { body: { name: "Kept out" } })).json;
  const patched = await h.call("PATCH", `${CONNECTIONS}/${id}`, { body: { enabled_clients: [] } });
  expect(patched.json.enabled_clients).toEqual([]);
  const error = expectError(
    await h.call("PATCH", `${CONNECTIONS}/${id}`, { body: { enabled_clients: [app.client_id, "ghost"] } }),
    400,
    "invalid_body",
  );
  expect(error.message).toContain("enabled_clients[1]");
  expect((await h.call("GET", `${CONNECTIONS}/${id}`)).json.enabled_clients).toEqual([]);
});

test("the password policy applies to new users; PATCH replaces the options whole", async () => {
  const user = { connection: NAME, email: "policy@example.com", password: "simple" };
  expectError(await h.call("POST", "/api/v2/users", { body: user }), 400, "invalid_body");
  const patched = await h.call("PATCH", `${CONNECTIONS}/${id}`, { body: { options: { passwordPolicy: "low" } } });
  expect(patched.json.options).toEqual({ passwordPolicy: "low" });
  expect((await h.call("POST", "/api/v2/users", { body: user })).status).toBe(201);
  await h.call("PATCH", `${CONNECTIONS}/${id}`, {
    body: { options: { passwordPolicy: "excellent", password_complexity_options: { min_length: 12 } } },
  });
  const strongButShort = { ...user, email: "short@example.com", password: "Ab1-Ab1-Ab1" };
  expectError(await h.call("POST", "/api/v2/users", { body: strongButShort }), 400, "invalid_body");
});

test("refuses unknown and malformed ids, bad options, and callers without the scope", async () => {
  expectError(await h.call("GET", `${CONNECTIONS}/con_1111111111111111`), 404, "inexistent_connection");
  expectError(await h.call("GET", `${CONNECTIONS}/nope`), 400, "invalid_uri");
  expectError(
    await h.call("PATCH", `${CONNECTIONS}/${id}`, { body: { options: { passwordPolicy: "strong" } } }),
    400,
    "invalid_body",
  );
  expectError(
    await h.call("PATCH", `${CONNECTIONS}/${id}`, { body: { enabled_clients: [] }, token: readerToken }),
    403,
    "insufficient_scope",
  );
});
