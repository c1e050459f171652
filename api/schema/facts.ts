/**
 * A kind's field facts read off its schema: where its secrets sit, which of them the API
 * never answers, which fields replace the object when they change, and which fields hold
 * another kind's ids. Each fact is written once, on its field (the builder's
 * {@link FieldFacts} options, kept as the {@link FACT_KEYWORDS} of the JSON Schema); every
 * list of them (the secret paths the provider marks, the server seals and redacts, the
 * references `generate` writes as `flow.id`) is derived here.
 */
import { FACT_KEYWORDS, type JsonSchema } from "./builder";
import { EACH, type SecretPath, type SecretStep } from "./secret-paths";

/** A field holding the id of another kind's object. */
export interface ReferenceFact {
  /** Where it sits, in the secret paths' language (keys, `*`, `{ where }`). */
  readonly path: SecretPath;
  /** The kind its value names (a table kind's name: `"flow"`). */
  readonly kind: string;
}

/** Everything {@link schemaFacts} reads off a schema. */
export interface SchemaFacts {
  /** Every secret, read back or write-only. */
  readonly secretPaths: readonly SecretPath[];
  /** The secrets the API never answers (a subset of {@link secretPaths}). */
  readonly writeOnlyPaths: readonly SecretPath[];
  /** The same, each with its field's schema (a string, or an object such as a connection's `setup`). */
  readonly writeOnlyFields: readonly { readonly path: SecretPath; readonly schema: JsonSchema }[];
  /** Top-level fields whose change replaces the object. */
  readonly replaceOnChange: readonly string[];
  /** Fields holding other kinds' ids. */
  readonly references: readonly ReferenceFact[];
  /** Text fields that may name other kinds' objects by id among other words (an action's code). */
  readonly embeds: readonly ReferenceFact[];
}

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The steps into the branches of a schema: a tagged union's `where`, or none. */
function branchesOf(schema: JsonSchema): { step?: SecretStep; schema: JsonSchema }[] {
  const tag = isSchema(schema.discriminator) ? (schema.discriminator.propertyName as string) : undefined;
  const branches = [
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
  ].filter(isSchema);
  return branches.map((branch) => {
    const properties = isSchema(branch.properties) ? branch.properties : {};
    const value = tag && isSchema(properties[tag]) ? properties[tag].const : undefined;
    return typeof value === "string" ? { step: { where: { [tag!]: value } }, schema: branch } : { schema: branch };
  });
}

/**
 * `path` and then `step`; a union's choice right after another one's (a flow action is chosen
 * by `type`, then by `action`) is one step choosing on both keys, as the paths' `where` allows.
 */
function withStep(path: SecretPath, step: SecretStep): SecretPath {
  const last = path[path.length - 1];
  if (typeof last === "object" && typeof step === "object") {
    return [...path.slice(0, -1), { where: { ...last.where, ...step.where } }];
  }
  return [...path, step];
}

const memo = new WeakMap<JsonSchema, SchemaFacts>();

/** The facts of `schema` (an object schema: a kind's create schema), by field path. */
export function schemaFacts(schema: JsonSchema): SchemaFacts {
  const known = memo.get(schema);
  if (known) return known;
  const secretPaths: SecretPath[] = [];
  const writeOnlyPaths: SecretPath[] = [];
  const writeOnlyFields: { path: SecretPath; schema: JsonSchema }[] = [];
  const replaceOnChange: string[] = [];
  const references: ReferenceFact[] = [];
  const embeds: ReferenceFact[] = [];
  const seen = new Set<string>();
  const add = (list: SecretPath[] | ReferenceFact[], key: string, entry: SecretPath | ReferenceFact) => {
    if (seen.has(key)) return;
    seen.add(key);
    (list as unknown[]).push(entry);
  };
  const visit = (node: JsonSchema, path: SecretPath, depth: number): void => {
    // A recursive schema cannot loop here: the builder makes trees; the depth bounds a hand-made cycle.
    if (depth > 64) return;
    const at = JSON.stringify(path);
    const field = path[0];
    if (path.length === 1 && node[FACT_KEYWORDS.replaceOnChange] === true && typeof field === "string") {
      if (!replaceOnChange.includes(field)) replaceOnChange.push(field);
    }
    if (typeof node[FACT_KEYWORDS.references] === "string") {
      add(references, `ref ${at}`, { path, kind: node[FACT_KEYWORDS.references] as string });
    }
    if (typeof node[FACT_KEYWORDS.embeds] === "string") {
      add(embeds, `embeds ${at}`, { path, kind: node[FACT_KEYWORDS.embeds] as string });
    }
    if (node[FACT_KEYWORDS.secret] === true || node[FACT_KEYWORDS.writeOnly] === true) {
      add(secretPaths, `secret ${at}`, path);
      if (node[FACT_KEYWORDS.writeOnly] === true && !seen.has(`write-only ${at}`)) {
        add(writeOnlyPaths, `write-only ${at}`, path);
        writeOnlyFields.push({ path, schema: node });
      }
      return; // a secret is secret whole: nothing inside it is named apart
    }
    if (isSchema(node.properties)) {
      for (const [key, property] of Object.entries(node.properties)) {
        if (isSchema(property)) visit(property, [...path, key], depth + 1);
      }
    }
    if (isSchema(node.items)) visit(node.items, [...path, EACH], depth + 1);
    for (const branch of branchesOf(node)) {
      visit(branch.schema, branch.step ? withStep(path, branch.step) : path, depth + 1);
    }
  };
  visit(schema, [], 0);
  const facts = { secretPaths, writeOnlyPaths, writeOnlyFields, replaceOnChange, references, embeds };
  memo.set(schema, facts);
  return facts;
}

/** True when values of `schema` are JSON objects (an object schema, or a union of them). */
export function isObjectSchema(schema: JsonSchema): boolean {
  if (schema.type === "object") return true;
  return branchesOf(schema).length > 0 && branchesOf(schema).every((branch) => isObjectSchema(branch.schema));
}

/**
 * An example value of `schema` for people (a README's "set it like this"): an object's
 * required keys (all keys when none is required), a tag's own value, a placeholder
 * `<name>` for text; one example per branch of a union.
 */
export function examplesOf(schema: JsonSchema, name = "value"): unknown[] {
  const branches = branchesOf(schema);
  if (branches.length > 0) {
    return branches.flatMap((branch) =>
      examplesOf({ ...branch.schema }, name).map((example) => merged(schema, example)),
    );
  }
  return [exampleOf(schema, name)];
}

/** An example of an object schema's own properties around a branch's example. */
function merged(schema: JsonSchema, branch: unknown): unknown {
  if (!isSchema(schema.properties) || typeof branch !== "object" || branch === null) return branch;
  const own = exampleOf({ ...schema, oneOf: undefined, anyOf: undefined }, "value") as Record<string, unknown>;
  return { ...own, ...(branch as Record<string, unknown>) };
}

function exampleOf(schema: JsonSchema, name: string): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const branches = branchesOf(schema);
  if (branches.length > 0) return examplesOf(schema, name)[0];
  switch (schema.type) {
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 0;
    case "boolean":
      return false;
    case "array":
      return isSchema(schema.items) ? [exampleOf(schema.items, name)] : [];
    case "object": {
      const properties = isSchema(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      const keys = required.length > 0 ? required : Object.keys(properties);
      return Object.fromEntries(
        keys.filter((key) => isSchema(properties[key])).map((key) => [key, exampleOf(properties[key]!, key)]),
      );
    }
    default:
      return `<${name}>`;
  }
}
