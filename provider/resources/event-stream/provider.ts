/** The EventStream provider: the collection lifecycle with the event stream's policy. */
import type { EventStream } from "../../../api";
import { listKind } from "../../client/paging";
import { collectionResource, type CollectionSpec } from "../../lifecycle/collection";
import { isObject, type JsonObject } from "../../lifecycle/shared";
import type { ResourceImplementation } from "../../lifecycle/types";
import { eventStreamPatch } from "./payload";
import { EVENT_STREAM_FIELDS } from "./schema";
import {
  comparableEventStreams,
  eventStreamInputsFromOutputs,
  eventStreamOutputs,
  normaliseEventStream,
} from "./state";

/**
 * The event stream's policy: the webhook secret is write-only (carried, never compared
 * against the server), and a destination the API cannot update (its type, any
 * eventbridge or action configuration) is replaced.
 */
export const eventStreamSpec: CollectionSpec<EventStream> = {
  kind: "eventStream",
  fields: EVENT_STREAM_FIELDS,
  list: (client, target) => listKind<EventStream>(client, "eventStream", { target }),
  listIsComplete: true,
  normalise: (value) => normaliseEventStream(value),
  comparable: comparableEventStreams,
  patch: eventStreamPatch,
  outputs: eventStreamOutputs,
  inputsFromOutputs: eventStreamInputsFromOutputs,
  replaces(desired, current) {
    const from = current.destination as JsonObject | undefined;
    const to = desired.destination as JsonObject | undefined;
    if (!isObject(from) || !isObject(to)) return [];
    const fixed =
      from.type !== to.type ||
      (to.type !== "webhook" &&
        JSON.stringify(normaliseEventStream({ destination: from })) !==
          JSON.stringify(normaliseEventStream({ destination: to })));
    return fixed ? ["destination"] : [];
  },
};

/** EventStream: create, read, update, delete against `/event-streams`. */
export const eventStreamImplementation: ResourceImplementation = collectionResource(eventStreamSpec);
