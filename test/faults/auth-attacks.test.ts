/**
 * Issue 7, item 7: forged and doctored access tokens against the tenant server.
 *
 * The server runs with a data directory so the test can read its genuine signing key
 * and forge tokens that are correct in every respect but one: the one under attack.
 * A control token forged the same way with nothing wrong must be accepted, which proves
 * each refusal comes from the attacked property and not from a mistake of the forger.
 */
import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  createSign,
  generateKeyPairSync,
  type KeyObject,
} from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { base64url, exportJWK, SignJWT, type JWTPayload } from "jose";
import { startTenantServer, type TenantServer } from "../../server/index";
import { isApiErrorBody } from "../../api";
import { callApi, printFigure, send, tempDir, tokenFor, type RawReply } from "./support";

jest.setTimeout(120_000);

interface Attack {
  name: string;
  token: () => Promise<string> | string;
}

const enc = (value: unknown) => base64url.encode(JSON.stringify(value));
const now = () => Math.floor(Date.now() / 1000);

/** header.payload.signature with a signature computed by `sign` over the first two parts. */
function rawJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  sign: (input: string) => string,
): string {
  const input = `${enc(header)}.${enc(payload)}`;
  return `${input}.${sign(input)}`;
}

function hmac(secret: Buffer | string, input: string, hash = "sha256"): string {
  return createHmac(hash, secret).update(input).digest("base64url");
}

function rsaSign(key: KeyObject, input: string, hash = "RSA-SHA256"): string {
  return createSign(hash).update(input).sign(key).toString("base64url");
}

