/** Forms over HTTP: operations, limits, the service's echo rules, node references, form encoding, paging. */
import { isValidId } from "../../api";
import { expectError, startHarness, type Harness } from "./helpers";

const PATH = "/api/v2/forms";
const MILLIS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const fullForm = {
  name: "Signup extras",
  messages: { errors: { ERR_REQUIRED: "Required" }, custom: { hello: "Hello" } },
  languages: { primary: "en", default: "en" },
  translations: { fr: { hello: "Bonjour" } },
  nodes: [
    {
      id: "step1",
      type: "STEP",
      alias: "First",
      coordinates: { x: 10, y: -20 },
      config: {
        components: [
          {
            id: "full_name",
            category: "FIELD",
            type: "TEXT",
            required: true,
            config: { placeholder: "Name", max_length: 50 },
          },
        ],
        next_node: "router",
      },
    },
    {
      id: "router",
      type: "ROUTER",
      config: {
        rules: [
          {
            id: "r1",
            alias: "vip",
            condition: { operator: "EQ", operands: ["{{fields.tier}}", "vip"] },
            next_node: "flow1",
          },
        ],
        fallback: "$ending",
      },
    },
    { id: "flow1", type: "FLOW", config: { flow_id: "af_123", next_node: "$ending" } },
  ],
  start: { hidden_fields: [{ key: "source", value: "web" }], next_node: "step1", coordinates: { x: 0, y: 0 } },
  ending: {
    redirection: { target: "https://example.com/done", delay: 2 },
    after_submit: { flow_id: "af_9" },
    coordinates: { x: 500, y: 0 },
    resume_flow: true,
  },
  style: { css: "body { color: red; }" },
};

describe("operations", () => {
  test("create with only a name: 201, ap_ id, ms timestamps, default ending", async () => {
    const reply = await h.call("POST", PATH, { body: { name: "Minimal" } });
    expect(reply.status).toBe(201);
    expect(isValidId("form", reply.json.id)).toBe(true);
    expect(reply.json.id.length).toBeLessThanOrEqual(30);
    expect(reply.json).toEqual({
      id: reply.json.id,
      name: "Minimal",
      ending: { resume_flow: true },
      created_at: expect.stringMatching(MILLIS),
      updated_at: expect.stringMatching(MILLIS),
    });
  });

  test("every field round-trips; components come back as given", async () => {
    const created = await h.call("POST", PATH, { body: fullForm });
    expect(created.status).toBe(201);
    const read = await h.call("GET", `${PATH}/${created.json.id}`);
    expect(read.status).toBe(200);
    const { id: _id, created_at: _c, updated_at: _u, ...fields } = read.json;
    expect(fields).toEqual(fullForm);
    expect((await h.call("GET", `${PATH}/${created.json.id}?hydrate=flow_count&hydrate=links`)).status).toBe(200);
    expectError(await h.call("GET", `${PATH}/${created.json.id}?hydrate=bogus`), 400, "invalid_query_string");
  });

  test("empty objects and arrays are not echoed", async () => {
    const reply = await h.call("POST", PATH, {
      body: { name: "Empty bits", messages: {}, nodes: [], start: { hidden_fields: [] }, style: {} },
    });
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.json).sort()).toEqual(["created_at", "ending", "id", "name", "updated_at"]);
  });

  test("router conditions are kept exactly as sent; a rule without the required condition is refused", async () => {
    const router = (rules: unknown[]) => ({
      name: "Router",
      nodes: [{ id: "r", type: "ROUTER", config: { rules, fallback: "$ending" } }],
    });
    const rules = [
      { id: "a", condition: { operator: "AND", operands: [] }, next_node: "$ending" },
      { id: "b", condition: [], next_node: "$ending" },
      { id: "c", condition: { operator: "EQ", operands: ["{{fields.x}}", ""], meta: {} }, next_node: "$ending" },
    ];
    const created = await h.call("POST", PATH, { body: router(rules) });
    expect(created.status).toBe(201);
    expect(created.json.nodes[0].config.rules).toEqual(rules);
    expect((await h.call("GET", `${PATH}/${created.json.id}`)).json.nodes[0].config.rules).toEqual(rules);
    const patched = await h.call("PATCH", `${PATH}/${created.json.id}`, { body: { nodes: router(rules).nodes } });
    expect(patched.json.nodes[0].config.rules).toEqual(rules);
    const refused = await h.call("POST", PATH, { body: router([{ id: "a", next_node: "$ending" }]) });
    expectError(refused, 400, "invalid_body");
    expect(refused.json.message).toMatch(/condition/);
  });

  test("PATCH replaces top-level keys whole, keeps the others, null clears", async () => {
    const created = (await h.call("POST", PATH, { body: fullForm })).json;
    const patched = await h.call("PATCH", `${PATH}/${created.id}`, {
      body: { messages: { custom: { bye: "Bye" } }, style: null, name: "Renamed" },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.messages).toEqual({ custom: { bye: "Bye" } });
    expect(patched.json.style).toBeUndefined();
    expect(patched.json.name).toBe("Renamed");
    expect(patched.json.nodes).toEqual(fullForm.nodes);
    expect(patched.json.created_at).toBe(created.created_at);
    expect((await h.call("GET", `${PATH}/${created.id}`)).json).toEqual(patched.json);
    const cleared = await h.call("PATCH", `${PATH}/${created.id}`, { body: { ending: null } });
    expect(cleared.json.ending).toEqual({ resume_flow: true });
    expectError(await h.call("PATCH", `${PATH}/${created.id}`, { body: { name: null } }), 400, "invalid_body");
  });

  test("delete: 204 without a body, then 404", async () => {
    const created = (await h.call("POST", PATH, { body: { name: "Doomed" } })).json;
    const removed = await h.call("DELETE", `${PATH}/${created.id}`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expectError(await h.call("GET", `${PATH}/${created.id}`), 404, "inexistent_form");
    expectError(await h.call("PATCH", `${PATH}/${created.id}`, { body: { name: "x" } }), 404, "inexistent_form");
    expectError(await h.call("DELETE", `${PATH}/${created.id}`), 404, "inexistent_form");
    expectError(await h.call("GET", `${PATH}/ap_0OIl`), 400, "invalid_uri");
  });
});

