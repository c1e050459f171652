/**
 * Bad input that once got past the server's guards: numbers JSON can write but a double
 * cannot hold, malformed HTTP Basic credentials, scopes that are not a plain string, route
 * patterns read as regular expressions, Node's own 400s, a bad URL echoed back, and an
 * admin rate that is no rate.
 *
 * Figure: hostile requests tried, and how many got an answer other than the 4xx in the
 * service's (or OAuth's) shape that each should get.
 */
import { connect } from "node:net";
import { ajvStrictNumbers, expectNoNonFinite } from "./numbers";
import { expectError, fetchToken, request, startHarness, type Harness, type Reply } from "../server/helpers";
import { printFigure, sendRaw } from "./support";

const FORMS = "/api/v2/forms";
let h: Harness;
const outcomes: { name: string; ok: boolean }[] = [];
beforeAll(async () => {
  h = await startHarness({
    clients: [
      { client_id: "reader", client_secret: "reader-secret", scopes: ["read:forms", "create:forms"], global: false },
    ],
  });
});
afterAll(async () => {
  await h.close();
  printFigure("hostile-input", { tried: outcomes.length, misanswered: outcomes.filter((o) => !o.ok).length });
});

/** Records whether `check` passed, and rethrows so the test fails too. */
function record(name: string, check: () => void): void {
  try {
    check();
    outcomes.push({ name, ok: true });
  } catch (error) {
    outcomes.push({ name, ok: false });
    throw error;
  }
}

describe("numbers that do not survive a round trip are refused", () => {
  const digits = "9".repeat(1024 * 1024 - 100);
  test.each([
    [
      "1e400 in start.coordinates.x",
      `{"name":"n","start":{"next_node":"$ending","coordinates":{"x":1e400,"y":0}}}`,
      "start.coordinates.x",
    ],
    [
      "1e400 in ending.redirection.delay",
      `{"name":"n","ending":{"redirection":{"target":"https://x.example","delay":1e400}}}`,
      "ending.redirection.delay",
    ],
    ["a megabyte of digits", `{"name":"n","start":{"coordinates":{"x":${digits},"y":0}}}`, "start.coordinates.x"],
    [
      "1e400 in an opaque component",
      `{"name":"n","nodes":[{"id":"s","type":"STEP","config":{"components":[{"id":"c","category":"FIELD","type":"NUMBER","config":{"max":1e999}}]}}]}`,
      "nodes[0].config.components[0].config.max",
    ],
  ])("JSON: %s → 400 invalid_body naming the property", async (name, body, property) => {
    const reply = await h.call("POST", FORMS, { body, contentType: "application/json" });
    record(name, () => expect(expectError(reply, 400, "invalid_body").message).toContain(property));
  });

  test("form-encoded: start[coordinates][x]=1e400 → 400 naming the property", async () => {
    const reply = await h.call("POST", FORMS, {
      body: "name=n&start[coordinates][x]=1e400&start[coordinates][y]=0",
      contentType: "application/x-www-form-urlencoded",
    });
    record("form 1e400", () =>
      expect(expectError(reply, 400, "invalid_body").message).toContain("start.coordinates.x"),
    );
  });

  test("PATCH with 1e400 → 400, and what is stored still passes its own schema with strict numbers", async () => {
    const created = await h.call("POST", FORMS, {
      body: { name: "keeps", start: { next_node: "$ending", coordinates: { x: 1, y: -2 } } },
    });
    const patched = await h.call("PATCH", `${FORMS}/${created.json.id}`, {
      body: `{"start":{"coordinates":{"x":1e400,"y":0}}}`,
      contentType: "application/json",
    });
    const stored = await h.call("GET", `${FORMS}/${created.json.id}`);
    record("PATCH 1e400", () => {
      expectError(patched, 400, "invalid_body");
      expectNoNonFinite(stored.json);
      expect(ajvStrictNumbers(stored.json)).toBe(true);
    });
  });

  test("/__admin/rate-limit refuses perSecond 1e308 and 1e400", async () => {
    for (const body of ['{"perSecond":1e308}', '{"perSecond":1e400}']) {
      const reply = await h.call("PUT", "/__admin/rate-limit", { body, contentType: "application/json" });
      record(`admin ${body}`, () => expectError(reply, 400, "invalid_body"));
    }
  });
});

