/**
 * What each trigger gives an action: the functions its code exports, the methods of its `api`
 * object (as published in the Actions reference, "<trigger> - API object") and the event a
 * test starts from. A method the table lacks is refused by name when the code calls it. An
 * action's test run (`POST /actions/actions/{id}/test`, tenant.ts) is one job of
 * the server's sandbox made from these ({@link actionRunJob}).
 */
import { ApiFailure, ERROR_CODES } from "../../errors";
import type { CodeRunJob, NetworkFixture } from "../../table/operations";

/**
 * What a recorded method answers the code: `api` (the documented "returns a reference to the
 * api object"), a cache record or write result, a signed token, `false`, or nothing.
 */
export type ApiAnswer =
  "api" | "cache-get" | "cache-set" | "cache-delete" | "encode-token" | "validate-token" | "false" | "none";

/** One namespace of `api`: method name → what it answers. */
export type ApiNamespace = Readonly<Record<string, ApiAnswer>>;

/** A trigger the local runner can run. */
export interface TriggerSpec {
  /** The exports it calls: the first runs the trigger, the others resume it (e.g. after a redirect). */
  handlers: readonly string[];
  api: Readonly<Record<string, ApiNamespace>>;
  /** The event a test's payload is laid over. */
  event(): Record<string, unknown>;
}

const chained = (...methods: string[]): ApiNamespace =>
  Object.fromEntries(methods.map((method) => [method, "api" as const]));

const CACHE: ApiNamespace = { get: "cache-get", set: "cache-set", delete: "cache-delete" };
const REDIRECT: ApiNamespace = { sendUserTo: "api", encodeToken: "encode-token", validateToken: "validate-token" };
const METADATA = chained("setAppMetadata", "setUserMetadata");
const SAML_RESPONSE = chained(
  "setAttribute",
  "setAudience",
  "setIssuer",
  "setRecipient",
  "setDestination",
  "setCreateUpnClaim",
  "setPassthroughClaimsWithNoMapping",
  "setMapUnknownClaimsAsIs",
  "setMapIdentities",
  "setLifetimeInSeconds",
  "setSignResponse",
  "setNameIdentifierFormat",
  "setNameIdentifierProbes",
  "setAuthnContextClassRef",
  "setSigningCert",
  "setIncludeAttributeNameFormat",
  "setSignatureAlgorithm",
  "setDigestAlgorithm",
  "setEncryptionCert",
  "setEncryptionPublicKey",
  "setCert",
  "setKey",
);

const TENANT = { id: "local" };
const REQUEST = {
  ip: "127.0.0.1",
  method: "POST",
  hostname: "login.example.com",
  language: "en",
  user_agent: "pulumi-tenant action test",
  query: {},
  body: {},
  geoip: { countryCode: "US", countryName: "United States", continentCode: "NA", timeZone: "America/New_York" },
};
const user = () => ({
  user_id: "auth0|local-test-user",
  email: "user@example.com",
  email_verified: true,
  name: "Test User",
  nickname: "user",
  username: "user",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  identities: [{ provider: "auth0", connection: "Username-Password-Authentication", user_id: "local-test-user" }],
  app_metadata: {},
  user_metadata: {},
  multifactor: [],
});
const CLIENT = { client_id: "local-test-client", name: "Test Application", metadata: {} };
const CONNECTION = { id: "con_local", name: "Username-Password-Authentication", strategy: "auth0", metadata: {} };
const cacheOnly = (handler: string): TriggerSpec => ({
  handlers: [handler],
  api: { cache: CACHE },
  event: () => ({ tenant: TENANT, request: REQUEST, user: user(), connection: CONNECTION, secrets: {} }),
});

