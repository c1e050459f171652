/**
 * The login page template on the tenant server. Loaded by the tenant server only
 * (api/kinds/tenant.ts), never by the provider.
 */
import type { KindRules } from "../../table/kind-spec";
import { TEMPLATE_HEAD_TAG, TEMPLATE_WIDGET_TAG } from "./provider";

/**
 * The login page template's rules on the tenant server (the generic singleton routes): like
 * the real service, every route answers 400 "This feature requires at least one custom
 * domain…" on a tenant without one. PUT takes `{template}` or a bare string as JSON (the
 * official SDKs send the bare string), `template=…` form encoded, or `text/html` markup, and
 * refuses a page the login widget cannot be rendered into; GET answers `{body}` (the real
 * service may also answer a bare string).
 */
export const loginTemplateTenantRules = {
  refuseStored: (object) =>
    typeof object.template === "string" &&
    (!object.template.includes(TEMPLATE_HEAD_TAG) || !object.template.includes(TEMPLATE_WIDGET_TAG))
      ? `The template must contain the ${TEMPLATE_HEAD_TAG} and ${TEMPLATE_WIDGET_TAG} tags.`
      : undefined,
  singleton: {
    notFoundMessage: "Template does not exist.",
    requiresCustomDomain: true,
    bareField: "template",
    htmlAndUrlEncoded: true,
    expected:
      'Expected a template: a JSON object {"template": "..."}, a JSON string, template=... form encoded, or a text/html body',
    table: "templates",
    stored: (fields) => ({ body: fields.template }),
    answer: (record) => ({ body: record.body }),
  },
} as const satisfies KindRules;
