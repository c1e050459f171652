/** Constants of the contract that importers look for here (each declared with its resource). */
export { EVENT_TYPES, EVENT_TYPE_PATTERN, type EventType, type KnownEventType } from "./resources/event-stream";
export { TEMPLATE_HEAD_TAG, TEMPLATE_WIDGET_TAG } from "./resources/login-template";
export { FORM_ENDING_NODE } from "./schema/formats";
