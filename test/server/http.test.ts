/**
 * Cross-cutting HTTP behaviour: bad input always gets the error shape (never a 500),
 * counters, fault injection (in-process and through /__admin), admin route access,
 * and the request log's redaction.
 */
import { request as httpRequest } from "node:http";
import { Writable } from "node:stream";
import { BODY_LIMIT_BYTES } from "../../api";
import { isLoopback } from "../../server/guard";
import { RateLimiter } from "../../server/ratelimit";
import { expectError, request, startHarness, tokenFor, type Harness } from "./helpers";

const FORMS = "/api/v2/forms";
let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    clients: [{ client_id: "reader", client_secret: "reader-secret", scopes: ["read:forms"], global: true }],
  });
});
afterAll(() => h.close());
beforeEach(() => {
  h.server.faults.clear();
  h.server.counters.reset();
});

describe("bad input is answered in the error shape", () => {
  test("wrong content type → 415", async () => {
    expectError(
      await h.call("POST", FORMS, { body: "name=x", contentType: "text/plain" }),
      415,
      "unsupported_media_type",
    );
    expectError(
      await h.call("POST", FORMS, { body: "<x/>", contentType: "application/xml" }),
      415,
      "unsupported_media_type",
    );
    expectError(
      await h.call("POST", "/api/v2/rate-limit-policies", {
        body: "a=b",
        contentType: "application/x-www-form-urlencoded",
      }),
      415,
    );
  });

  test("body over the limit → 413", async () => {
    const body = JSON.stringify({ name: "x".repeat(BODY_LIMIT_BYTES) });
    expectError(await h.call("POST", FORMS, { body, contentType: "application/json" }), 413, "payload_too_large");
  });

  test.each([
    ['{"name": ', "truncated"],
    ["{name: 'x'}", "not JSON"],
    ["", "empty"],
  ])("malformed JSON (%s) → 400 invalid_body", async (body) => {
    const reply = await h.call("POST", FORMS, { body, contentType: "application/json" });
    expect(expectError(reply, 400, "invalid_body").message).toMatch(/^Payload validation error/);
  });

  test("JSON with __proto__ is refused, not merged", async () => {
    expectError(
      await h.call("POST", FORMS, { body: '{"name":"x","__proto__":{"polluted":1}}', contentType: "application/json" }),
      400,
      "invalid_body",
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("JSON nested deeper than 64 levels → 400 (not a stack overflow)", async () => {
    const nested = (depth: number) =>
      `{"name":"deep","translations":{"en":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}}`;
    expect((await h.call("POST", FORMS, { body: nested(60), contentType: "application/json" })).status).toBe(201);
    expectError(
      await h.call("POST", FORMS, { body: nested(100_000), contentType: "application/json" }),
      400,
      "invalid_body",
    );
    expectError(
      await h.call("POST", FORMS, { body: `${"[".repeat(65)}${"]".repeat(65)}`, contentType: "application/json" }),
      400,
      "invalid_body",
    );
  });

  test("a non-object body → 400", async () => {
    expectError(await h.call("POST", FORMS, { body: [1, 2] }), 400, "invalid_body");
    expectError(await h.call("POST", FORMS, { body: "just a string" }), 400, "invalid_body");
    expectError(await h.call("POST", FORMS, { body: null }), 400, "invalid_body");
  });

  test("unknown path → 404, unknown method on a known path → 405 with Allow", async () => {
    expectError(await h.call("GET", "/api/v2/nothing-here"), 404, "not_found");
    expectError(await request(`${h.server.url}/`, "GET"), 404);
    const reply = await h.call("PUT", FORMS, { body: {} });
    expectError(reply, 405, "method_not_allowed");
    expect(reply.headers.get("allow")).toContain("POST");
  });

  test("malformed percent-encoding in the path → 400 with the rate limit headers", async () => {
    const { status, headers } = await new Promise<{ status: number; headers: Record<string, unknown> }>(
      (resolve, reject) => {
        const req = httpRequest(
          `${h.server.url}${FORMS}/%E0%A4%A`,
          { headers: { authorization: `Bearer ${h.adminToken}` } },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, headers: res.headers });
          },
        );
        req.on("error", reject);
        req.end();
      },
    );
    expect(status).toBe(400);
    expect(headers["x-ratelimit-limit"]).toBeDefined();
  });
});

