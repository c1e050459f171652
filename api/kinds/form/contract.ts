/**
 * Forms (`/api/v2/forms`): the published schema of a form (nodes, components, start,
 * ending, style, messages, translations, languages) with its limits, formats and
 * required keys, and the forms' entry in the table of kinds. Beside it: the components'
 * schemas (components.ts), the formats (formats.ts), the fields and the server's defaults
 * (fields.ts), where the secrets are (secrets.ts), the `next_node` references no schema can
 * check (node-references.ts), and the form's own rules (provider.ts, tenant.ts).
 *
 * A ROUTER rule's `condition` is required, as the published schema states (the official
 * SDK's `FormRouterRule` leaves it out), and kept exactly as sent: it is free-form, so
 * like components it is opaque (an empty `operands: []` or `condition: []` stays).
 */
import { FORM_FORMATS } from "./formats";
import { FORM_SERVER_FIELDS } from "./fields";
import { FORM_SECRET_PATHS, formSecrets } from "./secrets";
import { FORM_EXAMPLE, FORM_FIELD_DOCS } from "./docs";
import {
  array,
  discriminated,
  enumOf,
  integer,
  literal,
  nullable,
  object,
  openObject,
  record,
  string,
  unknown,
  type Static,
} from "../../schema/builder";
import type { IdFormat } from "../../ids";
import { atMostIdRule, oneByIdOrName, type KindSpec } from "../../table/kind-spec";
import { collectionScopes } from "../../scopes";
import { flowId, formComponentSchema, formIdentifier, formNodePointer, FORM_COMPONENT_TYPES } from "./components";
import {
  checkNodeReferences,
  formInputsFromOutputs,
  formOutputs,
  formPatch,
  formSecretWords,
  normaliseForm,
} from "./provider";

/** Form name length bounds. */
export const FORM_NAME_MIN = 1;
export const FORM_NAME_MAX = 150;
/** Maximum length of a form id. */
const FORM_ID_MAX = 30;
/** The id the service makes for a form. */
const FORM_ID_FORMAT = { prefix: "ap_", length: 22 } as const satisfies IdFormat;
/** Most rules a ROUTER node may have. */
export const FORM_ROUTER_RULES_MAX = 10;

/** x/y position of a node in the editor: integers within ±999999. */
export const formCoordinatesSchema = object(
  {
    x: integer({ minimum: -999999, maximum: 999999 }),
    y: integer({ minimum: -999999, maximum: 999999 }),
  },
  { required: ["x", "y"] },
);

const alias = () => string({ minLength: 1, maxLength: 150 });
/** A form's id: `ap_` + 22 base58 characters (at most 30). */
const formId = () => string({ maxLength: FORM_ID_MAX, format: "form-id" });

/** One rule of a ROUTER node: where to go when its `condition` holds. */
export const formRouterRuleSchema = object(
  {
    /** The rule's id (letters, digits, `_`, `-`). */
    id: formIdentifier(),
    /** A display name, 1 to 150 characters. */
    alias: alias(),
    /** The condition, as the form editor writes it (free-form, kept exactly as sent). Required. */
    condition: unknown(),
    /** Where to go when the condition holds: a node id or `"$ending"`. */
    next_node: formNodePointer(),
  },
  { required: ["id", "condition"] },
);

/** A STEP node: components shown to the user, then `next_node`. */
export const formStepSchema = object(
  {
    /** The node's id (letters, digits, `_`, `-`). */
    id: formIdentifier(),
    type: literal("STEP"),
    /** Position in the editor. */
    coordinates: formCoordinatesSchema,
    /** A display name, 1 to 150 characters. */
    alias: alias(),
    config: object({
      /** What the step shows: BLOCK, WIDGET and FIELD components, each type with its own `config`. */
      components: array(formComponentSchema),
      /** The next node: a node id or `"$ending"`. */
      next_node: formNodePointer(),
    }),
  },
  { required: ["id", "type"] },
);

/** A FLOW node: runs a flow (`config.flow_id`), then `next_node`. */
export const formFlowSchema = object(
  {
    /** The node's id (letters, digits, `_`, `-`). */
    id: formIdentifier(),
    type: literal("FLOW"),
    /** Position in the editor. */
    coordinates: formCoordinatesSchema,
    /** A display name, 1 to 150 characters. */
    alias: alias(),
    config: object(
      {
        /** The flow to run: `af_…`, at most 30 characters. */
        flow_id: flowId(),
        /** The next node: a node id or `"$ending"`. */
        next_node: formNodePointer(),
      },
      { required: ["flow_id"] },
    ),
  },
  { required: ["id", "type", "config"] },
);

