/**
 * Where a login an action suspended comes back: `/continue?state=…` (the service's path) after
 * `api.redirect.sendUserTo`, and the form placeholder's answer after `api.prompt.render`. The
 * form itself is drawn by the forms' renderer; until then {@link FORM_PLACEHOLDER_PATH} is a
 * placeholder page, named so, that posts the fields back.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml } from "../../render";
import { runPostLogin } from "./actions";
import { applyDecision } from "./finish";
import { sendErrorPage } from "./pages";
import type { LoginServices } from "./services";

/** The service's path a suspended login resumes at. */
export const CONTINUE_PATH = "/continue";
/** The placeholder page of a form an action shows (`api.prompt.render`). */
export const FORM_PLACEHOLDER_PATH = "/u/form-placeholder";
/** Fields a form may post back at most. */
const MAX_FIELDS = 100;

/** Registers `/continue` and the form placeholder. */
export function registerContinue(app: FastifyInstance, services: LoginServices): void {
  const suspendedOf = async (request: FastifyRequest, reply: FastifyReply, state: unknown) => {
    const uid = typeof state === "string" ? state : "";
    const suspended = services.suspended.get(uid);
    const interaction = suspended ? await (await services.provider()).Interaction.find(uid) : undefined;
    if (!suspended || !interaction) {
      services.suspended.delete(uid);
      await sendErrorPage(
        request,
        reply,
        400,
        {
          code: "invalid_request",
          description: "There is no login waiting to continue: start it again from the application.",
        },
        services,
      );
      return undefined;
    }
    return { ...suspended, login: { ...suspended.login, interaction } };
  };

  const resume = async (
    request: FastifyRequest,
    reply: FastifyReply,
    state: unknown,
    fields?: Record<string, unknown>,
  ) => {
    const suspended = await suspendedOf(request, reply, state);
    if (!suspended) return reply;
    services.suspended.delete(suspended.login.interaction.uid);
    const decision = await runPostLogin(request, services, suspended.login, {
      position: suspended.position,
      claims: suspended.claims,
      fields,
    });
    return applyDecision(reply, services, suspended.login, decision);
  };

  app.get(CONTINUE_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    return resume(request, reply, query.state);
  });

  app.get(FORM_PLACEHOLDER_PATH, async (request, reply) => {
    const suspended = await suspendedOf(request, reply, (request.query as Record<string, unknown>).state);
    if (!suspended) return reply;
    const uid = suspended.login.interaction.uid;
    const html =
      `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Form placeholder</title></head><body><main>` +
      `<h1>Form placeholder</h1><p>The action shows the form <code>${escapeHtml(suspended.formId)}</code>. ` +
      `This placeholder sends fields back as <code>event.prompt.fields</code>: one per line, <code>id=value</code>.</p>` +
      `<form method="post" action="${FORM_PLACEHOLDER_PATH}?state=${escapeHtml(encodeURIComponent(uid))}">` +
      `<input type="hidden" name="_csrf" value="${escapeHtml(services.csrf.tokenFor(uid))}">` +
      `<label for="fields">Fields</label><textarea id="fields" name="fields"></textarea>` +
      `<button type="submit" name="action" value="default">Continue</button></form></main></body></html>`;
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("x-frame-options", "deny")
      .send(html);
  });

  app.post(FORM_PLACEHOLDER_PATH, { config: { bodyKinds: ["urlencoded"] } }, async (request, reply) => {
    const state = (request.query as Record<string, unknown>).state;
    const body = (typeof request.body === "object" && request.body !== null ? request.body : {}) as Record<
      string,
      unknown
    >;
    if (typeof state !== "string" || !services.csrf.verify(state, body._csrf))
      return sendErrorPage(
        request,
        reply,
        403,
        {
          code: "invalid_request",
          description: "The form was not sent from its page (its token is missing or wrong).",
        },
        services,
      );
    const lines = typeof body.fields === "string" ? body.fields.split(/\r?\n/).slice(0, MAX_FIELDS) : [];
    const fields = Object.fromEntries(
      lines
        .filter((line) => line.includes("="))
        .map((line) => [line.slice(0, line.indexOf("=")).trim(), line.slice(line.indexOf("=") + 1)]),
    );
    return resume(request, reply, state, fields);
  });
}
