/**
 * Property names at the plugin's boundary. The package schema declares camelCase names
 * (`nextNode`, `createdAt`, `webhookAuthorization`), as Pulumi providers do, so that each SDK
 * applies its language's convention (Python `next_node`, Go `NextNode`, Java `nextNode()`);
 * the tenant's API, the runtime and the dynamic TypeScript classes keep the wire's names
 * (`next_node`). The plugin renames at its boundary, guided by the api/ JSON Schemas: only
 * keys a schema declares are renamed, so map keys (translations, custom fields) and keys the
 * schema does not know pass unchanged, and a secret envelope stays an envelope.
 */
import { kindNames, kindSpec, type JsonSchema, type KindSpec } from "../../api";
import { isSecret, secret } from "./envelope";

/** A wire name as the package schema spells it: `next_node` → `nextNode` (a name without `_` is kept). */
export const schemaName = (wireName: string): string =>
  wireName.replace(/_+([A-Za-z0-9])/g, (_match, next: string) => next.toUpperCase());

/** `toSchema`: from the API's names to the package schema's; `toWire`: back. */
export type Direction = "toSchema" | "toWire";

type Json = Record<string, unknown>;
/**
 * A plain JSON object: not an array, nor an instance of a class such as `generate`'s
 * references. Its prototype is an `Object.prototype` (of any realm: `fetch` parses answers in
 * Node's own, which under jest is not the test's) or none.
 */
function isRecord(value: unknown): value is Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
const isSchema = (value: unknown): value is JsonSchema => isRecord(value);

/**
 * What is worked out from a schema once and kept, by schema object (the api/ table holds them
 * for the process): every Check, Diff and Read renames a resource's properties both ways, and
 * a profile of a refresh preview of 300 resources put 40 % of the time spent in the plugin's
 * own code here, working the same answers out again.
 */
const memo = {
  alternatives: new WeakMap<JsonSchema, JsonSchema[]>(),
  items: new WeakMap<JsonSchema, JsonSchema | null>(),
  declared: new WeakMap<JsonSchema, Map<string, Declared>>(),
  resources: new WeakMap<KindSpec, JsonSchema>(),
};

/** The alternatives of a union schema (`oneOf`, `anyOf`, `allOf`), or the schema itself. */
function alternatives(schema: JsonSchema): JsonSchema[] {
  let found = memo.alternatives.get(schema);
  if (!found) {
    const union = [schema.oneOf, schema.anyOf, schema.allOf].find(Array.isArray) as JsonSchema[] | undefined;
    found = union ? union.flatMap(alternatives) : [schema];
    memo.alternatives.set(schema, found);
  }
  return found;
}

/** The schema of an array's items across the alternatives of `schema`, or undefined. */
function itemsOf(schema: JsonSchema): JsonSchema | undefined {
  let found = memo.items.get(schema);
  if (found === undefined) {
    const items = alternatives(schema)
      .map((branch) => branch.items)
      .filter(isSchema);
    found = items.length > 0 ? either(items) : null;
    memo.items.set(schema, found);
  }
  return found ?? undefined;
}

/**
 * The object branches of `schema` that may describe `value`: of a discriminated union, the
 * branch its tag names (every branch when the tag is missing or unknown, e.g. an unknown value
 * at preview); of any other union, every branch.
 */
function branchesFor(schema: JsonSchema, tag: string | undefined, tagValue: unknown): JsonSchema[] {
  const all = alternatives(schema);
  if (tag === undefined) return all;
  const chosen = all.filter((branch) => {
    const tagSchema = isRecord(branch.properties) ? (branch.properties as Json)[tag] : undefined;
    return isSchema(tagSchema) && tagSchema.const === tagValue;
  });
  return chosen.length > 0 ? chosen : all;
}

/** What {@link renameProperties} needs of the branches that may describe an object. */
interface Declared {
  /** The declared properties, by the name in `direction`'s source spelling. */
  properties: Map<string, { wire: string; schema: JsonSchema }>;
  /** The schema of a map's values, if the branches declare one. */
  values?: JsonSchema;
}

