/**
 * Who is calling and may they: bearer token → {@link Principal}, then the route's
 * global-client and scope rules. The order follows the seed: a bad token or a
 * non-global client is a 401, a missing scope a 403.
 */
import type { FastifyRequest } from "fastify";
import { ERROR_CODES } from "../api";
import type { Principal, RouteAuth, TenantContext } from "./context";
import { HttpError } from "./http-error";
import { TokenError } from "./auth/tokens";

/** The outcome of reading a request's bearer token. */
export interface Authentication {
  principal?: Principal;
  error?: HttpError;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** True when the request carries an `Authorization: Bearer` header. */
export function hasBearerToken(request: FastifyRequest): boolean {
  return /^bearer\s/i.test(request.headers.authorization ?? "");
}

/** Verifies the bearer token; never throws, the error is returned for the caller to raise. */
export async function authenticate(request: FastifyRequest, context: TenantContext): Promise<Authentication> {
  const header = request.headers.authorization;
  if (!header) return { error: new HttpError(401, "Missing authentication", ERROR_CODES.missingToken) };
  const match = BEARER.exec(header);
  if (!match) return { error: new HttpError(401, "Bad HTTP authentication header format", ERROR_CODES.invalidToken) };
  try {
    const verified = await context.tokens.verify(match[1]);
    const client = context.clients.get(verified.clientId);
    if (!client)
      return { error: new HttpError(401, "Invalid token: the client no longer exists", ERROR_CODES.invalidToken) };
    return { principal: { client, scopes: verified.scopes } };
  } catch (error) {
    const message = error instanceof TokenError ? error.message : "Invalid token";
    return { error: new HttpError(401, message, ERROR_CODES.invalidToken) };
  }
}

/** Applies a route's rules to an authenticated caller; throws 401/403. */
export function authorize(principal: Principal, rules: RouteAuth): void {
  if (rules.requireGlobal && !principal.client.global) {
    throw new HttpError(401, "This operation is only available to global clients.", ERROR_CODES.notGlobalClient);
  }
  if (!principal.scopes.includes(rules.scope)) {
    throw new HttpError(403, `Insufficient scope, expected any of: ${rules.scope}`, ERROR_CODES.insufficientScope);
  }
}

/** True for 127.0.0.0/8 and ::1 (also IPv4-mapped). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/i, "");
  return plain === "::1" || /^127\.\d+\.\d+\.\d+$/.test(plain);
}
