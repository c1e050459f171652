/** Rate limit policies over HTTP: every operation, the seed's limits, and the errors of GET /{id}. */
import { allScopes, isValidId } from "../../api";
import { expectError, fetchToken, startHarness, tokenFor, type Harness } from "./helpers";

const PATH = "/api/v2/rate-limit-policies";
const MICROS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

let h: Harness;
let selectorCounter = 0;
/** A consumer_selector no other test uses (the triple must be unique). */
const freshSelector = () => `client_id:client${++selectorCounter}`;
const policyBody = (configuration: object, consumer_selector = freshSelector()) => ({
  resource: "oauth_authentication_api",
  consumer: "client",
  consumer_selector,
  configuration,
});

beforeAll(async () => {
  h = await startHarness({
    clients: [
      { client_id: "not-global", client_secret: "not-global-secret", scopes: allScopes(), global: false },
      { client_id: "no-read", client_secret: "no-read-secret", scopes: ["create:rate_limit_policies"], global: true },
    ],
  });
});
afterAll(() => h.close());

describe("operations", () => {
  test("create returns 201 with an rlp_ id and microsecond timestamps, get returns it", async () => {
    const created = await h.call("POST", PATH, { body: policyBody({ action: "block", limit: 100 }) });
    expect(created.status).toBe(201);
    expect(isValidId("rateLimitPolicy", created.json.id)).toBe(true);
    expect(created.json.id.length).toBeLessThanOrEqual(26);
    expect(created.json.created_at).toMatch(MICROS);
    expect(created.json.updated_at).toMatch(MICROS);
    const read = await h.call("GET", `${PATH}/${created.json.id}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(created.json);
    expect(Object.keys(read.json).sort()).toEqual([
      "configuration",
      "consumer",
      "consumer_selector",
      "created_at",
      "id",
      "resource",
      "updated_at",
    ]);
  });

  test.each([
    [{ action: "allow" }],
    [{ action: "log", limit: 10 }],
    [{ action: "redirect", limit: 5, redirect_uri: "https://example.com/slow-down" }],
  ])("each configuration variant is accepted: %j", async (configuration) => {
    const created = await h.call("POST", PATH, { body: policyBody(configuration) });
    expect(created.status).toBe(201);
    expect(created.json.configuration).toEqual(configuration);
  });

  test.each(["cimd_clients", "third_party_clients", "default", "client_id:https://cimd.example.com/client.json"])(
    "consumer_selector form %s is accepted",
    async (selector) => {
      const created = await h.call("POST", PATH, { body: policyBody({ action: "allow" }, selector) });
      expect(created.status).toBe(201);
    },
  );

  test("update replaces the configuration and keeps created_at; delete answers 204 then 404", async () => {
    const created = (await h.call("POST", PATH, { body: policyBody({ action: "block", limit: 1 }) })).json;
    const updated = await h.call("PATCH", `${PATH}/${created.id}`, { body: { configuration: { action: "allow" } } });
    expect(updated.status).toBe(200);
    expect(updated.json.configuration).toEqual({ action: "allow" });
    expect(updated.json.created_at).toBe(created.created_at);
    expect(updated.json.updated_at > created.updated_at).toBe(true);
    const removed = await h.call("DELETE", `${PATH}/${created.id}`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expectError(await h.call("GET", `${PATH}/${created.id}`), 404, "inexistent_rate_limit_policy");
    expectError(await h.call("DELETE", `${PATH}/${created.id}`), 404);
  });

  test.each(["resource", "consumer", "consumer_selector"])("update refuses the immutable field %s", async (field) => {
    const created = (await h.call("POST", PATH, { body: policyBody({ action: "allow" }) })).json;
    const reply = await h.call("PATCH", `${PATH}/${created.id}`, {
      body: { configuration: { action: "allow" }, [field]: created[field] },
    });
    expect(expectError(reply, 400, "invalid_body").message).toContain(field);
  });

  test("a second policy for the same resource, consumer and selector is a 409", async () => {
    const body = policyBody({ action: "allow" });
    expect((await h.call("POST", PATH, { body })).status).toBe(201);
    expectError(await h.call("POST", PATH, { body }), 409);
  });

  test("list pages with take/from, filters by consumer_selector, and omits next on the last page", async () => {
    const seen: string[] = [];
    let from: string | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const reply = await h.call("GET", `${PATH}?take=2${from ? `&from=${from}` : ""}`);
      expect(reply.status).toBe(200);
      expect(reply.json.rate_limit_policies.length).toBeLessThanOrEqual(2);
      seen.push(...reply.json.rate_limit_policies.map((p: { id: string }) => p.id));
      from = reply.json.next;
      if (!from) break;
    }
    const all = (await h.call("GET", `${PATH}?take=100`)).json;
    expect(all.next).toBeUndefined();
    expect(seen).toEqual(all.rate_limit_policies.map((p: { id: string }) => p.id));
    const filtered = await h.call("GET", `${PATH}?consumer_selector=default`);
    expect(filtered.json.rate_limit_policies.map((p: { consumer_selector: string }) => p.consumer_selector)).toEqual([
      "default",
    ]);
    expectError(await h.call("GET", `${PATH}?take=0`), 400, "invalid_query_string");
    expectError(await h.call("GET", `${PATH}?take=101`), 400, "invalid_query_string");
    expectError(await h.call("GET", `${PATH}?from=garbage`), 400, "invalid_query_string");
  });
});

describe("limits (seed section 8)", () => {
  test.each([
    [0, 201],
    [10000, 201],
    [-1, 400],
    [10001, 400],
    [1.5, 400],
  ])("limit %d → %d", async (limit, status) => {
    const reply = await h.call("POST", PATH, { body: policyBody({ action: "block", limit }) });
    if (status === 201) expect(reply.status).toBe(201);
    else expect(expectError(reply, 400, "invalid_body").message).toContain("configuration.limit");
  });

  test("consumer_selector of 255 characters is accepted, 256 refused", async () => {
    const at = (length: number) => `client_id:${"a".repeat(length - "client_id:".length)}`;
    expect((await h.call("POST", PATH, { body: policyBody({ action: "allow" }, at(255)) })).status).toBe(201);
    expect(
      expectError(await h.call("POST", PATH, { body: policyBody({ action: "allow" }, at(256)) }), 400).message,
    ).toContain("consumer_selector");
  });

  test("policy id: 26 characters is a well-formed id (404 when unknown), 27 is invalid_uri", async () => {
    expectError(await h.call("GET", `${PATH}/rlp_${"a".repeat(22)}`), 404, "inexistent_rate_limit_policy");
    expectError(await h.call("GET", `${PATH}/rlp_${"a".repeat(23)}`), 400, "invalid_uri");
    expectError(await h.call("GET", `${PATH}/not-an-id`), 400, "invalid_uri");
  });

  test.each([
    [{ action: "block" }, "limit"],
    [{ action: "allow", limit: 3 }, "limit"],
    [{ action: "redirect", limit: 3, redirect_uri: "http://insecure.example.com" }, "redirect_uri"],
    [{ action: "explode", limit: 3 }, "action"],
  ])("configuration %j is refused", async (configuration, property) => {
    expect(expectError(await h.call("POST", PATH, { body: policyBody(configuration) }), 400).message).toContain(
      property,
    );
  });

  test.each([
    ["resource", "other_api"],
    ["consumer", "user"],
    ["extra", 1],
  ])("field %s=%j is refused", async (field, value) => {
    expectError(
      await h.call("POST", PATH, { body: { ...policyBody({ action: "allow" }), [field]: value } }),
      400,
      "invalid_body",
    );
  });
});

describe("errors of GET /rate-limit-policies/{id} (seed section 7)", () => {
  let id: string;
  beforeAll(async () => {
    id = (await h.call("POST", PATH, { body: policyBody({ action: "allow" }) })).json.id;
  });

  test("401 for an invalid token", async () => {
    expectError(await h.call("GET", `${PATH}/${id}`, { token: "not.a.jwt" }), 401, "invalid_token");
    expectError(await h.call("GET", `${PATH}/${id}`, { token: null }), 401);
  });

  test("401 for a token whose signature is not valid", async () => {
    const [header, payload, signature] = h.adminToken.split(".");
    const flipped = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    expectError(
      await h.call("GET", `${PATH}/${id}`, { token: `${header}.${payload}.${flipped}` }),
      401,
      "invalid_token",
    );
  });

  test("401 for a client that is not global", async () => {
    const token = await tokenFor(h.server, "not-global", "not-global-secret");
    expectError(await h.call("GET", `${PATH}/${id}`, { token }), 401, "client_not_global");
  });

  test("403 naming read:rate_limit_policies when the scope is missing", async () => {
    const token = await tokenFor(h.server, "no-read", "no-read-secret");
    const body = expectError(await h.call("GET", `${PATH}/${id}`, { token }), 403, "insufficient_scope");
    expect(body.message).toBe("Insufficient scope, expected any of: read:rate_limit_policies");
  });

  test("403 also when the token was requested with a narrower scope", async () => {
    const token = await tokenFor(h.server, h.server.credentials.clientId, h.server.credentials.clientSecret, {
      scope: "read:forms",
    });
    expectError(await h.call("GET", `${PATH}/${id}`, { token }), 403, "insufficient_scope");
  });

  test("200 for the policy, 404 for an unknown id", async () => {
    expect((await h.call("GET", `${PATH}/${id}`)).status).toBe(200);
    expectError(await h.call("GET", `${PATH}/rlp_${"b".repeat(21)}`), 404, "inexistent_rate_limit_policy");
  });

  test("429 with X-RateLimit-Limit/Remaining/Reset and Retry-After once the client's rate is used up", async () => {
    h.server.setRateLimit(2);
    try {
      const token = await tokenFor(h.server, h.server.credentials.clientId, h.server.credentials.clientSecret);
      const replies = [];
      for (let i = 0; i < 3; i++) replies.push(await h.call("GET", `${PATH}/${id}`, { token }));
      expect(replies.map((r) => r.status)).toEqual([200, 200, 429]);
      const limited = replies[2];
      expectError(limited, 429, "too_many_requests");
      expect(limited.headers.get("x-ratelimit-limit")).toBe("2");
      expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
      const reset = Number(limited.headers.get("x-ratelimit-reset"));
      expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
      expect(reset).toBeLessThan(Date.now() / 1000 + 60);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(h.server.counters.snapshot()["429"]).toBeGreaterThanOrEqual(1);
    } finally {
      h.server.setRateLimit(100_000);
    }
  });

  test("the token endpoint refuses a client without the grant before any of this", async () => {
    expect((await fetchToken(h.server, "no-read", "wrong")).status).toBe(401);
  });
});
