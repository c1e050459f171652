/**
 * The event stream on the tenant server: what the server applies on top of the generic
 * collection routes (a stream's default status, an EventBridge destination's partner event
 * source, the destination changes it refuses, event types it does not know). The action its
 * delete takes with it is the entry's `relations.owns`, applied by the table. Loaded by the
 * tenant server only (api/kinds/tenant.ts), never by the provider.
 */
import type { KindObject, KindRules } from "../../table/kind-spec";
import { isObject, type JsonObject } from "../../json";
import { DEFAULT_EVENT_STREAM_STATUS, unknownEventTypeIssue } from "./contract";

const DEFAULT_STATUS = DEFAULT_EVENT_STREAM_STATUS;

/** The destination as stored: an EventBridge one gains its partner event source. */
function storedDestination(destination: unknown, id: string): unknown {
  if (!isObject(destination) || destination.type !== "eventbridge") return destination;
  return {
    type: "eventbridge",
    configuration: {
      ...(destination.configuration as JsonObject),
      aws_partner_event_source: `aws.partner/auth0.com/local-tenant-${id}/auth0.logs`,
    },
  };
}

/**
 * The change of an existing stream's destination the service refuses: its type never changes
 * (and the PATCH schema takes no EventBridge destination, so one never changes at all), and a
 * PATCH of a stream with an `action` destination carries no `destination`, not even the same
 * one (the real API refuses it: Auth0's deploy CLI strips it, the Terraform provider never
 * sends it).
 */
export function refusedEventStreamChange(change: JsonObject, existing: KindObject): string | undefined {
  const requested = change.destination;
  const current = existing.destination;
  if (requested === undefined || !isObject(current)) return undefined;
  if (current.type === "action") {
    // Short enough for a client's one-line excerpt of the message (200 characters) to hold it whole.
    return (
      `The destination of event stream ${existing.id} (an action destination) cannot be updated: leave destination ` +
      "out of the PATCH; to deliver to another action, create a new stream."
    );
  }
  if (isObject(requested) && requested.type !== current.type) {
    return `The destination type of an event stream cannot be changed (from ${String(current.type)} to ${String(requested.type)}).`;
  }
  return undefined;
}

/**
 * The stream to store: on create, `status` defaulted and an EventBridge destination's
 * partner event source made. An update stores what it is given: only a webhook destination
 * gets past {@link refusedEventStreamChange}.
 */
export function storedEventStream(object: KindObject, _change: JsonObject, existing?: KindObject): KindObject {
  if (existing) return object;
  return {
    ...object,
    destination: storedDestination(object.destination, object.id),
    status: object.status ?? DEFAULT_STATUS,
  };
}

/** The event stream's rules on the tenant server. */
export const eventStreamTenantRules: KindRules = {
  tenantCheck: unknownEventTypeIssue,
  refuse: refusedEventStreamChange,
  stored: storedEventStream,
};