/** {@link declared} and {@link mapValues} of the branches of `schema` that may describe `value`, worked out once. */
function declaredFor(schema: JsonSchema, value: Json, direction: Direction): Declared {
  const tag = isRecord(schema.discriminator) ? String(schema.discriminator.propertyName) : undefined;
  const tagValue = tag === undefined ? undefined : value[direction === "toWire" ? schemaName(tag) : tag];
  // A tag's value picks branches by `const` (strings): any other value picks them all.
  const key = `${direction}\u0000${typeof tagValue === "string" ? `s:${tagValue}` : typeof tagValue}`;
  let bySchema = memo.declared.get(schema);
  if (!bySchema) {
    bySchema = new Map();
    memo.declared.set(schema, bySchema);
  }
  let found = bySchema.get(key);
  if (!found) {
    const branches = branchesFor(schema, tag, tagValue);
    found = { properties: declared(branches, direction), values: mapValues(branches) };
    bySchema.set(key, found);
  }
  return found;
}

/** A key's schema across branches: the one schema, or a union of the different ones. */
const either = (schemas: JsonSchema[]): JsonSchema => (schemas.length === 1 ? schemas[0]! : { anyOf: schemas });

/**
 * The declared properties of `branches`, by the name `value` uses in `direction`'s source
 * spelling: each with its wire name and schema.
 */
function declared(branches: JsonSchema[], direction: Direction): Map<string, { wire: string; schema: JsonSchema }> {
  const byWire = new Map<string, JsonSchema[]>();
  for (const branch of branches) {
    for (const [wire, schema] of Object.entries((branch.properties ?? {}) as Record<string, JsonSchema>)) {
      const known = byWire.get(wire) ?? [];
      if (!known.includes(schema)) known.push(schema);
      byWire.set(wire, known);
    }
  }
  const names = new Map<string, { wire: string; schema: JsonSchema }>();
  for (const [wire, schemas] of byWire) {
    names.set(direction === "toWire" ? schemaName(wire) : wire, { wire, schema: either(schemas) });
  }
  return names;
}

/** The schema of the values of a map (`additionalProperties: {…}`) among `branches`, if any. */
const mapValues = (branches: JsonSchema[]): JsonSchema | undefined =>
  branches.map((branch) => branch.additionalProperties).find(isSchema);

/**
 * `value` with its declared property names spelled for `direction`, at any depth, guided by
 * `schema` (an api/ JSON Schema). Secret envelopes are kept around their renamed contents.
 */
export function renameProperties(value: unknown, schema: JsonSchema | undefined, direction: Direction): unknown {
  if (schema === undefined) return value;
  if (isSecret(value)) return secret(renameProperties(value.value, schema, direction));
  if (Array.isArray(value)) {
    const items = itemsOf(schema);
    return items === undefined ? value : value.map((item) => renameProperties(item, items, direction));
  }
  if (!isRecord(value)) return value;
  const { properties, values } = declaredFor(schema, value, direction);
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => {
      const property = properties.get(key);
      if (property) {
        const name = direction === "toWire" ? property.wire : schemaName(property.wire);
        return [name, renameProperties(child, property.schema, direction)];
      }
      return [key, values ? renameProperties(child, values, direction) : child];
    }),
  );
}

/** Every schema a resource of `kind` exchanges: its create, update and GET bodies. */
function resourceSchema(kind: string): JsonSchema | undefined {
  const spec = kindSpec(kind);
  if (!spec) return undefined;
  let schema = memo.resources.get(spec);
  if (!schema) {
    schema = { anyOf: [spec.createSchema, spec.updateSchema, spec.responseSchema] };
    memo.resources.set(spec, schema);
  }
  return schema;
}

/** The kind whose resource type is `typeName` (`Form` → `form`). */
export function kindOfTypeName(typeName: string): string | undefined {
  return kindNames().find((kind) => kindSpec(kind)!.typeName === typeName);
}

/** A resource's properties (inputs or outputs) renamed for `direction`. */
export function renameResource(kind: string, properties: Json, direction: Direction): Json {
  return renameProperties(properties, resourceSchema(kind), direction) as Json;
}

/** A top-level property name of `kind`'s resource as the package schema spells it. */
export function schemaKey(kind: string, wireKey: string): string {
  return Object.keys(renameResource(kind, { [wireKey]: null }, "toSchema"))[0]!;
}

