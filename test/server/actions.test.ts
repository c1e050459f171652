/**
 * Actions over HTTP (`/api/v2/actions/...`), held to the real service's answers as recorded
 * (test/fixtures/service/actions.ts): a write answers the draft `pending` and builds it in the
 * background; the build installs dependencies and never parses the code; a deploy answers the
 * new version `deployed: false` and it goes live later; `current_version`; secrets by name,
 * those the action had first; the list's pages; modules; an event stream's action deleted with
 * it; secrets sealed at rest.
 */
import Database from "better-sqlite3";
import { join } from "node:path";
import { DATABASE_FILE } from "../../server/store";
import {
  ACTION_NOT_FOUND,
  BUILT_ACTION,
  CREATED_ACTION,
  CURRENT_VERSION,
  DEPLOY_ANSWER,
  DEPLOYED_VERSION,
  VERSION_READ,
  VERSIONS_FIRST_PAGE,
} from "../fixtures/service/actions";
import { expectError, removeDir, startHarness, tempDir, tokenFor, type Harness } from "./helpers";

const PATH = "/api/v2/actions/actions";
const CODE = "exports.onExecutePostLogin = async (event, api) => { api.prompt.render(event.secrets.FORM_ID); };";
const SECRET_VALUE = "ap_SEALED-form-id-42";

let h: Harness;
let dir: string;

beforeAll(async () => {
  dir = tempDir("tenant-actions-");
  h = await startHarness({
    dataDir: dir,
    clients: [{ client_id: "reader", client_secret: "reader-secret", scopes: ["read:forms"], global: false }],
  });
});
afterAll(async () => {
  await h.close();
  removeDir(dir);
});

type Json = Record<string, unknown>;
const keys = (value: unknown) => Object.keys(value as object);

async function create(body: Json): Promise<Json> {
  const reply = await h.call("POST", PATH, { body });
  expect(reply.status).toBe(201);
  return reply.json as Json;
}

/** Reads action `id` until `done` says so (the service builds and deploys in the background). */
async function readUntil(id: string, done: (action: Json) => boolean): Promise<Json> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const action = (await h.call("GET", `${PATH}/${id}`)).json as Json;
    if (done(action)) return action;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`action ${id} never reached the state waited for`);
}
const built = (id: string) => readUntil(id, (action) => action.status === "built" || action.status === "failed");
const live = (id: string, versionId: string) =>
  readUntil(id, (action) => (action.deployed_version as Json | undefined)?.id === versionId);

test("a create answers the draft pending, in the service's fields and order; it is built a moment later", async () => {
  const created = await create({
    name: "render-form",
    supported_triggers: [{ id: "post-login" }],
    code: CODE,
    secrets: [{ name: "FORM_ID", value: SECRET_VALUE }],
  });
  expect(keys(created)).toEqual(keys(CREATED_ACTION));
  expect(created).toMatchObject({
    supported_triggers: [{ id: "post-login", version: "v3" }],
    runtime: "node22",
    status: "pending",
    all_changes_deployed: false,
    secrets: [{ name: "FORM_ID", updated_at: expect.any(String) }],
  });
  expect(JSON.stringify(created)).not.toContain(SECRET_VALUE);
  const read = await built(created.id as string);
  expect(keys(read)).toEqual(keys(BUILT_ACTION));
  expect(read).toMatchObject({ status: "built", all_changes_deployed: false });
});

