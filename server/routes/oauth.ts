/**
 * `POST /oauth/token` (and `/oauth/token/`, as the seed writes it): the client
 * credentials grant, form-encoded or JSON, client authentication in the body or by
 * HTTP Basic. Errors use the OAuth shape `{error, error_description}`.
 * The hosted login's grants (`authorization_code`, `refresh_token`) go to its OpenID Connect
 * provider (server/login) when the server logs people in.
 * `GET /.well-known/jwks.json` publishes the public key that verifies the tokens: the
 * management API's access tokens and the login's ID and access tokens are signed with the same
 * key, so one key verifies both.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { acceptedAudiences, TOKEN_LIFETIME_SECONDS } from "../auth/tokens";
import type { TenantContext } from "../context";
import { BUCKETS, charge } from "../plugins/rate-limit";
import { OAuthError } from "../http-error";

export { OAuthError } from "../http-error";

/** Path of the token endpoint. */
export const TOKEN_PATH = "/oauth/token";
/** The grants the hosted login's provider answers (server/login). */
const LOGIN_GRANT_TYPES = new Set(["authorization_code", "refresh_token"]);

/** Path of the key set. */
export const JWKS_PATH = "/.well-known/jwks.json";

const field = (body: Record<string, unknown>, name: string): string | undefined =>
  typeof body[name] === "string" ? (body[name] as string) : undefined;

/** Decodes one %-encoded half of HTTP Basic credentials (RFC 6749 2.3.1); malformed is a failed client authentication. */
function basicPart(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw new OAuthError(
      401,
      "invalid_client",
      "Client authentication failed: the Basic credentials are not valid %-encoding",
    );
  }
}

/** Client id and secret from the body, or else from an HTTP Basic header. */
function clientCredentials(request: FastifyRequest, body: Record<string, unknown>): { id?: string; secret?: string } {
  const header = request.headers.authorization ?? "";
  if (/^basic /i.test(header)) {
    const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon > 0) return { id: basicPart(decoded.slice(0, colon)), secret: basicPart(decoded.slice(colon + 1)) };
  }
  return { id: field(body, "client_id"), secret: field(body, "client_secret") };
}

/** One scope token (RFC 6749 3.3): printable ASCII other than space, `"` and `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/**
 * The scopes a token request asks for, each once; undefined when it asks for none (no
 * `scope`, or an empty one, as many clients send). Anything but one string of
 * space-separated tokens — an array, a repeated field, `scope[]`, an object, a control
 * character — is a 400 `invalid_scope`: ignoring it would grant every scope the client has.
 */
export function requestedScopes(body: Record<string, unknown>): string[] | undefined {
  if (!Object.hasOwn(body, "scope")) return undefined;
  const value = body.scope;
  if (typeof value !== "string")
    throw new OAuthError(400, "invalid_scope", "scope must be one string of space-separated scopes");
  const tokens = value.split(" ").filter(Boolean);
  if (tokens.length === 0) return undefined;
  if (!tokens.every((token) => SCOPE_TOKEN.test(token))) {
    throw new OAuthError(
      400,
      "invalid_scope",
      "scope must be space-separated scopes of printable characters (no quotes or backslashes)",
    );
  }
  return [...new Set(tokens)];
}

/** Registers the token endpoint and the key set. */
export function registerOAuthRoutes(app: FastifyInstance, context: TenantContext): void {
  const issueToken = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = (typeof request.body === "object" && request.body !== null ? request.body : {}) as Record<
      string,
      unknown
    >;
    const grantType = field(body, "grant_type");
    const loginGrants = context.loginTokenGrants;
    if (grantType && LOGIN_GRANT_TYPES.has(grantType) && loginGrants) {
      // The provider authenticates the client; the address pays for the request.
      charge(request, reply, context.rateLimiter, BUCKETS.anonymous(request.ip));
      return loginGrants(request, reply);
    }
    if (grantType !== "client_credentials") {
      throw new OAuthError(400, "unsupported_grant_type", `Unsupported grant type: ${grantType ?? "(none)"}`);
    }
    const credentials = clientCredentials(request, body);
    if (!credentials.id || !credentials.secret)
      throw new OAuthError(
        401,
        "invalid_client",
        "Client authentication failed: client_id and client_secret are required",
      );
    const client = context.clients.authenticate(credentials.id, credentials.secret);
    if (!client) throw new OAuthError(401, "invalid_client", "Client authentication failed");
    // Only now is it known which client pays; failures are charged by the error handler.
    charge(request, reply, context.rateLimiter, BUCKETS.tokenClient(client.client_id));
    const audience = field(body, "audience");
    if (!audience)
      throw new OAuthError(
        403,
        "access_denied",
        "No audience parameter was provided, and no default audience has been configured",
      );
    if (!acceptedAudiences(context.url()).includes(audience))
      throw new OAuthError(403, "access_denied", `Service not found: ${audience}`);
    const requested = requestedScopes(body);
    const notGranted = (requested ?? []).filter((scope) => !client.scopes.includes(scope));
    if (notGranted.length > 0) {
      const named = notGranted
        .slice(0, 10)
        .map((scope) => scope.slice(0, 100))
        .join(", ");
      throw new OAuthError(
        403,
        "access_denied",
        `Client has not been granted scopes: ${named}${notGranted.length > 10 ? ` and ${notGranted.length - 10} more` : ""}`,
      );
    }
    const scopes = requested ?? client.scopes;
    return {
      access_token: await context.tokens.issue(client.client_id, scopes, audience),
      token_type: "Bearer",
      expires_in: TOKEN_LIFETIME_SECONDS,
      scope: scopes.join(" "),
    };
  };

  for (const url of [TOKEN_PATH, `${TOKEN_PATH}/`]) {
    app.post(url, { config: { oauth: true, bodyKinds: ["urlencoded", "json"] } }, async (request, reply) => {
      reply.header("cache-control", "no-store").header("pragma", "no-cache");
      return issueToken(request, reply);
    });
  }

  app.get(JWKS_PATH, async () => ({ keys: [context.signingKey.publicJwk] }));
}
