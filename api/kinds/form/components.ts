/**
 * The 27 component types of a form's STEP nodes, as published: 8 BLOCK, 3 WIDGET and
 * 16 FIELD types, each with its own `config` (limits, formats, required keys) and no
 * keys beyond the published ones. Discriminated by `type` (unique across categories);
 * each type also fixes its `category`.
 *
 * One addition to the published schema: GMAPS_ADDRESS `config.server_key`, which the
 * official SDK's types carry (both sources are accepted).
 */
import {
  array,
  boolean,
  discriminated,
  enumOf,
  integer,
  literal,
  number,
  object,
  openObject,
  record,
  string,
  union,
  unknown,
  type Schema,
} from "../../schema/builder";

/** A component or node id (`forms-custom-identifier`). */
export const formIdentifier = () => string({ format: "forms-custom-identifier" });
/** A `next_node`: a node id or `"$ending"`. */
export const formNodePointer = () => string({ format: "forms-node-pointer" });
/** A flow id (`af_…`, at most 30 characters). */
export const flowId = () => string({ maxLength: 30, format: "flow-id", references: "flow" });

const text = (minLength: number | undefined, maxLength?: number) => string({ minLength, maxLength });
const alignment = () => enumOf(["LEFT", "CENTER", "RIGHT"]);

/** A BLOCK component of `type` whose `config` may be left out. */
function block<const T extends string, const C extends Schema<unknown>>(type: T, config: C) {
  return object(
    { id: formIdentifier(), category: literal("BLOCK"), type: literal(type), config },
    { required: ["id", "category", "type"] },
  );
}

/** A BLOCK component of `type` whose `config` is required. */
function blockWithConfig<const T extends string, const C extends Schema<unknown>>(type: T, config: C) {
  return object(
    { id: formIdentifier(), category: literal("BLOCK"), type: literal(type), config },
    { required: ["id", "category", "type", "config"] },
  );
}

/** Label, hint and flags every FIELD and WIDGET component takes. */
const fieldProperties = () => ({
  /** The label shown with the field. */
  label: string({ minLength: 1 }),
  /** Help text shown with the field, 1 to 500 characters. */
  hint: text(1, 500),
  /** Whether the user must fill it in. */
  required: boolean(),
  /** Whether the value is sensitive. */
  sensitive: boolean(),
});

/** A FIELD or WIDGET component of `type` whose `config` may be left out. */
function field<const K extends "FIELD" | "WIDGET", const T extends string, const C extends Schema<unknown>>(
  category: K,
  type: T,
  config: C,
) {
  return object(
    { id: formIdentifier(), category: literal(category), type: literal(type), config, ...fieldProperties() },
    { required: ["id", "category", "type"] },
  );
}

/** A FIELD or WIDGET component of `type` whose `config` is required. */
function fieldWithConfig<const K extends "FIELD" | "WIDGET", const T extends string, const C extends Schema<unknown>>(
  category: K,
  type: T,
  config: C,
) {
  return object(
    { id: formIdentifier(), category: literal(category), type: literal(type), config, ...fieldProperties() },
    { required: ["id", "category", "type", "config"] },
  );
}

// ---------------------------------------------------------------- BLOCK

const choiceOption = () =>
  object({ value: string({ minLength: 1 }), label: string({ minLength: 1 }) }, { required: ["value", "label"] });

/** BLOCK components: layout and buttons. */
export const formBlockComponentSchemas = [
  block("DIVIDER", object({ text: text(undefined, 50) })),
  block("HTML", object({ content: text(undefined, 10000) })),
  block(
    "IMAGE",
    object(
      {
        src: text(undefined, 500),
        position: alignment(),
        height: number({ minimum: 1, maximum: 500 }),
      },
      { required: ["src"] },
    ),
  ),
  blockWithConfig(
    "JUMP_BUTTON",
    object(
      {
        text: text(undefined, 150),
        /** The node the button jumps to: a node id or `"$ending"`. */
        next_node: formNodePointer(),
        style: object({ background_color: string({ format: "forms-hex-color" }) }),
      },
      { required: ["text", "next_node"] },
    ),
  ),
  blockWithConfig(
    "RESEND_BUTTON",
    object(
      {
        active_text: text(1, 255),
        button_text: text(1, 255),
        waiting_text: text(1, 255),
        text_alignment: alignment(),
        flow_id: flowId(),
        max_attempts: number({ minimum: 1, maximum: 10 }),
        waiting_time: number({ minimum: 1, maximum: 60 }),
      },
      { required: ["active_text", "button_text", "waiting_text", "flow_id"] },
    ),
  ),
  blockWithConfig("NEXT_BUTTON", object({ text: text(undefined, 150) }, { required: ["text"] })),
  blockWithConfig("PREVIOUS_BUTTON", object({ text: text(undefined, 150) }, { required: ["text"] })),
  block("RICH_TEXT", object({ content: text(undefined, 10000) })),
] as const;