/** A ROUTER node: the first rule whose condition holds decides, else `fallback`. */
export const formRouterSchema = object(
  {
    /** The node's id (letters, digits, `_`, `-`). */
    id: formIdentifier(),
    type: literal("ROUTER"),
    /** Position in the editor. */
    coordinates: formCoordinatesSchema,
    /** A display name, 1 to 150 characters. */
    alias: alias(),
    config: object({
      /** At most 10 rules, each `{ id, condition, next_node, alias? }`. */
      rules: array(formRouterRuleSchema, { maxItems: FORM_ROUTER_RULES_MAX }),
      /** Where to go when no rule holds: a node id or `"$ending"`. */
      fallback: formNodePointer(),
    }),
  },
  { required: ["id", "type"] },
);

/** A node of a form's flow graph, discriminated by `type`. */
export const formNodeSchema = discriminated("type", [formStepSchema, formFlowSchema, formRouterSchema]);

/** Where a form starts. */
export const formStartSchema = object({
  /** Values passed in with the form: `{ key, value? }`, value at most 500 characters. */
  hidden_fields: array(
    object({ key: formIdentifier(), value: string({ minLength: 1, maxLength: 500 }) }, { required: ["key"] }),
  ),
  /** The first node: a node id or `"$ending"`. */
  next_node: formNodePointer(),
  /** Position in the editor. */
  coordinates: formCoordinatesSchema,
});

/** What happens when a form ends. The server stores `{ resume_flow: true }` when it is left out. */
export const formEndingSchema = object({
  /** Send the user to `target` (1 to 1024 characters) after `delay` seconds (an integer 0 to 10). */
  redirection: object(
    { delay: integer({ minimum: 0, maximum: 10 }), target: string({ minLength: 1, maxLength: 1024 }) },
    { required: ["target"] },
  ),
  /** Run a flow after submission. */
  after_submit: object({ flow_id: flowId() }),
  /** Position in the editor. */
  coordinates: formCoordinatesSchema,
  /** Resume the authentication flow: can only be `true`. */
  resume_flow: literal(true),
});

const message = () => string({ minLength: 1, maxLength: 255 });

/** The top-level fields of a form a caller may set, with their schemas. */
export const formFieldSchemas = {
  /** The form's name, 1 to 150 characters. */
  name: string({ minLength: FORM_NAME_MIN, maxLength: FORM_NAME_MAX }),
  /** Custom messages: `{ errors: {KEY: text}, custom: {key: text} }`, each text 1 to 255 characters. */
  messages: object({ errors: record(message()), custom: record(message()) }),
  /** Language codes (1 to 55 characters each). */
  languages: object({
    primary: string({ minLength: 1, maxLength: 55 }),
    default: string({ minLength: 1, maxLength: 55 }),
  }),
  /** Translations per language (any key): free-form objects. */
  translations: record(openObject({})),
  /** The flow graph: STEP, FLOW and ROUTER nodes. */
  nodes: array(formNodeSchema),
  /** Where the form starts. */
  start: formStartSchema,
  /** What happens at the end (`{ resume_flow: true }` when left out). */
  ending: formEndingSchema,
  /** `{ css }`: the form's stylesheet, 1 to 5000 characters. */
  style: object({ css: string({ minLength: 1, maxLength: 5000 }) }),
};

/** Body of `POST /forms`: only `name` is required. */
export const formCreateSchema = object(formFieldSchemas, { required: ["name"] });

/** Body of `PATCH /forms/{id}`: each key replaces the stored one; `null` clears it (not `name`). */
export const formUpdateSchema = object({
  name: formFieldSchemas.name,
  messages: nullable(formFieldSchemas.messages),
  languages: nullable(formFieldSchemas.languages),
  translations: nullable(formFieldSchemas.translations),
  nodes: nullable(formFieldSchemas.nodes),
  start: nullable(formFieldSchemas.start),
  ending: nullable(formFieldSchemas.ending),
  style: nullable(formFieldSchemas.style),
});

