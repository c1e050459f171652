/**
 * JSON Schemas of the management API bodies: the one source of truth for the server's
 * validation and the provider's `check`. Limits come from `limits.ts` (seed section 8).
 */
import { EVENT_TYPES } from "./event-types";
import { idPattern } from "./ids";
import * as limits from "./limits";

/** A JSON Schema (draft 2020-12 subset that ajv understands). */
export type JsonSchema = Record<string, unknown>;

const str = (extra: JsonSchema = {}): JsonSchema => ({ type: "string", ...extra });
const obj = (properties: Record<string, JsonSchema>, required: string[] = [], extra: JsonSchema = {}): JsonSchema =>
  ({ type: "object", properties, required, additionalProperties: false, ...extra });
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: "null" }] });

/** An `https://` URI (format `strict-https-uri`, registered by `createAjv`). */
export const HTTPS_URI: JsonSchema = { type: "string", format: "strict-https-uri", maxLength: 2048 };
const coordinates = obj({ x: { type: "number" }, y: { type: "number" } }, ["x", "y"]);
const shortText = (maxLength = 255) => str({ maxLength });
const nodeId = str({ minLength: 1, maxLength: 64 });

// ---------------------------------------------------------------- rate limit policies

const limitField: JsonSchema = { type: "integer", minimum: limits.POLICY_LIMIT_MIN, maximum: limits.POLICY_LIMIT_MAX };

/** `configuration` of a rate limit policy: exactly one variant, no extra keys. */
export const rateLimitConfigurationSchema: JsonSchema = {
  type: "object",
  required: ["action"],
  discriminator: { propertyName: "action" },
  oneOf: [
    obj({ action: { const: "allow" } }, ["action"]),
    obj({ action: { const: "block" }, limit: limitField }, ["action", "limit"]),
    obj({ action: { const: "log" }, limit: limitField }, ["action", "limit"]),
    obj({ action: { const: "redirect" }, limit: limitField, redirect_uri: HTTPS_URI }, ["action", "limit", "redirect_uri"]),
  ],
};

/** `consumer_selector`: one of the five accepted forms. */
export const consumerSelectorSchema: JsonSchema = str({
  maxLength: limits.CONSUMER_SELECTOR_MAX,
  pattern: "^(client_id:(https://\\S+|[A-Za-z0-9_.~-]+)|cimd_clients|third_party_clients|default)$",
});

/** Body of `POST /rate-limit-policies`. */
export const rateLimitPolicyCreateSchema: JsonSchema = obj({
  resource: { enum: ["oauth_authentication_api"] },
  consumer: { enum: ["client"] },
  consumer_selector: consumerSelectorSchema,
  configuration: rateLimitConfigurationSchema,
}, ["resource", "consumer", "consumer_selector", "configuration"]);

/** Body of `PATCH /rate-limit-policies/{id}`: the configuration, replaced whole. */
export const rateLimitPolicyUpdateSchema: JsonSchema = obj({ configuration: rateLimitConfigurationSchema }, ["configuration"]);

/** A rate limit policy as returned (seed 2.1). */
export const rateLimitPolicySchema: JsonSchema = obj({
  id: str({ maxLength: limits.POLICY_ID_MAX, format: "rate-limit-policy-id" }),
  resource: { enum: ["oauth_authentication_api"] },
  consumer: { enum: ["client"] },
  consumer_selector: consumerSelectorSchema,
  configuration: rateLimitConfigurationSchema,
  created_at: str({ format: "date-time" }),
  updated_at: str({ format: "date-time" }),
}, ["id", "resource", "consumer", "consumer_selector", "configuration"]);

// ---------------------------------------------------------------- forms

const stringMap = (maxLength = 4096): JsonSchema =>
  ({ type: "object", additionalProperties: str({ maxLength }), propertyNames: { maxLength: 255 } });

/** A STEP component: kept opaque beyond its discriminators. */
const componentSchema: JsonSchema = {
  type: "object",
  required: ["id", "category", "type"],
  properties: { id: nodeId, category: { enum: ["BLOCK", "WIDGET", "FIELD"] }, type: str({ minLength: 1, maxLength: 64 }) },
};

const nodeCommon = { id: nodeId, alias: shortText(150), coordinates };

/** A node of a form, discriminated by `type`. */
export const formNodeSchema: JsonSchema = {
  type: "object",
  required: ["id", "type"],
  discriminator: { propertyName: "type" },
  oneOf: [
    obj({ ...nodeCommon, type: { const: "STEP" },
      config: obj({ components: { type: "array", items: componentSchema, maxItems: 200 }, next_node: nodeId }) },
    ["id", "type"]),
    obj({ ...nodeCommon, type: { const: "FLOW" },
      config: obj({ flow_id: str({ minLength: 1, maxLength: 64 }), next_node: nodeId }, ["flow_id"]) },
    ["id", "type", "config"]),
    obj({ ...nodeCommon, type: { const: "ROUTER" },
      config: obj({
        rules: { type: "array", maxItems: 100, items: obj({ id: nodeId, alias: shortText(150), next_node: nodeId }, ["id"]) },
        fallback: nodeId,
      }) },
    ["id", "type"]),
  ],
};

