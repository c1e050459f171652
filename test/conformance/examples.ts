/**
 * Conformance examples, built by hand from the real service's published schema
 * (`management-api-subset.yml`: CreateFormRequestContent, UpdateFormRequestContent, the
 * FormBlock* / FormWidget* / FormField* components, CreateEventStream*RequestContent,
 * UpdateEventStreamRequestContent, UpdateUniversalLoginTemplateRequestContent) and from
 * traffic of real clients. `accepted` bodies are accepted by the published schema;
 * `refused` ones are refused by it, and a refusal must name `property`.
 *
 * Two lists record where the project is deliberately stricter than the published
 * schema, with the reason: the tenant's event types (an open, well-formed set at
 * `check`; the known list at the tenant), and the format definitions the published
 * schema names without defining (formats.ts).
 */
import { TEMPLATE } from "../server/helpers";

type Json = Record<string, unknown>;

/** A body and what it shows. */
export interface Example {
  name: string;
  body: unknown;
}

/** A refused body and the property its refusal names. */
export interface Refused extends Example {
  property: string;
}

/** An event stream PATCH example, applied to a stream whose destination is `fixture`. */
export interface PatchExample extends Example {
  fixture?: "webhook" | "action";
}

/** `base` (deep-copied) with `value` at `path` (`a.b[0].c`); `undefined` removes the key. */
export function withValue<T>(base: T, path: string, value: unknown): T {
  const copy = structuredClone(base) as Json;
  const keys = path.replace(/\[(\d+)\]/g, ".$1").split(".");
  let at: Json = copy;
  for (const key of keys.slice(0, -1)) {
    if (at[key] === undefined) at[key] = /^\d+$/.test(keys[keys.indexOf(key) + 1] ?? "") ? [] : {};
    at = at[key] as Json;
  }
  const last = keys[keys.length - 1];
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy as T;
}

const s = (n: number, c = "a") => c.repeat(n);

// ---------------------------------------------------------------- forms

/** A form using every part: STEP, FLOW and ROUTER nodes, start, ending, style, messages, languages, translations. */
export const FULL_FORM = {
  name: "Conformance",
  messages: { errors: { ERR_REQUIRED_PROPERTY: "Required" }, custom: { welcome: "Welcome" } },
  languages: { primary: "en", default: "en" },
  translations: { fr: { components: { heading: { config: { content: "Bonjour" } } } } },
  nodes: [
    {
      id: "step_1",
      type: "STEP",
      alias: "Details",
      coordinates: { x: 100, y: -50 },
      config: {
        components: [
          { id: "heading", category: "BLOCK", type: "RICH_TEXT", config: { content: "<h2>Hi</h2>" } },
          {
            id: "email",
            category: "FIELD",
            type: "EMAIL",
            label: "Email",
            required: true,
            config: { placeholder: "you@example.com" },
          },
          { id: "next", category: "BLOCK", type: "NEXT_BUTTON", config: { text: "Continue" } },
        ],
        next_node: "router_1",
      },
    },
    { id: "flow_1", type: "FLOW", config: { flow_id: "af_2Nf7qL3mXcVbT8wRyK1pDz", next_node: "$ending" } },
    {
      id: "router_1",
      type: "ROUTER",
      config: {
        rules: [
          {
            id: "rule_1",
            alias: "Company given",
            condition: { operator: "AND", operands: [{ operator: "EXISTS", operands: ["{{fields.company}}"] }] },
            next_node: "flow_1",
          },
        ],
        fallback: "$ending",
      },
    },
  ],
  start: { hidden_fields: [{ key: "utm_source", value: "web" }], next_node: "step_1", coordinates: { x: 0, y: 0 } },
  ending: {
    redirection: { target: "https://example.com/done", delay: 3 },
    after_submit: { flow_id: "af_1" },
    coordinates: { x: 900, y: 0 },
    resume_flow: true,
  },
  style: { css: ".title { color: #111; }" },
};

const step = (components: Json[]) => ({
  name: "Components",
  nodes: [{ id: "step_1", type: "STEP", config: { components, next_node: "$ending" } }],
});
const component = (category: string, type: string, config?: Json, extra: Json = {}) => ({
  id: `c_${type.toLowerCase()}`,
  category,
  type,
  ...(config === undefined ? {} : { config }),
  ...extra,
});

