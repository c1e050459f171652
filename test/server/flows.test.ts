/**
 * Flows over HTTP (`/api/v2/flows`): every action of the published API accepted, a wrong
 * param refused with its path, ids, paging with summaries, PATCH semantics, delete, scopes,
 * and the inline HTTP basic password sealed at rest.
 */
import Database from "better-sqlite3";
import { join } from "node:path";
import { Management } from "auth0";
import { isValidId } from "../../api";
import { FLOW_ACTION_TYPES } from "../../api/kinds/flow/contract";
import { DATABASE_FILE } from "../../server/store";
import { ACTION_PARAMS, sampleAction } from "../fixtures/flow-samples";
import { expectError, removeDir, startHarness, tempDir, tokenFor, type Harness } from "./helpers";

const PATH = "/api/v2/flows";
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let h: Harness;
let dir: string;

beforeAll(async () => {
  dir = tempDir("tenant-flows-");
  h = await startHarness({
    dataDir: dir,
    clients: [{ client_id: "flow-reader", client_secret: "flow-reader-secret", scopes: ["read:flows"], global: false }],
  });
});
afterAll(async () => {
  await h.close();
  removeDir(dir);
});

/** Every `TYPE/ACTION` the official SDK's runtime constants name. */
function sdkActions(): string[] {
  return Object.entries(Management as unknown as Record<string, { Type?: object; Action?: object }>)
    .filter(([name, value]) => name.startsWith("FlowAction") && value?.Type && value.Action)
    .map(([, value]) => `${Object.values(value.Type!)[0]}/${Object.values(value.Action!)[0]}`)
    .sort();
}

const declared = () =>
  Object.entries(FLOW_ACTION_TYPES)
    .flatMap(([type, actions]) => actions.map((action) => `${type}/${action}`))
    .sort();

