/**
 * Where the tenant is and how to authenticate: resolved from stack configuration
 * (`tenant:*` keys) with environment fallbacks (`AUTH0_*`). Settings live in the
 * provider process only; they are never captured into the serialized provider.
 */
import { ConfigurationError } from "./errors";

/** Stack configuration keys the provider reads. */
export const CONFIG_KEYS = {
  domain: "tenant:domain",
  clientId: "tenant:clientId",
  clientSecret: "tenant:clientSecret",
  apiToken: "tenant:apiToken",
  audience: "tenant:audience",
} as const;

/** Environment variables used when a configuration key is not set. */
export const ENV_KEYS = {
  domain: "AUTH0_DOMAIN",
  clientId: "AUTH0_CLIENT_ID",
  clientSecret: "AUTH0_CLIENT_SECRET",
  apiToken: "AUTH0_API_TOKEN",
  audience: "AUTH0_AUDIENCE",
} as const;

/** The raw settings a user supplies (any may be missing). */
export interface TenantSettingsInput {
  /** A tenant domain (`my-tenant.eu.auth0.com`, https assumed) or a full origin (`http://127.0.0.1:4010`). */
  domain?: string;
  /** Client id of a machine-to-machine client (client credentials grant). */
  clientId?: string;
  /** Client secret of that client. */
  clientSecret?: string;
  /** A ready management API access token, used instead of client credentials. */
  apiToken?: string;
  /** Audience of the token request; defaults to `<origin>/api/v2/`. */
  audience?: string;
}

/** Resolved, validated settings. */
export interface TenantSettings {
  /** The domain as configured (for messages). */
  domain: string;
  /** Scheme, host and port, no trailing slash: `https://my-tenant.eu.auth0.com`. */
  origin: string;
  /** `<origin>/api/v2`. */
  apiBaseUrl: string;
  /** `<origin>/oauth/token`. */
  tokenUrl: string;
  /** Audience for the client credentials grant. */
  audience: string;
  /** Client id (client credentials), when no `apiToken`. */
  clientId?: string;
  /** Client secret (client credentials), when no `apiToken`. */
  clientSecret?: string;
  /** Static bearer token, when configured. */
  apiToken?: string;
}

/** Reads one value by configuration key; `undefined` when not set. */
export type ConfigLookup = (key: string) => string | undefined;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** Reads the raw settings from configuration, then the environment. */
export function readSettingsInput(config: ConfigLookup, env: NodeJS.ProcessEnv = process.env): TenantSettingsInput {
  const pick = (key: keyof typeof CONFIG_KEYS) => nonEmpty(config(CONFIG_KEYS[key])) ?? nonEmpty(env[ENV_KEYS[key]]);
  return {
    domain: pick("domain"),
    clientId: pick("clientId"),
    clientSecret: pick("clientSecret"),
    apiToken: pick("apiToken"),
    audience: pick("audience"),
  };
}

/** Turns a domain or origin into an origin: `tenant.example.com` → `https://tenant.example.com`. */
export function originOf(domain: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(domain) ? domain : `https://${domain}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ConfigurationError(`tenant:domain "${domain}" is neither a domain nor an http(s) origin. `
      + "Set it with `pulumi config set tenant:domain my-tenant.eu.auth0.com` (or http://127.0.0.1:4010 for a local server).");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigurationError(`tenant:domain "${domain}" must use http or https.`);
  }
  return url.origin;
}

const HOW_TO_SET = [
  "  pulumi config set tenant:domain <tenant domain or http://host:port>",
  "  pulumi config set tenant:clientId <client id>",
  "  pulumi config set --secret tenant:clientSecret <client secret>",
  "or `pulumi config set --secret tenant:apiToken <token>` instead of the client credentials,",
  `or the environment variables ${Object.values(ENV_KEYS).join(", ")}.`,
].join("\n");

/**
 * Validates raw settings. Throws a {@link ConfigurationError} naming the keys to set when
 * the domain or the credentials are missing. Never includes a secret in the message.
 */
export function resolveSettings(input: TenantSettingsInput): TenantSettings {
  const missing: string[] = [];
  if (!input.domain) missing.push(CONFIG_KEYS.domain);
  const hasClientCredentials = Boolean(input.clientId && input.clientSecret);
  if (!input.apiToken && !hasClientCredentials) {
    if (!input.clientId) missing.push(CONFIG_KEYS.clientId);
    if (!input.clientSecret) missing.push(CONFIG_KEYS.clientSecret);
  }
  if (missing.length > 0) {
    throw new ConfigurationError(`The tenant provider is not configured: missing ${missing.join(", ")}. Set them with\n${HOW_TO_SET}`);
  }
  const origin = originOf(input.domain!);
  return {
    domain: input.domain!,
    origin,
    apiBaseUrl: `${origin}/api/v2`,
    tokenUrl: `${origin}/oauth/token`,
    audience: input.audience ?? `${origin}/api/v2/`,
    // Client credentials win when both are complete: their token can be renewed.
    clientId: hasClientCredentials ? input.clientId : undefined,
    clientSecret: hasClientCredentials ? input.clientSecret : undefined,
    apiToken: hasClientCredentials ? undefined : input.apiToken,
  };
}

/** A stable key for a settings value, to reuse one client per distinct configuration. */
export function settingsKey(settings: TenantSettings): string {
  return JSON.stringify([settings.origin, settings.audience, settings.clientId, settings.clientSecret, settings.apiToken]);
}
