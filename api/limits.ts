/** Limits of the management API (seed section 8), shared by the server and the provider. */

/** Maximum of a rate limit policy's `configuration.limit` (requests per second). */
export const POLICY_LIMIT_MAX = 10000;
/** Minimum of a rate limit policy's `configuration.limit`. */
export const POLICY_LIMIT_MIN = 0;
/** Maximum length of a rate limit policy id. */
export const POLICY_ID_MAX = 26;
/** Maximum length of `consumer_selector`. */
export const CONSUMER_SELECTOR_MAX = 255;
/** Form name length bounds. */
export const FORM_NAME_MIN = 1;
export const FORM_NAME_MAX = 150;
/** Maximum length of a form id. */
export const FORM_ID_MAX = 30;
/** Event stream name length bounds. */
export const EVENT_STREAM_NAME_MIN = 1;
export const EVENT_STREAM_NAME_MAX = 128;
/** Exact length of an event stream id. */
export const EVENT_STREAM_ID_LENGTH = 26;
/** Minimum number of event stream subscriptions. */
export const EVENT_STREAM_SUBSCRIPTIONS_MIN = 1;
/** Maximum length of the event stream `status` value. */
export const STATUS_MAX = 8;
/** Maximum length of the hosted login page template, in characters. */
export const TEMPLATE_MAX = 102400;
/** Largest request body the server accepts, in bytes (a full template escaped as JSON fits). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