describe("the published actions", () => {
  test("the schema declares exactly the SDK's 25 integrations and their actions, and each has a sample", () => {
    expect(Object.keys(FLOW_ACTION_TYPES)).toHaveLength(25);
    expect(declared()).toEqual(sdkActions());
    expect(Object.keys(ACTION_PARAMS).sort()).toEqual(sdkActions());
  });

  test.each(sdkActions())("%s with minimal params is accepted and answered as sent", async (key) => {
    const action = sampleAction(key);
    const created = await h.call("POST", PATH, { body: { name: `flow ${key}`, actions: [action] } });
    expect(created.status).toBe(201);
    expect(created.json.actions).toEqual([action]);
    expect((await h.call("GET", `${PATH}/${created.json.id}`)).json.actions).toEqual([action]);
  });

  test.each([
    ["a param of the wrong type", { url: 7 }, "actions[0].params.url", "Must be string"],
    ["a missing required param", { method: "POST" }, "actions[0].params.url", "Missing required property"],
    ["an unknown param", { url: "https://x", verb: "GET" }, "actions[0].params.verb", "Additional properties"],
    ["a value outside its enum", { url: "https://x", method: "TRACE" }, "actions[0].params.method", "Must be one of"],
  ])("%s is refused 400 naming its path", async (_what, params, property, message) => {
    const reply = await h.call("POST", PATH, {
      body: { name: "bad", actions: [{ id: "a", type: "HTTP", action: "SEND_REQUEST", params }] },
    });
    const body = expectError(reply, 400, "invalid_body");
    expect(body.message).toContain(`on property ${property}`);
    expect(body.message).toContain(message);
  });

  test.each(["GET_CUSTOMER", "UPDATE_CUSTOMER", "DELETE_TAX_ID"])(
    "Stripe %s takes the SDK's params.id, and is refused without it",
    async (stripeAction) => {
      const action = sampleAction(`STRIPE/${stripeAction}`);
      expect((action.params as Record<string, unknown>).id).toEqual(expect.any(String));
      expect((await h.call("POST", PATH, { body: { name: "stripe", actions: [action] } })).status).toBe(201);
      delete (action.params as Record<string, unknown>).id;
      const refused = await h.call("POST", PATH, { body: { name: "stripe", actions: [action] } });
      expect(expectError(refused, 400, "invalid_body").message).toBe(
        "Payload validation error: 'Missing required property' on property actions[0].params.id.",
      );
    },
  );

  test("an unknown integration or action is refused naming the known ones", async () => {
    const badType = await h.call("POST", PATH, {
      body: { name: "bad", actions: [{ id: "a", type: "FAX", action: "SEND", params: {} }] },
    });
    const message = expectError(badType, 400, "invalid_body").message;
    expect(message).toContain("on property actions[0].type");
    expect(message).toContain("ACTIVECAMPAIGN, AIRTABLE, AUTH0");
    const badAction = await h.call("POST", PATH, {
      body: { name: "bad", actions: [{ id: "a", type: "SLACK", action: "DELETE_CHANNEL", params: {} }] },
    });
    expect(expectError(badAction, 400, "invalid_body").message).toBe(
      "Payload validation error: 'Must be one of: POST_MESSAGE' on property actions[0].action.",
    );
  });

  test("an open param object takes any keys; a typed one nested in an action is checked", async () => {
    const open = sampleAction("AUTH0/UPDATE_USER");
    (open.params as Record<string, unknown>).changes = { anything: { deep: [1, "two"] } };
    expect((await h.call("POST", PATH, { body: { name: "open", actions: [open] } })).status).toBe(201);
    const slack = sampleAction("SLACK/POST_MESSAGE");
    (slack.params as Record<string, unknown>).attachments = [{ fields: [{ title: "t", short: "yes" }] }];
    const refused = await h.call("POST", PATH, { body: { name: "typed", actions: [slack] } });
    expect(expectError(refused, 400, "invalid_body").message).toContain(
      "on property actions[0].params.attachments[0].fields[0].short",
    );
  });

  test("actions nested in a BOOLEAN_CONDITION are checked as actions, at any depth, named by their path", async () => {
    const inner = {
      id: "i",
      type: "FLOW",
      action: "BOOLEAN_CONDITION",
      params: { else: [sampleAction("XML/PARSE_XML")] },
    };
    const ok = await h.call("POST", PATH, {
      body: {
        name: "nested",
        actions: [{ id: "c", type: "FLOW", action: "BOOLEAN_CONDITION", params: { then: [inner] } }],
      },
    });
    expect(ok.status).toBe(201);
    const wrong = structuredClone(inner);
    (wrong.params.else[0].params as Record<string, unknown>).xml = 5;
    const refused = await h.call("POST", PATH, {
      body: {
        name: "nested",
        actions: [{ id: "c", type: "FLOW", action: "BOOLEAN_CONDITION", params: { then: [wrong] } }],
      },
    });
    expect(expectError(refused, 400, "invalid_body").message).toBe(
      "Payload validation error: 'Must be string' on property actions[0].params.then[0].params.else[0].params.xml.",
    );
  });
});

