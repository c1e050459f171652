/**
 * Event streams (`/api/v2/event-streams`): the published create and PATCH shapes, the
 * three destinations, the AWS region list and the basic-auth rules.
 *
 * Event types are an open set that grows (the published subscription schema is a plain
 * string, and `connection.*` came after the published enum): the contract accepts any
 * well-formed `a.b[.c…]` type and offers the known ones as completions. The tenant
 * server refuses types it does not know, as the real service does
 * ({@link unknownEventTypeIssue}).
 *
 * The webhook secrets (`password`, `token`, `header_value`) are absent from the
 * published schema (whose authorization shapes are the response's) and from the SDK's
 * types; they are accepted, optional, write-only: never returned.
 */
import { array, discriminated, enumOf, literal, object, string, type Static } from "../../schema/builder";
import type { IdFormat } from "../../ids";
import { exactIdRule, oneByIdOrName, type KindDeclaration } from "../../table/kind-spec";
import { collectionScopes } from "../../scopes";
import type { ValidationIssue } from "../../validate";
import { EVENT_STREAM_EXAMPLE, EVENT_STREAM_FIELD_DOCS } from "./docs";
import {
  awsPartnerEventSource,
  comparableEventStreams,
  eventStreamGenerateArgs,
  eventStreamInputsFromOutputs,
  eventStreamOutputs,
  eventStreamPatch,
  eventStreamReplaces,
  eventStreamWarnings,
  normaliseEventStream,
  webhookSecretWords,
} from "./provider";

/** The id the service makes for an event stream (exactly 26 characters). */
const EVENT_STREAM_ID_FORMAT = { prefix: "est_", length: 22 } as const satisfies IdFormat;

/** Event stream name length bounds. */
export const EVENT_STREAM_NAME_MIN = 1;
export const EVENT_STREAM_NAME_MAX = 128;
/** Exact length of an event stream id. */
export const EVENT_STREAM_ID_LENGTH = 26;
/** Minimum number of event stream subscriptions (on create). */
export const EVENT_STREAM_SUBSCRIPTIONS_MIN = 1;
/** Maximum length of the event stream `status` value. */
export const STATUS_MAX = 8;

/** The event types the tenant knows today (the published enum plus `connection.*`). */
export const EVENT_TYPES = [
  "connection.created",
  "connection.deleted",
  "connection.updated",
  "group.created",
  "group.deleted",
  "group.updated",
  "group.member.added",
  "group.member.deleted",
  "group.role.assigned",
  "group.role.deleted",
  "organization.created",
  "organization.deleted",
  "organization.updated",
  "organization.connection.added",
  "organization.connection.removed",
  "organization.connection.updated",
  "organization.group.role.assigned",
  "organization.group.role.deleted",
  "organization.member.added",
  "organization.member.deleted",
  "organization.member.role.assigned",
  "organization.member.role.deleted",
  "user.created",
  "user.deleted",
  "user.updated",
] as const;

/** One of the known {@link EVENT_TYPES}. */
export type KnownEventType = (typeof EVENT_TYPES)[number];

/** An event type: a known one (offered as a completion) or any other well-formed one. */
// `string & {}` keeps the known literals as completions instead of collapsing into `string`.
export type EventType = KnownEventType | (string & {});

/** A well-formed event type: dot-separated lower-case words, at least two (`user.created`). */
export const EVENT_TYPE_PATTERN = "^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$";

/** The AWS regions an EventBridge destination can use. */
export const AWS_REGIONS = [
  "af-south-1",
  "ap-east-1",
  "ap-east-2",
  "ap-northeast-1",
  "ap-northeast-2",
  "ap-northeast-3",
  "ap-south-1",
  "ap-south-2",
  "ap-southeast-1",
  "ap-southeast-2",
  "ap-southeast-3",
  "ap-southeast-4",
  "ap-southeast-5",
  "ap-southeast-6",
  "ap-southeast-7",
  "ca-central-1",
  "ca-west-1",
  "eu-central-1",
  "eu-central-2",
  "eu-north-1",
  "eu-south-1",
  "eu-south-2",
  "eu-west-1",
  "eu-west-2",
  "eu-west-3",
  "il-central-1",
  "me-central-1",
  "me-south-1",
  "mx-central-1",
  "sa-east-1",
  "us-gov-east-1",
  "us-gov-west-1",
  "us-east-1",
  "us-east-2",
  "us-west-1",
  "us-west-2",
] as const;

/** One subscription: an event type to forward. */
export const eventStreamSubscriptionSchema = object({
  /** An event type such as `user.created` (any well-formed `a.b[.c]` type; the tenant refuses ones it does not know). */
  event_type: string<EventType>({ pattern: EVENT_TYPE_PATTERN }),
});

