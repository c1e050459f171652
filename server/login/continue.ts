/**
 * Where a login an action suspended comes back: `/continue?state=…` (the service's path) after
 * `api.redirect.sendUserTo`; a form an action shows (`api.prompt.render`) resumes it through
 * {@link resumeLogin} once its ending is reached (forms/).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { runPostLogin, type PromptAnswer } from "./actions";
import { applyDecision } from "./finish";
import type { SuspendedLogin } from "./login-state";
import { sendErrorPage } from "./pages";
import type { LoginServices } from "./services";

/** The service's path a suspended login resumes at. */
export const CONTINUE_PATH = "/continue";

/**
 * The suspended login `state` names, with its interaction; undefined (the error page sent) when
 * there is none waiting.
 */
export async function suspendedOf(
  request: FastifyRequest,
  reply: FastifyReply,
  services: LoginServices,
  state: unknown,
): Promise<SuspendedLogin | undefined> {
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
  suspended.login = { ...suspended.login, interaction };
  return suspended;
}

/** Resumes `suspended` at the action that suspended it (`event.prompt` after a form), then completes the login. */
export async function resumeLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  services: LoginServices,
  suspended: SuspendedLogin,
  prompt?: PromptAnswer,
) {
  services.suspended.delete(suspended.login.interaction.uid);
  const decision = await runPostLogin(request, services, suspended.login, {
    position: suspended.position,
    claims: suspended.claims,
    prompt,
  });
  return applyDecision(reply, services, suspended.login, decision);
}

/** Registers `/continue`. */
export function registerContinue(app: FastifyInstance, services: LoginServices): void {
  app.get(CONTINUE_PATH, async (request, reply) => {
    const suspended = await suspendedOf(request, reply, services, (request.query as Record<string, unknown>).state);
    if (!suspended) return reply;
    // A login waiting for a form goes on only through the form's ending.
    if (suspended.by === "prompt") {
      return sendErrorPage(
        request,
        reply,
        400,
        { code: "invalid_request", description: "This login is waiting for a form: fill it in to continue." },
        services,
      );
    }
    return resumeLogin(request, reply, services, suspended);
  });
}
