/** The `EventStream` resource users construct, and the `getEventStream` lookup. */
import * as pulumi from "@pulumi/pulumi";
import type {
  EventStream as EventStreamObject,
  EventStreamDestination,
  EventStreamStatus,
  EventType,
} from "../../../api";
import type { DeepInput } from "../../inputs";
import { DynamicResource } from "../../lifecycle/dynamic-resource";
import { tenantInputs, type TenantArgs } from "../../lifecycle/tenant";
import { idOrNameLookups, type IdOrNameArgs, type IdOrNameOutputArgs } from "../../lookups/by-name";
import type { LookupOptions } from "../../lookups/client";
import { noteTenantResource } from "../../lookups/registered";
import { TYPE_MODULE, TYPE_NAMES } from "../../lifecycle/tokens";
import { markDestinationSecrets } from "./secrets";

/** One subscription: an event type to forward. */
export interface EventStreamSubscription {
  /**
   * An event type such as `user.created`: the known ones are offered as completions, and
   * any other well-formed `a.b[.c]` type is accepted (the set grows on the service; the
   * tenant refuses, at apply, a type it does not know).
   */
  event_type?: EventType;
}

/** Arguments of an {@link EventStream}: the API's own field names (body of `POST /event-streams`). */
export interface EventStreamArgs extends TenantArgs {
  /** The event stream's name, 1 to 128 characters. Left out, the tenant's value is kept and not managed. */
  name?: pulumi.Input<string>;
  /**
   * The event types the stream forwards, at least one. Any well-formed `a.b[.c]` type is accepted at preview; the
   * tenant refuses at apply a type it does not know. Left out, the tenant's value is kept and not managed.
   */
  subscriptions?: DeepInput<EventStreamSubscription[]>;
  /**
   * Where events go, by `type`: a `webhook` (`webhook_endpoint`, an `https://` URL, and `webhook_authorization`: basic
   * with `username` (at most 128 characters, no `:`) and `password`, bearer with `token`, or a custom header with
   * `header_key` and `header_value`), Amazon `eventbridge` (`aws_account_id`, 12 digits, and a published `aws_region`)
   * or an `action` (`action_id`). The webhook's secret is write-only: the tenant never returns it, and Pulumi stores it
   * encrypted. A changed type, or any change to an EventBridge or action destination, replaces the stream.
   */
  destination: DeepInput<EventStreamDestination>;
  /** Whether the stream delivers events: `enabled` (the default) or `disabled`. */
  status?: pulumi.Input<EventStreamStatus>;
  /**
   * Bring an existing event stream under management instead of creating one: its id
   * (`est_…`). On create the provider reads that stream and updates it to these
   * arguments (the webhook secret is always re-sent, since it cannot be read). The
   * engine cannot `pulumi import` dynamic resources; this is the way to adopt one.
   */
  adoptId?: pulumi.Input<string>;
}

/**
 * An event stream of the tenant (`/api/v2/event-streams`), type
 * `pulumi-nodejs:dynamic/tenant:EventStream`.
 */
export class EventStream extends DynamicResource {
  /** The event stream's name, 1 to 128 characters. Left out, the tenant's value is kept and not managed. */
  declare public readonly name: pulumi.Output<string>;
  /**
   * The event types the stream forwards, at least one. Any well-formed `a.b[.c]` type is accepted at preview; the
   * tenant refuses at apply a type it does not know. Left out, the tenant's value is kept and not managed.
   */
  declare public readonly subscriptions: pulumi.Output<{ event_type: string }[]>;
  /**
   * Where events go, by `type`: a `webhook` (`webhook_endpoint`, an `https://` URL, and `webhook_authorization`: basic
   * with `username` (at most 128 characters, no `:`) and `password`, bearer with `token`, or a custom header with
   * `header_key` and `header_value`), Amazon `eventbridge` (`aws_account_id`, 12 digits, and a published `aws_region`)
   * or an `action` (`action_id`). The webhook's secret is write-only: the tenant never returns it, and Pulumi stores it
   * encrypted. A changed type, or any change to an EventBridge or action destination, replaces the stream.
   */
  declare public readonly destination: pulumi.Output<EventStreamDestination>;
  /** Whether the stream delivers events: `enabled` (the default) or `disabled`. */
  declare public readonly status: pulumi.Output<EventStreamStatus>;
  /** The adopted stream's id, when `adoptId` was given. */
  declare public readonly adoptId: pulumi.Output<string | undefined>;
  /** When the event stream was created (ISO-8601). */
  declare public readonly created_at: pulumi.Output<string>;
  /** When the event stream was last updated (ISO-8601). */
  declare public readonly updated_at: pulumi.Output<string>;
  /** For an EventBridge destination, the partner event source the tenant made (read only); absent for the others. */
  public readonly aws_partner_event_source: pulumi.Output<string | undefined>;

  /** Creates (or, with `adoptId`, adopts) an event stream. */
  constructor(name: string, args: EventStreamArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "eventStream",
      name,
      {
        name: args.name,
        subscriptions: args.subscriptions,
        destination: markDestinationSecrets(args.destination),
        status: args.status,
        adoptId: args.adoptId,
        ...tenantInputs(args, name, "eventStream", opts),
        created_at: undefined,
        updated_at: undefined,
      },
      opts,
      TYPE_MODULE,
      TYPE_NAMES.eventStream,
    );
    // Derived in the program, not stored: the state keeps it once, inside the destination.
    this.aws_partner_event_source = this.destination.apply((destination) => {
      const configuration = destination?.configuration as { aws_partner_event_source?: string } | undefined;
      return destination?.type === "eventbridge" ? configuration?.aws_partner_event_source : undefined;
    });
    noteTenantResource(this, args.tenant);
  }
}

/** Arguments of {@link getEventStream}: exactly one of `id` (`est_…`) and `name`. */
export type GetEventStreamArgs = IdOrNameArgs;

/** Arguments of {@link getEventStreamOutput}. */
export type GetEventStreamOutputArgs = IdOrNameOutputArgs;

const lookups = idOrNameLookups<EventStreamObject>("eventStream");

/**
 * Reads one event stream (scope `read:event_streams`), by `id` or by `name`, as the API
 * returns it. A webhook's secret (password, token or header value) is write-only and
 * never part of the answer. Rejects when no stream matches, and when several streams
 * have the name (the error lists their ids).
 */
export const getEventStream: (args: GetEventStreamArgs, opts?: LookupOptions) => Promise<EventStreamObject> =
  lookups.get;

/** {@link getEventStream} as an Output. */
export const getEventStreamOutput: (
  args: GetEventStreamOutputArgs,
  opts?: LookupOptions,
) => pulumi.Output<EventStreamObject> = lookups.getOutput;