/** The smallest component of each of the 27 published types (only required keys). */
export const MINIMAL_COMPONENTS: Json[] = [
  component("BLOCK", "DIVIDER"),
  component("BLOCK", "HTML"),
  component("BLOCK", "IMAGE"),
  component("BLOCK", "RICH_TEXT"),
  component("BLOCK", "JUMP_BUTTON", { text: "Skip", next_node: "$ending" }),
  component("BLOCK", "RESEND_BUTTON", {
    active_text: "Resend",
    button_text: "Send again",
    waiting_text: "Wait",
    flow_id: "af_1",
  }),
  component("BLOCK", "NEXT_BUTTON", { text: "" }),
  component("BLOCK", "PREVIOUS_BUTTON", { text: "Back" }),
  component("WIDGET", "AUTH0_VERIFIABLE_CREDENTIALS", {
    url: "",
    alternate_text: "Scan",
    access_token: "tok",
    verification_id: "v1",
  }),
  component("WIDGET", "GMAPS_ADDRESS", { api_key: "key" }),
  component("WIDGET", "RECAPTCHA", { site_key: "site", secret_key: "secret" }),
  component("FIELD", "BOOLEAN", {}),
  component("FIELD", "CARDS"),
  component("FIELD", "CHOICE"),
  component("FIELD", "CUSTOM", { schema: {}, code: "x" }),
  component("FIELD", "DATE", {}),
  component("FIELD", "DROPDOWN"),
  component("FIELD", "EMAIL"),
  component("FIELD", "FILE"),
  component("FIELD", "LEGAL"),
  component("FIELD", "NUMBER"),
  component("FIELD", "PASSWORD", {}),
  component("FIELD", "PAYMENT", {
    charge: { type: "SUBSCRIPTION", subscription: {} },
    credentials: { public_key: "pk", private_key: "sk" },
  }),
  component("FIELD", "SOCIAL"),
  component("FIELD", "TEL"),
  component("FIELD", "TEXT"),
  component("FIELD", "URL"),
];

const full = (path: string, value: unknown) => withValue(FULL_FORM, path, value);
const inStep = (config: Json) => step([config]);