/** The triggers the runner knows, by id. */
export const TRIGGERS: Readonly<Record<string, TriggerSpec>> = {
  "post-login": {
    handlers: ["onExecutePostLogin", "onContinuePostLogin"],
    api: {
      access: chained("deny"),
      accessToken: chained("setCustomClaim", "addScope", "removeScope"),
      authentication: chained(
        "challengeWith",
        "challengeWithAny",
        "enrollWith",
        "enrollWithAny",
        "recordMethod",
        "setPrimaryUser",
      ),
      cache: CACHE,
      idToken: chained("setCustomClaim"),
      multifactor: chained("enable"),
      prompt: chained("render"),
      redirect: REDIRECT,
      refreshToken: chained("revoke", "setExpiresAt", "setIdleExpiresAt", "setMetadata", "deleteMetadata"),
      rules: { wasExecuted: "false" },
      samlResponse: SAML_RESPONSE,
      session: chained("revoke", "setExpiresAt", "setIdleExpiresAt", "setMetadata", "deleteMetadata", "evictMetadata"),
      user: METADATA,
    },
    event: () => ({
      tenant: TENANT,
      request: REQUEST,
      transaction: {
        id: "local-transaction",
        protocol: "oidc-basic-profile",
        requested_scopes: ["openid"],
        locale: "en",
      },
      user: user(),
      client: CLIENT,
      connection: CONNECTION,
      authentication: { methods: [{ name: "pwd", timestamp: "2026-01-01T00:00:00.000Z" }] },
      authorization: { roles: [] },
      stats: { logins_count: 1 },
      session: { id: "local-session" },
      secrets: {},
    }),
  },
  "credentials-exchange": {
    handlers: ["onExecuteCredentialsExchange"],
    api: { access: chained("deny"), accessToken: chained("setCustomClaim"), cache: CACHE },
    event: () => ({
      tenant: TENANT,
      request: REQUEST,
      client: CLIENT,
      resource_server: { identifier: "https://api.example.com/" },
      transaction: { requested_scopes: [] },
      accessToken: { scope: [], customClaims: {} },
      secrets: {},
    }),
  },
  "pre-user-registration": {
    handlers: ["onExecutePreUserRegistration"],
    api: { access: chained("deny"), cache: CACHE, user: METADATA, validation: chained("error") },
    event: () => ({
      tenant: TENANT,
      request: REQUEST,
      client: CLIENT,
      connection: CONNECTION,
      transaction: { locale: "en" },
      user: { email: "user@example.com", app_metadata: {}, user_metadata: {} },
      secrets: {},
    }),
  },
  "post-user-registration": cacheOnly("onExecutePostUserRegistration"),
  "post-change-password": cacheOnly("onExecutePostChangePassword"),
  "send-phone-message": {
    ...cacheOnly("onExecuteSendPhoneMessage"),
    event: () => ({
      tenant: TENANT,
      request: REQUEST,
      user: user(),
      client: CLIENT,
      message_options: {
        recipient: "+15555550100",
        text: "Your code is 123456",
        action: "second-factor-authentication",
      },
      secrets: {},
    }),
  },
  "password-reset-post-challenge": {
    handlers: ["onExecutePostChallenge", "onContinuePostChallenge"],
    api: {
      access: chained("deny"),
      authentication: chained("challengeWith", "challengeWithAny"),
      cache: CACHE,
      redirect: REDIRECT,
    },
    event: () => ({
      tenant: TENANT,
      request: REQUEST,
      user: user(),
      client: CLIENT,
      connection: CONNECTION,
      transaction: { id: "local-transaction", locale: "en" },
      secrets: {},
    }),
  },
};

/**
 * Node built-ins an action may `require` when run locally: computation only, each built inside
 * the engine (server/sandbox). Files, processes, threads, sockets and the VM do not exist there;
 * the network is `fetch`, answered from the test's fixtures.
 */
export const SAFE_BUILTINS = [
  "assert",
  "buffer",
  "crypto",
  "events",
  "path",
  "querystring",
  "string_decoder",
  "timers",
  "url",
  "util",
] as const;

/** True for a plain object (not an array, not null). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `payload` laid over `defaults`: objects merge key by key, anything else replaces. */
function overlay(defaults: Record<string, unknown>, payload: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(payload)) {
    result[key] = isPlainObject(value) && isPlainObject(result[key]) ? overlay(result[key], value) : value;
  }
  return result;
}

/** One test run of an action: its trigger, code, the test's payload, its secrets and dependencies. */
export interface ActionRun {
  /** A trigger id of {@link TRIGGERS}, e.g. `post-login`. */
  trigger: string;
  /** A CommonJS module exporting the trigger's handler. */
  code: string;
  /** Laid over the trigger's default event (objects merge, the rest replaces). */
  payload?: Record<string, unknown>;
  /** The action's secrets: `event.secrets`, with the payload's `secrets` laid over them. */
  secrets?: Record<string, string>;
  /** The npm packages the action declares (fetched once, cached, loadable by `require`). */
  dependencies?: { name: string; version: string }[];
  /** What answers the code's network requests. */
  fixtures?: NetworkFixture[];
  /** The export to call; default the trigger's first (`onExecutePostLogin`, …). */
  handler?: string;
}

/** The sandbox job of `run`; a 400 for a trigger or handler the runner does not know. */
export function actionRunJob(run: ActionRun): CodeRunJob {
  const trigger = TRIGGERS[run.trigger];
  if (!trigger) {
    throw new ApiFailure(
      400,
      `The local runner cannot run ${run.trigger} actions; it runs: ${Object.keys(TRIGGERS).join(", ")}`,
      ERROR_CODES.invalidBody,
    );
  }
  const handler = run.handler ?? trigger.handlers[0];
  if (!trigger.handlers.includes(handler)) {
    throw new ApiFailure(
      400,
      `A ${run.trigger} action has no handler ${handler}; it has: ${trigger.handlers.join(", ")}`,
      ERROR_CODES.invalidBody,
    );
  }
  const payload = run.payload ?? {};
  const payloadSecrets = isPlainObject(payload.secrets) ? payload.secrets : {};
  return {
    code: run.code,
    event: overlay(trigger.event(), { ...payload, secrets: { ...run.secrets, ...payloadSecrets } }),
    handler,
    trigger: run.trigger,
    api: trigger.api,
    builtins: [...SAFE_BUILTINS],
    dependencies: run.dependencies ?? [],
    fixtures: run.fixtures ?? [],
  };
}
