/**
 * The form an action shows (`api.prompt.render`), as pages at {@link FORM_PATH}: GET draws the
 * step the person is on (starting the form the first time), POST takes the step's answers
 * (urlencoded, or multipart for a step with a FILE component; its CSRF token first), checks
 * them with the form's rules and messages, and goes on through routers and flows to the next
 * step or the ending, which resumes the login with the form's fields at the action's
 * `onContinuePostLogin`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  JUMP_ACTION_PREFIX,
  PREVIOUS_ACTION,
  RESEND_ACTION_PREFIX,
  validateStep,
  type RenderableForm,
} from "../../../render/form";
import { recordsOf } from "../../routes/relations";
import { withQuery } from "../actions";
import { resumeLogin, suspendedOf } from "../continue";
import { requestLanguage } from "../language";
import { FORM_PATH } from "../login-state";
import { rehearsalOf } from "../../rehearsal";
import { formBody, sendErrorPage } from "../screens";
import type { LoginServices } from "../services";
import { runFormFlow } from "./flows";
import { endInError, sendStep, type FormLogin } from "./pages";
import {
  advance,
  buttonFlow,
  jumpTargets,
  MAX_FORM_DATA,
  newProgress,
  nextStep,
  startDestination,
  type Landing,
} from "./progress";
import { registerMultipart } from "./multipart";
import { readSubmission } from "./submission";

/** The kind whose records are the forms. */
const FORM_KIND = "form";

/** The form the login waits for, or the error page (sent) when it is not waiting for one or the form is missing. */
async function formLogin(request: FastifyRequest, reply: FastifyReply, services: LoginServices) {
  const suspended = await suspendedOf(request, reply, services, (request.query as Record<string, unknown>).state);
  if (!suspended) return undefined;
  if (!suspended.prompt) {
    await sendErrorPage(
      request,
      reply,
      400,
      { code: "invalid_request", description: "This login is not waiting for a form." },
      services,
    );
    return undefined;
  }
  const withPrompt = suspended as FormLogin;
  const form = recordsOf(services.context, FORM_KIND).objects.get(withPrompt.prompt.formId) as
    RenderableForm | undefined;
  if (!form) {
    await endInError(request, reply, services, withPrompt, "the form does not exist: create it, or fix the form id.");
    return undefined;
  }
  return { suspended: withPrompt, form };
}

/** Shows where the person landed: a step, the login resumed (or sent to the ending's redirection), or a flow's message. */
async function land(
  request: FastifyRequest,
  reply: FastifyReply,
  services: LoginServices,
  suspended: FormLogin,
  form: RenderableForm,
  landing: Landing,
) {
  if ("step" in landing) return sendStep(request, reply, services, suspended, form, 200);
  if ("failed" in landing) {
    if (!suspended.form!.step)
      return endInError(request, reply, services, suspended, `a flow failed: ${landing.failed}`);
    return sendStep(request, reply, services, suspended, form, 400, { messages: [landing.failed] });
  }
  const { redirection, resume_flow } = landing.ending;
  if (redirection && resume_flow !== true) {
    // Only an absolute http(s) address is followed: the target is the form's configuration, never the person's.
    const target = withQuery(redirection.target, undefined);
    if (!target)
      return endInError(
        request,
        reply,
        services,
        suspended,
        `the form's ending redirects to ${JSON.stringify(redirection.target.slice(0, 100))}, not an absolute http(s) address: fix ending.redirection.target.`,
      );
    services.suspended.delete(suspended.login.interaction.uid);
    return reply.code(302).header("location", target).send();
  }
  const progress = suspended.form!;
  return resumeLogin(request, reply, services, suspended, {
    id: suspended.prompt.formId,
    fields: progress.fields,
    vars: progress.vars,
  });
}

/** Runs `work`, ending the login on the error page when the form's configuration stops it (a missing node, a router loop). */
async function guarded(
  request: FastifyRequest,
  reply: FastifyReply,
  services: LoginServices,
  suspended: FormLogin,
  work: () => Landing,
): Promise<Landing | undefined> {
  try {
    return work();
  } catch (error) {
    await endInError(request, reply, services, suspended, `the form cannot go on: ${(error as Error).message}`);
    return undefined;
  }
}

/** A RESEND_BUTTON pressed: its flow runs again (sending a code once more) and the step is shown again. */
function resend(
  request: FastifyRequest,
  reply: FastifyReply,
  services: LoginServices,
  suspended: FormLogin,
  form: RenderableForm,
  action: string,
) {
  const progress = suspended.form!;
  const flowId = buttonFlow(form, progress.step, action.slice(RESEND_ACTION_PREFIX.length));
  if (flowId === undefined)
    return sendStep(request, reply, services, suspended, form, 400, { messages: ["That button is not on this step."] });
  const result = runFormFlow(request, services, suspended.prompt.formId, flowId, {
    fields: progress.fields,
    vars: progress.vars,
  });
  progress.vars = result.vars;
  if (result.outcome === "error")
    return sendStep(request, reply, services, suspended, form, 400, { messages: [result.message ?? ""] });
  return sendStep(request, reply, services, suspended, form, 200);
}

