/**
 * pulumi-tenant: Pulumi resources for an identity tenant's management API.
 *
 * - {@link Form}, {@link LoginTemplate}, {@link EventStream}: dynamic resources.
 * - {@link getRateLimitPolicy} / {@link getRateLimitPolicyOutput}: a lookup.
 *
 * Configuration (stack config, read by the provider at run time, never stored in state):
 * `tenant:domain` (a tenant domain, https assumed, or an origin such as
 * `http://127.0.0.1:4010`), `tenant:clientId` + `tenant:clientSecret` (secret) or
 * `tenant:apiToken` (secret), optional `tenant:audience`. Environment fallbacks:
 * `AUTH0_DOMAIN`, `AUTH0_CLIENT_ID`, `AUTH0_CLIENT_SECRET`, `AUTH0_API_TOKEN`, `AUTH0_AUDIENCE`.
 */
export { Form, type FormArgs } from "./resources/form";
export { LoginTemplate, type LoginTemplateArgs } from "./resources/login-template";
export { EventStream, type EventStreamArgs, type EventStreamSubscription } from "./resources/event-stream";
export {
  getRateLimitPolicy, getRateLimitPolicyOutput,
  type GetRateLimitPolicyArgs, type GetRateLimitPolicyOutputArgs, type GetRateLimitPolicyOptions,
} from "./resources/rate-limit-policy";
export { TYPE_MODULE, TYPE_NAMES } from "./resources/tokens";
export type { DeepInput } from "./inputs";
export type { TenantSettingsInput } from "./client/settings";
export {
  TenantError, NotFoundError, UnauthorizedError, ForbiddenError, RateLimitedError, ValidationError,
  FeatureUnavailableError, ConflictError, ServerError, NetworkError, OutcomeUnknownError, ConfigurationError,
} from "./client/errors";
export type {
  AwsRegion, Coordinates, EventStreamDestination, EventStreamStatus, FormComponent, FormEnding, FormFields, FormNode,
  FormRouterRule, FormStart, RateLimitConfiguration, RateLimitPolicy, WebhookAuthorization,
} from "../api/types";
export type { EventType, KnownEventType } from "../api/event-types";
