/**
 * The event stream's own rules, as hooks beside its entry (contract.ts):
 * what the tenant server applies on top of the generic collection routes (a stream's
 * default status, an EventBridge destination's partner event source, the destination
 * changes it refuses) and what the provider applies on top of the lifecycle it makes from
 * the entry (the comparison policy, the destination replaced when the API cannot update
 * it, the webhook secret carried, `generate`'s words, the derived output, the action
 * destination's action checked at preview). Plain functions of JSON, so the api floor
 * imports nothing above it.
 */
import type { KindObject, PlaceholderSiteOf } from "../../table/kind-spec";

import { deepEqual as same, isObject, type JsonObject } from "../../json";
import type { NamedId } from "../../table/named-ids";

/** The top-level event stream fields a caller sets. */
const FIELDS = ["name", "subscriptions", "destination", "status"] as const;
/** Fields the server adds to an event stream. */
const SERVER_FIELDS = ["created_at", "updated_at"] as const;
/** What the server stores when a stream has no `status`. */
const DEFAULT_STATUS = "enabled";
/** The write-only secret of each webhook authorization method. */
const SECRET_FIELD: Readonly<Record<string, string>> = {
  basic: "password",
  bearer: "token",
  custom_header: "header_value",
};
/** Server-made destination fields: shown in outputs, never compared. */
const DESTINATION_SERVER_FIELDS = ["aws_partner_event_source"];

const payloadOf = (inputs: JsonObject): JsonObject =>
  Object.fromEntries(FIELDS.filter((field) => inputs[field] != null).map((field) => [field, inputs[field]]));

// ---------------------------------------------------------------- the provider

function normaliseDestination(destination: unknown, forComparison: boolean): unknown {
  if (!isObject(destination)) return destination;
  const out: JsonObject = { type: destination.type };
  if (isObject(destination.configuration)) {
    const configuration: JsonObject = { ...destination.configuration };
    if (forComparison) for (const field of DESTINATION_SERVER_FIELDS) delete configuration[field];
    if (isObject(configuration.webhook_authorization))
      configuration.webhook_authorization = { ...configuration.webhook_authorization };
    out.configuration = configuration;
  } else if (destination.configuration !== undefined) {
    out.configuration = destination.configuration;
  }
  return out;
}

/**
 * The managed fields in canonical shape: `status` defaulted as the server defaults it,
 * subscriptions reduced to their `event_type`; with `forComparison`, server-made
 * destination fields dropped.
 */
export function normaliseEventStream(stream: JsonObject, forComparison = true): JsonObject {
  const out: JsonObject = {};
  if (stream.name !== undefined && stream.name !== null) out.name = stream.name;
  if (Array.isArray(stream.subscriptions)) {
    out.subscriptions = stream.subscriptions.map((item) => (isObject(item) ? { event_type: item.event_type } : item));
  } else if (stream.subscriptions !== undefined && stream.subscriptions !== null) {
    out.subscriptions = stream.subscriptions;
  }
  if (stream.destination !== undefined) out.destination = normaliseDestination(stream.destination, forComparison);
  out.status = stream.status ?? DEFAULT_STATUS;
  return out;
}

/**
 * The server's destination with the webhook secret put back from `source` (inputs or
 * old outputs) when the authorization method is the same.
 */
export function withCarriedSecret(destination: unknown, source: unknown): unknown {
  if (!isObject(destination) || destination.type !== "webhook" || !isObject(destination.configuration))
    return destination;
  const authorization = destination.configuration.webhook_authorization;
  if (!isObject(authorization) || !isObject(source) || source.type !== "webhook" || !isObject(source.configuration))
    return destination;
  const sourceAuthorization = source.configuration.webhook_authorization;
  if (!isObject(sourceAuthorization) || sourceAuthorization.method !== authorization.method) return destination;
  const field = SECRET_FIELD[String(authorization.method)];
  if (!field || sourceAuthorization[field] === undefined || authorization[field] !== undefined) return destination;
  return {
    ...destination,
    configuration: {
      ...destination.configuration,
      webhook_authorization: { ...authorization, [field]: sourceAuthorization[field] },
    },
  };
}

/**
 * Stored outputs from a server response, in the program's shape: the secret carried from
 * `previous` (inputs or old outputs), and no `status` when the server's default stands in
 * for a status the program did not set.
 */
export function eventStreamOutputs(stream: JsonObject, previous?: JsonObject): JsonObject {
  const outputs = normaliseEventStream(
    {
      ...stream,
      destination: withCarriedSecret(stream.destination, (previous as JsonObject | undefined)?.destination),
    },
    false,
  );
  if (previous && (previous.status === undefined || previous.status === null) && outputs.status === DEFAULT_STATUS) {
    delete outputs.status;
  }
  for (const field of SERVER_FIELDS) if (typeof stream[field] === "string") outputs[field] = stream[field];
  return outputs;
}

/** Inputs in the program's shape that reproduce stored outputs (what `read` reports so drift shows). */
export function eventStreamInputsFromOutputs(outputs: JsonObject): JsonObject {
  const inputs = normaliseEventStream(outputs, true);
  if (outputs.status === undefined) delete inputs.status;
  return inputs;
}