/** Bodies of `POST /forms`. */
export const FORM_CREATE: { accepted: Example[]; refused: Refused[] } = {
  accepted: [
    { name: "only a name", body: { name: "Minimal" } },
    { name: "every part of a form", body: FULL_FORM },
    // The four refused at preview before.
    { name: "a ROUTER rule with its condition", body: FULL_FORM },
    { name: "languages of 55 characters", body: full("languages", { primary: s(55, "p"), default: s(55, "d") }) },
    {
      name: "a translation key longer than 16 characters",
      body: full("translations", { "zh-Hant-TW-x-private-use": { a: "b" }, fr: {} }),
    },
    { name: "a hidden field without value", body: full("start.hidden_fields", [{ key: "tracking_id" }]) },
    { name: "a ROUTER rule whose condition is empty", body: full("nodes[2].config.rules[0].condition", []) },
    { name: "each of the 27 component types, minimal", body: step(MINIMAL_COMPONENTS) },
    { name: "coordinates at ±999999", body: full("start.coordinates", { x: -999999, y: 999999 }) },
    {
      name: "redirection delay 0 and a 1024-character target",
      body: full("ending.redirection", { delay: 0, target: s(1024, "t") }),
    },
    { name: "a redirection delay of 10", body: full("ending.redirection.delay", 10) },
    { name: "css of 5000 characters", body: full("style.css", s(5000, "c")) },
    { name: "css of 1 character", body: full("style.css", "c") },
    { name: "a message of 255 characters", body: full("messages.custom.welcome", s(255, "m")) },
    { name: "a hidden field value of 500 characters", body: full("start.hidden_fields[0].value", s(500, "v")) },
    { name: "a flow id of 30 characters", body: full("nodes[1].config.flow_id", `af_${s(27, "b")}`) },
    {
      name: "GMAPS_ADDRESS with server_key (the SDK's shape)",
      body: inStep(component("WIDGET", "GMAPS_ADDRESS", { api_key: "k", server_key: "s" })),
    },
    {
      name: "PAYMENT one-off with a string amount and extra keys",
      body: inStep(
        component("FIELD", "PAYMENT", {
          provider: "STRIPE",
          charge: { type: "ONE_OFF", one_off: { amount: "12.50", currency: "GBP", description: "Fee" } },
          credentials: { public_key: "pk", private_key: "sk" },
          customer: { email: "{{fields.email}}" },
          fields: { card_number: { label: "Card", placeholder: "4242" }, trustmarks: true },
        }),
      ),
    },
    {
      name: "PAYMENT with the smallest number amount",
      body: inStep(
        component("FIELD", "PAYMENT", {
          charge: { type: "ONE_OFF", one_off: { amount: 0.01, currency: "USD" } },
          credentials: { public_key: "pk", private_key: "sk" },
        }),
      ),
    },
    {
      name: "FILE with open storage settings",
      body: inStep(
        component("FIELD", "FILE", {
          multiple: true,
          storage: { type: "CUSTOM", bucket: "uploads", region: "eu" },
          categories: ["DOCUMENT", "IMAGE"],
          extensions: ["pdf", ".png", "tar.gz"],
          maxSize: 1024,
          maxFiles: 1,
        }),
      ),
    },
    {
      name: "CUSTOM with a free schema and string params",
      body: inStep(
        component(
          "FIELD",
          "CUSTOM",
          {
            schema: { type: "object", properties: { a: { type: "string" } } },
            code: "export default {}",
            css: ".x{}",
            params: { a: "b" },
          },
          { label: "Custom", hint: "h", required: false, sensitive: true },
        ),
      ),
    },
    {
      name: "CHOICE with allow_other enabled and any default",
      body: inStep(
        component("FIELD", "CHOICE", {
          multiple: true,
          options: [{ value: "a", label: "A" }],
          allow_other: { enabled: true, label: "Other", placeholder: "…" },
          default_value: ["a"],
        }),
      ),
    },
    {
      name: "JUMP_BUTTON to a node with a colour",
      body: step([
        component("BLOCK", "JUMP_BUTTON", { text: "Go", next_node: "step_1", style: { background_color: "#1f2937" } }),
      ]),
    },
    {
      name: "IMAGE, RESEND_BUTTON and VC at their bounds",
      body: step([
        component("BLOCK", "IMAGE", { src: s(500, "i"), position: "CENTER", height: 500 }),
        component("BLOCK", "RESEND_BUTTON", {
          active_text: "a",
          button_text: "b",
          waiting_text: "c",
          flow_id: "af_1",
          text_alignment: "RIGHT",
          max_attempts: 10,
          waiting_time: 60,
        }),
        component("WIDGET", "AUTH0_VERIFIABLE_CREDENTIALS", {
          url: s(2000, "u"),
          size: 500,
          alternate_text: "a",
          access_token: s(5000, "t"),
          verification_id: "v",
          max_wait: 600,
        }),
      ]),
    },
  ],
  refused: [
    // The published schema requires it; the SDK's FormRouterRule leaves it out.
    {
      name: "a ROUTER rule without condition (the SDK's shape)",
      body: full("nodes[2].config.rules[0].condition", undefined),
      property: "nodes[2].config.rules[0].condition",
    },
    { name: "a non-integer coordinate", body: full("nodes[0].coordinates.x", 1.5), property: "nodes[0].coordinates.x" },
    {
      name: "a coordinate beyond 999999",
      body: full("start.coordinates.y", 1_000_000),
      property: "start.coordinates.y",
    },
    { name: "coordinates without y", body: full("ending.coordinates", { x: 1 }), property: "ending.coordinates.y" },
    { name: "resume_flow false", body: full("ending.resume_flow", false), property: "ending.resume_flow" },
    {
      name: "a redirection delay of 11",
      body: full("ending.redirection.delay", 11),
      property: "ending.redirection.delay",
    },
    {
      name: "a fractional redirection delay",
      body: full("ending.redirection.delay", 2.5),
      property: "ending.redirection.delay",
    },
    {
      name: "a redirection target of 1025 characters",
      body: full("ending.redirection.target", s(1025)),
      property: "ending.redirection.target",
    },
    {
      name: "a redirection without target",
      body: full("ending.redirection", { delay: 1 }),
      property: "ending.redirection.target",
    },
    { name: "empty css", body: full("style.css", ""), property: "style.css" },
    { name: "css of 5001 characters", body: full("style.css", s(5001)), property: "style.css" },
    {
      name: "an empty message",
      body: full("messages.errors.ERR_REQUIRED_PROPERTY", ""),
      property: "messages.errors.ERR_REQUIRED_PROPERTY",
    },
    {
      name: "a message of 256 characters",
      body: full("messages.custom.welcome", s(256)),
      property: "messages.custom.welcome",
    },
    {
      name: "a hidden field value of 501 characters",
      body: full("start.hidden_fields[0].value", s(501)),
      property: "start.hidden_fields[0].value",
    },
    {
      name: "a hidden field without key",
      body: full("start.hidden_fields", [{ value: "v" }]),
      property: "start.hidden_fields[0].key",
    },
    {
      name: "a flow id of 31 characters",
      body: full("nodes[1].config.flow_id", `af_${s(28, "b")}`),
      property: "nodes[1].config.flow_id",
    },
    { name: "a FLOW node without config", body: full("nodes[1].config", undefined), property: "nodes[1].config" },
    {
      name: "a languages code of 56 characters",
      body: full("languages.primary", s(56)),
      property: "languages.primary",
    },
    { name: "an empty languages code", body: full("languages.default", ""), property: "languages.default" },
    {
      name: "a translation that is not an object",
      body: full("translations.fr", "Bonjour"),
      property: "translations.fr",
    },
    { name: "a node of an unknown type", body: full("nodes[0].type", "TELEPORT"), property: "nodes[0].type" },
    { name: "a node without type", body: full("nodes[0].type", undefined), property: "nodes[0].type" },
    { name: "an unknown key on a node", body: full("nodes[1].colour", "red"), property: "nodes[1].colour" },
    { name: "a node alias of 151 characters", body: full("nodes[0].alias", s(151)), property: "nodes[0].alias" },
    {
      name: "a ROUTER rule without id",
      body: full("nodes[2].config.rules[0].id", undefined),
      property: "nodes[2].config.rules[0].id",
    },
    {
      name: "eleven ROUTER rules",
      body: full(
        "nodes[2].config.rules",
        Array.from({ length: 11 }, (_, i) => ({ id: `r${i}`, condition: {} })),
      ),
      property: "nodes[2].config.rules",
    },
    { name: "an unknown top-level key", body: full("colour", "red"), property: "colour" },
    { name: "an empty name", body: full("name", ""), property: "name" },
    { name: "a name of 151 characters", body: full("name", s(151)), property: "name" },
    {
      name: "an unknown component type",
      body: inStep(component("FIELD", "TELEPORT")),
      property: "nodes[0].config.components[0].type",
    },
    {
      name: "a component in the wrong category",
      body: inStep(component("FIELD", "RECAPTCHA", { site_key: "a", secret_key: "b" })),
      property: "nodes[0].config.components[0].category",
    },
    {
      name: "a component without type",
      body: inStep({ id: "c", category: "FIELD" }),
      property: "nodes[0].config.components[0].type",
    },
    {
      name: "a RECAPTCHA without config",
      body: inStep(component("WIDGET", "RECAPTCHA")),
      property: "nodes[0].config.components[0].config",
    },
    {
      name: "a RECAPTCHA without secret_key",
      body: inStep(component("WIDGET", "RECAPTCHA", { site_key: "a" })),
      property: "nodes[0].config.components[0].config.secret_key",
    },
    {
      name: "an unknown key in a component's config",
      body: inStep(component("FIELD", "TEXT", { requird: true })),
      property: "nodes[0].config.components[0].config.requird",
    },
    {
      name: "an unknown key on a component",
      body: inStep(component("FIELD", "TEXT", {}, { placeholder: "x" })),
      property: "nodes[0].config.components[0].placeholder",
    },
    {
      name: "label on a BLOCK",
      body: inStep(component("BLOCK", "DIVIDER", {}, { label: "x" })),
      property: "nodes[0].config.components[0].label",
    },
    {
      name: "a JUMP_BUTTON without next_node",
      body: inStep(component("BLOCK", "JUMP_BUTTON", { text: "Go" })),
      property: "nodes[0].config.components[0].config.next_node",
    },
    {
      name: "an IMAGE without src",
      body: inStep(component("BLOCK", "IMAGE", { position: "LEFT" })),
      property: "nodes[0].config.components[0].config.src",
    },
    {
      name: "an IMAGE 501 high",
      body: inStep(component("BLOCK", "IMAGE", { src: "x", height: 501 })),
      property: "nodes[0].config.components[0].config.height",
    },
    {
      name: "an IMAGE position not in the list",
      body: inStep(component("BLOCK", "IMAGE", { src: "x", position: "TOP" })),
      property: "nodes[0].config.components[0].config.position",
    },
    {
      name: "a BOOLEAN without config",
      body: inStep(component("FIELD", "BOOLEAN")),
      property: "nodes[0].config.components[0].config",
    },
    {
      name: "a hint of 501 characters",
      body: inStep(component("FIELD", "TEXT", {}, { hint: s(501) })),
      property: "nodes[0].config.components[0].hint",
    },
    {
      name: "a FILE maxSize under 1024",
      body: inStep(component("FIELD", "FILE", { maxSize: 1023 })),
      property: "nodes[0].config.components[0].config.maxSize",
    },
    {
      name: "a FILE storage without type",
      body: inStep(component("FIELD", "FILE", { storage: { bucket: "b" } })),
      property: "nodes[0].config.components[0].config.storage.type",
    },
    {
      name: "a CHOICE allow_other disabled",
      body: inStep(component("FIELD", "CHOICE", { allow_other: { enabled: false } })),
      property: "nodes[0].config.components[0].config.allow_other.enabled",
    },
    {
      name: "a PAYMENT without credentials",
      body: inStep(component("FIELD", "PAYMENT", { charge: { type: "SUBSCRIPTION", subscription: {} } })),
      property: "nodes[0].config.components[0].config.credentials",
    },
    {
      name: "a PAYMENT credential of 251 characters",
      body: inStep(
        component("FIELD", "PAYMENT", {
          charge: { type: "SUBSCRIPTION", subscription: {} },
          credentials: { public_key: "pk", private_key: s(251) },
        }),
      ),
      property: "nodes[0].config.components[0].config.credentials.private_key",
    },
    {
      name: "a PAYMENT in an unlisted currency",
      body: inStep(
        component("FIELD", "PAYMENT", {
          charge: { type: "ONE_OFF", one_off: { amount: 1, currency: "JPY" } },
          credentials: { public_key: "pk", private_key: "sk" },
        }),
      ),
      property: "nodes[0].config.components[0].config.charge.one_off.currency",
    },
    {
      name: "a PAYMENT amount of 0",
      body: inStep(
        component("FIELD", "PAYMENT", {
          charge: { type: "ONE_OFF", one_off: { amount: 0, currency: "EUR" } },
          credentials: { public_key: "pk", private_key: "sk" },
        }),
      ),
      property: "nodes[0].config.components[0].config.charge.one_off.amount",
    },
    {
      name: "a PAYMENT charge of an unknown type",
      body: inStep(
        component("FIELD", "PAYMENT", {
          charge: { type: "RECURRING" },
          credentials: { public_key: "pk", private_key: "sk" },
        }),
      ),
      property: "nodes[0].config.components[0].config.charge.type",
    },
    {
      name: "a TEL min_length of 0",
      body: inStep(component("FIELD", "TEL", { min_length: 0 })),
      property: "nodes[0].config.components[0].config.min_length",
    },
    {
      name: "a verifiable-credentials max_wait of 59",
      body: inStep(
        component("WIDGET", "AUTH0_VERIFIABLE_CREDENTIALS", {
          url: "u",
          alternate_text: "a",
          access_token: "t",
          verification_id: "v",
          max_wait: 59,
        }),
      ),
      property: "nodes[0].config.components[0].config.max_wait",
    },
    {
      name: "a RESEND_BUTTON with 11 attempts",
      body: inStep(
        component("BLOCK", "RESEND_BUTTON", {
          active_text: "a",
          button_text: "b",
          waiting_text: "c",
          flow_id: "af_1",
          max_attempts: 11,
        }),
      ),
      property: "nodes[0].config.components[0].config.max_attempts",
    },
    {
      name: "a NEXT_BUTTON text of 151 characters",
      body: inStep(component("BLOCK", "NEXT_BUTTON", { text: s(151) })),
      property: "nodes[0].config.components[0].config.text",
    },
    {
      name: "a SOCIAL config with a key",
      body: inStep(component("FIELD", "SOCIAL", { providers: ["google"] })),
      property: "nodes[0].config.components[0].config.providers",
    },
  ],
};