describe("counters", () => {
  test("count by method and route pattern, plus 429 and 5xx; /__admin is not counted", async () => {
    const created = (await h.call("POST", FORMS, { body: { name: "counted" } })).json;
    await h.call("GET", `${FORMS}/${created.id}`);
    await h.call("GET", `${FORMS}/${created.id}`);
    h.server.faults.add({ method: "GET", path: "/api/v2/forms", mode: "fail-before" });
    await h.call("GET", FORMS);
    await h.call("GET", "/__admin/counters");
    expect(h.server.counters.snapshot()).toEqual({
      "POST /api/v2/forms": 1,
      "GET /api/v2/forms/:id": 2,
      "GET /api/v2/forms": 1,
      "5xx": 1,
    });
  });
});

describe("fault injection", () => {
  const countForms = async () => (await h.call("GET", `${FORMS}?include_totals=true&per_page=1`)).json.total as number;

  test("fail-before: 503 in the error shape and nothing written", async () => {
    const before = await countForms();
    h.server.faults.add({ method: "POST", path: FORMS, mode: "fail-before", times: 2 });
    expectError(await h.call("POST", FORMS, { body: { name: "a" } }), 503);
    expectError(await h.call("POST", FORMS, { body: { name: "b" } }), 503);
    expect(await countForms()).toBe(before);
    expect((await h.call("POST", FORMS, { body: { name: "c" } })).status).toBe(201);
  });

  test("fail-after: the chosen 5xx, but the write is committed", async () => {
    const before = await countForms();
    h.server.faults.add({ method: "POST", path: FORMS, mode: "fail-after", status: 502 });
    expectError(await h.call("POST", FORMS, { body: { name: "ghost" } }), 502);
    expect(await countForms()).toBe(before + 1);
  });

  test("drop-after: the socket closes without a reply, but the write is committed", async () => {
    const before = await countForms();
    h.server.faults.add({ method: "POST", path: FORMS, mode: "drop-after" });
    await expect(h.call("POST", FORMS, { body: { name: "dropped" } })).rejects.toThrow();
    expect(await countForms()).toBe(before + 1);
  });

  test("delay: the request still succeeds", async () => {
    h.server.faults.add({ method: "GET", path: `${FORMS}/:id`, mode: "delay", delayMs: 50 });
    const created = (await h.call("POST", FORMS, { body: { name: "slow" } })).json;
    expect((await h.call("GET", `${FORMS}/${created.id}`)).status).toBe(200);
  });

  test("the token endpoint can fail too", async () => {
    h.server.faults.add({ method: "POST", path: "/oauth/token", mode: "fail-before", status: 500 });
    const { clientId, clientSecret } = h.server.credentials;
    await expect(tokenFor(h.server, clientId, clientSecret)).rejects.toThrow(/500/);
    await expect(tokenFor(h.server, clientId, clientSecret)).resolves.toEqual(expect.any(String));
  });

  test("a malformed fault spec is refused", () => {
    expect(() => h.server.faults.add({ method: "POST", path: FORMS, mode: "fail-before", status: 418 })).toThrow(
      /status/,
    );
    expect(() => h.server.faults.add({ method: "POST", path: FORMS, mode: "explode" as never })).toThrow(/mode/);
  });
});

