/**
 * Event stream responses and stored outputs → normalised values (pure), and diff.
 * The API never returns webhook secrets: they are carried from the inputs or the old
 * outputs, where the engine keeps them encrypted.
 */
import { isObject, type JsonObject } from "../../lifecycle/shared";
import { payloadOf } from "../../lifecycle/collection";
import { DEFAULT_EVENT_STREAM_STATUS } from "../../../api";
import { EVENT_STREAM_FIELDS, EVENT_STREAM_SERVER_FIELDS, WEBHOOK_SECRET_FIELD } from "./schema";

export { DEFAULT_EVENT_STREAM_STATUS } from "../../../api";

/** Server-made destination fields: shown in outputs, never compared. */
const DESTINATION_SERVER_FIELDS = ["aws_partner_event_source"];

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
  out.status = stream.status ?? DEFAULT_EVENT_STREAM_STATUS;
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
  const field = WEBHOOK_SECRET_FIELD[authorization.method as keyof typeof WEBHOOK_SECRET_FIELD];
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
    { ...stream, destination: withCarriedSecret(stream.destination, previous?.destination) },
    false,
  );
  if (
    previous &&
    (previous.status === undefined || previous.status === null) &&
    outputs.status === DEFAULT_EVENT_STREAM_STATUS
  ) {
    delete outputs.status;
  }
  for (const field of EVENT_STREAM_SERVER_FIELDS) {
    if (typeof stream[field] === "string") outputs[field] = stream[field];
  }
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
 * user leaves out is not managed (the API cannot clear them), so it is not compared. A
 * webhook secret the state never held (an object taken over by `pulumi import`, whose read
 * cannot return it) is taken as the program's: the API cannot tell, as with adoption, and
 * the next change to the destination sends it.
 */
export function comparableEventStreams(
  olds: JsonObject,
  news: JsonObject,
): { desired: JsonObject; current: JsonObject } {
  const desired = normaliseEventStream(payloadOf(EVENT_STREAM_FIELDS, news));
  const current = normaliseEventStream(olds);
  if (current.destination !== undefined)
    current.destination = withCarriedSecret(current.destination, desired.destination);
  if (desired.name === undefined) delete current.name;
  if (desired.subscriptions === undefined) delete current.subscriptions;
  return { desired, current };
}