/**
 * Refused because of a format the published schema names but does not define; the
 * project's definitions are in api/schema/formats.ts.
 */
export const FORM_FORMAT_RULES: Refused[] = [
  {
    name: "a node id with a space (forms-custom-identifier)",
    body: full("nodes[1].id", "flow 1"),
    property: "nodes[1].id",
  },
  {
    name: "a next_node that is not an identifier",
    body: full("nodes[1].config.next_node", "no way!"),
    property: "nodes[1].config.next_node",
  },
  {
    name: "a flow id without af_ (flow-id)",
    body: full("nodes[1].config.flow_id", "flow_123"),
    property: "nodes[1].config.flow_id",
  },
  {
    name: "an after_submit flow id without af_",
    body: full("ending.after_submit.flow_id", "123"),
    property: "ending.after_submit.flow_id",
  },
  {
    name: "a hidden field key with a dot",
    body: full("start.hidden_fields[0].key", "utm.source"),
    property: "start.hidden_fields[0].key",
  },
  {
    name: "a colour that is a name (forms-hex-color)",
    body: inStep(
      component("BLOCK", "JUMP_BUTTON", { text: "x", next_node: "$ending", style: { background_color: "red" } }),
    ),
    property: "nodes[0].config.components[0].config.style.background_color",
  },
  {
    name: "a card image over http (forms-url-https)",
    body: inStep(
      component("FIELD", "CARDS", { options: [{ value: "a", label: "A", image_url: "http://x.example/a.png" }] }),
    ),
    property: "nodes[0].config.components[0].config.options[0].image_url",
  },
  {
    name: "a file extension with a space (forms-file-extension)",
    body: inStep(component("FIELD", "FILE", { extensions: ["p df"] })),
    property: "nodes[0].config.components[0].config.extensions[0]",
  },
];