describe("authentication attacks against the tenant server", () => {
  let server: TenantServer;
  let other: TenantServer;
  const dirs: string[] = [];
  let privateKey: KeyObject;
  let publicKey: KeyObject;
  let kid: string;
  let otherKey: KeyObject;
  let otherKid: string;
  let genuine: string;

  /** The claims of a good admin token for `server`. */
  const claims = (overrides: JWTPayload = {}): JWTPayload => ({
    iss: `${server.url}/`,
    aud: server.credentials.audience,
    sub: `${server.credentials.clientId}@clients`,
    azp: server.credentials.clientId,
    scope: "read:forms create:forms",
    iat: now() - 10,
    exp: now() + 3600,
    ...overrides,
  });

  /** A token signed with `key` (the server's own by default) with `header` fields over RS256. */
  const forge = (payload: JWTPayload, options: { key?: KeyObject; header?: Record<string, unknown> } = {}) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: "RS256", typ: "JWT", kid, ...options.header } as { alg: string })
      .sign(options.key ?? privateKey);

  const callWith = (token: string): Promise<RawReply> =>
    send(`${server.baseUrl}/forms`, { method: "GET", headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    const dir = tempDir("tenant-auth-");
    const otherDir = tempDir("tenant-auth-other-");
    dirs.push(dir, otherDir);
    server = await startTenantServer({ port: 0, logger: false, dataDir: dir, rateLimit: 100_000 });
    other = await startTenantServer({ port: 0, logger: false, dataDir: otherDir, rateLimit: 100_000 });
    privateKey = createPrivateKey(fs.readFileSync(path.join(dir, "keys", "signing-key.pem"), "utf8"));
    publicKey = createPublicKey(privateKey);
    otherKey = createPrivateKey(fs.readFileSync(path.join(otherDir, "keys", "signing-key.pem"), "utf8"));
    const jwks = (await send(`${server.url}/.well-known/jwks.json`, { method: "GET" })).json as {
      keys: { kid: string }[];
    };
    const otherJwks = (await send(`${other.url}/.well-known/jwks.json`, { method: "GET" })).json as {
      keys: { kid: string }[];
    };
    kid = jwks.keys[0].kid;
    otherKid = otherJwks.keys[0].kid;
    genuine = await tokenFor(server);
  });

  afterAll(async () => {
    await server?.close();
    await other?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("controls: the issued token and a token forged with the genuine key and right claims are accepted", async () => {
    expect((await callWith(genuine)).status).toBe(200);
    expect((await callWith(await forge(claims()))).status).toBe(200);
    // The key published at the JWKS is the key the test signs with.
    expect(publicKey.export({ format: "jwk" }).n).toBe(
      ((await send(`${server.url}/.well-known/jwks.json`, { method: "GET" })).json as { keys: { n: string }[] }).keys[0]
        .n,
    );
  });

  test("every forged or doctored token is refused with 401 in the service's error shape", async () => {
    const publicPem = publicKey.export({ format: "pem", type: "spki" }).toString();
    const publicDer = publicKey.export({ format: "der", type: "spki" });
    const publicJwkText = JSON.stringify(await exportJWK(publicKey));
    const [genuineHeader, genuinePayload, genuineSignature] = genuine.split(".");
    const genuineClaims = JSON.parse(Buffer.from(genuinePayload, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    const attacker = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const attackerJwk = { ...(await exportJWK(attacker.publicKey)), kid: "attacker" };

    const attacks: Attack[] = [
      // alg none, in the spellings libraries have been fooled by, with and without a signature part.
      ...["none", "None", "NONE", "nOnE"].map((alg) => ({
        name: `alg ${alg}`,
        token: () => rawJwt({ alg, typ: "JWT", kid }, claims(), () => ""),
      })),
      { name: "alg none, no signature segment", token: () => `${enc({ alg: "none", typ: "JWT" })}.${enc(claims())}` },
      {
        name: "alg none, genuine signature kept",
        token: () => rawJwt({ alg: "none", kid }, claims(), () => genuineSignature),
      },
      // Algorithm confusion: HMAC keyed with the public key in every encoding a verifier might use.
      {
        name: "HS256 keyed with the public key (PEM)",
        token: () => rawJwt({ alg: "HS256", typ: "JWT", kid }, claims(), (i) => hmac(publicPem, i)),
      },
      {
        name: "HS256 keyed with the public key (PEM, no trailing newline)",
        token: () => rawJwt({ alg: "HS256", typ: "JWT", kid }, claims(), (i) => hmac(publicPem.trim(), i)),
      },
      {
        name: "HS256 keyed with the public key (DER)",
        token: () => rawJwt({ alg: "HS256", typ: "JWT", kid }, claims(), (i) => hmac(publicDer, i)),
      },
      {
        name: "HS256 keyed with the public key (JWK JSON)",
        token: () => rawJwt({ alg: "HS256", typ: "JWT", kid }, claims(), (i) => hmac(publicJwkText, i)),
      },
      {
        name: "HS384 keyed with the public key (PEM)",
        token: () => rawJwt({ alg: "HS384", typ: "JWT", kid }, claims(), (i) => hmac(publicPem, i, "sha384")),
      },
      {
        name: "HS512 keyed with the public key (PEM)",
        token: () => rawJwt({ alg: "HS512", typ: "JWT", kid }, claims(), (i) => hmac(publicPem, i, "sha512")),
      },
      // Other asymmetric algorithms with the genuine key: the server pins RS256.
      {
        name: "RS512 with the genuine key",
        token: () => rawJwt({ alg: "RS512", typ: "JWT", kid }, claims(), (i) => rsaSign(privateKey, i, "RSA-SHA512")),
      },
      {
        name: "PS256 with the genuine key",
        token: () => new SignJWT(claims()).setProtectedHeader({ alg: "PS256", kid }).sign(privateKey),
      },
      // Tampering with a genuine token.
      {
        name: "tampered payload: scope widened",
        token: () =>
          `${genuineHeader}.${enc({ ...genuineClaims, scope: `${String(genuineClaims.scope)} read:everything` })}.${genuineSignature}`,
      },
      {
        name: "tampered payload: other subject",
        token: () =>
          `${genuineHeader}.${enc({ ...genuineClaims, sub: "someone@clients", azp: "someone" })}.${genuineSignature}`,
      },
      {
        name: "tampered payload: expiry extended",
        token: () =>
          `${genuineHeader}.${enc({ ...genuineClaims, exp: Number(genuineClaims.exp) + 86400 })}.${genuineSignature}`,
      },
      {
        name: "tampered header: kid changed",
        token: () => `${enc({ alg: "RS256", typ: "JWT", kid: "other" })}.${genuinePayload}.${genuineSignature}`,
      },
      { name: "signature stripped", token: () => `${genuineHeader}.${genuinePayload}.` },
      {
        name: "signature truncated",
        token: () => `${genuineHeader}.${genuinePayload}.${genuineSignature.slice(0, -4)}`,
      },
      {
        name: "signature of another token",
        token: async () =>
          `${genuineHeader}.${genuinePayload}.${(await forge(claims({ scope: "read:forms" }))).split(".")[2]}`,
      },
      // Time.
      { name: "expired a minute ago", token: () => forge(claims({ iat: now() - 7200, exp: now() - 60 })) },
      { name: "expired long ago", token: () => forge(claims({ iat: 1_000_000_000, exp: 1_000_003_600 })) },
      { name: "not yet valid (nbf in an hour)", token: () => forge(claims({ nbf: now() + 3600 })) },
      { name: "no exp claim", token: () => forge((({ exp: _exp, ...rest }) => rest)(claims())) },
      { name: "exp not a number", token: () => forge(claims({ exp: "never" as unknown as number })) },
      // Audience and issuer.
      { name: "wrong audience", token: () => forge(claims({ aud: "https://other-tenant.example.com/api/v2/" })) },
      { name: "audience of the other server", token: () => forge(claims({ aud: other.credentials.audience })) },
      { name: "no audience", token: () => forge((({ aud: _aud, ...rest }) => rest)(claims())) },
      { name: "wrong issuer", token: () => forge(claims({ iss: "https://evil.example.com/" })) },
      { name: "issuer of the other server", token: () => forge(claims({ iss: `${other.url}/` })) },
      { name: "no issuer", token: () => forge((({ iss: _iss, ...rest }) => rest)(claims())) },
      // Subjects the server must not take at face value.
      { name: "client that does not exist", token: () => forge(claims({ sub: "ghost@clients", azp: "ghost" })) },
      { name: "subject is a user, not a client", token: () => forge(claims({ sub: "auth0|user-1" })) },
      // Keys.
      { name: "unknown kid, genuine key", token: () => forge(claims(), { header: { kid: "no-such-key" } }) },
      {
        name: "no kid, genuine key",
        token: () => new SignJWT(claims()).setProtectedHeader({ alg: "RS256" }).sign(privateKey),
      },
      { name: "attacker key with the server's kid", token: () => forge(claims(), { key: attacker.privateKey }) },
      {
        name: "attacker key embedded as jwk header",
        token: () => forge(claims(), { key: attacker.privateKey, header: { kid: "attacker", jwk: attackerJwk } }),
      },
      {
        name: "attacker key referenced by jku",
        token: () =>
          forge(claims(), {
            key: attacker.privateKey,
            header: { kid: "attacker", jku: "https://evil.example.com/jwks.json" },
          }),
      },
      { name: "other server's token as issued", token: () => tokenFor(other) },
      {
        name: "other server's key, this server's claims and its own kid",
        token: () => forge(claims(), { key: otherKey, header: { kid: otherKid } }),
      },
      {
        name: "other server's key, this server's claims and this server's kid",
        token: () => forge(claims(), { key: otherKey }),
      },
      // Header over Node's 16 KiB limit: refused by the HTTP parser (431) before the app sees it.
      { name: "token larger than the header limit", token: () => "x".repeat(20000) },
      // Not JWTs at all.
      ...["", "null", "e30", "e30.e30", "e30.e30.e30.e30", "a.b.c", "..", "x".repeat(8000)].map((text) => ({
        name: `garbage "${text.slice(0, 12)}"`,
        token: () => text,
      })),
    ];

    const wrongOutcomes: string[] = [];
    const misshapen: string[] = [];
    for (const attack of attacks) {
      const token = await attack.token();
      const reply = await callWith(token);
      // 401 in the service's shape; 431 only for the oversize header, which Node refuses itself.
      const expected = token.length > 16_000 ? 431 : 401;
      if (reply.status !== expected) wrongOutcomes.push(`${attack.name} → ${reply.status}`);
      else if (expected === 401 && !isApiErrorBody(reply.json))
        misshapen.push(`${attack.name} → ${reply.text.slice(0, 120)}`);
      // The same token must not open a rate limit policy route (global clients) either.
      const policies = await callApi(server, token, "GET", "/rate-limit-policies");
      if (policies.status !== expected) wrongOutcomes.push(`${attack.name} (rate limit policies) → ${policies.status}`);
    }
    const tried = attacks.length;
    const refused =
      tried - new Set(wrongOutcomes.map((line) => line.split(" → ")[0].replace(" (rate limit policies)", ""))).size;
    printFigure("auth-attacks", {
      refused,
      tried,
      percent: Math.round((refused / tried) * 1000) / 10,
      misshapen: misshapen.length,
    });
    expect(wrongOutcomes).toEqual([]);
    expect(misshapen).toEqual([]);
    expect(refused).toBe(tried);
  });
});