describe("node references", () => {
  test.each([
    ["a node's next_node", { nodes: [{ id: "f", type: "FLOW", config: { flow_id: "af_1", next_node: "ghost" } }] }],
    [
      "a router rule",
      { nodes: [{ id: "r", type: "ROUTER", config: { rules: [{ id: "x", condition: {}, next_node: "ghost" }] } }] },
    ],
    ["a router fallback", { nodes: [{ id: "r", type: "ROUTER", config: { fallback: "ghost" } }] }],
    ["start.next_node", { start: { next_node: "ghost" } }],
    [
      "a JUMP_BUTTON component",
      {
        nodes: [
          {
            id: "s",
            type: "STEP",
            config: {
              components: [
                { id: "jump", category: "BLOCK", type: "JUMP_BUTTON", config: { text: "Skip", next_node: "ghost" } },
              ],
            },
          },
        ],
      },
    ],
  ])("%s pointing at no node is a 400", async (_what, fields) => {
    const body = expectError(await h.call("POST", PATH, { body: { name: "Broken", ...fields } }), 400, "invalid_body");
    expect(body.message).toContain("Some nodes point to unknown node IDs");
  });

  test("PATCH that removes a referenced node is a 400", async () => {
    const created = (await h.call("POST", PATH, { body: fullForm })).json;
    const reply = await h.call("PATCH", `${PATH}/${created.id}`, { body: { nodes: [fullForm.nodes[0]] } });
    expect(expectError(reply, 400).message).toContain("Some nodes point to unknown node IDs");
  });
});

describe("limits", () => {
  test.each([
    [1, 201],
    [150, 201],
    [0, 400],
    [151, 400],
  ])("name of %d characters → %d", async (length, status) => {
    const reply = await h.call("POST", PATH, { body: { name: "n".repeat(length) } });
    if (status === 201) expect(reply.status).toBe(201);
    else
      expect(expectError(reply, 400, "invalid_body").message).toMatch(
        /^Payload validation error: .* on property name\.$/,
      );
  });

  test.each([
    [{}, "name"],
    [{ name: "x", colour: "red" }, "colour"],
    [{ name: "x", nodes: [{ id: "n", type: "FLOW", config: {} }] }, "flow_id"],
    [{ name: "x", nodes: [{ id: "n", type: "TELEPORT" }] }, "type"],
    [{ name: "x", start: { coordinates: { x: "left", y: 0 } } }, "start.coordinates.x"],
    [{ name: "x", ending: { resume_flow: "yes" } }, "ending.resume_flow"],
  ])("invalid body %j names %s", async (body, property) => {
    expect(expectError(await h.call("POST", PATH, { body }), 400, "invalid_body").message).toContain(property);
  });
});