/** Bodies of `PATCH /forms/{id}` (applied to a form holding {@link FULL_FORM}). */
export const FORM_UPDATE: { accepted: Example[]; refused: Refused[] } = {
  accepted: [
    { name: "an empty PATCH", body: {} },
    { name: "null clears a key", body: { style: null, messages: null, translations: null, languages: null } },
    { name: "a new name and ending", body: { name: "Renamed", ending: { resume_flow: true } } },
    { name: "new nodes (the references still resolve)", body: { nodes: FULL_FORM.nodes, start: FULL_FORM.start } },
  ],
  refused: [
    { name: "null for name", body: { name: null }, property: "name" },
    { name: "resume_flow false", body: { ending: { resume_flow: false } }, property: "ending.resume_flow" },
    { name: "empty css", body: { style: { css: "" } }, property: "style.css" },
    { name: "an unknown key", body: { colour: "red" }, property: "colour" },
  ],
};

// ---------------------------------------------------------------- event streams

const webhook = (authorization: Json, endpoint = "https://hooks.example.com/in") => ({
  type: "webhook",
  configuration: { webhook_endpoint: endpoint, webhook_authorization: authorization },
});
const stream = (destination: unknown, extra: Json = {}) => ({
  name: "conformance",
  subscriptions: [{ event_type: "user.created" }],
  destination,
  ...extra,
});
const eventbridge = (configuration: Json) => ({
  type: "eventbridge",
  configuration: { aws_account_id: "123456789012", aws_region: "eu-west-1", ...configuration },
});

