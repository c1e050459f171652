/**
 * pulumi-tenant: Pulumi resources for an identity tenant's management API.
 *
 * - {@link Form}, {@link LoginTemplate}, {@link EventStream}, {@link RateLimitPolicy}: dynamic resources.
 * - {@link getRateLimitPolicy} / {@link getRateLimitPolicyOutput}: a lookup.
 * - {@link getForm}, {@link getEventStream}, {@link getLoginTemplate}, {@link getRateLimitPolicies}
 *   and their `…Output` forms: lookups of every object.
 * - {@link adoption}: a generated program's `adoptId`s, only on the tenant they were read from.
 *
 * Configuration (stack config, read by the provider at run time, never stored in state):
 * `tenant:domain` (a tenant domain, https assumed, or an origin such as
 * `http://127.0.0.1:4010`), `tenant:clientId` + `tenant:clientSecret` (secret) or
 * `tenant:apiToken` (secret), optional `tenant:audience`, `tenant:timeoutSeconds` (default 10)
 * and `tenant:maxRetries` (default 2). Environment fallbacks: `AUTH0_DOMAIN`,
 * `AUTH0_CLIENT_ID`, `AUTH0_CLIENT_SECRET`, `AUTH0_API_TOKEN`, `AUTH0_AUDIENCE`,
 * `AUTH0_TIMEOUT_SECONDS`, `AUTH0_MAX_RETRIES`. Several tenants: a resource's `tenant`
 * argument (the lookup's `tenant` option) names another namespace, e.g. `prod:domain`.
 */
export { AmbiguousNameError } from "./lookups/by-name";
export { adoption, ADOPTION_FILE, type Adoption, type AdoptionOptions, type AdoptionRecord } from "./adoption";
export type { LookupOptions, TenantSelector } from "./lookups/client";
export { TYPE_MODULE, TYPE_NAMES } from "./lifecycle/tokens";
export type { DeepInput } from "./inputs";
export type { TenantSettingsInput } from "./client/settings";
export type { TenantArgs } from "./lifecycle/tenant";
export {
  TenantError,
  NotFoundError,
  UnauthorizedError,
  ForbiddenError,
  RateLimitedError,
  ValidationError,
  FeatureUnavailableError,
  ConflictError,
  ServerError,
  NetworkError,
  OutcomeUnknownError,
  ConfigurationError,
} from "./client/errors";
export * from "./generated";
