/**
 * Where a tenant is, how to authenticate and how long to wait for it: resolved from
 * stack configuration with environment fallbacks. Settings live in the provider
 * process only; they are never captured into the serialized provider.
 *
 * Settings are read per configuration namespace: the default namespace `tenant` reads
 * `tenant:domain`, `tenant:clientId`, … and falls back to the `AUTH0_*` environment
 * variables; a resource with `tenant: "prod"` reads `prod:domain`, `prod:clientId`, …
 * (no environment fallback: the variables describe one tenant only).
 */
import { warn } from "../diagnostics";
import { ConfigurationError, excerpt } from "./errors";

/** The namespace of resources without a `tenant` argument. */
export const DEFAULT_NAMESPACE = "tenant";

/** What a namespace must look like (the part before `:` of a Pulumi configuration key). */
export const NAMESPACE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** The settings a namespace holds, by field. */
export const SETTING_NAMES = [
  "domain",
  "clientId",
  "clientSecret",
  "apiToken",
  "audience",
  "timeoutSeconds",
  "maxRetries",
] as const;

/** One setting's field name. */
export type SettingName = (typeof SETTING_NAMES)[number];

/** What each setting is, for the Pulumi package schema's provider configuration. */
export const SETTING_FACTS: Readonly<
  Record<SettingName, { readonly type: "string" | "integer"; readonly secret?: true; readonly description: string }>
> = {
  domain: {
    type: "string",
    description:
      "The tenant's domain (`my-tenant.eu.auth0.com`, https assumed) or a full origin (`http://127.0.0.1:4010`).",
  },
  clientId: { type: "string", description: "Client id of a machine-to-machine client (client credentials grant)." },
  clientSecret: { type: "string", secret: true, description: "Client secret of that client." },
  apiToken: {
    type: "string",
    secret: true,
    description:
      "A ready management API access token. When set it is used, and client credentials are ignored (with a warning).",
  },
  audience: { type: "string", description: "Audience of the token request; defaults to `<origin>/api/v2/`." },
  timeoutSeconds: {
    type: "integer",
    description: "How long one request waits for the tenant's answer, in seconds (default 10).",
  },
  maxRetries: {
    type: "integer",
    description:
      "How many times a request that got no answer, or a 5xx, is repeated (default 2; creates are never repeated blindly).",
  },
};

/** Stack configuration keys of the default namespace. */
export const CONFIG_KEYS = configKeys(DEFAULT_NAMESPACE);

/** Environment variables used when a key of the default namespace is not set. */
export const ENV_KEYS: Record<SettingName, string> = {
  domain: "AUTH0_DOMAIN",
  clientId: "AUTH0_CLIENT_ID",
  clientSecret: "AUTH0_CLIENT_SECRET",
  apiToken: "AUTH0_API_TOKEN",
  audience: "AUTH0_AUDIENCE",
  timeoutSeconds: "AUTH0_TIMEOUT_SECONDS",
  maxRetries: "AUTH0_MAX_RETRIES",
};

/** Default of `timeoutSeconds`: how long one request waits for an answer (as the auth0 SDK). */
export const DEFAULT_TIMEOUT_SECONDS = 10;
/** Default of `maxRetries`: repeats of a request that got no answer or a 5xx. */
export const DEFAULT_MAX_RETRIES = 2;
const MAX_TIMEOUT_SECONDS = 600;
const MAX_RETRIES_LIMIT = 10;

/** The configuration keys of namespace `namespace`: `prod:domain`, `prod:clientId`, … */
export function configKeys(namespace: string): Record<SettingName, string> {
  return Object.fromEntries(SETTING_NAMES.map((name) => [name, `${namespace}:${name}`])) as Record<SettingName, string>;
}

/** The raw settings a user supplies (any may be missing). */
export interface TenantSettingsInput {
  /** A tenant domain (`my-tenant.eu.auth0.com`, https assumed) or a full origin (`http://127.0.0.1:4010`). */
  domain?: string;
  /** Client id of a machine-to-machine client (client credentials grant). */
  clientId?: string;
  /** Client secret of that client. */
  clientSecret?: string;
  /** A ready management API access token; when set it wins over client credentials. */
  apiToken?: string;
  /** Audience of the token request; defaults to `<origin>/api/v2/`. */
  audience?: string;
  /** How long one request waits for the tenant's answer, in seconds (default 10). */
  timeoutSeconds?: string | number;
  /** How many times a request that got no answer, or a 5xx, is repeated (default 2; creates are never repeated blindly). */
  maxRetries?: string | number;
}

