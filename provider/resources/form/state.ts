/**
 * Form responses and stored outputs → normalised values (pure). The same
 * normalisation serves diff, read and the stored outputs, so preview, refresh and
 * update agree on what "changed" means.
 */
import {
  DEFAULT_FORM_ENDING,
  FORM_FIELDS,
  FORM_KEPT_EMPTY_KEYS,
  FORM_OPAQUE_KEYS as OPAQUE_KEYS,
  FORM_SERVER_FIELDS,
  type Form,
} from "../../../api";
import { deepEqual, isObject, type JsonObject, prune } from "../../lifecycle/shared";

export { DEFAULT_FORM_ENDING } from "../../../api";

const isEmptyValue = (value: unknown) =>
  (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);

/**
 * The managed fields of a form in canonical shape: only the API's settable keys, empty
 * objects and arrays dropped (the API does not echo them), and `ending` defaulted the
 * way the server defaults it.
 */
export function normaliseForm(form: JsonObject): JsonObject {
  const normalised: JsonObject = {};
  for (const field of FORM_FIELDS) {
    const value = form[field] === null ? undefined : prune(form[field], OPAQUE_KEYS, field, FORM_KEPT_EMPTY_KEYS);
    if (value !== undefined && !isEmptyValue(value)) normalised[field] = value;
  }
  if (normalised.ending === undefined) normalised.ending = { ...DEFAULT_FORM_ENDING };
  return normalised;
}

/**
 * Stored outputs from a server response, in the program's shape: normalised fields, the
 * server timestamps, and no `ending` when the server's default stands in for an ending
 * the program (`previous`: inputs or old outputs) did not set — else every refresh would
 * show a phantom `- ending` change.
 */
export function formOutputs(form: Form | JsonObject, previous?: JsonObject): JsonObject {
  const record = form as JsonObject;
  const outputs: JsonObject = { ...normaliseForm(record) };
  const previousEnding = previous ? prune(previous.ending) : undefined;
  if (
    previous &&
    (previousEnding === undefined || previousEnding === null || isEmptyValue(previousEnding)) &&
    deepEqual(outputs.ending, DEFAULT_FORM_ENDING)
  ) {
    delete outputs.ending;
  }
  for (const field of FORM_SERVER_FIELDS) {
    if (typeof record[field] === "string") outputs[field] = record[field];
  }
  return outputs;
}

/** Inputs in the program's shape that reproduce stored outputs (what `read` reports so drift shows). */
export function formInputsFromOutputs(outputs: JsonObject): JsonObject {
  const inputs: JsonObject = {};
  for (const field of FORM_FIELDS) {
    if (outputs[field] !== undefined) inputs[field] = outputs[field];
  }
  return inputs;
}
