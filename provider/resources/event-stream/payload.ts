/** Event stream inputs → request bodies (pure). */
import { deepEqual, type JsonObject } from "../../lifecycle/shared";
import { EVENT_STREAM_FIELDS } from "./schema";

/**
 * The body of `PATCH /event-streams/{id}`: the fields whose normalised values differ.
 * A webhook destination is sent whole, with its secret: the API replaces endpoint and
 * authorization together and never returns the secret, so it must be re-sent.
 */
export function eventStreamPatch(desired: JsonObject, current: JsonObject, payload: JsonObject): JsonObject {
  const patch: JsonObject = {};
  for (const field of EVENT_STREAM_FIELDS) {
    if (desired[field] === undefined || deepEqual(desired[field], current[field])) continue;
    patch[field] = field === "destination" || field === "status" ? (payload[field] ?? desired[field]) : desired[field];
  }
  return patch;
}