/**
 * A property path of a check failure (`nodes[0].config.next_node`) as the package schema
 * spells it: each named step renamed where the schema at that point declares it.
 */
export function schemaPath(kind: string, wirePath: string): string {
  let schema = resourceSchema(kind);
  return wirePath.replace(/[A-Za-z_][A-Za-z0-9_]*|\[\d+\]/g, (step) => {
    if (schema === undefined) return step;
    if (step.startsWith("[")) {
      schema = itemsOf(schema);
      return step;
    }
    const property = declared(alternatives(schema), "toSchema").get(step);
    schema = property?.schema;
    return property ? schemaName(property.wire) : step;
  });
}

/** {@link multiWordFieldNames} of the kinds it was last worked out for. */
let fieldNames: { kinds: string; names: Set<string> } | undefined;

/**
 * Every multi-word field name (`next_node`) the table's schemas declare, API spelling: worked
 * out once per set of kinds (the package schema asks for every description it writes).
 */
function multiWordFieldNames(): Set<string> {
  const kinds = kindNames().join();
  if (fieldNames?.kinds === kinds) return fieldNames.names;
  const names = new Set<string>();
  const seen = new Set<JsonSchema>();
  const visit = (schema: unknown): void => {
    if (!isSchema(schema) || seen.has(schema)) return;
    seen.add(schema);
    if (isSchema(schema.properties)) {
      for (const [key, property] of Object.entries(schema.properties)) {
        if (key.includes("_")) names.add(key);
        visit(property);
      }
    }
    visit(schema.items);
    if (isSchema(schema.additionalProperties)) visit(schema.additionalProperties);
    for (const union of [schema.oneOf, schema.anyOf, schema.allOf]) if (Array.isArray(union)) union.forEach(visit);
  };
  for (const kind of kindNames()) {
    const spec = kindSpec(kind)!;
    for (const schema of [spec.createSchema, spec.updateSchema, spec.responseSchema, spec.summarySchema]) visit(schema);
  }
  fieldNames = { kinds, names };
  return names;
}

/** A backtick span naming a field or a dotted path of fields: `` `next_node` ``, `` `start.hidden_fields` ``. */
const FIELD_SPAN = /`([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*)`/g;

/**
 * `text` with each backtick span that names one of `fields` (alone or in a dotted path)
 * spelled by `spell`; any other backticked word (a value such as `oauth_authentication_api`)
 * is kept. What both the package schema and `npm run sdk` rewrite descriptions with.
 */
export function spellFieldSpans(text: string, fields: ReadonlySet<string>, spell: (name: string) => string): string {
  return text.replace(FIELD_SPAN, (span, path: string) => {
    const segments = path.split(".");
    if (!segments.some((segment) => fields.has(segment))) return span;
    return `\`${segments.map((segment) => (fields.has(segment) ? spell(segment) : segment)).join(".")}\``;
  });
}

/**
 * `text` (a field's description, written once with the API's names in backticks) with each
 * field it names spelled as `spell` spells the API name: the package schema's camelCase
 * (`nextNode`), hence each SDK's own (see {@link spellForLanguage}).
 */
export function renameFieldsInText(text: string, spell: (wireName: string) => string = schemaName): string {
  return spellFieldSpans(text, multiWordFieldNames(), spell);
}

/**
 * How an SDK's docs spell a field named in the package schema's descriptions (camelCase,
 * `nextNode`): Python `next_node`, Go `NextNode`, TypeScript, Java and YAML `nextNode`.
 * Applied to a generated SDK's files by `npm run sdk`, so its comments name fields as its code does.
 */
export function spellForLanguage(language: string): ((schemaSpelling: string) => string) | undefined {
  if (language === "python") return (name) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  if (language === "go") return (name) => `${name[0]!.toUpperCase()}${name.slice(1)}`;
  return undefined;
}

/** Every camelCase field name of the package schema that comes from a multi-word API name (`nextNode`). */
export function multiWordSchemaNames(): Set<string> {
  return new Set([...multiWordFieldNames()].map(schemaName));
}