describe("/__admin routes", () => {
  test("with the admin token: faults, counters and the rate limit", async () => {
    const added = await h.call("POST", "/__admin/faults", {
      body: { method: "POST", path: FORMS, mode: "fail-before", status: 504 },
    });
    expect(added.status).toBe(201);
    expectError(await h.call("POST", FORMS, { body: { name: "x" } }), 504);
    await h.call("POST", "/__admin/faults", { body: { method: "POST", path: FORMS, mode: "fail-before" } });
    expect((await h.call("DELETE", "/__admin/faults")).status).toBe(204);
    expect((await h.call("POST", FORMS, { body: { name: "x" } })).status).toBe(201);
    expect((await h.call("GET", "/__admin/counters")).json).toEqual({ "POST /api/v2/forms": 2, "5xx": 1 });
    expect((await h.call("DELETE", "/__admin/counters")).status).toBe(204);
    expect((await h.call("GET", "/__admin/counters")).json).toEqual({});
    expect((await h.call("PUT", "/__admin/rate-limit", { body: { perSecond: 77 } })).json).toEqual({ perSecond: 77 });
    expect((await h.call("GET", FORMS)).headers.get("x-ratelimit-limit")).toBe("77");
    await h.call("PUT", "/__admin/rate-limit", { body: { perSecond: 100_000 } });
    expectError(await h.call("PUT", "/__admin/rate-limit", { body: { perSecond: 0 } }), 400);
    expectError(await h.call("POST", "/__admin/faults", { body: { method: "POST", path: FORMS, mode: "nope" } }), 400);
  });

  test("any other token is 403, no token 401", async () => {
    const token = await tokenFor(h.server, "reader", "reader-secret");
    expectError(await h.call("GET", "/__admin/counters", { token }), 403);
    expectError(
      await h.call("POST", "/__admin/faults", { token, body: { method: "GET", path: FORMS, mode: "fail-before" } }),
      403,
    );
    expectError(await h.call("GET", "/__admin/counters", { token: null }), 401);
  });
});

describe("request log", () => {
  test("one JSON line per request; Authorization, client secrets and webhook secrets never appear", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
        callback();
      },
    });
    const logged = await startHarness({ logger: { destination, level: "info" } });
    try {
      await logged.call("POST", "/api/v2/event-streams", {
        body: {
          name: "secretive",
          subscriptions: [{ event_type: "user.created" }],
          destination: {
            type: "webhook",
            configuration: {
              webhook_endpoint: "https://h.example.com",
              webhook_authorization: { method: "basic", username: "u", password: "hunter2-password" },
            },
          },
        },
      });
      await logged.call("GET", FORMS);
      await logged.call("GET", FORMS, { token: "bad.token.value" });
    } finally {
      await logged.close();
    }
    const requestLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === "request");
    // The harness's own token request, then the three calls.
    expect(requestLines.map((entry) => [entry.method, entry.route, entry.status])).toEqual([
      ["POST", "/oauth/token", 200],
      ["POST", "/api/v2/event-streams", 201],
      ["GET", FORMS, 200],
      ["GET", FORMS, 401],
    ]);
    const all = lines.join("\n");
    for (const secret of [
      logged.adminToken,
      logged.server.credentials.clientSecret,
      "hunter2-password",
      "bad.token.value",
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});

describe("building blocks", () => {
  test("only loopback addresses count as local for /__admin", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
      expect(isLoopback(address)).toBe(true);
    for (const address of ["10.0.0.1", "192.168.1.5", "::ffff:10.0.0.1", "fe80::1", undefined])
      expect(isLoopback(address)).toBe(false);
  });

  test("the token bucket allows a burst of `rate`, refills at `rate` per second, and says when to retry", () => {
    const limiter = new RateLimiter(3);
    const start = 1_700_000_000_000;
    const burst = [0, 1, 2, 3].map(() => limiter.consume("client:a", start));
    expect(burst.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(burst[3]).toMatchObject({ limit: 3, retryAfter: 1, reset: start / 1000 + 1 });
    expect(limiter.consume("client:b", start).allowed).toBe(true);
    expect(limiter.consume("client:a", start + 334).allowed).toBe(true);
    expect(limiter.consume("client:a", start + 334).allowed).toBe(false);
  });
});
