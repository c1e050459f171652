/** The event types an event stream can subscribe to. */
export const EVENT_TYPES = [
  "connection.created", "connection.deleted", "connection.updated",
  "group.created", "group.deleted", "group.updated",
  "group.member.added", "group.member.deleted",
  "group.role.assigned", "group.role.deleted",
  "organization.created", "organization.deleted", "organization.updated",
  "organization.connection.added", "organization.connection.removed", "organization.connection.updated",
  "organization.group.role.assigned", "organization.group.role.deleted",
  "organization.member.added", "organization.member.deleted",
  "organization.member.role.assigned", "organization.member.role.deleted",
  "user.created", "user.deleted", "user.updated",
] as const;

/** One of {@link EVENT_TYPES}. */
export type EventType = (typeof EVENT_TYPES)[number];

/** The markup tags the hosted login page template must contain. */
export const TEMPLATE_HEAD_TAG = "{%- auth0:head -%}";
export const TEMPLATE_WIDGET_TAG = "{%- auth0:widget -%}";

/** The literal `next_node` value that points at a form's ending. */
export const FORM_ENDING_NODE = "$ending";
