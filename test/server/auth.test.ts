/**
 * Authentication: the token endpoint (both paths, both encodings, Basic auth, the
 * accepted audiences, its errors) and every way a bearer token must be refused.
 * Tokens are crafted with jose; the server's own private key is read from its data dir.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import { base64url, decodeJwt, decodeProtectedHeader, importJWK, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { newClientId } from "../../server/auth/clients";
import { signingKeyPath } from "../../server/auth/keys";
import { expectError, fetchToken, removeDir, request, startHarness, tempDir, type Harness } from "./helpers";

const FORMS = "/api/v2/forms";
let h: Harness;
let dataDir: string;
let privateKey: KeyObject;
let kid: string;

beforeAll(async () => {
  dataDir = tempDir();
  h = await startHarness({
    dataDir,
    clients: [{ client_id: "limited", client_secret: "limited-secret", scopes: ["read:forms"], global: false }],
  });
  privateKey = createPrivateKey(readFileSync(signingKeyPath(dataDir), "utf8"));
  kid = decodeProtectedHeader(h.adminToken).kid!;
});
afterAll(async () => {
  await h.close();
  removeDir(dataDir);
});

/** A token like the server's, with `changes` applied to claims and header. */
async function craft(
  changes: { claims?: JWTPayload; header?: Record<string, unknown>; key?: KeyObject | Uint8Array; alg?: string } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const { clientId } = h.server.credentials;
  const claims: JWTPayload = {
    iss: `${h.server.url}/`,
    sub: `${clientId}@clients`,
    aud: h.server.credentials.audience,
    azp: clientId,
    scope: "read:forms",
    iat: now,
    exp: now + 600,
    ...changes.claims,
  };
  const alg = changes.alg ?? "RS256";
  return new SignJWT(claims)
    .setProtectedHeader({ alg, typ: "JWT", kid, ...changes.header })
    .sign(changes.key ?? privateKey);
}

const get = (token: string) => h.call("GET", FORMS, { token });

