/**
 * TypeScript shapes of the management API objects, derived from the schemas (so they
 * cannot drift from what the server and `check` accept). Field names are the API's
 * own, so JSON taken from the API or the dashboard pastes in unchanged.
 */
import type { Form } from "./resources/form";

export type {
  Coordinates,
  Form,
  FormComponent,
  FormEnding,
  FormFields,
  FormNode,
  FormRouterRule,
  FormStart,
  FormSummary,
  FormUpdate,
} from "./resources/form";
export type {
  AwsRegion,
  EventStream,
  EventStreamDestination,
  EventStreamFields,
  EventStreamStatus,
  EventStreamSubscription,
  EventStreamUpdate,
  EventType,
  KnownEventType,
  WebhookAuthorization,
} from "./resources/event-stream";
export type {
  UniversalLoginTemplate,
  UniversalLoginTemplatePut,
  UniversalLoginTemplateResponse,
} from "./resources/login-template";
export type { RateLimitConfiguration, RateLimitPolicy, RateLimitPolicyCreate } from "./resources/rate-limit-policy";

/** A page of a checkpoint-paginated list. */
export type CheckpointPage<K extends string, T> = { [key in K]: T[] } & { next?: string };

/** A page of the forms list with totals. */
export interface FormsPage {
  start: number;
  limit: number;
  total: number;
  forms: Form[];
}