test("a deploy answers the version not yet live; the action then answers current_version and deployed_version", async () => {
  const action = await create({ name: "deploy-me", supported_triggers: [{ id: "post-login" }], code: CODE });
  const id = action.id as string;
  await built(id);
  const deploy = await h.call("POST", `${PATH}/${id}/deploy`);
  expect(deploy.status).toBe(200);
  expect(keys(deploy.json)).toEqual(keys(DEPLOY_ANSWER));
  expect(keys(deploy.json.action)).toEqual(keys(DEPLOY_ANSWER.action));
  expect(deploy.json).toMatchObject({ deployed: false, number: 1, status: "built", code: CODE });
  expect(deploy.json.action.all_changes_deployed).toBe(false);
  const deployed = await live(id, deploy.json.id as string);
  expect(keys(deployed.current_version)).toEqual(keys(CURRENT_VERSION));
  expect(keys(deployed.deployed_version)).toEqual(keys(DEPLOYED_VERSION));
  expect(deployed).toMatchObject({
    all_changes_deployed: true,
    current_version: { id: deploy.json.id, status: "BUILT", number: 1 },
    deployed_version: { id: deploy.json.id, deployed: true, number: 1, status: "built" },
  });
  expect(deployed).not.toHaveProperty("built_at");

  // An edit leaves it not all deployed; a second deploy is version 2; a roll-back deploys version 1's content as 3.
  const edited = await h.call("PATCH", `${PATH}/${id}`, { body: { code: `${CODE}\n// v2` } });
  expect(edited.json).toMatchObject({
    status: "pending",
    all_changes_deployed: false,
    deployed_version: { number: 1 },
  });
  await built(id);
  const second = await h.call("POST", `${PATH}/${id}/deploy`);
  await live(id, second.json.id as string);
  const versions = await h.call("GET", `${PATH}/${id}/versions`);
  expect(keys(versions.json)).toEqual(["versions", "total", "per_page"]);
  expect((versions.json.versions as Json[]).map((version) => [version.number, version.deployed])).toEqual([
    [2, true],
    [1, false],
  ]);
  const back = await h.call("POST", `${PATH}/${id}/versions/${deploy.json.id as string}/deploy`);
  expect(back.json).toMatchObject({ number: 3, code: CODE, deployed: false });
  const rolledBack = await live(id, back.json.id as string);
  expect(rolledBack).toMatchObject({ code: `${CODE}\n// v2`, all_changes_deployed: false });
  expectError(await h.call("GET", `${PATH}/${id}/versions/${id}`), 404, "inexistent_action_version");
});

test("a version answers as the service's: the version, then its action's summary; the list pages them", async () => {
  const action = await create({ name: "versioned", supported_triggers: [{ id: "post-login" }], code: CODE });
  const id = action.id as string;
  await built(id);
  const deploy = await h.call("POST", `${PATH}/${id}/deploy`);
  const deployed = await live(id, deploy.json.id as string);
  expect(deployed.all_changes_deployed).toBe(true);

  const version = (await h.call("GET", `${PATH}/${id}/versions/${deploy.json.id as string}`)).json as Json;
  expect(keys(version)).toEqual(keys(VERSION_READ));
  expect(keys(version.action)).toEqual(keys(VERSION_READ.action));
  expect(version).not.toHaveProperty("action_id");
  expect(version).toMatchObject({ id: deploy.json.id, deployed: true, number: 1, status: "built", code: CODE });
  // The summary says false though all is deployed (the action's own GET says true), as every recorded summary does.
  expect(version.action).toEqual({
    id,
    name: "versioned",
    supported_triggers: [{ id: "post-login", version: "v3" }],
    created_at: action.created_at,
    updated_at: action.updated_at,
    all_changes_deployed: false,
  });

  const page = (await h.call("GET", `${PATH}/${id}/versions?per_page=50`)).json as Json;
  expect(keys(page)).toEqual(keys(VERSIONS_FIRST_PAGE));
  expect(page).toEqual({ versions: [version], total: 1, per_page: 50 });
  expect((await h.call("GET", `${PATH}/${id}/versions?page=1&per_page=50`)).json).toEqual({
    versions: [],
    page: 1,
    per_page: 50,
  });
});

test("every time an action, a version and a deploy answer is ISO 8601 UTC with milliseconds, in order", async () => {
  const action = await create({ name: "timed", supported_triggers: [{ id: "post-login" }], code: CODE });
  const id = action.id as string;
  await built(id);
  const deploy = await h.call("POST", `${PATH}/${id}/deploy`);
  const deployed = await live(id, deploy.json.id as string);
  const stamps: [string, unknown][] = [];
  const collect = (value: unknown, at: string): void => {
    if (Array.isArray(value)) value.forEach((item, index) => collect(item, `${at}[${index}]`));
    else if (value !== null && typeof value === "object")
      for (const [key, item] of Object.entries(value)) {
        if (/_at$|_time$/.test(key)) stamps.push([`${at}.${key}`, item]);
        else collect(item, `${at}.${key}`);
      }
  };
  collect({ action, deploy: deploy.json, deployed }, "");
  // created_at, updated_at of each; the deploy's own two and its action's; both versions' of the live one; built_at.
  expect(stamps.length).toBeGreaterThanOrEqual(12);
  for (const [at, stamp] of stamps) {
    expect([at, stamp]).toEqual([at, expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)]);
    expect([at, new Date(stamp as string).toISOString()]).toEqual([at, stamp]);
  }
  const time = (value: unknown) => Date.parse(value as string);
  const version = deployed.deployed_version as Json;
  expect(time(action.created_at)).toBeLessThanOrEqual(time(action.updated_at));
  expect(time(version.created_at)).toBeGreaterThanOrEqual(time(action.updated_at));
  expect(time(version.built_at)).toBeGreaterThanOrEqual(time(version.created_at));
  expect(time(version.updated_at)).toBeGreaterThanOrEqual(time(version.built_at));
  expect((deployed.current_version as Json).build_time).toBe(version.built_at);
});

