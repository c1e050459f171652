/**
 * The OpenID Connect library (`oidc-provider`, OpenID Certified), loaded once, on the first
 * login request: it is ESM only (`require()` of ESM needs Node 20.19 or later, where it prints
 * an "Unsupported runtime" notice on Node 20) and a server that never logs anyone in should
 * not pay for it at start. The library ships no types: what this server uses of it is typed here.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** A model instance the library stores through the adapter (a code, a session, an interaction, a grant). */
export interface StoredModel {
  jti: string;
  uid?: string;
  exp?: number;
  kind?: string;
  save(ttlSeconds?: number): Promise<string>;
}

/** A login in progress, as the library keeps it. */
export interface OidcInteraction extends StoredModel {
  uid: string;
  exp: number;
  returnTo: string;
  params: Record<string, string | undefined>;
  prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
  session?: { accountId?: string; uid?: string };
  result?: Record<string, unknown>;
  grantId?: string;
  lastSubmission?: Record<string, unknown>;
}

/** The authorization the user gave an application. */
export interface OidcGrant extends StoredModel {
  addOIDCScope(scope: string): void;
  addResourceScope(resource: string, scope: string): void;
}

/** The library's provider, as this server uses it. */
export interface OidcProvider {
  readonly issuer: string;
  callback(): (request: IncomingMessage, response: ServerResponse) => Promise<void> | void;
  Interaction: { find(uid: string): Promise<OidcInteraction | undefined> };
  Grant: new (properties: { accountId: string; clientId: string }) => OidcGrant;
  Session: {
    /** The browser's session, read from its signed cookie (a new, empty one when it has none). */
    get(context: {
      req: IncomingMessage;
      res: ServerResponse;
    }): Promise<{ accountId?: string; destroy(): Promise<void> }>;
  };
  IdToken: { prototype: { payload(): Promise<Record<string, unknown>> } };
  on(event: string, listener: (...args: unknown[]) => void): void;
}

/** One check of an interaction policy's prompt: whether this authorization must show a page. */
export type OidcCheck = object;

/** The library's interaction policy (its prompts, each with its checks). */
export interface OidcPolicy {
  get(name: string): { checks: OidcCheck[] };
}

/** The library's module. */
export interface OidcLibrary {
  Provider: new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;
  interactionPolicy: {
    base(): OidcPolicy;
    Check: (new (
      reason: string,
      description: string,
      error: string,
      check: (ctx: { oidc: { prompts: Set<string>; result?: { login?: unknown } } }) => boolean,
    ) => OidcCheck) & { REQUEST_PROMPT: boolean; NO_NEED_TO_PROMPT: boolean };
  };
}

let loading: Promise<OidcLibrary> | undefined;

/** The library, imported once per process. */
export function loadOidcLibrary(): Promise<OidcLibrary> {
  // A variable specifier keeps TypeScript from looking for types the package does not ship.
  const specifier = "oidc-provider";
  loading ??= import(specifier).then(
    (module: { default?: unknown; Provider?: unknown; interactionPolicy?: unknown }) => ({
      Provider: (module.Provider ?? module.default) as OidcLibrary["Provider"],
      interactionPolicy: module.interactionPolicy as OidcLibrary["interactionPolicy"],
    }),
  );
  return loading;
}