describe("HTTP Basic client credentials", () => {
  test.each([
    ["%E0%A4%A", "x"],
    ["x", "%"],
    ["%ZZ", "%ZZ"],
  ])("malformed %%-encoding (%s:%s) → 401 invalid_client, not 500", async (id, secret) => {
    const reply = await request(h.server.credentials.tokenUrl, "POST", {
      contentType: "application/x-www-form-urlencoded",
      body: new URLSearchParams({
        grant_type: "client_credentials",
        audience: h.server.credentials.audience,
      }).toString(),
      headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` },
    });
    record(`basic ${id}:${secret}`, () =>
      expect({ status: reply.status, error: reply.json?.error }).toEqual({ status: 401, error: "invalid_client" }),
    );
  });
});

describe("scopes", () => {
  const ask = (extra: string) =>
    request(h.server.credentials.tokenUrl, "POST", {
      contentType: "application/x-www-form-urlencoded",
      body: `grant_type=client_credentials&client_id=reader&client_secret=reader-secret&audience=${encodeURIComponent(h.server.credentials.audience)}&${extra}`,
    });
  const scopeOf = (reply: Reply) => (reply.status === 200 ? reply.json.scope : `${reply.status} ${reply.json?.error}`);

  test.each([
    ["a repeated form field", "scope=read:forms&scope=create:forms"],
    ["scope[]", "scope[]=read:forms"],
    ["scope[0]", "scope[0]=read:forms"],
    ["an object", "scope[a]=read:forms"],
    ["a control character", "scope=read:forms%0Acreate:forms"],
    ["a quote", "scope=read:forms%22"],
  ])("%s → 400 invalid_scope", async (name, extra) => {
    const reply = await ask(extra);
    record(`scope ${name}`, () => expect(scopeOf(reply)).toBe("400 invalid_scope"));
  });

  test("a JSON array → 400 invalid_scope", async () => {
    const reply = await request(h.server.credentials.tokenUrl, "POST", {
      body: {
        grant_type: "client_credentials",
        client_id: "reader",
        client_secret: "reader-secret",
        audience: h.server.credentials.audience,
        scope: ["read:forms"],
      },
    });
    record("scope JSON array", () => expect(scopeOf(reply)).toBe("400 invalid_scope"));
  });

  test("ask for less, get at most that; duplicates collapse (60,000 × read:forms is one scope)", async () => {
    const less = await fetchToken(h.server, "reader", "reader-secret", { scope: "read:forms" });
    const many = await fetchToken(h.server, "reader", "reader-secret", {
      scope: Array(60_000).fill("read:forms").join(" "),
    });
    const none = await fetchToken(h.server, "reader", "reader-secret");
    record("scope subset and duplicates", () => {
      expect(scopeOf(less)).toBe("read:forms");
      expect(scopeOf(many)).toBe("read:forms");
      expect(many.json.access_token.length).toBeLessThan(2_000);
      expect(scopeOf(none)).toBe("read:forms create:forms");
    });
  });
});

describe("smaller", () => {
  test("route patterns are literal: POST /Xwell-known/jwksXjson → 404, not 405", async () => {
    const reply = await request(`${h.server.url}/Xwell-known/jwksXjson`, "POST", { body: {} });
    record("regex route", () => expectError(reply, 404, "not_found"));
  });

  test.each([
    ["a header without a colon", "GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n", 400],
    ["a bad request line", "GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["headers over 16 KiB", `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431],
  ])("Node's own refusal of %s is JSON with an errorCode", async (name, raw, status) => {
    const reply = await rawExchange(raw);
    record(`node ${name}`, () => {
      expect(reply.status).toBe(status);
      expect(reply.json).toEqual({
        statusCode: status,
        error: expect.any(String),
        message: expect.any(String),
        errorCode: expect.any(String),
      });
    });
  });

  test("a badly encoded URL is not echoed back (path or query)", async () => {
    const reply = await sendRaw(`${h.server.url}${FORMS}/%E0%A4%A?client_secret=hunter2`, { method: "GET" });
    record("bad URL echo", () => {
      expectError(reply as Reply, 400, "invalid_uri");
      expect(reply.text).not.toContain("hunter2");
      expect(reply.text).not.toContain("%E0%A4%A");
    });
  });
});

/** Writes raw bytes to the server and parses the HTTP answer it writes back. */
function rawExchange(raw: string): Promise<{ status: number; json: unknown }> {
  const { hostname, port } = new URL(h.server.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(raw));
    let text = "";
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const body = text.slice(text.indexOf("\r\n\r\n") + 4);
      try {
        resolve({ status, json: JSON.parse(body) });
      } catch {
        resolve({ status, json: body });
      }
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer: ${text}`));
    }, 5_000).unref();
  });
}
