/**
 * Applications through `/api/v2/clients`, as the published API has them: the service's
 * defaults per `app_type`, the secret answered on create and on reads only with
 * `read:client_keys`, sealed at rest, validation in the service's error shape, and the
 * server's own machine-to-machine clients listed first, unchangeable, still authenticating.
 */
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { expectError, fetchToken, removeDir, startHarness, tempDir, tokenFor, type Harness } from "./helpers";

const CLIENTS = "/api/v2/clients";
const READER = { client_id: "reader", client_secret: "reader-secret", scopes: ["read:clients"], global: false };

let h: Harness;
let readerToken: string;
beforeAll(async () => {
  h = await startHarness({ clients: [READER] });
  readerToken = await tokenFor(h.server, READER.client_id, READER.client_secret);
});
afterAll(() => h.close());

describe("creating applications", () => {
  test.each([
    ["regular_web", "client_secret_post", ["authorization_code", "implicit", "refresh_token", "client_credentials"]],
    ["spa", "none", ["authorization_code", "implicit", "refresh_token"]],
    ["native", "none", ["authorization_code", "implicit", "refresh_token"]],
    ["non_interactive", "client_secret_post", ["client_credentials"]],
  ])("%s: the service's defaults, a 32-character id and a secret", async (appType, method, grants) => {
    const reply = await h.call("POST", CLIENTS, { body: { name: `App ${appType}`, app_type: appType } });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({
      client_id: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{64}$/),
      name: `App ${appType}`,
      app_type: appType,
      token_endpoint_auth_method: method,
      grant_types: grants,
      callbacks: [],
      is_first_party: true,
      client_metadata: {},
    });
  });

  test("keeps what the body says over the defaults", async () => {
    const body = {
      name: "Shop",
      app_type: "spa",
      description: "The shop's front end",
      callbacks: ["https://shop.example/callback", "com.example.shop://callback"],
      allowed_logout_urls: ["https://shop.example/"],
      web_origins: ["https://shop.example"],
      allowed_origins: ["https://*.shop.example"],
      grant_types: ["authorization_code", "refresh_token"],
      token_endpoint_auth_method: "client_secret_basic",
      oidc_conformant: true,
      logo_uri: "https://shop.example/logo.png",
      client_metadata: { team: "web" },
    };
    const reply = await h.call("POST", CLIENTS, { body });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject(body);
  });

  test.each([
    ["no name", { app_type: "spa" }, "name"],
    ["a name with markup", { name: "<b>x</b>" }, "name"],
    ["a callback that is not a URL", { name: "x", callbacks: ["not a url"] }, "callbacks[0]"],
    ["an unknown app_type", { name: "x", app_type: "mainframe" }, "app_type"],
    ["an unknown field", { name: "x", colour: "red" }, "colour"],
    [
      "eleven metadata keys",
      { name: "x", client_metadata: Object.fromEntries([...Array(11).keys()].map((i) => [`k${i}`, "v"])) },
      "client_metadata",
    ],
  ])("refuses %s with 400 invalid_body naming the field", async (_name, body, field) => {
    const error = expectError(await h.call("POST", CLIENTS, { body }), 400, "invalid_body");
    expect(error.message).toContain(field);
  });

  test("needs create:clients", async () => {
    expectError(await h.call("POST", CLIENTS, { body: { name: "x" }, token: readerToken }), 403, "insufficient_scope");
  });
});