// ---------------------------------------------------------------- WIDGET

/** WIDGET components: verifiable credentials, Google Maps address, reCAPTCHA. */
export const formWidgetComponentSchemas = [
  fieldWithConfig(
    "WIDGET",
    "AUTH0_VERIFIABLE_CREDENTIALS",
    object(
      {
        url: text(undefined, 2000),
        size: number({ minimum: 1, maximum: 500 }),
        alternate_text: text(1, 255),
        /** Secret: stored as a Pulumi secret. */
        access_token: text(1, 5000),
        verification_id: text(1, 255),
        max_wait: number({ minimum: 60, maximum: 600 }),
      },
      { required: ["url", "alternate_text", "access_token", "verification_id"] },
    ),
  ),
  fieldWithConfig(
    "WIDGET",
    "GMAPS_ADDRESS",
    object(
      {
        /** Secret: stored as a Pulumi secret. */
        api_key: string({ minLength: 1 }),
        /** Secret: stored as a Pulumi secret (in the official SDK's types, not the published schema). */
        server_key: string(),
      },
      { required: ["api_key"] },
    ),
  ),
  fieldWithConfig(
    "WIDGET",
    "RECAPTCHA",
    object(
      {
        site_key: string({ minLength: 1 }),
        /** Secret: stored as a Pulumi secret. */
        secret_key: string({ minLength: 1 }),
      },
      { required: ["site_key", "secret_key"] },
    ),
  ),
] as const;

// ---------------------------------------------------------------- FIELD

const paymentFieldProperties = () => object({ label: text(1, 250), placeholder: text(1, 250) });

/** `config.charge` of a PAYMENT field. */
const paymentCharge = discriminated("type", [
  object(
    {
      type: literal("ONE_OFF"),
      one_off: openObject(
        {
          amount: union([string({ minLength: 1 }), number({ minimum: 0.01 })]),
          currency: enumOf(["AUD", "CAD", "CHF", "EUR", "GBP", "INR", "MXN", "SEK", "USD"]),
        },
        { required: ["amount", "currency"] },
      ),
    },
    { required: ["type", "one_off"] },
  ),
  object({ type: literal("SUBSCRIPTION"), subscription: openObject({}) }, { required: ["type", "subscription"] }),
]);

