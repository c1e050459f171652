/**
 * A small typed JSON Schema builder. Every function returns a plain JSON Schema object
 * (what ajv compiles and what the provider's `check` walks) whose TypeScript type also
 * carries the value's static type, read with {@link Static}. So one declaration gives
 * the server's validation, the provider's `check` and the TypeScript types, and the
 * types cannot drift from the schemas. No runtime library: the objects are plain data.
 *
 * TSDoc written on a property of an {@link object} call shows in editors on the derived
 * type's property too (the derived object types are homomorphic over the declaration).
 */

/** A JSON Schema (the draft 2020-12 subset ajv understands), as plain data. */
export type JsonSchema = Record<string, unknown>;

/** The phantom key that carries a schema's static type. Never present at runtime. */
declare const STATIC: unique symbol;

/** A JSON Schema whose values have the TypeScript type `T`. */
export type Schema<T = unknown> = JsonSchema & { readonly [STATIC]: T };

/** The TypeScript type of the values `S` accepts. */
export type Static<S> = S extends { readonly [STATIC]: infer T } ? T : never;

/** Flattens intersections into one object type, so editors show plain objects. */
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** Properties of an object schema. */
export type Properties = Record<string, Schema<unknown>>;

/** The static type of an object schema: required keys, optional others. */
export type ObjectStatic<P extends Properties, R extends PropertyKey> = Simplify<
  { -readonly [K in keyof P as K extends R ? K : never]-?: Static<P[K]> } & {
    -readonly [K in keyof P as K extends R ? never : K]?: Static<P[K]>;
  }
>;

/**
 * The JSON Schema keywords that carry a field's own facts ({@link FieldFacts}). ajv runs in
 * non-strict mode and ignores them; the derivations (secret paths, replace rules,
 * references, docs) read them off the schema, so a fact is written once, on its field.
 */
export const FACT_KEYWORDS = {
  secret: "x-secret",
  writeOnly: "writeOnly",
  replaceOnChange: "x-replace-on-change",
  references: "x-references",
  embeds: "x-embeds",
} as const;

/** The schema as data: keys left `undefined` by optional options are dropped; field facts become their keywords. */
const make = <T>(schema: JsonSchema): Schema<T> =>
  Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => value !== undefined && !(value === false && Object.hasOwn(FACT_KEYWORDS, key)))
      .map(([key, value]) => [Object.hasOwn(FACT_KEYWORDS, key) ? FACT_KEYWORDS[key as FactName] : key, value]),
  ) as Schema<T>;

type FactName = keyof typeof FACT_KEYWORDS;

/**
 * What a field is, beyond its values: written on the field, read by every derivation (the
 * provider marks secrets secret, the server seals them at rest and redacts them in its log,
 * `generate` never writes them; a write-only one is carried from the inputs; a
 * replace-on-change field replaces the object; a reference is written by `generate` as the
 * other resource's `.id`).
 */
export interface FieldFacts {
  /** A secret value (the whole value at this field, a string or an object). */
  secret?: boolean;
  /** The API accepts it and never answers it (a write-only secret is also `secret`). */
  writeOnly?: boolean;
  /** A change to it cannot be made in place: the object is replaced. */
  replaceOnChange?: boolean;
  /** It holds the id of an object of this kind (a kind name of the table: `"flow"`). */
  references?: string;
  /**
   * It is text that may name objects of this kind by their ids among other words (an
   * action's code naming a form): `generate` writes it with each such id as the other
   * resource's `.id` interpolated.
   */
  embeds?: string;
}

/** Options shared by every schema. */
export interface Annotations extends FieldFacts {
  /**
   * What the field means: shown in error messages and in every SDK's documentation. Name
   * other fields in backticks by their API names (`` `next_node` ``): each reader's
   * documentation renders them in its own names (`nextNode`, `NextNode`).
   */
  description?: string;
}

/** Bounds and formats of a string. */
export interface StringOptions extends Annotations {
  minLength?: number;
  maxLength?: number;
  /** A regular expression the whole value must match (anchor it). */
  pattern?: string;
  /** A named format registered by `createAjv` (see formats.ts). */
  format?: string;
}

