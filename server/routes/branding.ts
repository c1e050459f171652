/**
 * `/api/v2/branding`: the tenant's branding settings (colors, logo, favicon, font; GET and
 * PATCH, a null clearing a field). `/api/v2/branding/templates/universal-login`: the hosted
 * login page template, one per tenant; like the real service, every template route answers
 * 400 "This feature requires at least one custom domain…" on a tenant without a custom domain. PUT takes `{template}` or a bare string as JSON (the official SDKs send the
 * bare string), `template=…` form encoded, or `text/html` markup; it answers 201 when
 * it created the template and 204 (no body) when it replaced it, as the real service
 * does. GET answers `{body}` (the real service may also answer a bare string).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  BRANDING_PATH,
  brandingUpdateSchema,
  ERROR_CODES,
  NEIGHBOUR_SCOPES,
  type BrandingSettings,
  KINDS,
} from "../../api";
import {
  TEMPLATE_HEAD_TAG,
  TEMPLATE_STATUSES,
  TEMPLATE_WIDGET_TAG,
  templateObjectSchema,
  templateStringSchema,
} from "../../api/resources/login-template";
import { bodyKindOf } from "../body";
import type { TenantContext } from "../context";
import { HttpError, invalidBody, notFound } from "../http-error";
import { compileSchema, validBody } from "../validation";
import { requireCustomDomain } from "./custom-domains";

const TEMPLATE_STRING = compileSchema(templateStringSchema);
const TEMPLATE_OBJECT = compileSchema(templateObjectSchema);
const BRANDING_UPDATE = compileSchema(brandingUpdateSchema);

/** Path of the template. */
export const UNIVERSAL_LOGIN_TEMPLATE_PATH = "/api/v2/branding/templates/universal-login";

const TEMPLATE_RECORD_ID = "universal-login";
const SETTINGS_RECORD_ID = "branding";
const scopes = KINDS.loginTemplate.scopes;

interface StoredTemplate {
  body: string;
}

/** The markup of a PUT body, whichever of the four forms it came in. */
function templateMarkup(request: FastifyRequest): string {
  const body = request.body;
  if (bodyKindOf(request.headers["content-type"]) === "html" || typeof body === "string") {
    return validBody<string>(body ?? "", TEMPLATE_STRING, templateStringSchema, false);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw invalidBody(
      'Expected a template: a JSON object {"template": "..."}, a JSON string, template=... form encoded, or a text/html body',
    );
  }
  return validBody<{ template: string }>(body, TEMPLATE_OBJECT, templateObjectSchema, false).template;
}

/** Nested values of a PATCH: set where given, removed where null, kept where absent. */
function merged(existing: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...existing };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else if (typeof value === "object" && !Array.isArray(value)) {
      const inner = merged(
        (existing[key] as Record<string, unknown> | undefined) ?? {},
        value as Record<string, unknown>,
      );
      if (Object.keys(inner).length > 0) result[key] = inner;
      else delete result[key];
    } else result[key] = value;
  }
  return result;
}

/** Registers the branding settings and template routes. */
export function registerBrandingRoutes(app: FastifyInstance, context: TenantContext): void {
  const templates = context.store.collection<StoredTemplate>("templates");
  const settings = context.store.collection<BrandingSettings>("branding_settings");

  app.get(`/api/v2${BRANDING_PATH}`, { config: { auth: { scope: NEIGHBOUR_SCOPES.branding.read } } }, async () => {
    return settings.get(SETTINGS_RECORD_ID) ?? {};
  });

  app.patch(
    `/api/v2${BRANDING_PATH}`,
    { config: { auth: { scope: NEIGHBOUR_SCOPES.branding.update } } },
    async (request) => {
      const patch = validBody<Record<string, unknown>>(request.body, BRANDING_UPDATE, brandingUpdateSchema, false);
      return context.store.transaction(() => {
        const updated = merged((settings.get(SETTINGS_RECORD_ID) ?? {}) as Record<string, unknown>, patch);
        settings.upsert(SETTINGS_RECORD_ID, updated as BrandingSettings);
        return updated;
      });
    },
  );

  app.get(UNIVERSAL_LOGIN_TEMPLATE_PATH, { config: { auth: { scope: scopes.get } } }, async () => {
    requireCustomDomain(context.store);
    const template = templates.get(TEMPLATE_RECORD_ID);
    if (!template) throw notFound("Template does not exist.", KINDS.loginTemplate.notFoundCode);
    return { body: template.body };
  });

  app.put(
    UNIVERSAL_LOGIN_TEMPLATE_PATH,
    {
      config: { auth: { scope: scopes.update }, bodyKinds: ["json", "html", "urlencoded"] },
    },
    async (request, reply) => {
      requireCustomDomain(context.store);
      const markup = templateMarkup(request);
      // The real service refuses a page it could not render the login widget into.
      if (!markup.includes(TEMPLATE_HEAD_TAG) || !markup.includes(TEMPLATE_WIDGET_TAG)) {
        throw new HttpError(
          400,
          `The template must contain the ${TEMPLATE_HEAD_TAG} and ${TEMPLATE_WIDGET_TAG} tags.`,
          ERROR_CODES.invalidBody,
        );
      }
      const created = templates.upsert(TEMPLATE_RECORD_ID, { body: markup });
      // 204 has no body; 201 answers an empty JSON object (every other success of the server is JSON).
      if (!created) return reply.code(TEMPLATE_STATUSES.replaced).send();
      return reply.code(TEMPLATE_STATUSES.created).send({});
    },
  );

  app.delete(UNIVERSAL_LOGIN_TEMPLATE_PATH, { config: { auth: { scope: scopes.delete } } }, async (_request, reply) => {
    requireCustomDomain(context.store);
    templates.delete(TEMPLATE_RECORD_ID);
    return reply.code(204).send();
  });
}
