/**
 * fast-check generators of form components, written by hand from the published schema
 * (`FormBlock*`, `FormWidget*`, `FormField*` in the Management API's OpenAPI document),
 * not from the project's schemas: the conformance suites compare the two. One
 * generator per type makes values the published schema accepts; {@link refusedComponent}
 * breaks one of them in a way it refuses, and says which property must be named.
 */
import fc from "fast-check";

type Json = Record<string, unknown>;

/** Strings of `min`..`max` characters (max kept small for speed). */
const text = (min: number, max: number) => fc.string({ minLength: min, maxLength: max });
const id = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);
const https = fc.constantFrom("https://cdn.example.com/a.png", "https://example.org/img/b.jpg");
const flowId = fc.stringMatching(/^af_[1-9A-HJ-NP-Za-km-z]{22}$/);
// A JUMP_BUTTON's target must be a node of the form: the ending always is.
const pointer = fc.constant("$ending");
const alignment = fc.constantFrom("LEFT", "CENTER", "RIGHT");
const option = fc.record({ value: text(1, 10), label: text(1, 10) });
const key = fc.stringMatching(/^[a-z]{1,6}$/);
/** Free JSON values (`{}` in the published schema), without keys a JSON parser refuses (`__proto__`). */
const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 2 }),
    fc.dictionary(key, tie("value"), { maxKeys: 2 }),
  ),
})).value;

/** `{ id, category, type, config? }` plus the optional FIELD/WIDGET keys. */
function component(
  category: string,
  type: string,
  config: fc.Arbitrary<Json>,
  configRequired: boolean,
): fc.Arbitrary<Json> {
  const field = category !== "BLOCK";
  return fc.record(
    {
      id,
      category: fc.constant(category),
      type: fc.constant(type),
      config,
      ...(field ? { label: text(1, 20), hint: text(1, 40), required: fc.boolean(), sensitive: fc.boolean() } : {}),
    },
    { requiredKeys: configRequired ? ["id", "category", "type", "config"] : ["id", "category", "type"] },
  ) as fc.Arbitrary<Json>;
}

const optional = <T extends Record<string, fc.Arbitrary<unknown>>>(model: T, required: (keyof T & string)[] = []) =>
  fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Json>;

