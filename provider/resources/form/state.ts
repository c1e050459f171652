/**
 * Form responses and stored outputs → normalised values (pure). The same
 * normalisation serves diff, read and the stored outputs, so preview, refresh and
 * update agree on what "changed" means.
 */
import type { DiffResult } from "@pulumi/pulumi/dynamic";
import {
  DEFAULT_FORM_ENDING, FORM_FIELDS, FORM_OPAQUE_KEYS as OPAQUE_KEYS, FORM_SECRET_PATHS, FORM_SERVER_FIELDS, type Form,
} from "../../../api/resources/form";
import { withoutSecrets } from "../../../api/schema/secret-paths";
import { contentHash } from "../journal";
import { deepEqual, isObject, type JsonObject, prune } from "../shared";
import { formPayload } from "./payload";

export { DEFAULT_FORM_ENDING } from "../../../api/resources/form";

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
    const value = form[field] === null ? undefined : prune(form[field], OPAQUE_KEYS, field);
    if (value !== undefined && !isEmptyValue(value)) normalised[field] = value;
  }
  if (normalised.ending === undefined) normalised.ending = { ...DEFAULT_FORM_ENDING };
  return normalised;
}

/** Stored outputs from a server response: normalised fields, server timestamps, `adoptId`. */
export function formOutputs(form: Form | JsonObject, adoptId?: unknown): JsonObject {
  const record = form as JsonObject;
  const outputs: JsonObject = { ...normaliseForm(record) };
  for (const field of FORM_SERVER_FIELDS) {
    if (typeof record[field] === "string") outputs[field] = record[field];
  }
  if (typeof adoptId === "string") outputs.adoptId = adoptId;
  return outputs;
}

/** Inputs that reproduce stored outputs (what `read` reports so drift shows). */
export function formInputsFromOutputs(outputs: JsonObject): JsonObject {
  const inputs: JsonObject = { ...normaliseForm(outputs) };
  if (outputs.adoptId !== undefined) inputs.adoptId = outputs.adoptId;
  return inputs;
}

/**
 * The create journal's key for a form: the hash of its normalised content *without*
 * the component secrets (the journal is a plain file).
 */
export function formJournalKey(body: JsonObject): string {
  return contentHash(withoutSecrets(normaliseForm(body), FORM_SECRET_PATHS));
}

/** diff: normalised desired fields against the normalised managed part of the old outputs. */
export function diffForm(olds: JsonObject, news: JsonObject): DiffResult {
  const desired = normaliseForm(formPayload(news));
  const current = normaliseForm(olds);
  return { changes: !deepEqual(desired, current) };
}