/** The top-level fields of a form a caller may set, with their schemas. */
export const formFieldSchemas: Record<string, JsonSchema> = {
  name: str({ minLength: limits.FORM_NAME_MIN, maxLength: limits.FORM_NAME_MAX }),
  messages: obj({ errors: stringMap(), custom: stringMap() }),
  languages: obj({ primary: shortText(16), default: shortText(16) }),
  translations: { type: "object", propertyNames: { maxLength: 16 }, additionalProperties: { type: "object" } },
  nodes: { type: "array", items: formNodeSchema, maxItems: 500 },
  start: obj({
    hidden_fields: { type: "array", maxItems: 100, items: obj({ key: shortText(), value: str({ maxLength: 4096 }) }, ["key", "value"]) },
    next_node: nodeId,
    coordinates,
  }),
  ending: obj({
    redirection: obj({ target: str({ minLength: 1, maxLength: 2048 }), delay: { type: "number", minimum: 0 } }, ["target"]),
    after_submit: obj({ flow_id: str({ maxLength: 64 }) }),
    coordinates,
    resume_flow: { type: "boolean" },
  }),
  style: obj({ css: str({ maxLength: limits.TEMPLATE_MAX }) }),
};

/** Body of `POST /forms`: only `name` is required. */
export const formCreateSchema: JsonSchema = obj(formFieldSchemas, ["name"]);

/** Body of `PATCH /forms/{id}`: each key replaces the stored one; `null` clears it (not `name`). */
export const formUpdateSchema: JsonSchema = obj(Object.fromEntries(Object.entries(formFieldSchemas)
  .map(([key, schema]) => [key, key === "name" ? schema : nullable(schema)])));

// ---------------------------------------------------------------- event streams

/** Webhook authorization on a request; each method has its own write-only secret. */
export const webhookAuthorizationSchema: JsonSchema = {
  type: "object",
  required: ["method"],
  discriminator: { propertyName: "method" },
  oneOf: [
    obj({ method: { const: "basic" }, username: str({ minLength: 1, maxLength: 255 }), password: str({ minLength: 1, maxLength: 1024 }) },
      ["method", "username", "password"]),
    obj({ method: { const: "bearer" }, token: str({ minLength: 1, maxLength: 4096 }) }, ["method", "token"]),
    obj({ method: { const: "custom_header" }, header_key: str({ minLength: 1, maxLength: 255, pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]+$" }),
      header_value: str({ minLength: 1, maxLength: 4096 }) }, ["method", "header_key", "header_value"]),
  ],
};

/** `destination` on a request, discriminated by `type`. */
export const eventStreamDestinationSchema: JsonSchema = {
  type: "object",
  required: ["type", "configuration"],
  discriminator: { propertyName: "type" },
  oneOf: [
    obj({ type: { const: "webhook" }, configuration: obj({
      webhook_endpoint: HTTPS_URI, webhook_authorization: webhookAuthorizationSchema,
    }, ["webhook_endpoint", "webhook_authorization"]) }, ["type", "configuration"]),
    obj({ type: { const: "eventbridge" }, configuration: obj({
      aws_account_id: str({ pattern: "^[0-9]{12}$" }), aws_region: str({ pattern: "^[a-z]{2}(-[a-z]+)+-[0-9]+$" }),
    }, ["aws_account_id", "aws_region"]) }, ["type", "configuration"]),
    obj({ type: { const: "action" }, configuration: obj({ action_id: str({ minLength: 1, maxLength: 64 }) }, ["action_id"]) },
      ["type", "configuration"]),
  ],
};

/** The top-level fields of an event stream a caller may set. */
export const eventStreamFieldSchemas: Record<string, JsonSchema> = {
  name: str({ minLength: limits.EVENT_STREAM_NAME_MIN, maxLength: limits.EVENT_STREAM_NAME_MAX }),
  subscriptions: {
    type: "array", minItems: limits.EVENT_STREAM_SUBSCRIPTIONS_MIN, maxItems: 100,
    items: obj({ event_type: { enum: [...EVENT_TYPES] } }, ["event_type"]),
  },
  destination: eventStreamDestinationSchema,
  status: str({ enum: ["enabled", "disabled"], maxLength: limits.STATUS_MAX }),
};

/** Body of `POST /event-streams`. */
export const eventStreamCreateSchema: JsonSchema = obj(eventStreamFieldSchemas, ["destination"]);

/** Body of `PATCH /event-streams/{id}`: every key optional. */
export const eventStreamUpdateSchema: JsonSchema = obj(eventStreamFieldSchemas, [], { minProperties: 1 });

// ---------------------------------------------------------------- login page template

/** The JSON object form of `PUT /branding/templates/universal-login`. */
export const templateObjectSchema: JsonSchema = obj({ template: str({ maxLength: limits.TEMPLATE_MAX }) }, ["template"]);

/** The template string itself (bare JSON string or `text/html` body). */
export const templateStringSchema: JsonSchema = str({ maxLength: limits.TEMPLATE_MAX });

/** Path parameter schemas: a malformed id is a 400 `invalid_uri`. */
export const idSchemas = {
  form: str({ pattern: idPattern("form") }),
  eventStream: str({ pattern: idPattern("eventStream") }),
  rateLimitPolicy: str({ maxLength: limits.POLICY_ID_MAX, pattern: idPattern("rateLimitPolicy") }),
};
