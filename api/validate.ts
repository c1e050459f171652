/**
 * Validation with the contract's JSON Schemas. The server turns a failure into a
 * 400 `invalid_body`; the provider's `check` into a failure naming the property.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { JsonSchema } from "./schemas";
import { isValidId } from "./ids";

/** One validation failure: where and what. */
export interface ValidationIssue {
  /** Property path in dotted/bracket notation, e.g. `nodes[1].config.flow_id`; empty for the root. */
  property: string;
  /** What is wrong, in words. */
  message: string;
}

/** An `https://` URI with a host (what the API calls `strict-https-uri`). */
export function isStrictHttpsUri(value: string): boolean {
  if (!/^https:\/\/[^\s/?#]+/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A configured ajv instance with the contract's formats. */
export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: false, discriminator: true, strict: false, allowUnionTypes: true });
  addFormats(ajv, ["date-time", "date", "uri"]);
  ajv.addFormat("strict-https-uri", { type: "string", validate: isStrictHttpsUri });
  ajv.addFormat("rate-limit-policy-id", { type: "string", validate: (id: string) => isValidId("rateLimitPolicy", id) });
  return ajv;
}

/** Converts an ajv instance path (`/nodes/1/config`) to `nodes[1].config`. */
export function propertyPath(instancePath: string, extra?: string): string {
  const parts = instancePath.split("/").slice(1).map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (extra !== undefined) parts.push(extra);
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), "");
}

function describe(error: ErrorObject): ValidationIssue {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return { property: propertyPath(error.instancePath, String(params.missingProperty)), message: "Missing required property" };
    case "additionalProperties":
      return { property: propertyPath(error.instancePath, String(params.additionalProperty)), message: "Additional properties not allowed" };
    case "maxLength":
      return { property: propertyPath(error.instancePath), message: `String is too long, maximum ${String(params.limit)}` };
    case "minLength":
      return { property: propertyPath(error.instancePath), message: `String is too short, minimum ${String(params.limit)}` };
    case "minItems":
      return { property: propertyPath(error.instancePath), message: `Array is too short, minimum ${String(params.limit)} item(s)` };
    case "maxItems":
      return { property: propertyPath(error.instancePath), message: `Array is too long, maximum ${String(params.limit)} items` };
    case "maximum":
    case "minimum":
      return { property: propertyPath(error.instancePath), message: `Value ${error.keyword === "maximum" ? "exceeds maximum" : "is below minimum"} ${String(params.limit)}` };
    case "enum":
      return { property: propertyPath(error.instancePath), message: `Must be one of: ${(params.allowedValues as unknown[]).map(String).join(", ")}` };
    case "const":
      return { property: propertyPath(error.instancePath), message: `Must be ${JSON.stringify(params.allowedValue)}` };
    case "format":
      return { property: propertyPath(error.instancePath), message: params.format === "strict-https-uri" ? "Must be an https:// URI" : `Must be a valid ${String(params.format)}` };
    case "discriminator":
      return {
        property: propertyPath(error.instancePath, String(params.tag)),
        message: params.error === "tag" ? "Missing required property" : "Unknown value for this discriminator",
      };
    default:
      return { property: propertyPath(error.instancePath), message: error.message ?? "Invalid value" };
  }
}

/** A compiled validator that reports at most one issue, the first found. */
export interface Validator {
  (value: unknown): ValidationIssue | undefined;
}

/** Compiles `schema` with {@link createAjv} (pass an instance to share compiled schemas). */
export function compileValidator(schema: JsonSchema, ajv: Ajv = createAjv()): Validator {
  const validate: ValidateFunction = ajv.compile(schema);
  return (value) => (validate(value) ? undefined : describe(validate.errors![0]));
}

/** The service's message for an invalid body: `Payload validation error: '<what>' on property <path>.` */
export function payloadErrorMessage(issue: ValidationIssue): string {
  return issue.property
    ? `Payload validation error: '${issue.message}' on property ${issue.property}.`
    : `Payload validation error: '${issue.message}'.`;
}
