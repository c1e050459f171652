/**
 * The pages of a form in the hosted login: the step the person is on drawn in the tenant's page
 * (render/form), traced when shown; and the login ended on the error page when the form is
 * missing or its configuration stops it, logged naming the action and the form.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml } from "../../../render";
import { renderFormPage, renderFormStep, type RenderableForm, type StepState } from "../../../render/form";
import { requestLanguage } from "../language";
import { FORM_PATH, type SuspendedLogin } from "../login-state";
import { tenantLook } from "../look";
import { rehearsalOf } from "../../rehearsal";
import { sendErrorPage } from "../screens";
import type { LoginServices } from "../services";
import { fieldIds } from "./progress";

/** A suspended login waiting for a form. */
export type FormLogin = SuspendedLogin & Required<Pick<SuspendedLogin, "prompt">>;

/** Sends the step the person is on, in the tenant's page, with `state` (errors, values, messages). */
export function sendStep(
  request: FastifyRequest,
  reply: FastifyReply,
  services: LoginServices,
  suspended: FormLogin,
  form: RenderableForm,
  status: number,
  state: StepState = {},
) {
  const progress = suspended.form!;
  const uid = suspended.login.interaction.uid;
  const language = requestLanguage(services.context.store, request);
  const step = renderFormStep(
    form,
    progress.step,
    { values: progress.fields, ...state },
    {
      language,
      action: `${FORM_PATH}?state=${encodeURIComponent(uid)}`,
      hidden: { _csrf: services.csrf.tokenFor(uid) },
    },
  );
  const { application, user } = suspended.login;
  const page = renderFormPage(
    tenantLook(services.context.store),
    { language, application: { id: application.client_id, name: application.name }, user: { ...user } },
    // The form's id on the page, for a rehearsal naming what it sees (ids are not secrets).
    `<div class="af-page" data-form="${escapeHtml(suspended.prompt.formId)}">${step}</div>`,
  );
  if (status < 400)
    rehearsalOf(services.context).trace.add({
      type: "form",
      form_id: suspended.prompt.formId,
      node_id: progress.step,
      step: "shown",
      fields: fieldIds(form, progress.step),
    });
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-frame-options", "deny")
    .send(page.html);
}

/** Ends the login on the error page, logged and traced: the form is missing or cannot go on. */
export function endInError(
  request: FastifyRequest,
  reply: FastifyReply,
  services: LoginServices,
  suspended: FormLogin,
  description: string,
) {
  const { prompt, login } = suspended;
  request.log.error(
    { action: prompt.action.name, action_id: prompt.action.id, form_id: prompt.formId },
    `The post-login action "${prompt.action.name}" shows the form ${prompt.formId}: ${description}`,
  );
  services.suspended.delete(login.interaction.uid);
  rehearsalOf(services.context).trace.add({
    type: "login",
    client_id: login.application.client_id,
    user_id: login.user.user_id,
    outcome: "error",
    description,
  });
  return sendErrorPage(request, reply, 500, { code: "server_error", description }, services);
}
