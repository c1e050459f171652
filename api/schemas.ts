/**
 * The contract's JSON Schemas, gathered from the per-resource modules (api/resources/*)
 * for the importers that want them in one place. The schemas are built with
 * `schema/builder.ts`; their TypeScript types are derived from them (`types.ts`).
 */
import { KINDS } from "./kinds";

export type { JsonSchema, Schema, Static } from "./schema/builder";
export {
  formCreateSchema,
  formUpdateSchema,
  formSchema,
  formSummarySchema,
  formNodeSchema,
  formComponentSchema,
  formFieldSchemas,
  formStartSchema,
  formEndingSchema,
  formRouterRuleSchema,
  formCoordinatesSchema,
} from "./resources/form";
export {
  eventStreamCreateSchema,
  eventStreamUpdateSchema,
  eventStreamSchema,
  eventStreamDestinationSchema,
  eventStreamDestinationPatchSchema,
  webhookAuthorizationSchema,
  eventStreamSubscriptionSchema,
  eventStreamStatusSchema,
} from "./resources/event-stream";
export {
  templateObjectSchema,
  templateStringSchema,
  templatePutSchema,
  templateResponseSchema,
} from "./resources/login-template";
export {
  HTTPS_URI,
  rateLimitConfigurationSchema,
  consumerSelectorSchema,
  rateLimitPolicyCreateSchema,
  rateLimitPolicyUpdateSchema,
  rateLimitPolicySchema,
} from "./resources/rate-limit-policy";

/** Path parameter schemas (from the table of kinds): a malformed id is a 400 `invalid_uri`. */
export const idSchemas = {
  form: KINDS.form.id.schema,
  eventStream: KINDS.eventStream.id.schema,
  rateLimitPolicy: KINDS.rateLimitPolicy.id.schema,
};