/** Authorization of webhook deliveries, by `method`; each method's secret is write-only and optional. */
export const webhookAuthorizationSchema = discriminated("method", [
  object(
    {
      method: literal("basic"),
      /** At most 128 characters, without `:`. */
      username: string({ maxLength: 128, pattern: "^[^:]+$" }),
      /** Secret, write-only: never returned by the API. */
      password: string({ secret: true, writeOnly: true }),
    },
    { required: ["method", "username"] },
  ),
  object(
    {
      method: literal("bearer"),
      /** Secret, write-only: never returned by the API. */
      token: string({ secret: true, writeOnly: true }),
    },
    { required: ["method"] },
  ),
  object(
    {
      method: literal("custom_header"),
      /** An HTTP header name. */
      header_key: string({ minLength: 1, pattern: "^[a-zA-Z0-9!#$%&'*+.^_`|~-]+$" }),
      /** Secret, write-only: never returned by the API. */
      header_value: string({ secret: true, writeOnly: true }),
    },
    { required: ["method", "header_key"] },
  ),
]);

/** A webhook destination: an `https://` endpoint and its authorization. */
export const webhookDestinationSchema = object(
  {
    type: literal("webhook"),
    configuration: object(
      {
        /** The endpoint: must start with `https://`. */
        webhook_endpoint: string({ pattern: "^https://" }),
        webhook_authorization: webhookAuthorizationSchema,
      },
      { required: ["webhook_endpoint", "webhook_authorization"] },
    ),
  },
  { required: ["type", "configuration"] },
);

/** An Amazon EventBridge destination (immutable). */
export const eventBridgeDestinationSchema = object(
  {
    type: literal("eventbridge"),
    configuration: object(
      {
        /** 12 digits. */
        aws_account_id: string({ pattern: "^\\d{12}$" }),
        /** One of the published AWS regions. */
        aws_region: enumOf(AWS_REGIONS),
        /** Made by the server. */
        aws_partner_event_source: string(),
      },
      { required: ["aws_account_id", "aws_region"] },
    ),
  },
  { required: ["type", "configuration"] },
);

/** An action destination. */
export const actionDestinationSchema = object(
  {
    type: literal("action"),
    // The action that receives the events: `generate` writes the action resource's `id` here.
    configuration: object({ action_id: string({ references: "action" }) }, { required: ["action_id"] }),
  },
  { required: ["type", "configuration"] },
);

/** `destination` on create: one of the three, by `type`. */
export const eventStreamDestinationSchema = discriminated("type", [
  webhookDestinationSchema,
  eventBridgeDestinationSchema,
  actionDestinationSchema,
]);

/** `destination` on PATCH (`EventStreamDestinationPatch`): webhook or action only. */
export const eventStreamDestinationPatchSchema = discriminated("type", [
  webhookDestinationSchema,
  actionDestinationSchema,
]);

/** `status`: whether the stream forwards events. */
export const eventStreamStatusSchema = enumOf(["enabled", "disabled"], { maxLength: STATUS_MAX });

const nameSchema = () => string({ minLength: EVENT_STREAM_NAME_MIN, maxLength: EVENT_STREAM_NAME_MAX });

/** Body of `POST /event-streams`. */
export const eventStreamCreateSchema = object(
  {
    /** 1 to 128 characters. */
    name: nameSchema(),
    /** At least one event type. */
    subscriptions: array(eventStreamSubscriptionSchema, { minItems: EVENT_STREAM_SUBSCRIPTIONS_MIN }),
    /** Where events go. */
    destination: eventStreamDestinationSchema,
    /** `enabled` (default) or `disabled`. */
    status: eventStreamStatusSchema,
  },
  { required: ["destination"] },
);

/** Body of `PATCH /event-streams/{id}`: every key optional; the destination is webhook or action. */
export const eventStreamUpdateSchema = object({
  name: nameSchema(),
  subscriptions: array(eventStreamSubscriptionSchema),
  destination: eventStreamDestinationPatchSchema,
  status: eventStreamStatusSchema,
});

/** An event stream as the API returns it (webhook secrets never included). */
export const eventStreamSchema = object(
  {
    /** `est_` + 22 base58 characters (26 in all). */
    id: string({ minLength: EVENT_STREAM_ID_LENGTH, maxLength: EVENT_STREAM_ID_LENGTH, format: "event-stream-id" }),
    name: nameSchema(),
    subscriptions: array(eventStreamSubscriptionSchema),
    destination: eventStreamDestinationSchema,
    status: eventStreamStatusSchema,
    created_at: string({ format: "date-time" }),
    updated_at: string({ format: "date-time" }),
  },
  { required: ["id", "destination", "status", "created_at", "updated_at"] },
);

/** The top-level event stream fields a caller sets. */
export const EVENT_STREAM_FIELDS = ["name", "subscriptions", "destination", "status"] as const;

/** Fields the server adds to an event stream. */
export const EVENT_STREAM_SERVER_FIELDS = ["created_at", "updated_at"] as const;

/** What the server stores when a stream has no `status`. */
export const DEFAULT_EVENT_STREAM_STATUS = "enabled";