/** Forms in progress kept at most (each up to {@link MAX_FORM_DATA}): beyond, the oldest login waiting on one is let go. */
export const MAX_FORMS_IN_PROGRESS = 1000;

/** Lets go of the oldest login with a form in progress when {@link MAX_FORMS_IN_PROGRESS} are kept. */
function makeRoom(services: LoginServices): void {
  let count = 0;
  let oldest: string | undefined;
  for (const [uid, waiting] of services.suspended)
    if (waiting.form) {
      count++;
      oldest ??= uid;
    }
  if (count >= MAX_FORMS_IN_PROGRESS && oldest !== undefined) services.suspended.delete(oldest);
}

/** Registers the form's pages. */
export function registerForms(app: FastifyInstance, services: LoginServices): void {
  app.get(FORM_PATH, async (request, reply) => {
    const found = await formLogin(request, reply, services);
    if (!found) return reply;
    const { suspended, form } = found;
    if (suspended.form?.step) return sendStep(request, reply, services, suspended, form, 200);
    makeRoom(services);
    const progress = (suspended.form = newProgress(form, suspended.prompt));
    const landing = await guarded(request, reply, services, suspended, () =>
      advance(request, services, suspended.prompt.formId, form, progress, startDestination(form, progress)),
    );
    return landing ? land(request, reply, services, suspended, form, landing) : reply;
  });

  // Multipart (a step with a FILE component) is taken here only: the parser lives in this route's scope.
  app.register(async (scope) => {
    await registerMultipart(scope);
    registerSubmit(scope, services);
  });
}

/** Registers the POST that takes a step's answers. */
function registerSubmit(app: FastifyInstance, services: LoginServices): void {
  app.post(FORM_PATH, { config: { bodyKinds: ["urlencoded"] } }, async (request, reply) => {
    const state = (request.query as Record<string, unknown>).state;
    const body = formBody(request);
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
    const found = await formLogin(request, reply, services);
    if (!found) return reply;
    const { suspended, form } = found;
    const progress = suspended.form;
    // A post before the form was shown: show it.
    if (!progress?.step)
      return reply
        .code(303)
        .header("location", `${FORM_PATH}?state=${encodeURIComponent(state)}`)
        .send();
    const formId = suspended.prompt.formId;
    const submission = readSubmission(body);
    if (submission.problem)
      return sendStep(request, reply, services, suspended, form, 400, { messages: [submission.problem] });
    const action = submission.action ?? "next";
    if (action.startsWith(RESEND_ACTION_PREFIX)) return resend(request, reply, services, suspended, form, action);
    if (action === PREVIOUS_ACTION)
      return land(
        request,
        reply,
        services,
        suspended,
        form,
        advance(request, services, formId, form, progress, { previous: true }),
      );
    if (
      action.startsWith(JUMP_ACTION_PREFIX) &&
      !jumpTargets(form, progress.step).includes(action.slice(JUMP_ACTION_PREFIX.length))
    )
      return sendStep(request, reply, services, suspended, form, 400, {
        messages: ["That button is not on this step."],
      });
    const language = requestLanguage(services.context.store, request);
    const checked = validateStep(form, progress.step, submission.values, { language });
    const trace = rehearsalOf(services.context).trace;
    if (Object.keys(checked.errors).length > 0) {
      trace.add({
        type: "form",
        form_id: formId,
        node_id: progress.step,
        step: "invalid",
        fields: Object.keys(checked.errors),
        errors: checked.errors,
      });
      return sendStep(request, reply, services, suspended, form, 400, {
        values: { ...progress.fields, ...submission.values },
        errors: checked.errors,
      });
    }
    const fields = { ...progress.fields, ...checked.values };
    if (JSON.stringify(fields).length > MAX_FORM_DATA)
      return sendStep(request, reply, services, suspended, form, 400, {
        messages: [`The form's answers are larger than the ${MAX_FORM_DATA} characters a form keeps.`],
      });
    progress.fields = fields;
    trace.add({
      type: "form",
      form_id: formId,
      node_id: progress.step,
      step: "submitted",
      fields: Object.keys(checked.values),
    });
    const landing = await guarded(request, reply, services, suspended, () =>
      advance(request, services, formId, form, progress, nextStep(form, progress, action)),
    );
    return landing ? land(request, reply, services, suspended, form, landing) : reply;
  });
}
