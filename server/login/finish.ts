/**
 * The end of a login: the post-login actions' decision (actions.ts), then the protocol
 * library's interaction completed — a grant for the scopes and API asked for, with the
 * actions' custom claims — or ended with the service's `access_denied` at the callback.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { runPostLogin } from "./actions";
import type { AuthenticatedLogin, PostLoginDecision } from "./login-state";
import type { OidcInteraction } from "./library";
import { rehearsalOf } from "../rehearsal";
import type { LoginServices } from "./services";

/** Stores `result` on the interaction and sends the browser back to the provider, which answers the callback. */
export async function resumeWith(reply: FastifyReply, interaction: OidcInteraction, result: Record<string, unknown>) {
  interaction.result = result;
  await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
  return reply.code(303).header("location", interaction.returnTo).header("cache-control", "no-store").send();
}

/** Completes the login as `decision` says. */
export async function applyDecision(
  reply: FastifyReply,
  services: LoginServices,
  login: AuthenticatedLogin,
  decision: PostLoginDecision,
) {
  const { interaction, user, application } = login;
  if (decision.kind !== "redirect")
    rehearsalOf(services.context).trace.add({
      type: "login",
      client_id: application.client_id,
      user_id: user.user_id,
      ...(decision.kind === "deny"
        ? { outcome: decision.failed ? "error" : "denied", description: decision.reason }
        : { outcome: "success" }),
    });
  if (decision.kind === "deny") {
    services.extParams.delete(interaction.uid);
    return resumeWith(reply, interaction, { error: "access_denied", error_description: decision.reason });
  }
  if (decision.kind === "redirect") return reply.code(302).header("location", decision.location).send();
  const provider = await services.provider();
  const grant = new provider.Grant({ accountId: user.user_id, clientId: application.client_id });
  grant.addOIDCScope(String(interaction.params.scope ?? "openid"));
  const audience = interaction.params.resource ?? interaction.params.audience;
  if (typeof audience === "string" && audience) grant.addResourceScope(audience, "openid profile email");
  const grantId = await grant.save();
  services.outcomes.set(grantId, decision.claims);
  services.extParams.delete(interaction.uid);
  return resumeWith(reply, interaction, { login: { accountId: user.user_id }, consent: { grantId } });
}

/** After the password: records the login, runs the post-login actions, completes the login. */
export async function finishLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  services: LoginServices,
  login: AuthenticatedLogin,
) {
  const user = services.accounts.recordLogin(login.user.user_id, request.ip);
  const authenticated = { ...login, user };
  const decision = await runPostLogin(request, services, authenticated);
  return applyDecision(reply, services, authenticated, decision);
}