/**
 * Desired and current managed values for comparison. A `name` or `subscriptions` the
 * user leaves out is not managed (the API cannot clear them), so it is not compared. (A
 * webhook secret the state never held, after `pulumi import`, is taken as the program's by
 * the lifecycle, as every write-only secret an import could not read.)
 */
export function comparableEventStreams(
  olds: JsonObject,
  news: JsonObject,
): { desired: JsonObject; current: JsonObject } {
  const desired = normaliseEventStream(payloadOf(news));
  const current = normaliseEventStream(olds);
  if (desired.name === undefined) delete current.name;
  if (desired.subscriptions === undefined) delete current.subscriptions;
  return { desired, current };
}

/**
 * The body of `PATCH /event-streams/{id}`: the fields whose normalised values differ.
 * A webhook destination is sent whole, with its secret: the API replaces endpoint and
 * authorization together and never returns the secret, so it must be re-sent.
 */
export function eventStreamPatch(desired: JsonObject, current: JsonObject, payload: JsonObject): JsonObject {
  const patch: JsonObject = {};
  for (const field of FIELDS) {
    if (desired[field] === undefined || same(desired[field], current[field])) continue;
    patch[field] = field === "destination" || field === "status" ? (payload[field] ?? desired[field]) : desired[field];
  }
  return patch;
}

/** A destination the API cannot update (its type, any EventBridge or action configuration) replaces the stream. */
export function eventStreamReplaces(desired: JsonObject, current: JsonObject): string[] {
  const from = current.destination;
  const to = desired.destination;
  if (!isObject(from) || !isObject(to)) return [];
  const fixed =
    from.type !== to.type ||
    (to.type !== "webhook" &&
      JSON.stringify(normaliseEventStream({ destination: from })) !==
        JSON.stringify(normaliseEventStream({ destination: to })));
  return fixed ? ["destination"] : [];
}

/** `generate`'s arguments of a stream: no server-made destination field. */
export function eventStreamGenerateArgs(args: JsonObject): JsonObject {
  const configuration = (args.destination as JsonObject | undefined)?.configuration as JsonObject | undefined;
  if (configuration) for (const field of DESTINATION_SERVER_FIELDS) delete configuration[field];
  return args;
}

/** A webhook secret's words: `auditWebhookToken`, "the bearer token of the webhook of …". */
export function webhookSecretWords(stream: KindObject, { parent, place }: PlaceholderSiteOf) {
  const field = String(place[place.length - 1]);
  const what = (
    {
      basic: "basic auth password",
      bearer: "bearer token",
      custom_header: `value of the header ${String(parent.header_key)}`,
    } as Readonly<Record<string, string>>
  )[String(parent.method)];
  if (what === undefined) return undefined;
  return {
    name: `webhook ${field}`,
    description: `the ${what} of the webhook of event stream "${String(stream.name)}" (${stream.id}); the API never returns it`,
  };
}

/** For an EventBridge destination, the partner event source the tenant made; absent for the others. */
export function awsPartnerEventSource(outputs: { destination?: unknown }): string | undefined {
  const destination = outputs.destination;
  if (!isObject(destination) || destination.type !== "eventbridge" || !isObject(destination.configuration)) {
    return undefined;
  }
  const source = destination.configuration.aws_partner_event_source;
  return typeof source === "string" ? source : undefined;
}

/** The action an `action` destination names (none for the other destinations, or an id not known yet). */
function namedAction(stream: JsonObject): NamedId[] {
  const destination = stream.destination;
  if (!isObject(destination) || destination.type !== "action" || !isObject(destination.configuration)) return [];
  const id = destination.configuration.action_id;
  return typeof id === "string" ? [{ where: "destination.configuration.action_id", id }] : [];
}

/**
 * A stream delivering to an action that is about to be replaced (its destination changes: the
 * old stream is deleted, a new one made): the service deletes an action with the stream that
 * delivers to it, so the action the program keeps is gone after `up`. Said at preview, on the
 * stream's line. (A stream merely removed from the program is never shown to its provider at
 * preview: its delete at `up` says the same, and a refresh then finds the action gone.)
 */
export function ownedActionWarnings(
  stream: Readonly<Record<string, unknown>>,
  olds: Readonly<Record<string, unknown>> | undefined,
): string[] {
  if (!olds) return [];
  const before = namedAction(olds as JsonObject);
  if (before.length === 0) return [];
  if (eventStreamReplaces(stream as JsonObject, olds as JsonObject).length === 0) return [];
  return [
    `event stream "${String(stream.name)}": its destination changes, which replaces the stream, and the tenant ` +
      `deletes action ${before[0]!.id} with the stream that delivers to it. If the program keeps that action, ` +
      "it is gone after `up`: give the new stream a new action, or run `pulumi up` a second time to create it again.",
  ];
}

/**
 * The stream's own warnings at preview: an owned action a replace deletes. (An action
 * destination the tenant lacks is the table's missing-reference warning.)
 */
export async function eventStreamWarnings(
  stream: Readonly<Record<string, unknown>>,
  olds: Readonly<Record<string, unknown>> | undefined,
): Promise<string[]> {
  return ownedActionWarnings(stream, olds);
}