test("code that does not parse is built and deployed: the service's build does not parse it", async () => {
  const unparsable = 'exports.onContinuePostLogin = async (event, api) => {\n\tconsole.log(event)\n};"\n';
  const action = await create({ name: "stray-quote", supported_triggers: [{ id: "post-login" }], code: unparsable });
  const read = await built(action.id as string);
  expect(read.status).toBe("built");
  expect(read).not.toHaveProperty("build_errors");
  const deploy = await h.call("POST", `${PATH}/${action.id as string}/deploy`);
  expect((await live(action.id as string, deploy.json.id as string)).all_changes_deployed).toBe(true);
});

test("a dependency at a version the registry never published fails the build, with no build_errors", async () => {
  const failing = await create({
    name: "bad-dependency",
    supported_triggers: [{ id: "post-login" }],
    code: CODE,
    dependencies: [{ name: "crypto", version: "17.7.1" }],
  });
  const read = await built(failing.id as string);
  expect(read.status).toBe("failed");
  expect(read).not.toHaveProperty("build_errors");
  // Published versions, a range and a package the offline table does not list all build.
  const fine = await create({
    name: "good-dependencies",
    supported_triggers: [{ id: "post-login" }],
    code: CODE,
    dependencies: [
      { name: "auth0", version: "2.42.0" },
      { name: "moment", version: "2.29.4" },
      { name: "lodash", version: "^4.17.0" },
      { name: "some-private-helper", version: "1.0.0" },
    ],
  });
  expect((await built(fine.id as string)).status).toBe("built");
  // A deploy of the failed draft makes a failed version that never goes live.
  const deploy = await h.call("POST", `${PATH}/${failing.id as string}/deploy`);
  expect(deploy.json).toMatchObject({ status: "failed", deployed: false });
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect((await h.call("GET", `${PATH}/${failing.id as string}`)).json).not.toHaveProperty("deployed_version");
});

test("a create with deploy: true is deployed once built, with no other request", async () => {
  const created = await create({
    name: "at-once",
    supported_triggers: [{ id: "post-login" }],
    code: CODE,
    deploy: true,
  });
  expect(created).toMatchObject({ status: "pending", all_changes_deployed: false });
  const deployed = await readUntil(created.id as string, (action) => action.all_changes_deployed === true);
  expect(deployed).toMatchObject({ deployed_version: { number: 1, deployed: true } });
});

test("secrets: the ones the action had first, new ones appended; a name without a value keeps the value", async () => {
  const action = await create({
    name: "secrets",
    supported_triggers: [{ id: "post-login" }],
    code: CODE,
    secrets: [{ name: "foo", value: "111111" }],
  });
  const id = action.id as string;
  const patched = await h.call("PATCH", `${PATH}/${id}`, {
    body: {
      secrets: [
        { name: "bar", value: "654321" },
        { name: "foo", value: "123456" },
      ],
    },
  });
  expect((patched.json.secrets as Json[]).map((secret) => secret.name)).toEqual(["foo", "bar"]);
  const before = (patched.json.secrets as Json[])[1]!.updated_at;
  const kept = await h.call("PATCH", `${PATH}/${id}`, { body: { secrets: [{ name: "bar" }, { name: "foo" }] } });
  expect(kept.json.secrets).toEqual([
    { name: "foo", updated_at: expect.any(String) },
    { name: "bar", updated_at: before },
  ]);
  const twice = [
    { name: "A", value: "1" },
    { name: "A", value: "2" },
  ];
  expectError(await h.call("PATCH", `${PATH}/${id}`, { body: { secrets: twice } }), 400, "invalid_body");
});