/** Bodies of `POST /event-streams`. */
export const EVENT_STREAM_CREATE: { accepted: Example[]; refused: Refused[] } = {
  accepted: [
    {
      name: "webhook, basic with its password",
      body: stream(webhook({ method: "basic", username: "hook", password: "p" })),
    },
    {
      name: "webhook, basic without password (the SDK's shape)",
      body: stream(webhook({ method: "basic", username: s(128, "u") })),
    },
    { name: "webhook, bearer", body: stream(webhook({ method: "bearer", token: "t" })) },
    { name: "webhook, bearer without token (the SDK's shape)", body: stream(webhook({ method: "bearer" })) },
    {
      name: "webhook, custom header",
      body: stream(webhook({ method: "custom_header", header_key: "X-Api-Key", header_value: "v" })),
    },
    {
      name: "an endpoint that only starts with https://",
      body: stream(webhook({ method: "bearer", token: "t" }, "https://h")),
    },
    {
      name: "eventbridge in a recent region (ap-southeast-7)",
      body: stream(eventbridge({ aws_region: "ap-southeast-7" })),
    },
    { name: "eventbridge in a GovCloud region", body: stream(eventbridge({ aws_region: "us-gov-west-1" })) },
    { name: "action", body: stream({ type: "action", configuration: { action_id: "act_1" } }) },
    { name: "only a destination", body: { destination: { type: "action", configuration: { action_id: "a" } } } },
    {
      name: "a subscription without event_type",
      body: stream({ type: "action", configuration: { action_id: "a" } }, { subscriptions: [{}] }),
    },
    {
      name: "known event types, disabled",
      body: stream(
        { type: "action", configuration: { action_id: "a" } },
        {
          status: "disabled",
          subscriptions: ["group.role.deleted", "organization.member.role.assigned", "connection.created"].map(
            (event_type) => ({ event_type }),
          ),
        },
      ),
    },
  ],
  refused: [
    {
      name: "a basic username of 129 characters",
      body: stream(webhook({ method: "basic", username: s(129), password: "p" })),
      property: "destination.configuration.webhook_authorization.username",
    },
    {
      name: "a basic username with a colon",
      body: stream(webhook({ method: "basic", username: "a:b", password: "p" })),
      property: "destination.configuration.webhook_authorization.username",
    },
    {
      name: "basic without username",
      body: stream(webhook({ method: "basic", password: "p" })),
      property: "destination.configuration.webhook_authorization.username",
    },
    {
      name: "an unknown authorization method",
      body: stream(webhook({ method: "digest" })),
      property: "destination.configuration.webhook_authorization.method",
    },
    {
      name: "a header name with a space",
      body: stream(webhook({ method: "custom_header", header_key: "X Key", header_value: "v" })),
      property: "destination.configuration.webhook_authorization.header_key",
    },
    {
      name: "an http endpoint",
      body: stream(webhook({ method: "bearer", token: "t" }, "http://hooks.example.com")),
      property: "destination.configuration.webhook_endpoint",
    },
    {
      name: "a webhook without authorization",
      body: stream({ type: "webhook", configuration: { webhook_endpoint: "https://h.example.com" } }),
      property: "destination.configuration.webhook_authorization",
    },
    {
      name: "an AWS region not in the list",
      body: stream(eventbridge({ aws_region: "eu-west-9" })),
      property: "destination.configuration.aws_region",
    },
    {
      name: "an AWS account of 11 digits",
      body: stream(eventbridge({ aws_account_id: "12345678901" })),
      property: "destination.configuration.aws_account_id",
    },
    {
      name: "an action without action_id",
      body: stream({ type: "action", configuration: {} }),
      property: "destination.configuration.action_id",
    },
    {
      name: "an unknown key in a configuration",
      body: stream({ type: "action", configuration: { action_id: "a", extra: 1 } }),
      property: "destination.configuration.extra",
    },
    {
      name: "an unknown destination type",
      body: stream({ type: "email", configuration: {} }),
      property: "destination.type",
    },
    { name: "no destination", body: { name: "x" }, property: "destination" },
    {
      name: "no subscriptions",
      body: stream({ type: "action", configuration: { action_id: "a" } }, { subscriptions: [] }),
      property: "subscriptions",
    },
    {
      name: "a subscription with another key",
      body: stream(
        { type: "action", configuration: { action_id: "a" } },
        { subscriptions: [{ event_type: "user.created", filter: "x" }] },
      ),
      property: "subscriptions[0].filter",
    },
    {
      name: "status paused",
      body: stream({ type: "action", configuration: { action_id: "a" } }, { status: "paused" }),
      property: "status",
    },
    {
      name: "an empty name",
      body: stream({ type: "action", configuration: { action_id: "a" } }, { name: "" }),
      property: "name",
    },
    {
      name: "an unknown key",
      body: stream({ type: "action", configuration: { action_id: "a" } }, { filters: [] }),
      property: "filters",
    },
  ],
};