/** Every published component type with a generator of values the published schema accepts. */
export const COMPONENTS: Record<string, { category: string; arbitrary: fc.Arbitrary<Json> }> = {
  DIVIDER: { category: "BLOCK", arbitrary: component("BLOCK", "DIVIDER", optional({ text: text(0, 50) }), false) },
  HTML: { category: "BLOCK", arbitrary: component("BLOCK", "HTML", optional({ content: text(0, 100) }), false) },
  IMAGE: {
    category: "BLOCK",
    arbitrary: component(
      "BLOCK",
      "IMAGE",
      optional({ src: text(0, 60), position: alignment, height: fc.double({ min: 1, max: 500, noNaN: true }) }, [
        "src",
      ]),
      false,
    ),
  },
  JUMP_BUTTON: {
    category: "BLOCK",
    arbitrary: component(
      "BLOCK",
      "JUMP_BUTTON",
      optional(
        {
          text: text(0, 150),
          next_node: pointer,
          style: optional({ background_color: fc.constantFrom("#fff", "#1f2937", "#AABBCCDD") }),
        },
        ["text", "next_node"],
      ),
      true,
    ),
  },
  RESEND_BUTTON: {
    category: "BLOCK",
    arbitrary: component(
      "BLOCK",
      "RESEND_BUTTON",
      optional(
        {
          active_text: text(1, 20),
          button_text: text(1, 20),
          waiting_text: text(1, 20),
          text_alignment: alignment,
          flow_id: flowId,
          max_attempts: fc.integer({ min: 1, max: 10 }),
          waiting_time: fc.integer({ min: 1, max: 60 }),
        },
        ["active_text", "button_text", "waiting_text", "flow_id"],
      ),
      true,
    ),
  },
  NEXT_BUTTON: {
    category: "BLOCK",
    arbitrary: component("BLOCK", "NEXT_BUTTON", optional({ text: text(0, 150) }, ["text"]), true),
  },
  PREVIOUS_BUTTON: {
    category: "BLOCK",
    arbitrary: component("BLOCK", "PREVIOUS_BUTTON", optional({ text: text(0, 150) }, ["text"]), true),
  },
  RICH_TEXT: {
    category: "BLOCK",
    arbitrary: component("BLOCK", "RICH_TEXT", optional({ content: text(0, 200) }), false),
  },
  AUTH0_VERIFIABLE_CREDENTIALS: {
    category: "WIDGET",
    arbitrary: component(
      "WIDGET",
      "AUTH0_VERIFIABLE_CREDENTIALS",
      optional(
        {
          url: text(0, 40),
          size: fc.integer({ min: 1, max: 500 }),
          alternate_text: text(1, 20),
          access_token: text(1, 40),
          verification_id: text(1, 20),
          max_wait: fc.integer({ min: 60, max: 600 }),
        },
        ["url", "alternate_text", "access_token", "verification_id"],
      ),
      true,
    ),
  },
  GMAPS_ADDRESS: {
    category: "WIDGET",
    arbitrary: component("WIDGET", "GMAPS_ADDRESS", optional({ api_key: text(1, 40) }, ["api_key"]), true),
  },
  RECAPTCHA: {
    category: "WIDGET",
    arbitrary: component(
      "WIDGET",
      "RECAPTCHA",
      optional({ site_key: text(1, 40), secret_key: text(1, 40) }, ["site_key", "secret_key"]),
      true,
    ),
  },
  BOOLEAN: {
    category: "FIELD",
    arbitrary: component(
      "FIELD",
      "BOOLEAN",
      optional({ default_value: fc.boolean(), options: optional({ true: text(1, 50), false: text(1, 50) }) }),
      true,
    ),
  },
  CARDS: {
    category: "FIELD",
    arbitrary: component(
      "FIELD",
      "CARDS",
      optional({
        hide_labels: fc.boolean(),
        multiple: fc.boolean(),
        options: fc.array(fc.record({ value: text(1, 10), label: text(1, 10), image_url: https }), { maxLength: 3 }),
        default_value: anyJson,
      }),
      false,
    ),
  },
  CHOICE: {
    category: "FIELD",
    arbitrary: component(
      "FIELD",
      "CHOICE",
      optional({
        multiple: fc.boolean(),
        options: fc.array(option, { maxLength: 3 }),
        allow_other: optional({ enabled: fc.constant(true), label: text(1, 10), placeholder: text(1, 10) }),
        default_value: anyJson,
      }),
      false,
    ),
  },
  CUSTOM: {
    category: "FIELD",
    arbitrary: component(
      "FIELD",
      "CUSTOM",
      optional(
        {
          schema: fc.dictionary(key, anyJson, { maxKeys: 3 }),
          code: text(1, 40),
          css: text(1, 20),
          params: fc.dictionary(key, text(0, 10), { maxKeys: 3 }),
        },
        ["schema", "code"],
      ),
      true,
    ),
  },
  DATE: {
    category: "FIELD",
    arbitrary: component(
      "FIELD",
      "DATE",
      optional({ format: fc.constantFrom("DATE", "TIME"), default_value: text(0, 10) }),
      true,
    ),
  },
  DROPDOWN: {
    category: "FIELD",
    arbitrary: component(
      "FIELD",
      "DROPDOWN",
      optional({
        multiple: fc.boolean(),
        options: fc.array(option, { maxLength: 3 }),
        default_value: anyJson,
        placeholder: text(1, 40),
      }),
      false,
    ),
  },
  EMAIL: {
    category: "FIELD",
    arbitrary: component("FIELD", "EMAIL", optional({ default_value: text(1, 20), placeholder: text(1, 40) }), false),
  },
  FILE: {
    category: "FIELD",
    arbitrary: component(
      "FIELD",
      "FILE",
      optional({
        multiple: fc.boolean(),
        storage: fc.record(
          { type: fc.constantFrom("MANAGED", "CUSTOM"), bucket: fc.constant("b1") },
          { requiredKeys: ["type"] },
        ),
        categories: fc.uniqueArray(fc.constantFrom("AUDIO", "VIDEO", "IMAGE", "DOCUMENT", "ARCHIVE"), { maxLength: 3 }),
        extensions: fc.array(fc.constantFrom("pdf", ".png", "tar.gz"), { maxLength: 3 }),
        maxSize: fc.integer({ min: 1024, max: 10_000_000 }),
        maxFiles: fc.integer({ min: 1, max: 10 }),
      }),
      false,
    ),
  },
  LEGAL: { category: "FIELD", arbitrary: component("FIELD", "LEGAL", optional({ text: text(1, 100) }), false) },
  NUMBER: {
    category: "FIELD",
    arbitrary: component(
      "FIELD",
      "NUMBER",
      optional({
        default_value: fc.double({ noNaN: true, noDefaultInfinity: true }),
        placeholder: text(1, 20),
        min_value: fc.integer(),
        max_value: fc.integer(),
      }),
      false,
    ),
  },
  PASSWORD: {
    category: "FIELD",
    arbitrary: component(
      "FIELD",
      "PASSWORD",
      optional({
        hash: fc.constantFrom("NONE", "MD5", "SHA1", "SHA256", "SHA512"),
        placeholder: text(0, 20),
        min_length: fc.integer({ min: 1, max: 20 }),
        max_length: fc.integer({ min: 1, max: 200 }),
        complexity: fc.boolean(),
        nist: fc.boolean(),
        strength_meter: fc.boolean(),
      }),
      true,
    ),
  },
  PAYMENT: {
    category: "FIELD",
    arbitrary: component(
      "FIELD",
      "PAYMENT",
      optional(
        {
          provider: fc.constant("STRIPE"),
          charge: fc.oneof(
            fc.record({
              type: fc.constant("ONE_OFF"),
              one_off: fc.record(
                {
                  amount: fc.oneof(text(1, 6), fc.double({ min: 0.01, max: 1e6, noNaN: true })),
                  currency: fc.constantFrom("AUD", "CAD", "CHF", "EUR", "GBP", "INR", "MXN", "SEK", "USD"),
                  description: fc.constant("extra keys are allowed here"),
                },
                { requiredKeys: ["amount", "currency"] },
              ),
            }),
            fc.record({ type: fc.constant("SUBSCRIPTION"), subscription: fc.dictionary(key, anyJson, { maxKeys: 2 }) }),
          ),
          credentials: fc.record({ public_key: text(1, 30), private_key: text(1, 30) }),
          customer: fc.dictionary(key, anyJson, { maxKeys: 2 }),
          fields: optional({
            card_number: optional({ label: text(1, 20), placeholder: text(1, 20) }),
            expiration_date: optional({ label: text(1, 20) }),
            security_code: optional({ placeholder: text(1, 20) }),
            trustmarks: fc.boolean(),
          }),
        },
        ["charge", "credentials"],
      ),
      true,
    ),
  },
  SOCIAL: { category: "FIELD", arbitrary: component("FIELD", "SOCIAL", fc.constant({}), false) },
  TEL: {
    category: "FIELD",
    arbitrary: component(
      "FIELD",
      "TEL",
      optional({
        default_value: text(0, 15),
        placeholder: text(0, 20),
        min_length: fc.integer({ min: 1, max: 10 }),
        max_length: fc.integer({ min: 1, max: 20 }),
        country_picker: fc.boolean(),
        strings: optional({ filter_placeholder: text(1, 20) }),
      }),
      false,
    ),
  },
  TEXT: {
    category: "FIELD",
    arbitrary: component(
      "FIELD",
      "TEXT",
      optional({
        multiline: fc.boolean(),
        default_value: text(1, 20),
        placeholder: text(1, 40),
        min_length: fc.integer({ min: 1, max: 10 }),
        max_length: fc.integer({ min: 1, max: 500 }),
      }),
      false,
    ),
  },
  URL: {
    category: "FIELD",
    arbitrary: component("FIELD", "URL", optional({ default_value: text(1, 20), placeholder: text(1, 40) }), false),
  },
};