test("refuses a trigger or a trigger version the tenant does not know", async () => {
  const base = { name: "bad", code: CODE };
  const unknown = expectError(
    await h.call("POST", PATH, { body: { ...base, supported_triggers: [{ id: "post-logon" }] } }),
    400,
    "invalid_body",
  );
  expect(unknown.message).toMatch(/post-logon/);
  const version = expectError(
    await h.call("POST", PATH, { body: { ...base, supported_triggers: [{ id: "post-login", version: "v9" }] } }),
    400,
    "invalid_body",
  );
  expect(version.message).toMatch(/v9/);
});

test("the list pages as the service's: first page, later page, empty list", async () => {
  const first = await h.call("GET", `${PATH}?actionName=at-once&per_page=50`);
  expect(first.json).toEqual({ actions: [expect.objectContaining({ name: "at-once" })], total: 1, per_page: 50 });
  expect(await h.call("GET", `${PATH}?actionName=at-once&page=1&per_page=50`).then((reply) => reply.json)).toEqual({
    actions: [],
    page: 1,
    per_page: 50,
  });
  expect((await h.call("GET", `${PATH}?actionName=random-name&per_page=50`)).json).toEqual({
    actions: [],
    per_page: 50,
  });
  const deployed = (await h.call("GET", `${PATH}?deployed=true&per_page=100`)).json.actions as Json[];
  expect(deployed.map((action) => action.name)).toEqual(expect.arrayContaining(["at-once", "deploy-me"]));
  expect(deployed.every((action) => action.deployed_version !== undefined)).toBe(true);
});

test("modules: an empty list is taken and listed; a module the tenant does not have is refused", async () => {
  const action = await create({
    name: "with-modules",
    supported_triggers: [{ id: "post-login" }],
    code: CODE,
    modules: [],
  });
  expect(action.modules).toEqual([]);
  expect((await h.call("GET", "/api/v2/actions/modules")).json).toEqual({ modules: [], per_page: 20 });
  const refused = await h.call("POST", PATH, {
    body: { name: "m", supported_triggers: [{ id: "post-login" }], modules: [{ module_id: "mod-1" }] },
  });
  expect(expectError(refused, 400, "invalid_body").message).toMatch(/mod-1/);
});

test("the triggers: their versions, and entity-bound for the triggers whose actions belong to an object", async () => {
  const triggers = (await h.call("GET", "/api/v2/actions/triggers")).json.triggers as Json[];
  expect(triggers).toContainEqual(expect.objectContaining({ id: "post-login", version: "v3", status: "CURRENT" }));
  expect(triggers).toContainEqual(expect.objectContaining({ id: "post-login", binding_policy: "trigger-bound" }));
  for (const id of ["event-stream", "custom-token-exchange", "password-hash-migration"]) {
    expect(triggers).toContainEqual(expect.objectContaining({ id, binding_policy: "entity-bound" }));
  }
});

test("deleting an event stream whose destination is an action deletes the action: its next delete is 404", async () => {
  const action = await create({
    name: "stream-action",
    supported_triggers: [{ id: "event-stream" }],
    code: "exports.onExecuteEventStream = async (event, api) => {};",
    deploy: true,
  });
  const id = action.id as string;
  await readUntil(id, (read) => read.all_changes_deployed === true);
  const stream = await h.call("POST", "/api/v2/event-streams", {
    body: {
      name: "to-action",
      subscriptions: [{ event_type: "user.created" }],
      destination: { type: "action", configuration: { action_id: id } },
    },
  });
  expect(stream.status).toBe(201);
  expect((await h.call("DELETE", `/api/v2/event-streams/${stream.json.id as string}`)).status).toBe(204);
  const gone = await h.call("DELETE", `${PATH}/${id}`);
  expect({ status: gone.status, body: gone.json }).toEqual({ status: 404, body: ACTION_NOT_FOUND });
});

test("a client without the actions' scopes is refused with 403", async () => {
  const token = await tokenFor(h.server, "reader", "reader-secret");
  expectError(await h.call("GET", PATH, { token }), 403, "insufficient_scope");
  expectError(
    await h.call("GET", "/api/v2/actions/triggers/post-login/bindings", { token }),
    403,
    "insufficient_scope",
  );
});

test("every secret value written above is sealed at rest", async () => {
  const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
  try {
    const text = JSON.stringify(db.prepare("SELECT * FROM actions_actions").all());
    expect(text).toContain("render-form");
    expect(text).not.toContain(SECRET_VALUE);
    expect(text).not.toContain("654321");
  } finally {
    db.close();
  }
});