/** A form as the API returns it (create, get, update). */
export const formSchema = object(
  {
    /** `ap_` + 22 base58 characters. */
    id: formId(),
    ...formFieldSchemas,
    created_at: string({ format: "date-time" }),
    updated_at: string({ format: "date-time" }),
    /** When the form was embedded (a calendar date). */
    embedded_at: string({ format: "date" }),
    /** When the form was last submitted (a calendar date). */
    submitted_at: string({ format: "date" }),
  },
  { required: ["id", "name", "created_at", "updated_at"] },
);

/** A form in the list: no content. */
export const formSummarySchema = object(
  {
    id: formId(),
    name: formFieldSchemas.name,
    created_at: string({ format: "date-time" }),
    updated_at: string({ format: "date-time" }),
    embedded_at: string({ format: "date" }),
    submitted_at: string({ format: "date" }),
  },
  { required: ["id", "name", "created_at", "updated_at"] },
);

/** A form's fields as a caller sets them (body of `POST /forms`). */
export type FormFields = Static<typeof formCreateSchema>;
/** Body of `PATCH /forms/{id}`. */
export type FormUpdate = Static<typeof formUpdateSchema>;
/** A form as the API returns it. */
export type Form = Static<typeof formSchema>;
/** A form in the list. */
export type FormSummary = Static<typeof formSummarySchema>;
/** A node of a form: STEP, FLOW or ROUTER. */
export type FormNode = Static<typeof formNodeSchema>;
/** A component of a STEP node (27 types). */
export type FormComponent = Static<typeof formComponentSchema>;
/** A ROUTER rule. */
export type FormRouterRule = Static<typeof formRouterRuleSchema>;
/** Where a form starts. */
export type FormStart = Static<typeof formStartSchema>;
/** What happens when a form ends. */
export type FormEnding = Static<typeof formEndingSchema>;
/** x/y position in the editor. */
export type Coordinates = Static<typeof formCoordinatesSchema>;

/** A page of the forms list with totals. */
export interface FormsPage {
  start: number;
  limit: number;
  total: number;
  forms: Form[];
}

/** The forms' entry in the table of kinds. */
export const formKind = {
  typeName: "Form",
  label: "form",
  plural: "forms",
  description: "A form of the tenant: its nodes (steps, flows, routers), start and ending, style and translations.",
  path: "/forms",
  shape: "collection",
  id: atMostIdRule(FORM_ID_FORMAT, FORM_ID_MAX),
  createSchema: formCreateSchema,
  updateSchema: formUpdateSchema,
  responseSchema: formSchema,
  summarySchema: formSummarySchema,
  secretPaths: FORM_SECRET_PATHS,
  secretsAre: "read-back",
  scopes: collectionScopes("forms"),
  paging: { style: "offset", listKey: "forms", maxPageSize: 100 },
  notFoundCode: "inexistent_form",
  lookups: [oneByIdOrName("getForm", "form", FORM_ID_FORMAT.prefix, { name: "Sign-up" })],
  formats: FORM_FORMATS,
  fieldDocs: FORM_FIELD_DOCS,
  example: FORM_EXAMPLE,
  namedTypes: [
    [formNodeSchema, "FormNode"],
    [formComponentSchema, "FormComponent"],
  ],
  typeExports: [
    [formCreateSchema, "FormFields"],
    [formStartSchema, "FormStart"],
    [formEndingSchema, "FormEnding"],
    [formRouterRuleSchema, "FormRouterRule"],
    [formCoordinatesSchema, "Coordinates"],
    [
      enumOf([...FORM_COMPONENT_TYPES.BLOCK, ...FORM_COMPONENT_TYPES.WIDGET, ...FORM_COMPONENT_TYPES.FIELD]),
      "FormComponentType",
    ],
  ],
  typeBuilders: { formComponent: "FormComponent" },
  outputFields: FORM_SERVER_FIELDS,
  // Wire facts of the tenant's routes (its behaviour there is tenant.ts's, loaded by the server only).
  rules: {
    hydrate: { list: ["flow_count", "links"], get: ["flow_count", "links"] },
    urlEncodedCreate: true,
  },
  provider: {
    check: checkNodeReferences,
    referenceConsequences: { flow: "the form would hand its data to no flow" },
    lifecycle: {
      normalise: normaliseForm,
      patch: formPatch,
      outputs: formOutputs,
      inputsFromOutputs: formInputsFromOutputs,
    },
    generate: {
      // The program's other objects point at forms: a client that cannot read them stops `generate`.
      required: true,
      secretWords: formSecretWords,
      secretPlaces: (form) => formSecrets(form).map((secret) => secret.path),
    },
  },
} as const satisfies KindSpec;
