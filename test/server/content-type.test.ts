/**
 * Content types as real clients send them: media type parameters (`charset=utf-8`, in
 * any case, as the Java and .NET SDKs send) on every JSON route, the token endpoint
 * included; and `Content-Type: application/json` on GET and DELETE with no body (recorded
 * from the Go SDK on a real tenant), which the real service answers normally.
 */
import { request as httpRequest } from "node:http";
import { expectError, request, startHarness, TEMPLATE, type Harness } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const CHARSETS = [
  "application/json; charset=utf-8",
  "application/json;charset=UTF-8",
  'Application/JSON; Charset="utf-8"',
  "application/json; charset=utf-8; foo=bar",
];

/** One request with an explicit `content-length` (0 when there is no body), as some clients send. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body = "",
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${h.server.url}${path}`,
      {
        method,
        agent: false,
        headers: {
          authorization: `Bearer ${h.adminToken}`,
          "content-length": String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("media type parameters", () => {
  test.each(CHARSETS)("%s is JSON on every JSON route", async (contentType) => {
    const json = (body: unknown) => ({ body: JSON.stringify(body), contentType });
    const token = await request(
      h.server.credentials.tokenUrl,
      "POST",
      json({
        grant_type: "client_credentials",
        client_id: h.server.credentials.clientId,
        client_secret: h.server.credentials.clientSecret,
        audience: h.server.credentials.audience,
      }),
    );
    expect(token.status).toBe(200);
    const form = await h.call("POST", "/api/v2/forms", json({ name: "charset" }));
    expect(form.status).toBe(201);
    expect((await h.call("PATCH", `/api/v2/forms/${form.json.id}`, json({ name: "charset 2" }))).status).toBe(200);
    const stream = await h.call(
      "POST",
      "/api/v2/event-streams",
      json({
        name: "charset",
        subscriptions: [{ event_type: "user.created" }],
        destination: { type: "action", configuration: { action_id: "act_1" } },
      }),
    );
    expect(stream.status).toBe(201);
    expect(
      (await h.call("PATCH", `/api/v2/event-streams/${stream.json.id}`, json({ status: "disabled" }))).status,
    ).toBe(200);
    expect([201, 204]).toContain(
      (await h.call("PUT", "/api/v2/branding/templates/universal-login", json({ template: TEMPLATE }))).status,
    );
    const policy = await h.call(
      "POST",
      "/api/v2/rate-limit-policies",
      json({
        resource: "oauth_authentication_api",
        consumer: "client",
        consumer_selector: `client_id:charset${CHARSETS.indexOf(contentType)}`,
        configuration: { action: "allow" },
      }),
    );
    expect(policy.status).toBe(201);
    expect(
      (
        await h.call(
          "PATCH",
          `/api/v2/rate-limit-policies/${policy.json.id}`,
          json({ configuration: { action: "log", limit: 5 } }),
        )
      ).status,
    ).toBe(200);
  });

  test("a charset other than UTF-8 is 415 (bodies are read as UTF-8)", async () => {
    expectError(
      await h.call("POST", "/api/v2/forms", {
        body: JSON.stringify({ name: "x" }),
        contentType: "application/json; charset=utf-16",
      }),
      415,
      "unsupported_media_type",
    );
  });

  test("malformed JSON with a charset is still 400 invalid_body", async () => {
    expectError(
      await h.call("POST", "/api/v2/forms", { body: '{"name":', contentType: "application/json; charset=utf-8" }),
      400,
      "invalid_body",
    );
  });
});

describe("a JSON content type on a request without a body", () => {
  test.each([
    ["no content-length", undefined],
    ["content-length: 0", "0"],
  ])("DELETE with %s: 204, as the real service answers", async (_how, length) => {
    const form = await h.call("POST", "/api/v2/forms", { body: { name: "bodyless delete" } });
    const headers: Record<string, string> = { "content-type": "application/json" };
    const reply =
      length === undefined
        ? await h.call("DELETE", `/api/v2/forms/${form.json.id}`, { contentType: "application/json" })
        : await raw("DELETE", `/api/v2/forms/${form.json.id}`, headers);
    expect(reply.status).toBe(204);
    expect(
      (
        await h.call("DELETE", "/api/v2/branding/templates/universal-login", {
          contentType: "application/json; charset=utf-8",
        })
      ).status,
    ).toBe(204);
    const stream = await h.call("POST", "/api/v2/event-streams", {
      body: { destination: { type: "action", configuration: { action_id: "a" } } },
    });
    expect((await raw("DELETE", `/api/v2/event-streams/${stream.json.id}`, headers)).status).toBe(204);
  });

  test("GET with a JSON content type and no body: 200", async () => {
    const form = await h.call("POST", "/api/v2/forms", { body: { name: "bodyless get" } });
    expect((await h.call("GET", `/api/v2/forms/${form.json.id}`, { contentType: "application/json" })).status).toBe(
      200,
    );
    expect((await raw("GET", "/api/v2/forms?per_page=1", { "content-type": "application/json" })).status).toBe(200);
    expect(
      (await raw("GET", "/api/v2/event-streams", { "content-type": "application/json; charset=utf-8" })).status,
    ).toBe(200);
  });

  test("a body that is only whitespace counts as none; a POST without one is still 400", async () => {
    const form = await h.call("POST", "/api/v2/forms", { body: { name: "whitespace" } });
    expect(
      (await raw("DELETE", `/api/v2/forms/${form.json.id}`, { "content-type": "application/json" }, "  \n")).status,
    ).toBe(204);
    const empty = await raw("POST", "/api/v2/forms", { "content-type": "application/json" });
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.text)).toMatchObject({
      errorCode: "invalid_body",
      message: expect.stringMatching(/^Payload validation error/),
    });
  });
});