/** FIELD components: inputs. */
export const formFieldComponentSchemas = [
  fieldWithConfig(
    "FIELD",
    "BOOLEAN",
    object({
      default_value: boolean(),
      options: object({ true: text(1, 50), false: text(1, 50) }),
    }),
  ),
  field(
    "FIELD",
    "CARDS",
    object({
      hide_labels: boolean(),
      multiple: boolean(),
      options: array(
        object(
          {
            value: string({ minLength: 1 }),
            label: string({ minLength: 1 }),
            image_url: string({ format: "forms-url-https" }),
          },
          { required: ["value", "label", "image_url"] },
        ),
      ),
      default_value: unknown(),
    }),
  ),
  field(
    "FIELD",
    "CHOICE",
    object({
      multiple: boolean(),
      options: array(choiceOption()),
      allow_other: object({
        enabled: literal(true),
        label: string({ minLength: 1 }),
        placeholder: string({ minLength: 1 }),
      }),
      default_value: unknown(),
    }),
  ),
  fieldWithConfig(
    "FIELD",
    "CUSTOM",
    object(
      {
        schema: openObject({}),
        code: string({ minLength: 1 }),
        css: string({ minLength: 1 }),
        params: record(string()),
      },
      { required: ["schema", "code"] },
    ),
  ),
  fieldWithConfig("FIELD", "DATE", object({ format: enumOf(["DATE", "TIME"]), default_value: string() })),
  field(
    "FIELD",
    "DROPDOWN",
    object({
      multiple: boolean(),
      options: array(choiceOption()),
      default_value: unknown(),
      placeholder: text(1, 500),
    }),
  ),
  field("FIELD", "EMAIL", object({ default_value: string({ minLength: 1 }), placeholder: text(1, 500) })),
  field(
    "FIELD",
    "FILE",
    object({
      multiple: boolean(),
      storage: openObject({ type: enumOf(["MANAGED", "CUSTOM"]) }, { required: ["type"] }),
      categories: array(enumOf(["AUDIO", "VIDEO", "IMAGE", "DOCUMENT", "ARCHIVE"])),
      extensions: array(string({ maxLength: 50, format: "forms-file-extension" })),
      maxSize: integer({ minimum: 1024 }),
      maxFiles: integer({ minimum: 1 }),
    }),
  ),
  field("FIELD", "LEGAL", object({ text: text(1, 10000) })),
  field(
    "FIELD",
    "NUMBER",
    object({
      default_value: number(),
      placeholder: text(1, 500),
      min_value: number(),
      max_value: number(),
    }),
  ),
  fieldWithConfig(
    "FIELD",
    "PASSWORD",
    object({
      hash: enumOf(["NONE", "MD5", "SHA1", "SHA256", "SHA512"]),
      placeholder: text(undefined, 500),
      min_length: integer({ minimum: 1 }),
      max_length: integer({ minimum: 1 }),
      complexity: boolean(),
      nist: boolean(),
      strength_meter: boolean(),
    }),
  ),
  fieldWithConfig(
    "FIELD",
    "PAYMENT",
    object(
      {
        provider: enumOf(["STRIPE"]),
        charge: paymentCharge,
        /** Secret: stored as a Pulumi secret. */
        credentials: object(
          { public_key: text(1, 250), private_key: text(1, 250) },
          { required: ["public_key", "private_key"] },
        ),
        customer: openObject({}),
        fields: object({
          card_number: paymentFieldProperties(),
          expiration_date: paymentFieldProperties(),
          security_code: paymentFieldProperties(),
          trustmarks: boolean(),
        }),
      },
      { required: ["charge", "credentials"] },
    ),
  ),
  field("FIELD", "SOCIAL", object({})),
  field(
    "FIELD",
    "TEL",
    object({
      default_value: string(),
      placeholder: text(undefined, 500),
      min_length: integer({ minimum: 1 }),
      max_length: integer({ minimum: 1 }),
      country_picker: boolean(),
      strings: object({ filter_placeholder: string({ minLength: 1 }) }),
    }),
  ),
  field(
    "FIELD",
    "TEXT",
    object({
      multiline: boolean(),
      default_value: string({ minLength: 1 }),
      placeholder: text(1, 500),
      min_length: integer({ minimum: 1 }),
      max_length: integer({ minimum: 1 }),
    }),
  ),
  field("FIELD", "URL", object({ default_value: string({ minLength: 1 }), placeholder: text(1, 500) })),
] as const;

/** A component of a STEP node: one of the 27 published types. */
export const formComponentSchema = discriminated("type", [
  ...formBlockComponentSchemas,
  ...formWidgetComponentSchemas,
  ...formFieldComponentSchemas,
]);

/** The component types, by category. */
export const FORM_COMPONENT_TYPES = {
  BLOCK: ["DIVIDER", "HTML", "IMAGE", "JUMP_BUTTON", "RESEND_BUTTON", "NEXT_BUTTON", "PREVIOUS_BUTTON", "RICH_TEXT"],
  WIDGET: ["AUTH0_VERIFIABLE_CREDENTIALS", "GMAPS_ADDRESS", "RECAPTCHA"],
  FIELD: [
    "BOOLEAN",
    "CARDS",
    "CHOICE",
    "CUSTOM",
    "DATE",
    "DROPDOWN",
    "EMAIL",
    "FILE",
    "LEGAL",
    "NUMBER",
    "PASSWORD",
    "PAYMENT",
    "SOCIAL",
    "TEL",
    "TEXT",
    "URL",
  ],
} as const;
