/**
 * Actions over HTTP (`/api/v2/actions/...`), as the published API has them: a create is a
 * draft (built, not deployed) unless it asks to deploy; the deploy builds the draft into a
 * version; a syntax error fails the build with the compiler's words; secrets answer their
 * names, never a value, and are sealed at rest; the list's filters; versions and a roll-back;
 * a trigger's ordered bindings and what they refuse; a bound action's delete needs `force`.
 */
import Database from "better-sqlite3";
import { join } from "node:path";
import { DATABASE_FILE } from "../../server/store";
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

async function create(body: Json): Promise<Json> {
  const reply = await h.call("POST", PATH, { body });
  expect(reply.status).toBe(201);
  return reply.json as Json;
}

test("a create is a built draft: its trigger's current version filled in, secrets by name only, not deployed", async () => {
  const created = await create({
    name: "render-form",
    supported_triggers: [{ id: "post-login" }],
    code: CODE,
    secrets: [{ name: "FORM_ID", value: SECRET_VALUE }],
    dependencies: [{ name: "lodash", version: "4.17.21" }],
  });
  expect(created).toMatchObject({
    id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
    name: "render-form",
    supported_triggers: [{ id: "post-login", version: "v3" }],
    runtime: "node22",
    status: "built",
    all_changes_deployed: false,
    secrets: [{ name: "FORM_ID", updated_at: expect.any(String) }],
  });
  expect(created).not.toHaveProperty("deployed_version");
  expect(JSON.stringify(created)).not.toContain(SECRET_VALUE);
  const read = await h.call("GET", `${PATH}/${created.id as string}`);
  expect(read.json).toEqual(created);
  expect(read.text).not.toContain(SECRET_VALUE);
});

test("deploy builds the draft into version 1; a code change leaves it not all deployed; a second deploy is version 2", async () => {
  const action = await create({ name: "deploy-me", supported_triggers: [{ id: "post-login" }], code: CODE });
  const id = action.id as string;
  const first = await h.call("POST", `${PATH}/${id}/deploy`, { body: {} });
  expect(first.status).toBe(200);
  expect(first.json).toMatchObject({ number: 1, status: "built", deployed: true, code: CODE });
  expect((await h.call("GET", `${PATH}/${id}`)).json).toMatchObject({
    all_changes_deployed: true,
    deployed_version: { id: first.json.id, number: 1, status: "built" },
  });
  const edited = await h.call("PATCH", `${PATH}/${id}`, { body: { code: `${CODE}\n// v2` } });
  expect(edited.json).toMatchObject({ all_changes_deployed: false, deployed_version: { number: 1 } });
  const second = await h.call("POST", `${PATH}/${id}/deploy`, { body: {} });
  expect(second.json).toMatchObject({ number: 2, status: "built" });
  const versions = await h.call("GET", `${PATH}/${id}/versions`);
  expect(versions.json).toMatchObject({ total: 2, page: 0, per_page: 20 });
  expect((versions.json.versions as Json[]).map((version) => [version.number, version.deployed])).toEqual([
    [2, true],
    [1, false],
  ]);
  // Roll back: version 1's content deployed as version 3; the draft stays as it is.
  const back = await h.call("POST", `${PATH}/${id}/versions/${first.json.id as string}/deploy`, { body: {} });
  expect(back.json).toMatchObject({ number: 3, code: CODE });
  expect((await h.call("GET", `${PATH}/${id}`)).json).toMatchObject({
    code: `${CODE}\n// v2`,
    all_changes_deployed: false,
    deployed_version: { number: 3 },
  });
  expectError(await h.call("GET", `${PATH}/${id}/versions/${id}`), 404, "inexistent_action_version");
});

test("a create with deploy: true is deployed at once", async () => {
  const created = await create({
    name: "at-once",
    supported_triggers: [{ id: "post-login" }],
    code: CODE,
    deploy: true,
  });
  expect(created).toMatchObject({ all_changes_deployed: true, deployed_version: { number: 1, status: "built" } });
});

test("a syntax error fails the build with the compiler's words, and its deploy deploys nothing", async () => {
  const broken = await create({ name: "broken", supported_triggers: [{ id: "post-login" }], code: "exports.x = (" });
  expect(broken).toMatchObject({ status: "failed", build_errors: [{ msg: expect.stringMatching(/SyntaxError/) }] });
  const deployed = await h.call("POST", `${PATH}/${broken.id as string}/deploy`, { body: {} });
  expect(deployed.json).toMatchObject({ status: "failed", errors: [{ msg: expect.stringMatching(/SyntaxError/) }] });
  expect((await h.call("GET", `${PATH}/${broken.id as string}`)).json).not.toHaveProperty("deployed_version");
});

test("refuses a trigger or a trigger version the tenant does not know, a secret's name twice", async () => {
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
  const triggers = [{ id: "post-login" }];
  // A secret named without a value is taken (the published value is optional; Auth0's deploy CLI imports them so).
  const nameOnly = await h.call("POST", PATH, {
    body: { ...base, supported_triggers: triggers, secrets: [{ name: "A" }] },
  });
  expect(nameOnly.status).toBe(201);
  expect(nameOnly.json.secrets).toEqual([{ name: "A", updated_at: expect.any(String) }]);
  const twice = [
    { name: "A", value: "1" },
    { name: "A", value: "2" },
  ];
  expectError(
    await h.call("POST", PATH, { body: { ...base, supported_triggers: triggers, secrets: twice } }),
    400,
    "invalid_body",
  );
});

