/**
 * What a singleton kind's `check` knows without the tenant (provider/lifecycle/singleton.ts
 * makes the rest of its lifecycle): its facts from the table, its fields (its response
 * schema's), its inputs against them, and what a merging PATCH sends to remove a field.
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { kindSpec, type JsonSchema, type KindSpec } from "../../api";
import { deepEqual, isObject, type JsonObject, UNKNOWN, validateTree, withoutProvider } from "./shared";

/** Inputs of a singleton besides its fields: `adopt`, and the tenant namespace. */
const OTHER_INPUTS = new Set(["adopt", "tenant"]);

/** The facts of singleton `name`, refused for a kind that is not one. */
export function singletonFacts(name: string): KindSpec {
  const spec = kindSpec(name);
  if (!spec) throw new Error(`no kind "${name}"`);
  const named = spec.singletonId !== undefined || spec.singletonKey !== undefined || spec.singletonMadeId !== undefined;
  if (spec.shape !== "singleton" || !named || !spec.provider?.singleton) {
    throw new Error(
      `kind "${name}" is not a singleton with its id and hooks (shape, singletonId, singletonKey or singletonMadeId, provider.singleton)`,
    );
  }
  return spec;
}

/** The fields of singleton `spec`: its response schema's. */
export const fieldsOf = (spec: KindSpec) => (spec.responseSchema.properties ?? {}) as Record<string, JsonSchema>;

/**
 * `check` of singleton `name`'s inputs without the tenant: its fields against its schema,
 * `adopt` a boolean, nothing else, then its own check hook (the template's tags); unknown
 * values (preview) skipped.
 */
export function checkSingletonInputs(name: string, news: JsonObject): { inputs: JsonObject; failures: CheckFailure[] } {
  const spec = singletonFacts(name);
  const properties = fieldsOf(spec);
  const fields = Object.keys(properties);
  const required = new Set((spec.responseSchema.required ?? []) as string[]);
  const inputs = withoutProvider(news);
  const failures: CheckFailure[] = Object.keys(inputs)
    .filter((key) => inputs[key] !== undefined && !fields.includes(key) && !OTHER_INPUTS.has(key))
    .map((key) => ({ property: key, reason: "Additional properties not allowed" }));
  if (inputs.adopt !== undefined && inputs.adopt !== UNKNOWN && typeof inputs.adopt !== "boolean") {
    failures.push({ property: "adopt", reason: "Must be a boolean" });
  }
  const issues = fields.flatMap((field) => {
    if (inputs[field] === undefined) {
      return required.has(field) ? [{ property: field, reason: "Missing required property" }] : [];
    }
    return validateTree(inputs[field], properties[field]!, field);
  });
  failures.push(...issues);
  const own = spec.provider?.check;
  if (issues.length === 0 && own) {
    const values = Object.fromEntries(fields.map((field) => [field, inputs[field]]));
    failures.push(...own(values, (value) => value === UNKNOWN).map(({ property, reason }) => ({ property, reason })));
  }
  return { inputs: news, failures };
}

/** The properties of an object schema, when it is one with properties (a union, a colour or a gradient, is not). */
const nestedProperties = (schema: JsonSchema | undefined): Record<string, JsonSchema> | undefined =>
  schema?.type === "object" && isObject(schema.properties)
    ? (schema.properties as Record<string, JsonSchema>)
    : undefined;

/**
 * What a merging PATCH (`singletonWrites.merges`) must send to remove what `previous` set and
 * `next` does not: `null` for each such field, the fields of a nested object of the schema
 * (`properties`) one by one, so that what others set beside them stays. Empty when nothing goes.
 */
export function removalsOf(previous: JsonObject, next: JsonObject, properties: Record<string, JsonSchema>): JsonObject {
  const removals: JsonObject = {};
  for (const [field, value] of Object.entries(previous)) {
    if (value === undefined || value === null) continue;
    const now = next[field];
    const nested = nestedProperties(properties[field]);
    if (now === undefined || now === null) {
      const inner = nested && isObject(value) ? removalsOf(value, {}, nested) : null;
      if (inner === null || Object.keys(inner).length > 0) removals[field] = inner;
    } else if (nested && isObject(value) && isObject(now)) {
      const inner = removalsOf(value, now, nested);
      if (Object.keys(inner).length > 0) removals[field] = inner;
    }
  }
  return removals;
}

/** `body` with `removals` ({@link removalsOf}) added, nested objects merged. */
export function withRemovals(body: JsonObject, removals: JsonObject): JsonObject {
  const merged: JsonObject = { ...body };
  for (const [field, removal] of Object.entries(removals)) {
    const given = merged[field];
    merged[field] = isObject(removal) && isObject(given) ? withRemovals(given, removal) : (given ?? removal);
  }
  return merged;
}

/**
 * Whether writing `desired` by a merging PATCH would change a value `current` holds (a field both
 * set, to different values; nested objects compared field by field): what taking it over means.
 */
export function overwrites(desired: JsonObject, current: JsonObject): boolean {
  return Object.entries(current).some(([field, value]) => {
    const wanted = desired[field];
    if (wanted === undefined || value === undefined) return false;
    return isObject(wanted) && isObject(value) ? overwrites(wanted, value) : !deepEqual(wanted, value);
  });
}

/** Whether `value` holds an unknown (a preview's value not yet known) anywhere. */
export const holdsUnknown = (value: unknown): boolean => JSON.stringify(value ?? null).includes(UNKNOWN);