/**
 * A string. `T` narrows the static type where the schema cannot say it (an open set
 * with known members, e.g. `KnownEventType | (string & {})`).
 */
export function string<T extends string = string>(options: StringOptions = {}): Schema<T> {
  return make<T>({ type: "string", ...options });
}

/** Bounds of a number. */
export interface NumberOptions extends Annotations {
  minimum?: number;
  maximum?: number;
}

/** A finite number. */
export function number(options: NumberOptions = {}): Schema<number> {
  return make<number>({ type: "number", ...options });
}

/** An integer (a TypeScript `number`). */
export function integer(options: NumberOptions = {}): Schema<number> {
  return make<number>({ type: "integer", ...options });
}

/** `true` or `false`. */
export function boolean(options: Annotations = {}): Schema<boolean> {
  return make<boolean>({ type: "boolean", ...options });
}

/** Exactly `value` (a discriminator value, or a field that can only be `true`). */
export function literal<const V extends string | number | boolean>(value: V, options: Annotations = {}): Schema<V> {
  return make<V>({ type: typeof value, const: value, ...options });
}

/** One of the strings `values`. */
export function enumOf<const V extends readonly string[]>(values: V, options: StringOptions = {}): Schema<V[number]> {
  return make<V[number]>({ type: "string", enum: [...values], ...options });
}

/** Any JSON value (the published schema says `{}`: nothing is checked). */
export function unknown(options: Annotations = {}): Schema<unknown> {
  return make<unknown>({ ...options });
}

/** Bounds of an array. */
export interface ArrayOptions extends Annotations {
  minItems?: number;
  maxItems?: number;
}

/** An array of `items`. */
export function array<S extends Schema<unknown>>(items: S, options: ArrayOptions = {}): Schema<Static<S>[]> {
  return make<Static<S>[]>({ type: "array", items, ...options });
}

/** Options of an object schema. */
export interface ObjectOptions<R extends string> extends Annotations {
  /** Keys that must be present. */
  required?: readonly R[];
}

/** An object with exactly these properties (`additionalProperties: false`). */
export function object<const P extends Properties, const R extends keyof P & string = never>(
  properties: P,
  options: ObjectOptions<R> = {},
): Schema<ObjectStatic<P, R>> {
  const { required = [], ...rest } = options;
  return make({ type: "object", properties, required: [...required], additionalProperties: false, ...rest });
}

/** An object with these properties that also admits any other key (`additionalProperties: true`). */
export function openObject<const P extends Properties, const R extends keyof P & string = never>(
  properties: P,
  options: ObjectOptions<R> = {},
): Schema<Simplify<ObjectStatic<P, R> & { [key: string]: unknown }>> {
  const { required = [], ...rest } = options;
  return make({ type: "object", properties, required: [...required], additionalProperties: true, ...rest });
}

/** An object whose every value matches `value`, under any keys. */
export function record<S extends Schema<unknown>>(
  value: S,
  options: Annotations = {},
): Schema<Record<string, Static<S>>> {
  return make({ type: "object", additionalProperties: value, ...options });
}

/**
 * One of `branches`, chosen by the value of the property `tag` (each branch gives it a
 * {@link literal}). Failures name the chosen branch's property, not a list of every
 * branch's complaints.
 */
export function discriminated<const K extends string, const B extends readonly Schema<unknown>[]>(
  tag: K,
  branches: B,
  options: Annotations = {},
): Schema<Static<B[number]>> {
  return make({
    type: "object",
    required: [tag],
    discriminator: { propertyName: tag },
    oneOf: [...branches],
    ...options,
  });
}

/** A value matching at least one of `branches` (for branches without a shared tag). */
export function union<const B extends readonly Schema<unknown>[]>(
  branches: B,
  options: Annotations = {},
): Schema<Static<B[number]>> {
  return make({ anyOf: [...branches], ...options });
}

/** `schema` or `null` (a PATCH clears a key with `null`). */
export function nullable<S extends Schema<unknown>>(schema: S): Schema<Static<S> | null> {
  return make({ anyOf: [schema, { type: "null" }] });
}
