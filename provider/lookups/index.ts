/**
 * Lookups of every object of the tenant, in the Pulumi convention of a promise function
 * and an Output function per object. They run in the program (dynamic providers have no
 * invokes), during preview too, with the provider's configuration keys.
 */
export { getForm, getFormOutput, findForm, type GetFormArgs, type GetFormOutputArgs } from "../resources/form/lookup";
export {
  getEventStream,
  getEventStreamOutput,
  findEventStream,
  type GetEventStreamArgs,
  type GetEventStreamOutputArgs,
} from "../resources/event-stream/lookup";
export {
  getLoginTemplate,
  getLoginTemplateOutput,
  findLoginTemplate,
  type GetLoginTemplateArgs,
  type LoginTemplateResult,
} from "../resources/login-template/lookup";
export {
  getRateLimitPolicies,
  getRateLimitPoliciesOutput,
  type GetRateLimitPoliciesArgs,
  type GetRateLimitPoliciesOutputArgs,
} from "../resources/rate-limit-policy/lookup";
export { AmbiguousNameError } from "./by-name";
export type { LookupOptions, TenantSelector } from "./client";
