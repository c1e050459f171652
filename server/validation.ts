/**
 * The contract's schemas compiled once per process, and the checks of path and query
 * parameters that turn bad input into 400s instead of surprises further in.
 */
import {
  compileValidator,
  contractFormats,
  createAjv,
  KIND_NAMES,
  kindSpec,
  type JsonSchema,
  type Validator,
} from "../api";
import { invalidBody, invalidQuery, invalidUri } from "./http-error";
import { coerceUrlEncodedValue } from "./body";

const ajv = createAjv(contractFormats);

/** Compiles `schema` with the server's Ajv (formats, options), for a route's own schemas. */
export function compileSchema(schema: JsonSchema): Validator {
  return compileValidator(schema, ajv);
}

/** Which body of a kind: the create (POST, PUT of a singleton) or the update (PATCH). */
export type BodyOperation = "create" | "update";

function schemaOf(kind: string, operation: BodyOperation): JsonSchema {
  const spec = kindSpec(kind);
  if (!spec) throw new Error(`no kind "${kind}"`);
  return operation === "create" ? spec.createSchema : spec.updateSchema;
}

/**
 * The create and update schemas of each kind, compiled once: the table's collections at
 * start (their routes validate with them; the template's route has schemas of its own), a
 * declared kind's on first use.
 */
const KIND_VALIDATORS = new Map<string, Validator>();

function kindValidator(kind: string, operation: BodyOperation): Validator {
  const key = `${kind} ${operation}`;
  let validator = KIND_VALIDATORS.get(key);
  if (!validator) KIND_VALIDATORS.set(key, (validator = compileSchema(schemaOf(kind, operation))));
  return validator;
}

for (const kind of KIND_NAMES.filter((name) => kindSpec(name)!.shape === "collection")) {
  for (const operation of ["create", "update"] as const) kindValidator(kind, operation);
}

/**
 * Validates a create or update body of `kind` against the table's schema (see
 * {@link validBody}), then `check` (a rule of the tenant's own no schema states).
 */
export function validKindBody<T>(
  kind: string,
  operation: BodyOperation,
  body: unknown,
  options: { urlEncoded?: boolean; check?: Validator } = {},
): T {
  const validator = kindValidator(kind, operation);
  const { check } = options;
  return validBody<T>(
    body,
    check ? (value) => validator(value) ?? check(value) : validator,
    schemaOf(kind, operation),
    options.urlEncoded ?? false,
  );
}

/**
 * The path (`start.coordinates.x`) of the first number in `value` that is not finite, if
 * any. JSON can write `1e400` (or a megabyte of digits); it parses to Infinity, which JSON
 * then stores as `null`, and the stored object no longer passes its own schema. Bodies are
 * at most 64 levels deep (see body.ts), so the recursion is bounded.
 */
export function nonFiniteNumberPath(value: unknown, path = ""): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? undefined : path;
  if (typeof value !== "object" || value === null) return undefined;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [`${path}[${index}]`, item])
    : Object.entries(value).map(([key, inner]) => [path ? `${path}.${key}` : key, inner]);
  for (const [innerPath, inner] of entries) {
    const found = nonFiniteNumberPath(inner, innerPath);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Validates a request body against `schema` (coercing form-encoded strings first) and
 * returns it typed; throws 400 `invalid_body` naming the first problem. Numbers too large
 * for a double are refused first, whatever the schema allows there.
 */
export function validBody<T>(body: unknown, validator: Validator, schema: JsonSchema, urlEncoded: boolean): T {
  const value = urlEncoded ? coerceUrlEncodedValue(body, schema) : body;
  const nonFinite = nonFiniteNumberPath(value);
  if (nonFinite !== undefined) throw invalidBody({ property: nonFinite, message: "Number is too large to store" });
  const issue = validator(value === undefined ? null : value);
  if (issue) throw invalidBody(issue);
  return value as T;
}

/** The route shape of `<collection>/:id`: its one path parameter. */
export interface IdRoute {
  Params: { id: string };
}

/** Path id rules, from the table of kinds (api/kinds/index.ts `id.path`), by kind, made on first use. */
const PATH_IDS = new Map<string, { pattern: RegExp; maxLength: number }>();

/** Checks the `id` path parameter of a collection kind; throws 400 `invalid_uri` when malformed. */
export function validPathId(kind: string, id: string): string {
  let rule = PATH_IDS.get(kind);
  if (!rule) {
    const path = kindSpec(kind)?.id?.path;
    if (!path) throw new Error(`kind "${kind}" has no ids`);
    PATH_IDS.set(kind, (rule = { pattern: new RegExp(path.pattern), maxLength: path.maxLength }));
  }
  if (id.length > rule.maxLength)
    throw invalidUri("id", `String is too long (${id.length} chars), maximum ${rule.maxLength}`);
  if (!rule.pattern.test(id)) throw invalidUri("id", `String does not match pattern: ${rule.pattern.source}`);
  return id;
}

/** A single query parameter's value (the last one when it repeats). */
export function queryValue(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  if (Array.isArray(value)) return value.length ? String(value[value.length - 1]) : undefined;
  return value === undefined ? undefined : String(value);
}

/** An integer query parameter within bounds, or its default; 400 otherwise. */
export function queryInteger(query: unknown, name: string, min: number, max: number, fallback: number): number {
  const text = queryValue(query, name);
  if (text === undefined || text === "") return fallback;
  if (!/^-?\d+$/.test(text)) throw invalidQuery(name, "Expected type integer");
  const value = Number(text);
  if (value < min) throw invalidQuery(name, `Value is below minimum ${min}`);
  if (value > max) throw invalidQuery(name, `Value exceeds maximum ${max}`);
  return value;
}

/** A boolean query parameter (`true`/`false`), or its default; 400 otherwise. */
export function queryBoolean(query: unknown, name: string, fallback: boolean): boolean {
  const text = queryValue(query, name);
  if (text === undefined || text === "") return fallback;
  if (text !== "true" && text !== "false") throw invalidQuery(name, "Expected type boolean");
  return text === "true";
}

/** The checkpoint cursor: an opaque base64url of the position of the last item seen. */
export function encodeCursor(seq: number): string {
  return Buffer.from(`seq:${seq}`, "utf8").toString("base64url");
}

/** Decodes a `from` cursor; 400 when it was not made by {@link encodeCursor}. */
export function decodeCursor(query: unknown): number {
  const text = queryValue(query, "from");
  if (text === undefined || text === "") return 0;
  const match = /^seq:(\d{1,15})$/.exec(Buffer.from(text, "base64url").toString("utf8"));
  if (!match) throw invalidQuery("from", "Invalid checkpoint");
  return Number(match[1]);
}

/** Values of a repeatable query parameter such as `hydrate`. */
export function queryList(query: unknown, name: string): string[] {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  if (value === undefined) return [];
  const values = Array.isArray(value) ? value.map(String) : [String(value)];
  return values.flatMap((text) => text.split(",")).filter(Boolean);
}