/**
 * Event types: the published subscription schema is a plain string, and the set grows.
 * `check` accepts any well-formed `a.b[.c]` type (and refuses a malformed one); the
 * tenant server, like the real service, refuses a type it does not know.
 */
export const EVENT_TYPE_RULES = {
  /** Well-formed, unknown to the tenant: passes `check`, refused by the server. */
  unknownToTenant: {
    name: "a well-formed type the tenant does not know",
    body: stream(
      { type: "action", configuration: { action_id: "a" } },
      { subscriptions: [{ event_type: "ticket.opened" }] },
    ),
    property: "subscriptions[0].event_type",
  },
  /** Malformed: refused by both. */
  malformed: {
    name: "a malformed event type",
    body: stream(
      { type: "action", configuration: { action_id: "a" } },
      { subscriptions: [{ event_type: "User Created" }] },
    ),
    property: "subscriptions[0].event_type",
  },
};

/** Bodies of `PATCH /event-streams/{id}` (`EventStreamDestinationPatch`: webhook or action). */
export const EVENT_STREAM_UPDATE: { accepted: PatchExample[]; refused: (Refused & PatchExample)[] } = {
  accepted: [
    { name: "an empty PATCH", body: {} },
    { name: "empty subscriptions (no minItems on PATCH)", body: { subscriptions: [] } },
    {
      name: "a new webhook destination",
      body: { destination: webhook({ method: "bearer", token: "rotated" }) },
      fixture: "webhook",
    },
    {
      name: "name, subscriptions and status of an action stream",
      body: { name: "renamed", subscriptions: [{ event_type: "user.deleted" }], status: "disabled" },
      fixture: "action",
    },
    { name: "name and status", body: { name: "renamed", status: "disabled" } },
  ],
  refused: [
    { name: "an eventbridge destination", body: { destination: eventbridge({}) }, property: "destination.type" },
    { name: "an empty name", body: { name: "" }, property: "name" },
    {
      name: "a basic username with a colon",
      body: { destination: webhook({ method: "basic", username: "a:b" }) },
      property: "destination.configuration.webhook_authorization.username",
      fixture: "webhook",
    },
    { name: "an unknown key", body: { filters: [] }, property: "filters" },
  ],
};