/** Resolved, validated settings. */
export interface TenantSettings {
  /** The configuration namespace they were read from (`tenant` by default). */
  namespace: string;
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
  /** Static bearer token, when configured (it wins over client credentials). */
  apiToken?: string;
  /** Per-request timeout in ms. */
  timeoutMs: number;
  /** Repeats of a request without answer or with a 5xx. */
  maxRetries: number;
}

/** Reads one value by configuration key; `undefined` when not set. */
export type ConfigLookup = (key: string) => string | undefined;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** True for the default namespace (the one with environment fallbacks). */
export function isDefaultNamespace(namespace: string): boolean {
  return namespace === DEFAULT_NAMESPACE;
}

/**
 * Reads the raw settings of `namespace` from configuration, then (default namespace
 * only) the environment.
 */
export function readSettingsInput(
  config: ConfigLookup,
  env: NodeJS.ProcessEnv = process.env,
  namespace: string = DEFAULT_NAMESPACE,
): TenantSettingsInput {
  const keys = configKeys(namespace);
  const fromEnv = isDefaultNamespace(namespace);
  const pick = (name: SettingName) =>
    nonEmpty(config(keys[name])) ?? (fromEnv ? nonEmpty(env[ENV_KEYS[name]]) : undefined);
  return {
    domain: pick("domain"),
    clientId: pick("clientId"),
    clientSecret: pick("clientSecret"),
    apiToken: pick("apiToken"),
    audience: pick("audience"),
    timeoutSeconds: pick("timeoutSeconds"),
    maxRetries: pick("maxRetries"),
  };
}

/** Where a setting comes from, in words: `tenant:domain (or AUTH0_DOMAIN)` / `prod:domain`. */
export function settingSource(namespace: string, name: SettingName): string {
  const key = configKeys(namespace)[name];
  return isDefaultNamespace(namespace) ? `${key} (or ${ENV_KEYS[name]})` : key;
}

/** Turns a domain or origin into an origin: `tenant.example.com` → `https://tenant.example.com`. */
export function originOf(domain: string, namespace: string = DEFAULT_NAMESPACE): string {
  const key = configKeys(namespace).domain;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(domain) ? domain : `https://${domain}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ConfigurationError(
      `${key} "${excerpt(domain, 100)}" is neither a domain nor an http(s) origin. ` +
        `Set it with \`pulumi config set ${key} my-tenant.eu.auth0.com\` (or http://127.0.0.1:4010 for a local tenant server).`,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigurationError(
      `${key} "${excerpt(domain, 100)}" must use http or https. ` +
        `Set it with \`pulumi config set ${key} my-tenant.eu.auth0.com\`.`,
    );
  }
  return url.origin;
}

function numberSetting(
  raw: string | number | undefined,
  namespace: string,
  name: "timeoutSeconds" | "maxRetries",
  fallback: number,
  min: number,
  max: number,
  integer: boolean,
): number {
  if (raw === undefined || raw === "") return fallback;
  const value = typeof raw === "number" ? raw : Number(String(raw).trim());
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    const what = integer ? `a whole number from ${min} to ${max}` : `a number of seconds from ${min} to ${max}`;
    throw new ConfigurationError(
      `${settingSource(namespace, name)} must be ${what}, not "${excerpt(String(raw), 40)}". ` +
        `Set it with \`pulumi config set ${configKeys(namespace)[name]} ${fallback}\`, or remove it for the default (${fallback}).`,
    );
  }
  return value;
}

const PLACEHOLDERS: Record<"domain" | "clientId" | "clientSecret", string> = {
  domain: "<my-tenant.eu.auth0.com or http://host:port>",
  clientId: "<client id>",
  clientSecret: "<client secret>",
};

