/**
 * Validation with the contract's JSON Schemas. The server turns a failure into a
 * 400 `invalid_body`; the provider's `check` into a failure naming the property.
 * Messages never quote the value judged (it may be a secret).
 */
import Ajv, { type Code, type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { JsonSchema } from "./schema/builder";
import { FORMATS, type FormatDefinition } from "./schema/formats";

export { isStrictHttpsUri } from "./schema/formats";

/** One validation failure: where and what. */
export interface ValidationIssue {
  /** Property path in dotted/bracket notation, e.g. `nodes[1].config.flow_id`; empty for the root. */
  property: string;
  /** What is wrong, in words. */
  message: string;
}

/**
 * Where an ajv instance gets its named formats: read again before each compile, so a format
 * declared after the instance was made (a kind declared later, with its id format) is known
 * to every schema compiled from then on. The table of kinds gives `contractFormats`.
 */
export type FormatSource = () => Readonly<Record<string, FormatDefinition>>;

/** Each instance's source and the formats registered on it so far. */
const registered = new WeakMap<Ajv, { source: FormatSource; names: Set<string> }>();

/** The message for a value that does not match `format`, from `formats`. */
export function formatMessage(format: string, formats: Readonly<Record<string, FormatDefinition>> = FORMATS): string {
  return formats[format]?.message ?? `Must be a valid ${format}`;
}

/** Registers on `ajv` the formats its source declares now; returns them all. */
function syncFormats(ajv: Ajv): Readonly<Record<string, FormatDefinition>> {
  const entry = registered.get(ajv);
  if (!entry) return FORMATS;
  const formats = entry.source();
  for (const [name, definition] of Object.entries(formats)) {
    if (entry.names.has(name)) continue;
    ajv.addFormat(name, { type: "string", validate: definition.validate });
    entry.names.add(name);
  }
  return formats;
}

/**
 * A configured ajv instance with the named formats of `source` (default: the shared ones).
 * With `standaloneFormats`, it keeps the source of what it compiles, for ajv's standalone
 * code: the code that evaluates to the formats by name at run time (see {@link formatsOf}).
 */
export function createAjv(source: FormatSource = () => FORMATS, standaloneFormats?: Code): Ajv {
  const ajv = new Ajv({
    ...(standaloneFormats ? { code: { source: true, formats: standaloneFormats } } : {}),
    allErrors: false,
    discriminator: true,
    strict: false,
    allowUnionTypes: true,
    // NaN and ±Infinity are not numbers of the API (and not JSON).
    strictNumbers: true,
    // parentSchema on errors: a discriminator failure can say which values it takes.
    verbose: true,
  });
  addFormats(ajv, ["date-time", "date", "uri"]);
  registered.set(ajv, { source, names: new Set() });
  syncFormats(ajv);
  return ajv;
}

/** Converts an ajv instance path (`/nodes/1/config`) to `nodes[1].config`. */
export function propertyPath(instancePath: string, extra?: string): string {
  const parts = instancePath
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (extra !== undefined) parts.push(extra);
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), "");
}

/** The values a discriminated union's tag takes, from the union's schema. */
export function discriminatorValues(schema: unknown, tag: string): string[] {
  const branches = (schema as { oneOf?: unknown[] } | undefined)?.oneOf ?? [];
  return branches
    .map((branch) => {
      const property = (branch as { properties?: Record<string, { const?: unknown }> }).properties?.[tag];
      return property?.const === undefined ? "" : String(property.const);
    })
    .filter(Boolean);
}

function describe(error: ErrorObject, formats: Readonly<Record<string, FormatDefinition>>): ValidationIssue {
  const params = error.params as Record<string, unknown>;
  const at = propertyPath(error.instancePath);
  switch (error.keyword) {
    case "required":
      return {
        property: propertyPath(error.instancePath, String(params.missingProperty)),
        message: "Missing required property",
      };
    case "additionalProperties":
      return {
        property: propertyPath(error.instancePath, String(params.additionalProperty)),
        message: "Additional properties not allowed",
      };
    case "maxLength":
      return { property: at, message: `String is too long, maximum ${String(params.limit)}` };
    case "minLength":
      return { property: at, message: `String is too short, minimum ${String(params.limit)}` };
    case "minItems":
      return { property: at, message: `Array is too short, minimum ${String(params.limit)} item(s)` };
    case "maxItems":
      return { property: at, message: `Array is too long, maximum ${String(params.limit)} items` };
    case "maximum":
    case "minimum":
      return {
        property: at,
        message: `Value ${error.keyword === "maximum" ? "exceeds maximum" : "is below minimum"} ${String(params.limit)}`,
      };
    case "enum":
      return { property: at, message: `Must be one of: ${(params.allowedValues as unknown[]).map(String).join(", ")}` };
    case "const":
      return { property: at, message: `Must be ${JSON.stringify(params.allowedValue)}` };
    case "format":
      return { property: at, message: formatMessage(String(params.format), formats) };
    case "pattern":
      return { property: at, message: `Must match ${String(params.pattern)}` };
    case "type":
      return { property: at, message: `Must be ${String(params.type).split(",").join(" or ")}` };
    case "discriminator": {
      const values = discriminatorValues(error.parentSchema, String(params.tag));
      return {
        property: propertyPath(error.instancePath, String(params.tag)),
        message:
          params.error === "tag" && params.tagValue === undefined
            ? "Missing required property"
            : values.length
              ? `Must be one of: ${values.join(", ")}`
              : "Unknown value for this discriminator",
      };
    }
    default:
      return { property: at, message: error.message ?? "Invalid value" };
  }
}