describe("form-urlencoded bodies", () => {
  test("bracket notation builds nested objects and arrays; numbers and booleans are coerced", async () => {
    const body = [
      "name=Encoded",
      "languages[primary]=en",
      "nodes[0][id]=flow1",
      "nodes[0][type]=FLOW",
      "nodes[0][config][flow_id]=af_1",
      "nodes[0][config][next_node]=$ending",
      "nodes[0][coordinates][x]=12",
      "nodes[0][coordinates][y]=-3",
      "start[next_node]=flow1",
      "start[hidden_fields][0][key]=k",
      "start[hidden_fields][0][value]=42",
      "ending[resume_flow]=true",
      "ending[redirection][target]=https://example.com",
      "ending[redirection][delay]=3",
    ].join("&");
    const reply = await h.call("POST", PATH, { body, contentType: "application/x-www-form-urlencoded" });
    expect(reply.status).toBe(201);
    expect(reply.json.nodes).toEqual([
      { id: "flow1", type: "FLOW", config: { flow_id: "af_1", next_node: "$ending" }, coordinates: { x: 12, y: -3 } },
    ]);
    expect(reply.json.start).toEqual({ next_node: "flow1", hidden_fields: [{ key: "k", value: "42" }] });
    expect(reply.json.ending).toEqual({ resume_flow: true, redirection: { target: "https://example.com", delay: 3 } });
  });

  test("prototype-polluting keys neither pollute nor pass validation", async () => {
    const body =
      "name=Proto&__proto__[polluted]=yes&constructor[prototype][polluted]=yes&messages[__proto__][polluted]=yes";
    const reply = await h.call("POST", PATH, { body, contentType: "application/x-www-form-urlencoded" });
    expect([201, 400]).toContain(reply.status);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    if (reply.status === 201) expect(reply.json).not.toHaveProperty("polluted");
  });

  test("non-numeric coordinates stay strings and fail validation", async () => {
    const body = "name=Bad&start[coordinates][x]=abc&start[coordinates][y]=1";
    expect(
      expectError(await h.call("POST", PATH, { body, contentType: "application/x-www-form-urlencoded" }), 400).message,
    ).toContain("start.coordinates.x");
  });

  test("PATCH does not take form encoding (415)", async () => {
    const created = (await h.call("POST", PATH, { body: { name: "x" } })).json;
    expectError(
      await h.call("PATCH", `${PATH}/${created.id}`, {
        body: "name=y",
        contentType: "application/x-www-form-urlencoded",
      }),
      415,
    );
  });
});

describe("list", () => {
  test("offset paging with totals, bare array without, empty page past the end", async () => {
    const total = (await h.call("GET", `${PATH}?include_totals=true`)).json.total as number;
    expect(total).toBeGreaterThan(3);
    const first = await h.call("GET", `${PATH}?page=0&per_page=2&include_totals=true`);
    expect(first.json).toEqual({ start: 0, limit: 2, total, forms: expect.any(Array) });
    expect(first.json.forms).toHaveLength(2);
    expect(Object.keys(first.json.forms[0]).sort()).toEqual(["created_at", "id", "name", "updated_at"]);
    const second = await h.call("GET", `${PATH}?page=1&per_page=2&include_totals=true`);
    expect(second.json.start).toBe(2);
    expect(second.json.forms[0].id).not.toBe(first.json.forms[0].id);
    const bare = await h.call("GET", `${PATH}?page=0&per_page=2`);
    expect(Array.isArray(bare.json)).toBe(true);
    expect(bare.json).toEqual(first.json.forms);
    const past = await h.call("GET", `${PATH}?page=1000&per_page=50&include_totals=true`);
    expect(past.status).toBe(200);
    expect(past.json.forms).toEqual([]);
    expectError(await h.call("GET", `${PATH}?per_page=0`), 400, "invalid_query_string");
    expectError(await h.call("GET", `${PATH}?page=-1`), 400, "invalid_query_string");
    expectError(await h.call("GET", `${PATH}?include_totals=maybe`), 400, "invalid_query_string");
  });
});