/** The write-only secret of each webhook authorization method. */
export const WEBHOOK_SECRET_FIELD = { basic: "password", bearer: "token", custom_header: "header_value" } as const;

const known: ReadonlySet<string> = new Set(EVENT_TYPES);

/**
 * The tenant's own rule on top of the schema: a subscription must name an event type
 * it knows. The provider does not apply it (the set grows on the service before this
 * package learns of it); the tenant server does, as the real service does.
 */
export function unknownEventTypeIssue(body: unknown): ValidationIssue | undefined {
  const subscriptions = (body as { subscriptions?: unknown } | null)?.subscriptions;
  if (!Array.isArray(subscriptions)) return undefined;
  const index = subscriptions.findIndex(
    (item) =>
      typeof (item as { event_type?: unknown })?.event_type === "string" &&
      !known.has((item as { event_type: string }).event_type),
  );
  if (index < 0) return undefined;
  return {
    property: `subscriptions[${index}].event_type`,
    message: `Unknown event type; known types: ${EVENT_TYPES.join(", ")}`,
  };
}

/** The fields a caller sets on an event stream (body of `POST /event-streams`). */
export type EventStreamFields = Static<typeof eventStreamCreateSchema>;
/** Body of `PATCH /event-streams/{id}`. */
export type EventStreamUpdate = Static<typeof eventStreamUpdateSchema>;
/** An event stream as the API returns it. */
export type EventStream = Static<typeof eventStreamSchema>;
/** Where an event stream delivers, discriminated by `type`. */
export type EventStreamDestination = Static<typeof eventStreamDestinationSchema>;
/** Authorization of webhook deliveries. */
export type WebhookAuthorization = Static<typeof webhookAuthorizationSchema>;
/** One subscription. */
export type EventStreamSubscription = Static<typeof eventStreamSubscriptionSchema>;
/** Whether a stream forwards events. */
export type EventStreamStatus = Static<typeof eventStreamStatusSchema>;
/** An AWS region of an EventBridge destination. */
export type AwsRegion = (typeof AWS_REGIONS)[number];

/** The types the TypeScript package exports beside the class (the table's `typeExports`). */
const EVENT_STREAM_TYPE_EXPORTS = [
  [webhookAuthorizationSchema, "WebhookAuthorization"],
  [eventStreamSubscriptionSchema, "EventStreamSubscription"],
  [eventStreamStatusSchema, "EventStreamStatus"],
  [enumOf(AWS_REGIONS), "AwsRegion"],
  [string<EventType>(), "EventType"],
  [enumOf(EVENT_TYPES), "KnownEventType"],
] as const;

/** The event streams' entry in the table of kinds. */
export const eventStreamKind = {
  typeName: "EventStream",
  label: "event stream",
  plural: "event streams",
  description: "An event stream of the tenant: the event types it subscribes to and where it delivers them.",
  path: "/event-streams",
  shape: "collection",
  // Event stream ids are exactly 26 characters (seed 2.4): the full format is required.
  id: exactIdRule(EVENT_STREAM_ID_FORMAT),
  createSchema: eventStreamCreateSchema,
  updateSchema: eventStreamUpdateSchema,
  responseSchema: eventStreamSchema,
  scopes: collectionScopes("event_streams"),
  paging: { style: "checkpoint", listKey: "eventStreams", maxPageSize: 100 },
  notFoundCode: "inexistent_event_stream",
  lookups: [oneByIdOrName("getEventStream", "event stream", EVENT_STREAM_ID_FORMAT.prefix, { name: "audit-log" })],
  namedTypes: [[eventStreamDestinationSchema, "EventStreamDestination"]],
  fieldDocs: EVENT_STREAM_FIELD_DOCS,
  example: EVENT_STREAM_EXAMPLE,
  typeExports: EVENT_STREAM_TYPE_EXPORTS,
  // A stream delivering to an action owns it: the service deletes the action with the stream.
  relations: { owns: ["action"] },
  // Wire facts of the tenant's routes (its behaviour there is tenant.ts's, loaded by the server only).
  rules: { urlEncodedCreate: true },
  provider: {
    naming: { suffix: "Stream" },
    referenceConsequences: { action: "the stream would deliver its events to no action" },
    warnings: eventStreamWarnings,
    lifecycle: {
      normalise: normaliseEventStream,
      comparable: comparableEventStreams,
      patch: eventStreamPatch,
      outputs: eventStreamOutputs,
      inputsFromOutputs: eventStreamInputsFromOutputs,
      replaces: eventStreamReplaces,
    },
    derivedOutputs: {
      aws_partner_event_source: {
        description:
          "For an EventBridge destination, the partner event source the tenant made (read only); absent for the others.",
        of: awsPartnerEventSource,
      },
    },
    generate: {
      args: eventStreamGenerateArgs,
      secretWords: webhookSecretWords,
      comment: (stream) =>
        `${String((stream.destination as { type?: unknown } | undefined)?.type ?? "unknown")} destination`,
    },
  },
} as const satisfies KindDeclaration;