describe("reading applications", () => {
  let created: { client_id: string; client_secret: string };
  beforeAll(async () => {
    created = (await h.call("POST", CLIENTS, { body: { name: "Listed", app_type: "regular_web" } })).json;
  });

  test("lists the server's clients first, then the applications; secrets only with read:client_keys", async () => {
    const admin = await h.call("GET", `${CLIENTS}?per_page=100`);
    const ids = admin.json.map((client: { client_id: string }) => client.client_id);
    expect(ids.slice(0, 2)).toEqual([h.server.credentials.clientId, "reader"]);
    expect(ids).toContain(created.client_id);
    expect(admin.json.find((c: { client_id: string }) => c.client_id === created.client_id).client_secret).toBe(
      created.client_secret,
    );
    const reader = await h.call("GET", `${CLIENTS}?per_page=100`, { token: readerToken });
    expect(reader.json.map((client: { client_id: string }) => client.client_id)).toEqual(ids);
    expect(reader.text).not.toContain(created.client_secret);
    expect(reader.text).not.toContain(h.server.credentials.clientSecret);
  });

  test("GET by id: with the secret for read:client_keys, without otherwise; 404 for an unknown id", async () => {
    expect((await h.call("GET", `${CLIENTS}/${created.client_id}`)).json.client_secret).toBe(created.client_secret);
    const reader = await h.call("GET", `${CLIENTS}/${created.client_id}`, { token: readerToken });
    expect(reader.json).toMatchObject({ client_id: created.client_id, name: "Listed" });
    expect(reader.json).not.toHaveProperty("client_secret");
    expectError(await h.call("GET", `${CLIENTS}/nosuchclient`), 404, "inexistent_client");
    expectError(await h.call("GET", `${CLIENTS}/${"x".repeat(129)}`), 400, "invalid_uri");
    expect((await h.call("GET", `${CLIENTS}/reader`)).json).toMatchObject({
      client_id: "reader",
      app_type: "non_interactive",
    });
  });
});

describe("changing and deleting applications", () => {
  test("PATCH replaces fields and merges client_metadata (null removes a key); DELETE, then 404", async () => {
    const { client_id } = (
      await h.call("POST", CLIENTS, {
        body: { name: "Before", callbacks: ["https://a.example/cb"], client_metadata: { keep: "1", drop: "2" } },
      })
    ).json;
    const patched = await h.call("PATCH", `${CLIENTS}/${client_id}`, {
      body: { name: "After", callbacks: ["https://b.example/cb"], client_metadata: { drop: null, add: "3" } },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({
      name: "After",
      callbacks: ["https://b.example/cb"],
      client_metadata: { keep: "1", add: "3" },
    });
    expect(patched.json.client_metadata).not.toHaveProperty("drop");
    expectError(
      await h.call("PATCH", `${CLIENTS}/${client_id}`, { body: { callbacks: ["nope"] } }),
      400,
      "invalid_body",
    );
    expect((await h.call("DELETE", `${CLIENTS}/${client_id}`)).status).toBe(204);
    expectError(await h.call("GET", `${CLIENTS}/${client_id}`), 404, "inexistent_client");
    expectError(await h.call("DELETE", `${CLIENTS}/${client_id}`), 404, "inexistent_client");
  });

  test("the server's own clients cannot be changed or deleted, and keep authenticating", async () => {
    const adminId = h.server.credentials.clientId;
    const patch = expectError(
      await h.call("PATCH", `${CLIENTS}/${adminId}`, { body: { name: "mine" } }),
      400,
      "operation_not_supported",
    );
    expect(patch.message).toContain("Create an application instead");
    expectError(await h.call("DELETE", `${CLIENTS}/reader`), 400, "operation_not_supported");
    expect((await fetchToken(h.server, adminId, h.server.credentials.clientSecret)).status).toBe(200);
    expect((await fetchToken(h.server, READER.client_id, READER.client_secret)).status).toBe(200);
  });
});

describe("secrets at rest", () => {
  test("sealed in the database files, and the same after a restart", async () => {
    const dir = tempDir();
    try {
      let server = await startHarness({ dataDir: dir });
      const created = (await server.call("POST", CLIENTS, { body: { name: "Sealed" } })).json;
      const files = ["tenant.db", "tenant.db-wal"].map((file) => join(dir, file)).filter((file) => existsSync(file));
      for (const file of files) expect(readFileSync(file).includes(created.client_secret)).toBe(false);
      await server.close();
      server = await startHarness({ dataDir: dir });
      try {
        expect((await server.call("GET", `${CLIENTS}/${created.client_id}`)).json.client_secret).toBe(
          created.client_secret,
        );
      } finally {
        await server.close();
      }
    } finally {
      removeDir(dir);
    }
  });
});
