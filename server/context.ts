/**
 * What the routes and hooks share: the store, the auth services, limits and test hooks.
 * Also declares the per-route `config` the app's hooks act on.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CodeSandbox } from "../api";
import type { ClientRegistry, RegisteredClient } from "./auth/clients";
import type { SigningKey } from "./auth/keys";
import type { TokenService } from "./auth/tokens";
import type { BodyKind } from "./body";
import type { Counters, FaultInjector, FaultSpec } from "./faults";
import type { RateLimiter } from "./ratelimit";
import type { Store } from "./store";

/** The services of one running tenant server. */
export interface TenantContext {
  store: Store;
  clients: ClientRegistry;
  tokens: TokenService;
  signingKey: SigningKey;
  rateLimiter: RateLimiter;
  faults: FaultInjector;
  counters: Counters;
  /** The sandbox that runs user code (server/sandbox), when the server was started to (`--run-actions`). */
  sandbox?: CodeSandbox;
  /** The server's URL (known once it listens), e.g. `http://127.0.0.1:4010`. */
  url(): string;
  /**
   * What answers `POST /oauth/token` for the login's grants (authorization_code, refresh_token),
   * set by the hosted login (server/login/) while it is mounted; the token endpoint keeps
   * client_credentials.
   */
  loginTokenGrants?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

/** The authenticated caller of a request. */
export interface Principal {
  client: RegisteredClient;
  scopes: string[];
}

/** Authorization a route needs. */
export interface RouteAuth {
  /** The scope the token must carry (403 `insufficient_scope` otherwise). */
  scope: string;
  /** Only global clients (401 otherwise): the rate limit policy operations. */
  requireGlobal?: boolean;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Bearer token rules; routes without it are public (token endpoint, JWKS). */
    auth?: RouteAuth;
    /** Body encodings the route accepts (default JSON only); others get 415. */
    bodyKinds?: BodyKind[];
    /** `/__admin` routes: admin token only, not rate limited, not counted. */
    admin?: boolean;
    /** The token endpoint answers errors as OAuth `{error, error_description}`. */
    oauth?: boolean;
  }
  interface FastifyRequest {
    /** Set by the auth hook when the bearer token is valid. */
    principal?: Principal;
    /** Set once the request has been charged to a rate limit bucket (or is exempt: the admin client). */
    rateLimitCharged?: boolean;
    /** A "fail-after"/"drop-after" fault to apply once the handler has run. */
    pendingFault?: Required<Omit<FaultSpec, "delayMs">>;
  }
}
