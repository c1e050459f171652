/**
 * The hosted login page template (`/api/v2/branding/templates/universal-login`), a
 * singleton of the tenant. PUT takes `{template}` or a bare string (JSON, or form
 * encoded `template=…`), or `text/html` markup; it answers 201 when it created the
 * template and 204 when it replaced it. GET answers `{body}` or a bare string: a client
 * must read both. 402 (the tenant's plan has no custom login page) and 409 (a
 * concurrent update) exist.
 */
import type { KindSpec } from "../../table/kind-spec";
import { object, string, union, type Static } from "../../schema/builder";
import { loginTemplateProviderHooks, TEMPLATE_HEAD_TAG, TEMPLATE_WIDGET_TAG } from "./provider";

export { TEMPLATE_HEAD_TAG, TEMPLATE_STATUSES, TEMPLATE_WIDGET_TAG, templateMarkupOf } from "./provider";

/** Maximum length of the hosted login page template, in characters. */
export const TEMPLATE_MAX = 102400;

/** The template string itself (bare JSON string or `text/html` body). */
export const templateStringSchema = string({ maxLength: TEMPLATE_MAX });

/** The JSON object form of `PUT /branding/templates/universal-login`. */
export const templateObjectSchema = object(
  {
    /** The page's markup (Liquid), at most 102400 characters. */
    template: templateStringSchema,
  },
  { required: ["template"] },
);

/** Body of the PUT: the object or a bare string. */
export const templatePutSchema = union([templateStringSchema, templateObjectSchema]);

/** What `GET` answers: `{body}` or the bare markup. */
export const templateResponseSchema = union([object({ body: string() }), string()]);

/** The PUT body. */
export type UniversalLoginTemplatePut = Static<typeof templatePutSchema>;
/** The GET answer, in either of its published shapes. */
export type UniversalLoginTemplateResponse = Static<typeof templateResponseSchema>;
/** The object shape of the GET answer. */
export type UniversalLoginTemplate = Extract<UniversalLoginTemplateResponse, object>;

/** What each field of the login page template means (the table's `fieldDocs`). */
const LOGIN_TEMPLATE_FIELD_DOCS: Readonly<Record<string, string>> = {
  template: `The hosted login page's markup (Liquid), at most ${TEMPLATE_MAX} characters; it must contain \`${TEMPLATE_HEAD_TAG}\` and \`${TEMPLATE_WIDGET_TAG}\`.`,
};

/** The login page template's entry in the table of kinds. */
export const loginTemplateKind = {
  typeName: "LoginTemplate",
  label: "login page template",
  plural: "login page templates",
  description: "The hosted login page template (Liquid markup), a singleton of the tenant.",
  path: "/branding/templates/universal-login",
  shape: "singleton",
  createSchema: templatePutSchema,
  updateSchema: templatePutSchema,
  responseSchema: templateObjectSchema,
  secretPaths: [],
  secretsAre: "read-back",
  // The branding scopes.
  scopes: { get: "read:branding", update: "update:branding", delete: "delete:branding" },
  notFoundCode: "inexistent_templates_universal_login",
  singletonId: "universal-login",
  fieldDocs: LOGIN_TEMPLATE_FIELD_DOCS,
  example: {
    template: "<!DOCTYPE html><html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>",
  },
  lookups: [
    { name: "getLoginTemplate", description: "Reads the tenant's login page template.", args: [], result: "object" },
  ],
  provider: loginTemplateProviderHooks,
} as const satisfies KindSpec;
