/**
 * The `EventStream` resource and its lookups.
 * Generated from the table of kinds by `npm run classes` (scripts/classes.ts): do not edit.
 */

import type * as pulumi from "@pulumi/pulumi";
import type { DeepInput } from "../inputs";
import {
  derivedOutput,
  kindLookups,
  kindResourceInputs,
  type AdoptArgs,
  type CreateOf,
  type DerivedOf,
  type ExportedTypeOf,
  type NamedTypeOf,
  type ObjectOf,
} from "../lifecycle/resource-class";
import { TYPE_MODULE, TYPE_NAMES } from "../lifecycle/tokens";
import type { IdOrNameArgs, IdOrNameOutputArgs } from "../lookups/by-name";
import type { LookupOptions } from "../lookups/client";
import { noteTenantResource } from "../lookups/registered";
import { DynamicResource } from "../lifecycle/dynamic-resource";

/** An event stream as the API answers it (`GET /api/v2/event-streams/{id}`). */
export type EventStreamObject = ObjectOf<"eventStream">;

/** The `EventStreamDestination` type of the package schema, as the event stream's schema types it. */
export type EventStreamDestination = NamedTypeOf<"eventStream", "EventStreamDestination">;

/** The `WebhookAuthorization` type of the event stream's schema. */
export type WebhookAuthorization = ExportedTypeOf<"eventStream", "WebhookAuthorization">;

/** The `EventStreamSubscription` type of the event stream's schema. */
export type EventStreamSubscription = ExportedTypeOf<"eventStream", "EventStreamSubscription">;

/** The `EventStreamStatus` type of the event stream's schema. */
export type EventStreamStatus = ExportedTypeOf<"eventStream", "EventStreamStatus">;

/** The `AwsRegion` type of the event stream's schema. */
export type AwsRegion = ExportedTypeOf<"eventStream", "AwsRegion">;

/** The `EventType` type of the event stream's schema. */
export type EventType = ExportedTypeOf<"eventStream", "EventType">;

/** The `KnownEventType` type of the event stream's schema. */
export type KnownEventType = ExportedTypeOf<"eventStream", "KnownEventType">;

/** Arguments of an {@link EventStream}: the API's own field names (body of `POST /event-streams`). */
export interface EventStreamArgs extends AdoptArgs {
  /** The event stream's name, 1 to 128 characters. Left out, the tenant's value is kept and not managed. */
  name?: DeepInput<CreateOf<"eventStream">["name"]>;
  /**
   * The event types the stream forwards, at least one. Any well-formed `a.b[.c]` type is accepted at preview; the
   * tenant refuses at apply a type it does not know. Left out, the tenant's value is kept and not managed.
   */
  subscriptions?: DeepInput<CreateOf<"eventStream">["subscriptions"]>;
  /**
   * Where events go, by `type`: a `webhook` (`webhook_endpoint`, an `https://` URL, and `webhook_authorization`: basic
   * with `username` (at most 128 characters, no `:`) and `password`, bearer with `token`, or a custom header with
   * `header_key` and `header_value`), Amazon `eventbridge` (`aws_account_id`, 12 digits, and a published `aws_region`)
   * or an `action` (`action_id`). The webhook's secret is write-only: the tenant never returns it, and Pulumi stores it
   * encrypted. A changed type, or any change to an EventBridge or action destination, replaces the stream.
   */
  destination: DeepInput<CreateOf<"eventStream">["destination"]>;
  /** Whether the stream delivers events: `enabled` (the default) or `disabled`. */
  status?: DeepInput<CreateOf<"eventStream">["status"]>;
}

/**
 * An event stream of the tenant: the event types it subscribes to and where it delivers them (`/api/v2/event-streams`),
 * type `pulumi-nodejs:dynamic/tenant:EventStream`.
 */
export class EventStream extends DynamicResource {
  /** The event stream's name, 1 to 128 characters. Left out, the tenant's value is kept and not managed. */
  declare public readonly name: pulumi.Output<ObjectOf<"eventStream">["name"]>;
  /**
   * The event types the stream forwards, at least one. Any well-formed `a.b[.c]` type is accepted at preview; the
   * tenant refuses at apply a type it does not know. Left out, the tenant's value is kept and not managed.
   */
  declare public readonly subscriptions: pulumi.Output<ObjectOf<"eventStream">["subscriptions"]>;
  /**
   * Where events go, by `type`: a `webhook` (`webhook_endpoint`, an `https://` URL, and `webhook_authorization`: basic
   * with `username` (at most 128 characters, no `:`) and `password`, bearer with `token`, or a custom header with
   * `header_key` and `header_value`), Amazon `eventbridge` (`aws_account_id`, 12 digits, and a published `aws_region`)
   * or an `action` (`action_id`). The webhook's secret is write-only: the tenant never returns it, and Pulumi stores it
   * encrypted. A changed type, or any change to an EventBridge or action destination, replaces the stream.
   */
  declare public readonly destination: pulumi.Output<ObjectOf<"eventStream">["destination"]>;
  /** Whether the stream delivers events: `enabled` (the default) or `disabled`. */
  declare public readonly status: pulumi.Output<ObjectOf<"eventStream">["status"]>;
  /** When the event stream was created (ISO-8601). */
  declare public readonly created_at: pulumi.Output<ObjectOf<"eventStream">["created_at"]>;
  /** When the event stream was last updated (ISO-8601). */
  declare public readonly updated_at: pulumi.Output<ObjectOf<"eventStream">["updated_at"]>;
  /** The adopted object's id, when `adoptId` was given. */
  declare public readonly adoptId: pulumi.Output<string | undefined>;
  /** For an EventBridge destination, the partner event source the tenant made (read only); absent for the others. */
  public readonly aws_partner_event_source: pulumi.Output<DerivedOf<"eventStream", "aws_partner_event_source">>;

  /** Creates (or, with `adoptId`, adopts) an event stream. */
  constructor(name: string, args: EventStreamArgs, opts?: pulumi.CustomResourceOptions) {
    const inputs = kindResourceInputs("eventStream", args, name, opts);
    super("eventStream", name, inputs, opts, TYPE_MODULE, TYPE_NAMES.eventStream);
    this.aws_partner_event_source = derivedOutput(this, "eventStream", "aws_partner_event_source");
    noteTenantResource(this, args.tenant);
  }
}

const lookups = kindLookups("eventStream");

/** Arguments of {@link getEventStream}: exactly one of `id` (`est_…`) and `name`. */
export type GetEventStreamArgs = IdOrNameArgs;

/** Arguments of {@link getEventStreamOutput}. */
export type GetEventStreamOutputArgs = IdOrNameOutputArgs;

/**
 * Reads one event stream of the tenant, by id or by name. Rejects when none matches, and when several have the name
 * (the error lists their ids). The Output form is secret when the object holds a secret.
 */
export const getEventStream: (args: GetEventStreamArgs, opts?: LookupOptions) => Promise<EventStreamObject> =
  lookups.get;

/** {@link getEventStream} as an Output. */
export const getEventStreamOutput: (
  args: GetEventStreamOutputArgs,
  opts?: LookupOptions,
) => pulumi.Output<EventStreamObject> = lookups.getOutput;
