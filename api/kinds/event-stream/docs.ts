/**
 * What each field of an event stream means (the table's `fieldDocs` of event streams): see
 * form-docs.ts for how paths are matched. Texts from the TSDoc of the dynamic `EventStream`
 * class and the published management API.
 */
export const EVENT_STREAM_FIELD_DOCS: Readonly<Record<string, string>> = {
  id: "The event stream's id (`est_…`), made by the tenant.",
  name: "The event stream's name, 1 to 128 characters. Left out, the tenant's value is kept and not managed.",
  subscriptions:
    "The event types the stream forwards, at least one. Any well-formed `a.b[.c]` type is accepted at preview; the tenant refuses at apply a type it does not know. Left out, the tenant's value is kept and not managed.",
  event_type: "An event type to forward (`user.created`, `organization.member.added`, `connection.updated`, …).",
  destination:
    "Where events go, by `type`: a `webhook` (`webhook_endpoint`, an `https://` URL, and `webhook_authorization`: basic with `username` (at most 128 characters, no `:`) and `password`, bearer with `token`, or a custom header with `header_key` and `header_value`), Amazon `eventbridge` (`aws_account_id`, 12 digits, and a published `aws_region`) or an `action` (`action_id`). The webhook's secret is write-only: the tenant never returns it, and Pulumi stores it encrypted. A changed type, or any change to an EventBridge or action destination, replaces the stream.",
  "destination.type": "The destination's type: `webhook`, `eventbridge` or `action`.",
  "destination.configuration": "The destination's configuration, by its type.",
  webhook_endpoint: "The webhook's URL (`https://…`).",
  webhook_authorization:
    "How the tenant authenticates to the webhook: `basic` (username, password), `bearer` (token) or `custom_header` (header key and value).",
  method: "The authorization method: `basic`, `bearer` or `custom_header`.",
  username: "The basic authorization's user name, at most 128 characters, without `:`.",
  password: "The basic authorization's password: write-only in the API, a secret in the state.",
  token: "The bearer token: write-only in the API, a secret in the state.",
  header_key: "The custom header's name (an HTTP header name).",
  header_value: "The custom header's value: write-only in the API, a secret in the state.",
  aws_account_id: "The AWS account that receives the events (12 digits).",
  aws_region: "The AWS region of the partner event source (`us-east-1`, `eu-west-1`, …: one of 36).",
  aws_partner_event_source:
    "For an EventBridge destination, the partner event source the tenant made (read only); absent for the others.",
  action_id: "The id of the action that receives the events.",
  status: "Whether the stream delivers events: `enabled` (the default) or `disabled`.",
  created_at: "When the event stream was created (ISO-8601).",
  updated_at: "When the event stream was last updated (ISO-8601).",
};

/** The inputs of the event stream example of the package schema ("Example Usage"), in the API's names. */
export const EVENT_STREAM_EXAMPLE: Readonly<Record<string, unknown>> = {
  name: "audit-log",
  subscriptions: [{ event_type: "user.created" }, { event_type: "user.deleted" }],
  destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "eu-west-1" } },
};