/** The one-line message for missing settings: the exact keys and the commands that set them. */
function missingMessage(namespace: string, missing: ("domain" | "clientId" | "clientSecret")[]): string {
  const keys = configKeys(namespace);
  const commands = missing.map(
    // `--` before a secret: a generated one may start with `-`, which the CLI would read as a flag.
    (name) =>
      `\`pulumi config set ${name === "clientSecret" ? `--secret ${keys[name]} --` : keys[name]} ${PLACEHOLDERS[name]}\``,
  );
  const subject = isDefaultNamespace(namespace)
    ? "The tenant provider is not configured"
    : `The tenant provider has no settings for tenant "${namespace}"`;
  const alternatives: string[] = [];
  if (missing.includes("clientId") || missing.includes("clientSecret")) {
    alternatives.push(`\`pulumi config set --secret ${keys.apiToken} -- <token>\` instead of the client credentials`);
  }
  if (isDefaultNamespace(namespace)) {
    alternatives.push(
      `the environment variable${missing.length > 1 ? "s" : ""} ${missing.map((name) => ENV_KEYS[name]).join(", ")}`,
    );
  }
  return (
    `${subject}: missing ${missing.map((name) => keys[name]).join(", ")}. ` +
    `Set ${missing.length > 1 ? "them" : "it"} with ${commands.join(", ")}` +
    `${alternatives.length ? ` (or ${alternatives.join("; or ")})` : ""}.`
  );
}

/**
 * Validates raw settings of `namespace`. Throws a {@link ConfigurationError} naming the
 * exact keys to set when the domain or the credentials are missing, or a number is
 * invalid. Never includes a secret in the message.
 */
export function resolveSettings(input: TenantSettingsInput, namespace: string = DEFAULT_NAMESPACE): TenantSettings {
  const missing: ("domain" | "clientId" | "clientSecret")[] = [];
  if (!input.domain) missing.push("domain");
  const hasClientCredentials = Boolean(input.clientId && input.clientSecret);
  if (!input.apiToken && !hasClientCredentials) {
    if (!input.clientId) missing.push("clientId");
    if (!input.clientSecret) missing.push("clientSecret");
  }
  if (missing.length > 0) throw new ConfigurationError(missingMessage(namespace, missing));
  if (input.apiToken && (input.clientId || input.clientSecret)) warnBothCredentials(namespace);
  const origin = originOf(input.domain!, namespace);
  const timeoutSeconds = numberSetting(
    input.timeoutSeconds,
    namespace,
    "timeoutSeconds",
    DEFAULT_TIMEOUT_SECONDS,
    0.1,
    MAX_TIMEOUT_SECONDS,
    false,
  );
  const maxRetries = numberSetting(
    input.maxRetries,
    namespace,
    "maxRetries",
    DEFAULT_MAX_RETRIES,
    0,
    MAX_RETRIES_LIMIT,
    true,
  );
  return {
    namespace,
    domain: input.domain!,
    origin,
    apiBaseUrl: `${origin}/api/v2`,
    tokenUrl: `${origin}/oauth/token`,
    audience: input.audience ?? `${origin}/api/v2/`,
    // An explicit token wins, as in both Auth0 providers (Terraform's and Pulumi's): a user who
    // sets one means it, e.g. to act with narrower scopes than the client's.
    clientId: input.apiToken ? undefined : input.clientId,
    clientSecret: input.apiToken ? undefined : input.clientSecret,
    apiToken: input.apiToken,
    timeoutMs: Math.round(timeoutSeconds * 1000),
    maxRetries,
  };
}

/** Namespaces already told that their token wins over their client credentials (once each per process). */
const warnedBothCredentials = new Set<string>();

/** Says, once per namespace, that the API token is used and the client credentials are not (never their values). */
function warnBothCredentials(namespace: string): void {
  if (warnedBothCredentials.has(namespace)) return;
  warnedBothCredentials.add(namespace);
  const keys = configKeys(namespace);
  void warn(
    `${settingSource(namespace, "apiToken")} and client credentials (${keys.clientId}, ${keys.clientSecret}) are both set: ` +
      `the API token is used and the client credentials are ignored. Unset one of them to silence this warning ` +
      `(\`pulumi config rm ${keys.apiToken}\`${isDefaultNamespace(namespace) ? ` and unset ${ENV_KEYS.apiToken}` : ""}).`,
  );
}

/** Forgets which namespaces were warned about both credentials (tests). */
export function resetCredentialWarnings(): void {
  warnedBothCredentials.clear();
}

/** A stable key for a settings value, to reuse one client per distinct configuration. */
export function settingsKey(settings: TenantSettings): string {
  return JSON.stringify([
    settings.origin,
    settings.audience,
    settings.clientId,
    settings.clientSecret,
    settings.apiToken,
    settings.timeoutMs,
    settings.maxRetries,
    settings.namespace,
  ]);
}

/** A stable key for raw settings (to notice that a namespace's configuration changed). */
export function settingsInputKey(input: TenantSettingsInput): string {
  return JSON.stringify(SETTING_NAMES.map((name) => input[name]));
}
