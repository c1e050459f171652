/**
 * Lookups of every object of the tenant, in the Pulumi convention of a promise function
 * and an Output function per object. They run in the program (dynamic providers have no
 * invokes), during preview too, with the provider's configuration keys.
 */
export { getForm, getFormOutput, findForm, type GetFormArgs, type GetFormOutputArgs } from "./forms";
export {
  getEventStream,
  getEventStreamOutput,
  findEventStream,
  type GetEventStreamArgs,
  type GetEventStreamOutputArgs,
} from "./event-streams";
export {
  getLoginTemplate,
  getLoginTemplateOutput,
  findLoginTemplate,
  type GetLoginTemplateArgs,
  type LoginTemplateResult,
} from "./login-template";
export {
  getRateLimitPolicies,
  getRateLimitPoliciesOutput,
  type GetRateLimitPoliciesArgs,
  type GetRateLimitPoliciesOutputArgs,
} from "./rate-limit-policies";
export { AmbiguousNameError } from "./by-name";
export type { LookupOptions, TenantSelector } from "./client";
