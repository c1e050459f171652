/**
 * The hosted login's pages at the service's paths: `/u/login` and `/u/signup` (GET shows the
 * form, POST checks it), and with the prompts' `identifier_first` setting `/u/login/identifier`
 * then `/u/login/password` (identifier-first.ts), each drawn by the renderer (render/) in the
 * tenant's page template. A login in progress is the protocol library's interaction, named by
 * the `state` parameter.
 */
import type { FastifyInstance } from "fastify";
import { registerIdentifierFirst } from "./identifier-first";
import {
  checkCredentials,
  fieldText,
  finishBySession,
  firstScreen,
  formBody,
  loginInProgress,
  screenHref,
  screenPage,
  sendPage,
} from "./screens";
import type { LoginServices } from "./services";

export { MAX_FIELD_LENGTH, sendErrorPage, sendPage } from "./screens";

/** The two screens of the one-step login box. */
export const LOGIN_SCREENS = ["login", "signup"] as const;

/** Registers the login and signup pages, and the identifier-first login's two screens. */
export function registerLoginPages(app: FastifyInstance, services: LoginServices): void {
  for (const screen of LOGIN_SCREENS) {
    app.get(`/u/${screen}`, async (request, reply) => {
      const found = await loginInProgress(services, request, reply, (request.query as Record<string, unknown>).state);
      if (!found) return reply;
      const finished = await finishBySession(request, reply, services, found);
      if (finished !== undefined) return finished;
      // With identifier first, the login asks for the identifier on a screen of its own.
      if (screen === "login" && firstScreen(services) === "login-id")
        return reply.code(302).header("location", screenHref("login-id", found.interaction.uid)).send();
      return sendPage(request, reply, 200, screenPage(request, services, screen, found), services);
    });

    app.post(`/u/${screen}`, { config: { bodyKinds: ["urlencoded"] } }, async (request, reply) => {
      const body = formBody(request);
      const found = await loginInProgress(
        services,
        request,
        reply,
        body.state ?? (request.query as Record<string, unknown>).state,
      );
      if (!found) return reply;
      const nameField = screen === "login" ? "username" : "email";
      const name = fieldText(body[nameField]);
      const password = fieldText(body.password);
      const refuse = (status: number, errorKey: string) =>
        sendPage(
          request,
          reply,
          status,
          screenPage(request, services, screen, found, { values: { [nameField]: name ?? "" }, errorKey }),
          services,
        );
      if (!services.csrf.verify(found.interaction.uid, body._csrf)) return refuse(403, "invalid-request");
      if (!name || !password) return refuse(400, "wrong-credentials");
      return checkCredentials(request, reply, services, found, screen, name, password, refuse);
    });
  }
  registerIdentifierFirst(app, services);
}
