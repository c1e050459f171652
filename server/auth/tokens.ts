/**
 * Access tokens: RS256 JWTs signed with the server's key, verified on every API call.
 * Verification pins the algorithm (no `none`, no HS256 made with the public key), the
 * key id, the issuer and the audience, and checks `exp`/`nbf`.
 */
import { jwtVerify, SignJWT, type JWTPayload } from "jose";
import { SIGNING_ALGORITHM, type SigningKey } from "./keys";

/** Lifetime of an access token, in seconds (the service's `expires_in`). */
export const TOKEN_LIFETIME_SECONDS = 86400;
/** Verified tokens remembered (oldest forgotten first). */
const VERIFIED_CACHE_SIZE = 10_000;

/** What a verified token says about its caller. */
export interface VerifiedToken {
  clientId: string;
  scopes: string[];
  audience: string;
}

/** A token the server refuses, with the reason in words (for the 401 message). */
export class TokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TokenError";
  }
}

/** Where the server is reachable; the issuer and audiences derive from it. */
export interface TokenSettings {
  /** e.g. `http://127.0.0.1:4010` (no trailing slash). */
  url: () => string;
}

/** The audiences the server accepts: `https://{host}/api/v2/`, `{url}/api/v2/` and `/api/v2/`. */
export function acceptedAudiences(url: string): string[] {
  const { host, port } = new URL(url);
  const hosts = new Set([host, `localhost${port ? `:${port}` : ""}`, `127.0.0.1${port ? `:${port}` : ""}`]);
  return [...new Set([...[...hosts].map((h) => `https://${h}/api/v2/`), `${url}/api/v2/`, "/api/v2/"])];
}

/** Issues and verifies access tokens. */
export class TokenService {
  /**
   * Tokens already verified, by their exact text, with their expiry (epoch seconds).
   * An RS256 check costs far more than the rest of a request, and clients send the same
   * token thousands of times; any change to the text (tampering) misses the cache.
   */
  private readonly verified = new Map<string, { token: VerifiedToken; exp: number }>();

  constructor(
    private readonly key: SigningKey,
    private readonly settings: TokenSettings,
  ) {}

  /** The `iss` of every token: the server URL with a trailing slash. */
  get issuer(): string {
    return `${this.settings.url()}/`;
  }

  /** Signs a token for `clientId` with `scopes` for `audience` (which must be accepted). */
  async issue(clientId: string, scopes: string[], audience: string): Promise<string> {
    return new SignJWT({ scope: scopes.join(" "), azp: clientId, gty: "client-credentials" })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: "JWT", kid: this.key.kid })
      .setIssuer(this.issuer)
      .setSubject(`${clientId}@clients`)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
      .sign(this.key.privateKey);
  }

  /** Verifies `token`; throws {@link TokenError} with the reason when it is not acceptable. */
  async verify(token: string): Promise<VerifiedToken> {
    const cached = this.verified.get(token);
    if (cached) {
      if (cached.exp > Date.now() / 1000) return cached.token;
      this.verified.delete(token);
    }
    const { verified, exp } = await this.verifySignedToken(token);
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, { token: verified, exp });
    return verified;
  }

  private async verifySignedToken(token: string): Promise<{ verified: VerifiedToken; exp: number }> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(
        token,
        (header) => {
          if (header.kid !== this.key.kid) throw new TokenError("Invalid token: unknown key id");
          return this.key.publicKey;
        },
        {
          algorithms: [SIGNING_ALGORITHM],
          issuer: this.issuer,
          audience: acceptedAudiences(this.settings.url()),
          requiredClaims: ["sub", "exp", "iat"],
        },
      ));
    } catch (error) {
      throw error instanceof TokenError ? error : new TokenError(describeJoseError(error));
    }
    const subject = payload.sub ?? "";
    const clientId = typeof payload.azp === "string" ? payload.azp : subject.replace(/@clients$/, "");
    if (subject !== `${clientId}@clients`) throw new TokenError("Invalid token: subject is not a client");
    const scopes = typeof payload.scope === "string" ? payload.scope.split(" ").filter(Boolean) : [];
    const audience = Array.isArray(payload.aud) ? payload.aud[0] : (payload.aud ?? "");
    return { verified: { clientId, scopes, audience }, exp: payload.exp ?? 0 };
  }
}

function describeJoseError(error: unknown): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case "ERR_JWT_EXPIRED":
      return "Expired token";
    case "ERR_JWS_SIGNATURE_VERIFICATION_FAILED":
      return "Invalid token: signature verification failed";
    case "ERR_JOSE_ALG_NOT_ALLOWED":
      return "Invalid token: algorithm not allowed";
    case "ERR_JWT_CLAIM_VALIDATION_FAILED": {
      const claim = (error as { claim?: string }).claim;
      return claim === "nbf" ? "Invalid token: not yet valid" : `Invalid token: ${claim ?? "claim"} is not valid`;
    }
    default:
      return "Invalid token";
  }
}
