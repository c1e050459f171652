/** Limits of the management API, shared by the server and the provider (each declared with its resource). */
export { FORM_ID_MAX, FORM_NAME_MAX, FORM_NAME_MIN, FORM_ROUTER_RULES_MAX } from "./resources/form";
export {
  EVENT_STREAM_ID_LENGTH,
  EVENT_STREAM_NAME_MAX,
  EVENT_STREAM_NAME_MIN,
  EVENT_STREAM_SUBSCRIPTIONS_MIN,
  STATUS_MAX,
} from "./resources/event-stream";
export { TEMPLATE_MAX } from "./resources/login-template";
export {
  CONSUMER_SELECTOR_MAX,
  POLICY_ID_MAX,
  POLICY_LIMIT_MAX,
  POLICY_LIMIT_MIN,
} from "./resources/rate-limit-policy";

/** Largest request body the server accepts, in bytes (a full template escaped as JSON fits). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