describe("operations", () => {
  test("create answers 201 with an af_ id and timestamps; GET answers the same", async () => {
    const created = await h.call("POST", PATH, { body: { name: "Signup enrichment" } });
    expect(created.status).toBe(201);
    expect(created.json.id).toMatch(/^af_[1-9A-HJ-NP-Za-km-z]{22}$/);
    expect(isValidId("flow", created.json.id)).toBe(true);
    expect(created.json).toEqual({
      id: created.json.id,
      name: "Signup enrichment",
      created_at: expect.stringMatching(ISO),
      updated_at: created.json.created_at,
    });
    expect((await h.call("GET", `${PATH}/${created.json.id}`)).json).toEqual(created.json);
  });

  test("the list answers summaries without actions, paged, with totals on request", async () => {
    const made = await h.call("POST", PATH, { body: { name: "listed", actions: [sampleAction("JSON/PARSE_JSON")] } });
    const totals = await h.call("GET", `${PATH}?include_totals=true&per_page=100&hydrate=form_count`);
    expect(totals.status).toBe(200);
    expect(totals.json).toMatchObject({ start: 0, limit: 100, total: expect.any(Number) });
    const item = totals.json.flows.find((flow: { id: string }) => flow.id === made.json.id);
    expect(item).toEqual({
      id: made.json.id,
      name: "listed",
      created_at: made.json.created_at,
      updated_at: made.json.updated_at,
    });
    for (const flow of totals.json.flows) expect(flow).not.toHaveProperty("actions");
    const bare = await h.call("GET", `${PATH}?per_page=1&page=1`);
    expect(Array.isArray(bare.json)).toBe(true);
    expect(bare.json).toHaveLength(1);
    expect(bare.json[0]).toEqual(totals.json.flows[1]);
    expectError(await h.call("GET", `${PATH}?per_page=101`), 400, "invalid_query_string");
    expectError(await h.call("GET", `${PATH}?hydrate=forms`), 400, "invalid_query_string");
    expect((await h.call("GET", `${PATH}/${made.json.id}?hydrate=forms`)).status).toBe(200);
  });

  test("PATCH replaces whole top-level keys, null clears the actions, and updated_at moves", async () => {
    const two = [sampleAction("XML/PARSE_XML", "a"), sampleAction("JSON/PARSE_JSON", "b")];
    const created = (await h.call("POST", PATH, { body: { name: "patched", actions: two } })).json;
    const renamed = await h.call("PATCH", `${PATH}/${created.id}`, { body: { name: "renamed" } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: "renamed", actions: two, created_at: created.created_at });
    expect(renamed.json.updated_at > created.updated_at).toBe(true);
    const one = await h.call("PATCH", `${PATH}/${created.id}`, { body: { actions: [two[1]] } });
    expect(one.json.actions).toEqual([two[1]]);
    const cleared = await h.call("PATCH", `${PATH}/${created.id}`, { body: { actions: null } });
    expect(cleared.json).not.toHaveProperty("actions");
    expect((await h.call("GET", `${PATH}/${created.id}`)).json).not.toHaveProperty("actions");
    expectError(await h.call("PATCH", `${PATH}/${created.id}`, { body: { name: "" } }), 400, "invalid_body");
    expectError(await h.call("PATCH", `${PATH}/${created.id}`, { body: { id: "af_x" } }), 400, "invalid_body");
  });

  test("delete answers 204, then the flow is 404 inexistent_flow; ids are checked before the lookup", async () => {
    const created = (await h.call("POST", PATH, { body: { name: "doomed" } })).json;
    const deleted = await h.call("DELETE", `${PATH}/${created.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    const gone = expectError(await h.call("GET", `${PATH}/${created.id}`), 404, "inexistent_flow");
    expect(gone.message).toBe(`The flow with id ${created.id} does not exist.`);
    expectError(await h.call("DELETE", `${PATH}/${created.id}`), 404, "inexistent_flow");
    expectError(await h.call("PATCH", `${PATH}/${created.id}`, { body: { name: "x" } }), 404, "inexistent_flow");
    expectError(await h.call("GET", `${PATH}/af_short`), 400, "invalid_uri");
  });

  test("each operation needs its scope: 403 insufficient_scope naming it", async () => {
    const token = await tokenFor(h.server, "flow-reader", "flow-reader-secret");
    const created = (await h.call("POST", PATH, { body: { name: "scoped" } })).json;
    expect((await h.call("GET", PATH, { token })).status).toBe(200);
    expect((await h.call("GET", `${PATH}/${created.id}`, { token })).status).toBe(200);
    for (const [method, path, scope] of [
      ["POST", PATH, "create:flows"],
      ["PATCH", `${PATH}/${created.id}`, "update:flows"],
      ["DELETE", `${PATH}/${created.id}`, "delete:flows"],
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

test("an inline HTTP basic password is sealed at rest and answered on GET (the API reads it back)", async () => {
  const action = sampleAction("HTTP/SEND_REQUEST");
  (action.params as Record<string, unknown>).basic = { username: "u", password: "inline-Pw-48213" };
  const created = await h.call("POST", PATH, { body: { name: "with password", actions: [action] } });
  expect(created.json.actions[0].params.basic.password).toBe("inline-Pw-48213");
  expect((await h.call("GET", `${PATH}/${created.json.id}`)).json.actions).toEqual([action]);
  const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
  try {
    const row = db.prepare("SELECT body, summary FROM flows WHERE id = ?").get(created.json.id) as {
      body: string;
      summary: string;
    };
    expect(row.body).toContain("u");
    expect(row.body).not.toContain("inline-Pw-48213");
    expect(row.summary).not.toContain("inline-Pw-48213");
  } finally {
    db.close();
  }
});