test("an update naming a secret without its value keeps the value; a rotated value moves its updated_at", async () => {
  const action = await create({
    name: "secrets",
    supported_triggers: [{ id: "post-login" }],
    code: CODE,
    secrets: [{ name: "KEY", value: "one" }],
  });
  const id = action.id as string;
  const before = (action.secrets as Json[])[0]!.updated_at as string;
  const kept = await h.call("PATCH", `${PATH}/${id}`, { body: { secrets: [{ name: "KEY" }], name: "secrets-2" } });
  expect(kept.status).toBe(200);
  expect((kept.json.secrets as Json[])[0]!.updated_at).toBe(before);
  const rotated = await h.call("PATCH", `${PATH}/${id}`, { body: { secrets: [{ name: "KEY", value: "two" }] } });
  expect((rotated.json.secrets as Json[])[0]!.updated_at).not.toBe(before);
});

test("lists with its filters: triggerId, actionName, deployed; {actions, total, page, per_page}", async () => {
  await create({
    name: "stream-forwarder",
    supported_triggers: [{ id: "event-stream" }],
    code: "exports.onExecuteEventStream = async () => {};",
  });
  const byTrigger = await h.call("GET", `${PATH}?triggerId=event-stream`);
  expect(byTrigger.json).toMatchObject({ total: 1, page: 0, per_page: 20 });
  expect((byTrigger.json.actions as Json[]).map((action) => action.name)).toEqual(["stream-forwarder"]);
  const byName = await h.call("GET", `${PATH}?actionName=at-once&per_page=5`);
  expect(byName.json).toMatchObject({ total: 1, per_page: 5 });
  const deployed = (await h.call("GET", `${PATH}?deployed=true&per_page=100`)).json.actions as Json[];
  expect(deployed.every((action) => action.deployed_version !== undefined)).toBe(true);
  expect(deployed.map((action) => action.name)).toEqual(expect.arrayContaining(["at-once", "deploy-me"]));
});

test("a trigger's bindings: set in order, read in order, and what the tenant refuses", async () => {
  const first = await create({ name: "first", supported_triggers: [{ id: "post-login" }], code: CODE, deploy: true });
  const second = await create({ name: "second", supported_triggers: [{ id: "post-login" }], code: CODE, deploy: true });
  const bindings = "/api/v2/actions/triggers/post-login/bindings";
  const set = await h.call("PATCH", bindings, {
    body: {
      bindings: [
        { ref: { type: "action_name", value: "second" }, display_name: "Second first" },
        { ref: { type: "action_id", value: first.id } },
      ],
    },
  });
  expect(set.status).toBe(200);
  const read = await h.call("GET", bindings);
  expect(read.json).toMatchObject({ total: 2, page: 0, per_page: 20 });
  expect((read.json.bindings as Json[]).map((binding) => [(binding.action as Json).id, binding.display_name])).toEqual([
    [second.id, "Second first"],
    [first.id, "first"],
  ]);
  expect(read.text).not.toContain(SECRET_VALUE);
  const draft = await create({ name: "draft", supported_triggers: [{ id: "post-login" }], code: CODE });
  const stream = await create({
    name: "stream",
    supported_triggers: [{ id: "event-stream" }],
    code: CODE,
    deploy: true,
  });
  for (const [ref, words] of [
    [{ type: "action_id", value: draft.id }, /not deployed/],
    [{ type: "action_id", value: stream.id }, /supports event-stream, not post-login/],
    [{ type: "action_name", value: "nobody" }, /does not exist/],
  ] as const) {
    const refused = expectError(
      await h.call("PATCH", bindings, { body: { bindings: [{ ref }] } }),
      400,
      "invalid_body",
    );
    expect(refused.message).toMatch(words);
  }
  expectError(await h.call("GET", "/api/v2/actions/triggers/post-logon/bindings"), 400, "invalid_uri");
  // The refused writes changed nothing.
  expect(((await h.call("GET", bindings)).json.bindings as Json[]).length).toBe(2);

  // A bound action's delete needs force, which unbinds it.
  const refused = expectError(await h.call("DELETE", `${PATH}/${first.id as string}`), 400, "invalid_body");
  expect(refused.message).toMatch(/bound to post-login/);
  expect((await h.call("DELETE", `${PATH}/${first.id as string}?force=true`)).status).toBe(204);
  const left = (await h.call("GET", bindings)).json.bindings as Json[];
  expect(left.map((binding) => (binding.action as Json).id)).toEqual([second.id]);
  expectError(await h.call("GET", `${PATH}/${first.id as string}`), 404, "inexistent_action");
});

test("the triggers: each with its versions, the current one marked", async () => {
  const triggers = (await h.call("GET", "/api/v2/actions/triggers")).json.triggers as Json[];
  expect(triggers).toContainEqual(expect.objectContaining({ id: "post-login", version: "v3", status: "CURRENT" }));
  expect(triggers).toContainEqual(expect.objectContaining({ id: "post-login", version: "v2", status: "DEPRECATED" }));
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
  } finally {
    db.close();
  }
});
