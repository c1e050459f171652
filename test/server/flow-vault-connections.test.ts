/**
 * Flow vault connections over HTTP (`/api/v2/flows/vault/connections`): every app and each
 * of its setups accepted; `setup` write-only (never answered on create, get, list or update,
 * sealed at rest, redacted in the log) with `ready`, `fingerprint` and `refreshed_at` in its
 * place; a setup the app does not take refused naming it; `app_id` fixed; ids, paging,
 * delete and scopes.
 */
import Database from "better-sqlite3";
import { Writable } from "node:stream";
import { join } from "node:path";
import { Management } from "auth0";
import { isValidId, KINDS } from "../../api";
import { FLOW_VAULT_CONNECTION_APPS } from "../../api/kinds/flow-vault-connection/contract";
import { DATABASE_FILE, openStore } from "../../server/store";
import { SETUPS } from "../fixtures/flow-samples";
import { expectError, removeDir, startHarness, tempDir, tokenFor, type Harness } from "./helpers";

const PATH = "/api/v2/flows/vault/connections";
const SECRET = /SECRET-[a-z0-9]+-\d/g;

let h: Harness;
let dir: string;
const logLines: string[] = [];

beforeAll(async () => {
  dir = tempDir("tenant-vault-");
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString("utf8"));
      callback();
    },
  });
  h = await startHarness({
    dataDir: dir,
    logger: { destination, level: "trace" },
    clients: [
      {
        client_id: "vault-reader",
        client_secret: "vault-reader-secret",
        scopes: ["read:flows_vault_connections"],
        global: false,
      },
    ],
  });
});
let closed = false;
afterAll(async () => {
  if (!closed) await h.close();
  removeDir(dir);
});

/** The apps the official SDK's runtime constants name. */
const sdkApps = () =>
  Object.entries(Management as unknown as Record<string, Record<string, string>>)
    .filter(([name]) => /^FlowsVaultConnectionAppId.*Enum$/.test(name))
    .map(([, value]) => Object.values(value)[0])
    .sort();

const cases = Object.entries(SETUPS).flatMap(([app, setups]) =>
  setups.map((setup) => [`${app} ${String(setup.type)}`, app, setup] as const),
);

/** Fields a connection answers: never `setup`. */
const ANSWER_KEYS = ["app_id", "created_at", "fingerprint", "id", "name", "ready", "refreshed_at", "updated_at"];

