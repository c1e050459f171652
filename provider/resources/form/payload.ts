/** Form inputs → request bodies (pure). */
import { deepEqual, type JsonObject } from "../../lifecycle/shared";
import { FORM_FIELDS, type FormField } from "./schema";

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