describe("client ids", () => {
  it("are 32 letters and digits, as the real service's (never a leading '-' a command line takes for an option)", () => {
    const ids = Array.from({ length: 500 }, () => newClientId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("token endpoint", () => {
  test("form-encoded client credentials: Bearer token, numeric expires_in, every scope", async () => {
    const reply = await fetchToken(h.server, h.server.credentials.clientId, h.server.credentials.clientSecret);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 86400,
      scope: expect.stringContaining("read:rate_limit_policies"),
    });
    const header = decodeProtectedHeader(reply.json.access_token);
    expect(header).toEqual({ alg: "RS256", typ: "JWT", kid: expect.any(String) });
    const claims = decodeJwt(reply.json.access_token);
    expect(claims).toMatchObject({
      iss: `${h.server.url}/`,
      sub: `${h.server.credentials.clientId}@clients`,
      azp: h.server.credentials.clientId,
      aud: h.server.credentials.audience,
      scope: reply.json.scope,
    });
    expect(claims.exp! - claims.iat!).toBe(86400);
  });

  test("JSON body on /oauth/token/ with the seed's audience /api/v2/", async () => {
    const { clientId, clientSecret } = h.server.credentials;
    const reply = await request(`${h.server.url}/oauth/token/`, "POST", {
      body: {
        grant_type: "client_credentials",
        client_id: clientId,
        client_secret: clientSecret,
        audience: "/api/v2/",
      },
    });
    expect(reply.status).toBe(200);
    expect((await get(reply.json.access_token)).status).toBe(200);
  });

  test("https://{domain}/api/v2/ is accepted as the audience (what the official SDK sends)", async () => {
    const host = new URL(h.server.url).host;
    const { clientId, clientSecret } = h.server.credentials;
    const reply = await fetchToken(h.server, clientId, clientSecret, { audience: `https://${host}/api/v2/` });
    expect(reply.status).toBe(200);
    expect((await get(reply.json.access_token)).status).toBe(200);
  });

  test("client authentication by HTTP Basic", async () => {
    const { clientId, clientSecret } = h.server.credentials;
    const reply = await request(h.server.credentials.tokenUrl, "POST", {
      contentType: "application/x-www-form-urlencoded",
      body: `grant_type=client_credentials&audience=${encodeURIComponent(h.server.credentials.audience)}`,
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`,
    });
    expect(reply.status).toBe(200);
  });

  test.each([
    ["a wrong secret", { client_secret: "wrong" }, 401, "invalid_client"],
    ["an unknown client", { client_id: "nobody" }, 401, "invalid_client"],
    ["no secret", { client_secret: "" }, 401, "invalid_client"],
    ["another audience", { audience: "https://other.example.com/api/v2/" }, 403, "access_denied"],
    ["no audience", { audience: "" }, 403, "access_denied"],
    [
      "a scope not granted",
      { client_id: "limited", client_secret: "limited-secret", scope: "create:forms" },
      403,
      "access_denied",
    ],
    ["the password grant", { grant_type: "password" }, 400, "unsupported_grant_type"],
  ])("%s is refused as OAuth error %s", async (_what, extra, status, error) => {
    const { clientId, clientSecret } = h.server.credentials;
    const reply = await fetchToken(h.server, clientId, clientSecret, extra as Record<string, string>);
    expect(reply.status).toBe(status);
    expect(reply.json).toEqual({ error, error_description: expect.any(String) });
    expect(reply.headers.get("x-ratelimit-limit")).not.toBeNull();
  });

  test("JWKS publishes the public key that verifies issued tokens", async () => {
    const jwks = await request(`${h.server.url}/.well-known/jwks.json`, "GET");
    expect(jwks.status).toBe(200);
    expect(jwks.json.keys).toHaveLength(1);
    const [jwk] = jwks.json.keys;
    expect(jwk).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", kid });
    expect(jwk.d).toBeUndefined();
    const { payload } = await jwtVerify(h.adminToken, await importJWK(jwk, "RS256"));
    expect(payload.azp).toBe(h.server.credentials.clientId);
  });
});

describe("bearer tokens that must be refused (401 invalid_token)", () => {
  test("control: a crafted token with the right key and claims is accepted", async () => {
    expect((await get(await craft())).status).toBe(200);
  });

  test("alg none", async () => {
    const unsigned = await craft();
    const [, payload] = unsigned.split(".");
    const header = base64url.encode(JSON.stringify({ alg: "none", typ: "JWT", kid }));
    expectError(await get(`${header}.${payload}.`), 401, "invalid_token");
  });

  test("HS256 signed with the public key as the HMAC secret", async () => {
    const publicPem = createPublicKey(privateKey).export({ format: "pem", type: "spki" }).toString();
    const token = await craft({ alg: "HS256", key: new TextEncoder().encode(publicPem) });
    expectError(await get(token), 401, "invalid_token");
  });

  test("payload tampered after signing (scope widened)", async () => {
    const [header, , signature] = (await craft()).split(".");
    const claims = { ...decodeJwt(await craft()), scope: "read:forms delete:forms" };
    expectError(await get(`${header}.${base64url.encode(JSON.stringify(claims))}.${signature}`), 401, "invalid_token");
  });

  test("expired", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(
      expectError(await get(await craft({ claims: { iat: now - 7200, exp: now - 3600 } })), 401, "invalid_token")
        .message,
    ).toMatch(/expired/i);
  });

  test("not valid before a future time", async () => {
    expectError(
      await get(await craft({ claims: { nbf: Math.floor(Date.now() / 1000) + 3600 } })),
      401,
      "invalid_token",
    );
  });

  test("wrong audience", async () => {
    expectError(await get(await craft({ claims: { aud: "https://other.example.com/api/v2/" } })), 401, "invalid_token");
  });

  test("wrong issuer", async () => {
    expectError(await get(await craft({ claims: { iss: "https://evil.example.com/" } })), 401, "invalid_token");
  });

  test("unknown key id", async () => {
    expectError(await get(await craft({ header: { kid: "someone-elses-key" } })), 401, "invalid_token");
  });

  test("signed with another server's key (same kid)", async () => {
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    expectError(await get(await craft({ key: otherKey })), 401, "invalid_token");
  });

  test("a client the server does not know", async () => {
    expectError(await get(await craft({ claims: { sub: "ghost@clients", azp: "ghost" } })), 401, "invalid_token");
  });

  test("missing, non-Bearer and garbage Authorization headers", async () => {
    expectError(await h.call("GET", FORMS, { token: null }), 401);
    expectError(await request(`${h.server.url}${FORMS}`, "GET", { authorization: "Basic Zm9vOmJhcg==" }), 401);
    expectError(await h.call("GET", FORMS, { token: "a.b.c" }), 401, "invalid_token");
  });
});

describe("scopes", () => {
  test("a client gets 403 naming the missing scope per operation", async () => {
    const token = (await fetchToken(h.server, "limited", "limited-secret")).json.access_token as string;
    expect((await get(token)).status).toBe(200);
    expect(
      expectError(await h.call("POST", FORMS, { token, body: { name: "x" } }), 403, "insufficient_scope").message,
    ).toBe("Insufficient scope, expected any of: create:forms");
    expect(expectError(await h.call("GET", "/api/v2/event-streams", { token }), 403).message).toBe(
      "Insufficient scope, expected any of: read:event_streams",
    );
  });
});

describe("rate limit headers", () => {
  test("on successes, errors, unknown paths and the token endpoint; Reset is epoch seconds", async () => {
    const replies = [
      await get(h.adminToken),
      await h.call("GET", "/api/v2/nowhere"),
      await h.call("POST", FORMS, { body: "x", contentType: "text/plain" }),
      await fetchToken(h.server, "limited", "limited-secret"),
    ];
    for (const reply of replies) {
      expect(Number(reply.headers.get("x-ratelimit-limit"))).toBe(100000);
      expect(Number(reply.headers.get("x-ratelimit-remaining"))).toBeGreaterThanOrEqual(0);
      const reset = Number(reply.headers.get("x-ratelimit-reset"));
      expect(Math.abs(reset - Date.now() / 1000)).toBeLessThan(120);
    }
  });
});
