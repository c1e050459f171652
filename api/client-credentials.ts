/**
 * The one way this project asks for a Management API access token: the client-credentials
 * grant at the tenant's `/oauth/token` (the service's authentication API). The provider sends
 * these fields through its own transport (retries, 429 waits, secrets hidden:
 * provider/client/token.ts); the tenant server's `token` command, the scripts and the bench ask
 * with {@link requestAccessToken}.
 */

/** What a client-credentials token request needs. */
export interface ClientCredentialsGrant {
  /** The token endpoint, e.g. `https://my-tenant.eu.auth0.com/oauth/token`. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The API the token is for, e.g. `https://my-tenant.eu.auth0.com/api/v2/`. */
  audience: string;
}

/** The request's fields, as the service takes them (JSON or form-encoded). */
export function clientCredentialsFields(grant: ClientCredentialsGrant): Record<string, string> {
  return {
    grant_type: "client_credentials",
    client_id: grant.clientId,
    client_secret: grant.clientSecret,
    audience: grant.audience,
  };
}

/** A token request the endpoint answered with an error (or without a token). */
export class AccessTokenRefused extends Error {
  constructor(
    readonly tokenUrl: string,
    readonly status: number,
    /** The service's `error_description`, when it gave one. */
    readonly description?: string,
  ) {
    super(`${tokenUrl} answered ${status}${description ? ` (${description})` : ""}`);
    this.name = "AccessTokenRefused";
  }
}

/** A token request that got no answer: nothing listens there, or it timed out. */
export class AccessTokenUnreachable extends Error {
  constructor(
    readonly tokenUrl: string,
    /** The network's word for it (`ECONNREFUSED`, `TimeoutError`, …). */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`no answer from ${tokenUrl} (${reason})`, options);
    this.name = "AccessTokenUnreachable";
  }
}

/**
 * Asks `grant.tokenUrl` for an access token (JSON body) and returns it; throws
 * {@link AccessTokenUnreachable} or {@link AccessTokenRefused}.
 */
export async function requestAccessToken(
  grant: ClientCredentialsGrant,
  options: { timeoutMs?: number } = {},
): Promise<string> {
  let reply: Response;
  try {
    reply = await fetch(grant.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(clientCredentialsFields(grant)),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (error) {
    const reason =
      (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name ?? (error as Error).message;
    throw new AccessTokenUnreachable(grant.tokenUrl, reason, { cause: error });
  }
  const body = (await reply.json().catch(() => ({}))) as { access_token?: unknown; error_description?: unknown };
  if (!reply.ok || typeof body.access_token !== "string") {
    throw new AccessTokenRefused(
      grant.tokenUrl,
      reply.status,
      typeof body.error_description === "string" ? body.error_description : undefined,
    );
  }
  return body.access_token;
}
