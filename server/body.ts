/**
 * Request body parsing: JSON (any JSON value, so the template PUT can take a bare
 * string), `application/x-www-form-urlencoded` with bracket notation (`a[b][0][c]=v`)
 * and `text/html`. Which kinds a route accepts is in its `config.bodyKinds`; the app
 * answers 415 for the others. Media type parameters are accepted (`charset=utf-8`, in
 * any case), and a request without a body is not refused for the content type it
 * names (clients send `Content-Type: application/json` on GET and DELETE).
 */
import type { FastifyInstance } from "fastify";
import qs from "qs";
import { ERROR_CODES, type JsonSchema } from "../api";
import { HttpError, invalidBody } from "./http-error";
import { isObject } from "../api/json";

/** The body encodings the server understands. */
export type BodyKind = "json" | "urlencoded" | "html";

/** Media type parameters (`charset=utf-8`), names lower-cased, quotes removed. */
function mediaTypeParameters(contentType: string): Map<string, string> {
  const parameters = new Map<string, string>();
  for (const part of contentType.split(";").slice(1)) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    parameters.set(
      part.slice(0, separator).trim().toLowerCase(),
      part
        .slice(separator + 1)
        .trim()
        .replace(/^"(.*)"$/, "$1"),
    );
  }
  return parameters;
}

/**
 * The body kind of a `Content-Type` header value, if it is one the server knows. Media
 * type parameters are allowed in any case (`application/json; charset=utf-8` is what the
 * Java and .NET SDKs send); a charset other than UTF-8 is not (bodies are read as UTF-8).
 */
export function bodyKindOf(contentType: string | undefined): BodyKind | undefined {
  const text = contentType ?? "";
  const mediaType = text.split(";")[0].trim().toLowerCase();
  const charset = mediaTypeParameters(text).get("charset")?.toLowerCase();
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") return undefined;
  if (mediaType === "application/json" || /^application\/[a-z0-9.+-]*\+json$/.test(mediaType)) return "json";
  if (mediaType === "application/x-www-form-urlencoded") return "urlencoded";
  if (mediaType === "text/html") return "html";
  return undefined;
}

// Keys that could reach Object.prototype through a naive merge somewhere downstream.
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Deep copy into ordinary objects, dropping prototype-polluting keys. */
function sanitise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sanitise);
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (!FORBIDDEN_KEYS.has(key)) out[key] = sanitise(inner);
    }
    return out;
  }
  return value;
}

/** Parses a form-urlencoded body with bracket notation into nested objects and arrays. */
export function parseUrlEncodedBody(text: string): Record<string, unknown> {
  const parsed = qs.parse(text, {
    allowPrototypes: false,
    plainObjects: true,
    depth: 20,
    // qs turns indexes above arrayLimit into object keys; forms may have hundreds of nodes.
    arrayLimit: 1000,
    parameterLimit: 20000,
  });
  return sanitise(parsed) as Record<string, unknown>;
}

/** Deepest nesting of objects and arrays a JSON body may have (forms need far fewer). */
export const MAX_JSON_DEPTH = 64;

/**
 * The nesting depth of JSON text, counted without parsing it. Every later step (pruning,
 * validation, serialising) recurses, so a body 100 000 levels deep would overflow the
 * stack there; it is refused up front instead.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (char === 0x7d || char === 0x5d) depth--;
  }
  return deepest;
}

/** A body of only whitespace is no body: clients send a JSON content type on bodyless GETs and DELETEs. */
const isBlank = (text: string) => text.trim().length === 0;

/** Registers the content-type parsers on `app` (JSON, form, HTML; nothing else). */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  // Fastify's own JSON parser rejects `__proto__`/`constructor` keys and parses any JSON value.
  const parseJson = app.getDefaultJsonParser("error", "error");
  // Matched against the whole header value, parameters included (`application/json; charset=utf-8`).
  app.addContentTypeParser(
    /^application\/([a-z0-9.+-]*\+)?json\s*(;.*)?$/i,
    { parseAs: "string" },
    (request, body, done) => {
      const text = body as string;
      if (bodyKindOf(request.headers["content-type"]) !== "json") {
        done(
          new HttpError(
            415,
            `Unsupported content type: ${request.headers["content-type"]}. Send JSON as UTF-8.`,
            ERROR_CODES.unsupportedMediaType,
          ),
          undefined,
        );
        return;
      }
      // An empty body is left undefined: a route that wants one refuses it as invalid_body.
      if (isBlank(text)) {
        done(null, undefined);
        return;
      }
      if (jsonDepth(text) > MAX_JSON_DEPTH) {
        done(invalidBody(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
        return;
      }
      parseJson(request, text, done);
    },
  );
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
    done(null, isBlank(body as string) ? undefined : parseUrlEncodedBody(body as string)),
  );
  app.addContentTypeParser("text/html", { parseAs: "string" }, (_request, body, done) =>
    done(null, isBlank(body as string) ? undefined : body),
  );
}

// ---------------------------------------------------------------- form value coercion

const NUMERIC = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The alternatives a (possibly composite) schema allows for `value`. */
function variantsOf(schema: JsonSchema, value: unknown): JsonSchema[] {
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (!branches) return [schema];
  const discriminator = (schema.discriminator as { propertyName?: string } | undefined)?.propertyName;
  let candidates = branches;
  if (discriminator && isObject(value)) {
    const tag = value[discriminator];
    const matching = branches.filter(
      (branch) => (branch.properties as Record<string, JsonSchema> | undefined)?.[discriminator]?.const === tag,
    );
    if (matching.length > 0) candidates = matching;
  }
  return candidates.flatMap((branch) => variantsOf(branch, value));
}

function typesOf(variants: JsonSchema[]): Set<string> {
  return new Set(
    variants.flatMap((variant) => {
      if (Array.isArray(variant.type)) return variant.type as string[];
      if (typeof variant.type === "string") return [variant.type];
      if (variant.const !== undefined) return [typeof variant.const];
      return [];
    }),
  );
}

/**
 * Form-encoded values are all strings. Converts them where the schema wants a number or
 * a boolean (`"true"`/`"false"`, coordinates), and digit-keyed objects into arrays,
 * so the same schema validates both encodings. Anything ambiguous stays a string and
 * fails validation with a clear message.
 */
export function coerceUrlEncodedValue(value: unknown, schema: JsonSchema | undefined): unknown {
  if (!schema) return value;
  const variants = variantsOf(schema, value);
  const types = typesOf(variants);
  if (typeof value === "string") {
    if (types.has("string")) return value;
    if ((types.has("number") || types.has("integer")) && NUMERIC.test(value)) return Number(value);
    if (types.has("boolean") && (value === "true" || value === "false")) return value === "true";
    return value;
  }
  if (
    isObject(value) &&
    types.has("array") &&
    !types.has("object") &&
    Object.keys(value).every((key) => /^\d+$/.test(key))
  ) {
    return coerceUrlEncodedValue(
      Object.keys(value)
        .sort((a, b) => Number(a) - Number(b))
        .map((key) => value[key]),
      schema,
    );
  }
  if (Array.isArray(value)) {
    const items = variants.map((variant) => variant.items as JsonSchema | undefined).find(Boolean);
    return value.map((item) => coerceUrlEncodedValue(item, items));
  }
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      const propertySchema = variants
        .map(
          (variant) =>
            (variant.properties as Record<string, JsonSchema> | undefined)?.[key] ??
            (isObject(variant.additionalProperties) ? variant.additionalProperties : undefined),
        )
        .find(Boolean);
      out[key] = coerceUrlEncodedValue(inner, propertySchema);
    }
    return out;
  }
  return value;
}