describe("the published apps", () => {
  test("the schema declares exactly the SDK's 21 apps, and each has samples", () => {
    expect([...FLOW_VAULT_CONNECTION_APPS].sort()).toEqual(sdkApps());
    expect(sdkApps()).toHaveLength(21);
    expect(Object.keys(SETUPS).sort()).toEqual(sdkApps());
  });

  test.each(cases)("%s is accepted; the setup is never answered", async (_name, app, setup) => {
    const created = await h.call("POST", PATH, { body: { name: `conn ${app}`, app_id: app, setup } });
    expect(created.status).toBe(201);
    expect(Object.keys(created.json).sort()).toEqual(ANSWER_KEYS);
    expect(created.json).toMatchObject({ app_id: app, name: `conn ${app}`, ready: true });
    expect(created.text).not.toMatch(SECRET);
    const read = await h.call("GET", `${PATH}/${created.json.id}`);
    expect(read.json).toEqual(created.json);
  });

  test.each(FLOW_VAULT_CONNECTION_APPS)("%s without a setup is accepted, not ready", async (app) => {
    const created = await h.call("POST", PATH, { body: { name: "empty", app_id: app } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ ready: false, fingerprint: expect.any(String) });
    expect(created.json).not.toHaveProperty("refreshed_at");
  });

  test.each([
    ["a setup of another app", { app_id: "TELEGRAM", setup: { type: "BEARER", token: "t" } }, "setup.type", "TOKEN"],
    ["a missing credential", { app_id: "HTTP", setup: { type: "BEARER" } }, "setup.token", "Missing required"],
    // The setup's `type` chooses the variant the error speaks of (BASIC_AUTH's password is optional).
    [
      "a BASIC_AUTH setup without its username",
      { app_id: "HTTP", setup: { type: "BASIC_AUTH", password: "SECRET-x-2" } },
      "setup.username",
      "Missing required",
    ],
    [
      "a BASIC_AUTH setup with a password that is not a string",
      { app_id: "HTTP", setup: { type: "BASIC_AUTH", username: "u", password: 7 } },
      "setup.password",
      "Must be string",
    ],
    [
      "a Slack WEBHOOK with an empty URL",
      { app_id: "SLACK", setup: { type: "WEBHOOK", url: "" } },
      "setup.url",
      "too short",
    ],
    [
      "a Slack WEBHOOK with a URL not a string",
      { app_id: "SLACK", setup: { type: "WEBHOOK", url: 7 } },
      "setup.url",
      "Must be string",
    ],
    [
      "an HTTP API_KEY without its place (not another app's API_KEY fields)",
      { app_id: "HTTP", setup: { type: "API_KEY", name: "k", value: "SECRET-x-3" } },
      "setup.in",
      "Missing required",
    ],
    ["an unknown app", { app_id: "FAXMACHINE" }, "app_id", "Must be one of: ACTIVECAMPAIGN"],
    [
      "a wrong key place",
      { app_id: "HTTP", setup: { type: "API_KEY", name: "k", value: "SECRET-x-1", in: "BODY" } },
      "setup.in",
      "Must be one of: HEADER, QUERY",
    ],
  ])("%s is refused 400 naming the property", async (_what, body, property, message) => {
    const reply = await h.call("POST", PATH, { body: { name: "bad", ...body } });
    const error = expectError(reply, 400, "invalid_body");
    expect(error.message).toContain(`on property ${property}`);
    expect(error.message).toContain(message);
    expect(error.message).not.toMatch(SECRET);
  });
});

