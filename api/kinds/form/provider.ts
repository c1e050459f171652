/**
 * The form's own rules for the provider, as hooks beside its entry (contract.ts): what the
 * provider applies on top of the lifecycle it makes from the entry (the comparison policy,
 * the node graph checked at preview, `generate`'s words for component secrets), and the
 * dropping of empty values the tenant server's rules (tenant.ts) share. Plain functions of
 * JSON, so the api floor imports nothing above it.
 */
import type { CheckIssue, KindObject, PlaceholderSiteOf } from "../../table/kind-spec";
import { DEFAULT_FORM_ENDING, FORM_FIELDS, FORM_KEPT_EMPTY_KEYS, FORM_OPAQUE_KEYS, FORM_SERVER_FIELDS } from "./fields";
import { formNodeIds, formNodeReferences } from "./node-references";
import { FORM_ENDING_NODE } from "./formats";

import { deepEqual as same, isObject, type JsonObject } from "../../json";

const isEmptyValue = (value: unknown) =>
  (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);

/**
 * Drops empty objects and arrays, at any depth, the way the service does. STEP components
 * and router rule conditions are opaque: what a caller put in them comes back as given (an
 * empty `operands: []` included), and a rule's `condition: []` is kept.
 */
export function pruneEmpty(value: unknown, key = ""): unknown {
  if (FORM_OPAQUE_KEYS.has(key)) return value;
  if (Array.isArray(value)) return value.map((item) => pruneEmpty(item)).filter((item) => item !== undefined);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [innerKey, inner] of Object.entries(value)) {
    const pruned = pruneEmpty(inner, innerKey);
    if (pruned !== undefined && (!isEmptyValue(pruned) || FORM_KEPT_EMPTY_KEYS.has(innerKey))) out[innerKey] = pruned;
  }
  return out;
}

// ---------------------------------------------------------------- the provider

/**
 * The managed fields of a form in canonical shape: only the API's settable keys, empty
 * objects and arrays dropped (the API does not echo them), and `ending` defaulted the
 * way the server defaults it.
 */
export function normaliseForm(form: JsonObject): JsonObject {
  const normalised: JsonObject = {};
  for (const field of FORM_FIELDS) {
    const value = form[field] === null ? undefined : pruneEmpty(form[field], field);
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
export function formOutputs(form: JsonObject, previous?: JsonObject): JsonObject {
  const outputs: JsonObject = { ...normaliseForm(form) };
  const previousEnding = previous ? pruneEmpty(previous.ending) : undefined;
  if (
    previous &&
    (previousEnding === undefined || previousEnding === null || isEmptyValue(previousEnding)) &&
    same(outputs.ending, DEFAULT_FORM_ENDING)
  ) {
    delete outputs.ending;
  }
  for (const field of FORM_SERVER_FIELDS) if (typeof form[field] === "string") outputs[field] = form[field];
  return outputs;
}

/** Inputs in the program's shape that reproduce stored outputs (what `read` reports so drift shows). */
export function formInputsFromOutputs(outputs: JsonObject): JsonObject {
  const inputs: JsonObject = {};
  for (const field of FORM_FIELDS) if (outputs[field] !== undefined) inputs[field] = outputs[field];
  return inputs;
}

/**
 * The body of `PATCH /forms/{id}`: only the top-level keys whose normalised values
 * differ. A key the user removed is sent as `null`, which clears it (PATCH keeps keys
 * it does not receive and does not deep-merge).
 */
export function formPatch(desired: JsonObject, current: JsonObject, payload: JsonObject): JsonObject {
  const patch: JsonObject = {};
  for (const field of FORM_FIELDS) {
    if (same(desired[field], current[field])) continue;
    patch[field] = payload[field] ?? null;
  }
  return patch;
}

/** Whether `value`, or anything in it, is not known yet at preview. */
const holdsUnknown = (value: unknown, isUnknown: (value: unknown) => boolean): boolean =>
  isUnknown(value) ||
  (Array.isArray(value) && value.some((item) => holdsUnknown(item, isUnknown))) ||
  (isObject(value) && Object.values(value).some((item) => holdsUnknown(item, isUnknown)));

/**
 * Every `next_node` (start, STEP and FLOW `config.next_node`, ROUTER rules and fallback,
 * JUMP_BUTTON `config.next_node`) must name a node of the form or `$ending`: the API
 * refuses the form otherwise ("Some nodes point to unknown node IDs"). Node ids must be
 * unique. Values not known yet at preview (`isUnknown`) are not judged.
 */
export function checkNodeReferences(form: JsonObject, isUnknown: (value: unknown) => boolean): CheckIssue[] {
  if (form.nodes !== undefined && !Array.isArray(form.nodes)) return [];
  const nodeIds = formNodeIds(form);
  // An unknown node id could be any id: references cannot be judged yet.
  if (nodeIds.some((id) => isUnknown(id) || typeof id !== "string")) return [];
  const failures: CheckIssue[] = [];
  const ids = new Set<string>();
  nodeIds.forEach((id, index) => {
    if (ids.has(id as string))
      failures.push({ property: `nodes[${index}].id`, reason: `Duplicate node id "${String(id)}"` });
    ids.add(id as string);
  });
  for (const { property, target } of formNodeReferences(form)) {
    if (typeof target !== "string" || holdsUnknown(target, isUnknown)) continue;
    if (target !== FORM_ENDING_NODE && !ids.has(target)) {
      failures.push({
        property,
        reason: `next_node "${target}" points to no node of the form; use a node id or "${FORM_ENDING_NODE}"`,
      });
    }
  }
  return failures;
}

/**
 * A component secret's words in `generate`: `<component id> <field>` (`captcha secret_key`),
 * "RECAPTCHA secret_key of component captcha in form …".
 */
export function formSecretWords(form: KindObject, { place }: PlaceholderSiteOf) {
  const [nodes, nodeIndex, , components, componentIndex, , ...field] = place;
  if (nodes !== "nodes" || components !== "components") return undefined;
  const node = (form.nodes as JsonObject[] | undefined)?.[nodeIndex as number];
  const component = ((node?.config as JsonObject | undefined)?.components as JsonObject[] | undefined)?.[
    componentIndex as number
  ];
  if (!component) return undefined;
  const key = field.join(".");
  return {
    name: `${String(component.id)} ${key}`,
    description: `${String(component.type)} ${key} of component ${String(component.id)} in form "${String(form.name)}" (${form.id})`,
  };
}
