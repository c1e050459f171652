/** Form inputs → request bodies (pure). */
import { deepEqual, type JsonObject } from "../shared";
import { FORM_FIELDS, type FormField } from "./schema";

/** The body of `POST /forms` (a `FormFields`): the managed fields the user set, nothing else. */
export function formPayload(inputs: JsonObject): JsonObject {
  const body: JsonObject = {};
  for (const field of FORM_FIELDS) {
    if (inputs[field] !== undefined && inputs[field] !== null) body[field] = inputs[field];
  }
  return body;
}

/**
 * The body of `PATCH /forms/{id}`: only the top-level keys whose normalised values
 * differ. A key the user removed is sent as `null`, which clears it (PATCH keeps keys
 * it does not receive and does not deep-merge).
 */
export function formPatch(desired: JsonObject, current: JsonObject, payload: JsonObject): JsonObject {
  const patch: JsonObject = {};
  for (const field of FORM_FIELDS as readonly FormField[]) {
    if (deepEqual(desired[field], current[field])) continue;
    patch[field] = payload[field] ?? null;
  }
  return patch;
}
