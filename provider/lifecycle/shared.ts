/**
 * Helpers shared by the resources' pure parts: the preview's unknown sentinel, JSON
 * equality and pruning, and schema validation that skips unknown subtrees.
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import {
  compileValidator,
  contractFormats,
  createAjv,
  discriminatorValues,
  formatsOf,
  precompiledValidator,
  type Validator,
  type JsonSchema,
} from "../../api";
import { isObject, type JsonObject } from "../../api/json";
import { precompiledKinds, precompiledValidate } from "./precompiled";

/** What the engine sends in place of a value it does not know yet (preview). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** The key under which the engine passes the serialized provider in inputs and outputs. */
export const PROVIDER_KEY = "__provider";

export { deepEqual, isObject, type JsonObject } from "../../api/json";

/** True when the unknown sentinel appears anywhere in `value`. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (isObject(value)) return Object.values(value).some(containsUnknown);
  return false;
}

/** A copy of `inputs` without the engine's `__provider` key. */
export function withoutProvider<T extends JsonObject>(inputs: T | undefined): T {
  const { [PROVIDER_KEY]: _provider, ...rest } = inputs ?? ({} as T);
  return rest as T;
}

function isEmpty(value: unknown): boolean {
  return (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);
}

/**
 * Drops empty objects and arrays held by a key, at any depth, as the API does (it does
 * not echo them). Items of arrays are pruned but kept; values under `opaqueKeys` are
 * kept exactly as given (form components are opaque to the API), and under `keepEmpty`
 * also when empty (a router rule's `condition: []`).
 */
export function prune(
  value: unknown,
  opaqueKeys: ReadonlySet<string> = new Set(),
  key = "",
  keepEmpty: ReadonlySet<string> = new Set(),
): unknown {
  if (opaqueKeys.has(key)) return value;
  if (Array.isArray(value)) {
    return value.map((item) => prune(item, opaqueKeys, "", keepEmpty)).filter((item) => item !== undefined);
  }
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [innerKey, inner] of Object.entries(value)) {
      const pruned = prune(inner, opaqueKeys, innerKey, keepEmpty);
      if (pruned !== undefined && (!isEmpty(pruned) || keepEmpty.has(innerKey))) out[innerKey] = pruned;
    }
    return out;
  }
  return value;
}

/** Joins a property path and a relative one: `nodes[1]` + `config.flow_id`. */
export function joinPath(base: string, rest: string): string {
  if (!base) return rest;
  if (!rest) return base;
  return rest.startsWith("[") ? `${base}${rest}` : `${base}.${rest}`;
}

const ajv = createAjv(contractFormats);
const validators = new WeakMap<JsonSchema, Validator>();

/** The kinds whose create schema may have been compiled at build time (./precompiled.ts), by schema. */
let precompiledKindOf: Map<JsonSchema, string> | undefined;

function validatorFor(schema: JsonSchema): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    precompiledKindOf ??= new Map(precompiledKinds().map(({ kind, schema }) => [schema, kind]));
    const kind = precompiledKindOf.get(schema);
    const validate = kind === undefined ? undefined : precompiledValidate(kind, schema);
    validator = validate ? precompiledValidator(validate, ajv) : compileValidator(schema, ajv);
    validators.set(schema, validator);
  }
  return validator;
}

/** The formats of this process's ajv instance by name: what the precompiled validators call. */
export function validatorFormats(): Readonly<Record<string, unknown>> {
  return formatsOf(ajv);
}

/**
 * Compiles the validator of `schema` now, so that the first check using it does not wait
 * for it (the form's create schema takes about 0.6 s to compile).
 */
export function prepareValidator(schema: JsonSchema): void {
  validatorFor(schema);
}

/**
 * Validates `value` against `schema`, reporting failures with property paths under
 * `path`. Subtrees holding an unknown value (preview) are not judged, but the rest of
 * the value still is: objects, arrays and discriminated unions are walked down to the
 * parts that are fully known.
 */
export function validateTree(value: unknown, schema: JsonSchema, path = ""): CheckFailure[] {
  if (value === UNKNOWN) return [];
  if (!containsUnknown(value)) {
    const issue = validatorFor(schema)(value);
    return issue ? [{ property: joinPath(path, issue.property), reason: issue.message }] : [];
  }
  if (Array.isArray(schema.anyOf)) {
    // nullable(x) or a union: walk the alternative meant for this kind of value.
    const kind = Array.isArray(value) ? "array" : "object";
    const alternatives = (schema.anyOf as JsonSchema[]).filter((alternative) => alternative.type !== "null");
    const meant =
      alternatives.find((alternative) => alternative.type === kind) ??
      alternatives.find((alternative) => alternative.type === undefined);
    return meant ? validateTree(value, meant, path) : [];
  }
  if (Array.isArray(value)) return validateArray(value, schema, path);
  if (!isObject(value)) return [];
  if (Array.isArray(schema.oneOf) && isObject(schema.discriminator)) {
    const tag = String(schema.discriminator.propertyName);
    const tagValue = value[tag];
    if (tagValue === undefined) return [{ property: joinPath(path, tag), reason: "Missing required property" }];
    if (tagValue === UNKNOWN) return [];
    const branch = (schema.oneOf as JsonSchema[]).find(
      (candidate) =>
        isObject(candidate.properties) &&
        isObject(candidate.properties[tag]) &&
        candidate.properties[tag].const === tagValue,
    );
    if (!branch)
      return [
        { property: joinPath(path, tag), reason: `Must be one of: ${discriminatorValues(schema, tag).join(", ")}` },
      ];
    return validateTree(value, branch, path);
  }
  return validateObject(value, schema, path);
}

function validateArray(value: unknown[], schema: JsonSchema, path: string): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (typeof schema.minItems === "number" && value.length < schema.minItems) {
    failures.push({ property: path, reason: `Array is too short, minimum ${schema.minItems} item(s)` });
  }
  if (typeof schema.maxItems === "number" && value.length > schema.maxItems) {
    failures.push({ property: path, reason: `Array is too long, maximum ${schema.maxItems} items` });
  }
  if (isObject(schema.items)) {
    value.forEach((item, index) =>
      failures.push(...validateTree(item, schema.items as JsonSchema, `${path}[${index}]`)),
    );
  }
  return failures;
}

function validateObject(value: JsonObject, schema: JsonSchema, path: string): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const properties = isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  for (const key of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
    if (value[key] === undefined) failures.push({ property: joinPath(path, key), reason: "Missing required property" });
  }
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    const propertySchema =
      properties[key] ?? (isObject(schema.additionalProperties) ? schema.additionalProperties : undefined);
    if (propertySchema) failures.push(...validateTree(item, propertySchema, joinPath(path, key)));
    else if (schema.additionalProperties === false) {
      failures.push({ property: joinPath(path, key), reason: "Additional properties not allowed" });
    }
  }
  return failures;
}

/** The create body: the managed fields the user set, nothing else. */
export function payloadOf(fields: readonly string[], inputs: JsonObject): JsonObject {
  const body: JsonObject = {};
  for (const field of fields) {
    if (inputs[field] !== undefined && inputs[field] !== null) body[field] = inputs[field];
  }
  return body;
}
