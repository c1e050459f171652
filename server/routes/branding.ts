/**
 * `/api/v2/branding/templates/universal-login`: the hosted login page template, one per
 * tenant. PUT takes `{template}` or a bare string as JSON (the official SDKs send the
 * bare string), `template=…` form encoded, or `text/html` markup; it answers 201 when
 * it created the template and 204 (no body) when it replaced it, as the real service
 * does. GET answers `{body}` (the real service may also answer a bare string).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  ERROR_CODES,
  KINDS,
  TEMPLATE_HEAD_TAG,
  TEMPLATE_STATUSES,
  TEMPLATE_WIDGET_TAG,
  templateObjectSchema,
  templateStringSchema,
} from "../../api";
import { bodyKindOf } from "../body";
import type { TenantContext } from "../context";
import { HttpError, invalidBody, notFound } from "../http-error";
import { compileSchema, validBody } from "../validation";

const TEMPLATE_STRING = compileSchema(templateStringSchema);
const TEMPLATE_OBJECT = compileSchema(templateObjectSchema);

/** Path of the template. */
export const UNIVERSAL_LOGIN_TEMPLATE_PATH = "/api/v2/branding/templates/universal-login";

const TEMPLATE_RECORD_ID = "universal-login";
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

/** Registers the template routes. */
export function registerBrandingRoutes(app: FastifyInstance, context: TenantContext): void {
  const templates = context.store.collection<StoredTemplate>("templates");

  app.get(UNIVERSAL_LOGIN_TEMPLATE_PATH, { config: { auth: { scope: scopes.get } } }, async () => {
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
    templates.delete(TEMPLATE_RECORD_ID);
    return reply.code(204).send();
  });
}