/**
 * The error worth showing from ajv's list. For a union (anyOf), ajv lists each
 * branch's complaint and then its own. The branch that got deepest into the value is
 * the one it was meant for (`{template: 7}` → `template`, not "the body is not a
 * string"); at that depth, a complaint other than "wrong type" says most
 * (`amount: -1` → the number branch's minimum). When every branch there only disagrees
 * on type, one message names all the types. Where the branches carry tags (a `type`
 * constant), only the branches whose tags the value has are heard: a setup of `type`
 * `BASIC_AUTH` is told what a BASIC_AUTH setup lacks, not what a bearer token would.
 */
function mainError(errors: ErrorObject[]): ErrorObject {
  const unions = errors.filter((error) => error.keyword === "anyOf");
  if (unions.length === 0) return errors[0];
  let candidates = errors.filter((error) => error.keyword !== "anyOf");
  for (const union of unions) {
    const notMeant = notMeantBranches(union);
    if (notMeant === undefined) continue;
    if (!Array.isArray(notMeant)) return notMeant;
    const meant = candidates.filter((error) => !notMeant.some((index) => underBranch(error, union, index)));
    if (meant.length > 0) candidates = meant;
  }
  const depth = (error: ErrorObject) => error.instancePath.split("/").length;
  const deepest = Math.max(...candidates.map(depth));
  const atDeepest = candidates.filter((error) => depth(error) === deepest);
  const specific = atDeepest.find((error) => error.keyword !== "type");
  if (specific) return specific;
  const types = atDeepest.map((error) => String((error.params as { type: unknown }).type));
  return { ...atDeepest[0], params: { type: [...new Set(types)].join(",") } };
}

/** Whether `error` is a complaint of branch `index` of the union that failed with `union`. */
const underBranch = (error: ErrorObject, union: ErrorObject, index: number) =>
  error.schemaPath.startsWith(`${union.schemaPath}/${index}/`);

/** The constants a branch fixes on its properties (a `type`, an `action`): its tags. */
function constantsOf(branch: unknown): Record<string, unknown> {
  const properties = (branch as { properties?: Record<string, { const?: unknown }> } | null)?.properties ?? {};
  return Object.fromEntries(
    Object.entries(properties).flatMap(([name, property]) =>
      property?.const === undefined ? [] : [[name, property.const]],
    ),
  );
}

/**
 * The branches of a failed union (anyOf) the value was not meant for, told by their tags as a
 * discriminator would tell them: a tagged branch whose constants the value does not have (a
 * constant it leaves out counts only where the branch requires it), when another tagged branch's
 * it has. Undefined when no tagged branch fits or the value is not an object (the other rules
 * judge); an error naming the tag and its values when every branch is tagged and none takes
 * the value's.
 */
function notMeantBranches(union: ErrorObject): number[] | ErrorObject | undefined {
  const branches = union.schema;
  const value = union.data;
  if (!Array.isArray(branches) || typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const tags = branches.map(constantsOf);
  if (tags.every((constants) => Object.keys(constants).length === 0)) return undefined;
  const given = value as Record<string, unknown>;
  const tagged = branches.flatMap((_branch, index) => (Object.keys(tags[index]).length > 0 ? [index] : []));
  const fits = (index: number) => {
    const required = ((branches[index] as { required?: unknown }).required ?? []) as unknown[];
    return Object.entries(tags[index]).every(([name, constant]) =>
      name in given ? given[name] === constant : !required.includes(name),
    );
  };
  if (tagged.some(fits)) return tagged.filter((index) => !fits(index));
  if (tagged.length < branches.length) return undefined;
  // No branch takes the value's tag: name the tag every branch fixes and the values it takes.
  const tag = Object.keys(tags[0]).find((name) => name in given && tags.every((constants) => name in constants));
  if (tag === undefined) return undefined;
  const allowedValues = [...new Set(tags.map((constants) => constants[tag]))];
  return { ...union, keyword: "enum", instancePath: `${union.instancePath}/${tag}`, params: { allowedValues } };
}

/** A compiled validator that reports at most one issue, the first found. */
export interface Validator {
  (value: unknown): ValidationIssue | undefined;
}

/** Compiles `schema` with {@link createAjv} (pass an instance to share compiled schemas). */
export function compileValidator(schema: JsonSchema, ajv: Ajv = createAjv()): Validator {
  const formats = syncFormats(ajv);
  return validatorOf(ajv.compile(schema), formats);
}

/**
 * The validator of an ajv function compiled already (by an instance whose formats `ajv`
 * has too: a precompiled one), reporting as {@link compileValidator}'s do.
 */
export function precompiledValidator(validate: ValidateFunction, ajv: Ajv): Validator {
  return validatorOf(validate, syncFormats(ajv));
}

function validatorOf(validate: ValidateFunction, formats: Readonly<Record<string, FormatDefinition>>): Validator {
  return (value) => (validate(value) ? undefined : describe(mainError(validate.errors!), formats));
}

/**
 * The formats `ajv` knows by name, as its compiled code calls them: what the standalone code
 * of an instance with the same formats needs at run time.
 */
export function formatsOf(ajv: Ajv): Readonly<Record<string, unknown>> {
  syncFormats(ajv);
  return ajv.formats;
}

/** The service's message for an invalid body: `Payload validation error: '<what>' on property <path>.` */
export function payloadErrorMessage(issue: ValidationIssue): string {
  return issue.property
    ? `Payload validation error: '${issue.message}' on property ${issue.property}.`
    : `Payload validation error: '${issue.message}'.`;
}