describe("operations", () => {
  test("ids are ac_ and 22 base58 characters", async () => {
    const created = await h.call("POST", PATH, { body: { name: "ids", app_id: "ZAPIER" } });
    expect(created.json.id).toMatch(/^ac_[1-9A-HJ-NP-Za-km-z]{22}$/);
    expect(isValidId("flowVaultConnection", created.json.id)).toBe(true);
  });

  test("the list answers summaries, paged, never a setup", async () => {
    await h.call("POST", PATH, { body: { name: "listed", app_id: "HTTP", setup: SETUPS.HTTP[0] } });
    const page = await h.call("GET", `${PATH}?include_totals=true&per_page=100`);
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ start: 0, limit: 100, total: page.json.connections.length });
    expect(page.text).not.toMatch(SECRET);
    for (const item of page.json.connections) {
      expect(item).not.toHaveProperty("setup");
      expect(item).toEqual({ ...(await h.call("GET", `${PATH}/${item.id}`)).json });
    }
    const bare = await h.call("GET", `${PATH}?per_page=2&page=0`);
    expect(bare.json).toEqual(page.json.connections.slice(0, 2));
  });

  test("PATCH of the name keeps the credentials and fingerprint; a new setup moves the fingerprint", async () => {
    const created = (
      await h.call("POST", PATH, {
        body: { name: "rotate", app_id: "HTTP", setup: { type: "BEARER", token: "SECRET-r-1" } },
      })
    ).json;
    const renamed = await h.call("PATCH", `${PATH}/${created.id}`, { body: { name: "rotated" } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toEqual({ ...created, name: "rotated", updated_at: expect.any(String) });
    expect(renamed.json.updated_at > created.updated_at).toBe(true);
    const rotated = await h.call("PATCH", `${PATH}/${created.id}`, {
      body: { setup: { type: "BASIC_AUTH", username: "u", password: "SECRET-r-2" } },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.text).not.toMatch(SECRET);
    expect(rotated.json.fingerprint).not.toBe(created.fingerprint);
    expect(rotated.json.refreshed_at).toBe(rotated.json.updated_at);
    expect(Object.keys(rotated.json).sort()).toEqual(ANSWER_KEYS);
    // The app is fixed: the update takes no app_id, and a setup its app does not take is refused.
    expectError(await h.call("PATCH", `${PATH}/${created.id}`, { body: { app_id: "SLACK" } }), 400, "invalid_body");
    const wrong = await h.call("PATCH", `${PATH}/${created.id}`, { body: { setup: { type: "TOKEN", token: "t" } } });
    expect(expectError(wrong, 400, "invalid_body").message).toBe(
      "Payload validation error: 'Must be one of: BEARER, BASIC_AUTH, API_KEY, OAUTH_CLIENT_CREDENTIALS " +
        "(the setups of HTTP)' on property setup.type.",
    );
    // A first setup makes a connection ready.
    const empty = (await h.call("POST", PATH, { body: { name: "later", app_id: "TELEGRAM" } })).json;
    const ready = await h.call("PATCH", `${PATH}/${empty.id}`, { body: { setup: SETUPS.TELEGRAM[0] } });
    expect(ready.json).toMatchObject({ ready: true, refreshed_at: expect.any(String) });
  });

  test("delete answers 204, then 404 inexistent_flows_vault_connection", async () => {
    const created = (await h.call("POST", PATH, { body: { name: "doomed", app_id: "SLACK" } })).json;
    expect((await h.call("DELETE", `${PATH}/${created.id}`)).status).toBe(204);
    const gone = expectError(await h.call("GET", `${PATH}/${created.id}`), 404, "inexistent_flows_vault_connection");
    expect(gone.message).toBe(`The flow vault connection with id ${created.id} does not exist.`);
    expectError(await h.call("DELETE", `${PATH}/${created.id}`), 404, "inexistent_flows_vault_connection");
    expectError(await h.call("GET", `${PATH}/ac_bad`), 400, "invalid_uri");
  });

  test("each operation needs its scope: 403 insufficient_scope naming it", async () => {
    const token = await tokenFor(h.server, "vault-reader", "vault-reader-secret");
    const created = (await h.call("POST", PATH, { body: { name: "scoped", app_id: "SLACK" } })).json;
    expect((await h.call("GET", PATH, { token })).status).toBe(200);
    expect((await h.call("GET", `${PATH}/${created.id}`, { token })).status).toBe(200);
    for (const [method, path, scope] of [
      ["POST", PATH, "create:flows_vault_connections"],
      ["PATCH", `${PATH}/${created.id}`, "update:flows_vault_connections"],
      ["DELETE", `${PATH}/${created.id}`, "delete:flows_vault_connections"],
    ] as const) {
      const refused = expectError(
        await h.call(method, path, { token, body: { name: "x" } }),
        403,
        "insufficient_scope",
      );
      expect(refused.message).toContain(scope);
    }
  });
});

test("every setup written above is sealed at rest, kept whole, and none reached the log (trace level)", async () => {
  const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
  let ready: { id: string; body: string; sealed: string }[];
  try {
    const rows = db.prepare("SELECT id, body, summary, sealed FROM flows_vault_connections").all() as {
      id: string;
      body: string;
      summary: string;
      sealed: string;
    }[];
    expect(rows.length).toBeGreaterThan(30);
    ready = rows.filter((row) => (JSON.parse(row.summary) as { ready: boolean }).ready);
    expect(ready.length).toBeGreaterThan(25);
    for (const row of rows) {
      expect(row.body).not.toMatch(SECRET);
      expect(row.summary).not.toMatch(SECRET);
    }
    for (const row of ready) expect(row.sealed).toMatch(/^v1\./);
  } finally {
    db.close();
  }
  const log = logLines.join("");
  expect(log).toContain(PATH);
  expect(log).not.toMatch(SECRET);
  // The store opened with the server's data key gives each setup back whole (write-only is not dropped).
  await h.close();
  closed = true;
  const store = openStore(dir);
  try {
    const connections = store.collection<{ id: string; setup?: Record<string, unknown> }>("flows_vault_connections", {
      secretPaths: KINDS.flowVaultConnection.secretPaths,
    });
    const setups = ready.map((row) => connections.get(row.id)?.setup);
    for (const setup of setups) expect(setup).toEqual(expect.objectContaining({ type: expect.any(String) }));
    expect(JSON.stringify(setups)).toMatch(SECRET);
  } finally {
    store.close();
  }
});