/**
 * A PATCH the published schema takes (`EventStreamDestinationPatch` has an action variant)
 * and the real API refuses on a stream whose destination is an action, even unchanged (Auth0's
 * deploy CLI strips `destination` from such a PATCH for that reason): so does the tenant server.
 */
export const ACTION_DESTINATION_PATCH: PatchExample = {
  name: "the same action destination, on an action stream",
  body: { destination: { type: "action", configuration: { action_id: "act_fixture" } } },
  fixture: "action",
};

// ---------------------------------------------------------------- the template

/** Bodies of `PUT /branding/templates/universal-login` (the markup always carries the two tags). */
export const TEMPLATE_PUT: { accepted: Example[]; refused: Refused[] } = {
  accepted: [
    { name: "{template}", body: { template: TEMPLATE } },
    { name: "a bare string", body: TEMPLATE },
    { name: "{template} of 102400 characters", body: { template: TEMPLATE + s(102400 - TEMPLATE.length, " ") } },
  ],
  refused: [
    {
      name: "{template} of 102401 characters",
      body: { template: TEMPLATE + s(102401 - TEMPLATE.length, " ") },
      property: "template",
    },
    { name: "a template that is not a string", body: { template: 7 }, property: "template" },
    { name: "another key", body: { template: TEMPLATE, theme: "dark" }, property: "theme" },
    { name: "no template", body: {}, property: "template" },
  ],
};