/** The 27 published component types. */
export const COMPONENT_TYPES = Object.keys(COMPONENTS);

/** Any component the published schema accepts. */
export const componentArb: fc.Arbitrary<Json> = fc.oneof(...Object.values(COMPONENTS).map((entry) => entry.arbitrary));

/** A component the published schema refuses, and the property (relative to the component) a refusal must name. */
export interface RefusedComponent {
  component: Json;
  property: string;
  why: string;
}

/** Breaks a valid component in one of the ways the published schema refuses. */
export const refusedComponentArb: fc.Arbitrary<RefusedComponent> = fc
  .tuple(componentArb, fc.nat(), fc.stringMatching(/^[a-z]{3,8}x$/))
  .map(([valid, choice, extra]): RefusedComponent => {
    const component = structuredClone(valid);
    const category = String(component.category);
    switch (choice % 5) {
      case 0:
        component[extra] = true;
        return { component, property: extra, why: "an unknown key on the component" };
      case 1:
        if (component.config === undefined) {
          component[extra] = true;
          return { component, property: extra, why: "an unknown key on the component" };
        }
        (component.config as Json)[extra] = "x";
        return { component, property: `config.${extra}`, why: "an unknown key in config" };
      case 2:
        component.type = "TELEPORT";
        return { component, property: "type", why: "an unknown type" };
      case 3:
        component.category = category === "BLOCK" ? "FIELD" : "BLOCK";
        return { component, property: "category", why: "the wrong category for the type" };
      default:
        component.id = "has space";
        return { component, property: "id", why: "an id outside forms-custom-identifier" };
    }
  });
