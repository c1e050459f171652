/**
 * The identifier-first login, at the service's paths: `/u/login/identifier` asks for the
 * identifier alone (the `login-id` prompt), then `/u/login/password` for the password (the
 * `login-password` prompt). As on the service, any identifier goes on to the password screen,
 * so the first screen never tells whether a user exists; the password is checked as the one-step
 * login checks it (CSRF token, brute-force guard per user and address, only wrong passwords
 * counted). The identifier is kept with the login in progress, on the server.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  checkCredentials,
  fieldText,
  finishBySession,
  formBody,
  loginInProgress,
  screenHref,
  screenPage,
  sendPage,
  type FoundLogin,
} from "./screens";
import type { LoginServices } from "./services";

/** Logins in progress whose identifiers are kept at most (the oldest are forgotten first). */
export const MAX_KEPT_IDENTIFIERS = 10_000;

/** Registers `/u/login/identifier` and `/u/login/password`. */
export function registerIdentifierFirst(app: FastifyInstance, services: LoginServices): void {
  /** The identifier typed on the first screen, by login id. */
  const identifiers = new Map<string, string>();
  const keep = (uid: string, identifier: string) => {
    identifiers.delete(uid);
    if (identifiers.size >= MAX_KEPT_IDENTIFIERS) identifiers.delete(identifiers.keys().next().value!);
    identifiers.set(uid, identifier);
  };
  const redirect = (reply: FastifyReply, location: string) =>
    reply.code(302).header("location", location).header("cache-control", "no-store").send();

  /** The login a request names (a form's `state`, else the query's), or an error page sent. */
  const found = (request: FastifyRequest, reply: FastifyReply, body: Record<string, unknown> = {}) =>
    loginInProgress(services, request, reply, body.state ?? (request.query as Record<string, unknown>).state);

  const passwordPage = (request: FastifyRequest, login: FoundLogin, identifier: string, errorKey?: string) =>
    screenPage(request, services, "login-password", login, {
      values: { username: identifier },
      identifierHref: screenHref("login-id", login.interaction.uid),
      ...(errorKey ? { errorKey } : {}),
    });

  app.get("/u/login/identifier", async (request, reply) => {
    const login = await found(request, reply);
    if (!login) return reply;
    const finished = await finishBySession(request, reply, services, login);
    if (finished !== undefined) return finished;
    const values = { username: identifiers.get(login.interaction.uid) ?? "" };
    return sendPage(request, reply, 200, screenPage(request, services, "login-id", login, { values }), services);
  });

  app.post("/u/login/identifier", { config: { bodyKinds: ["urlencoded"] } }, async (request, reply) => {
    const body = formBody(request);
    const login = await found(request, reply, body);
    if (!login) return reply;
    const identifier = fieldText(body.username)?.trim();
    const refuse = (status: number, errorKey: string) =>
      sendPage(
        request,
        reply,
        status,
        screenPage(request, services, "login-id", login, { values: { username: identifier ?? "" }, errorKey }),
        services,
      );
    if (!services.csrf.verify(login.interaction.uid, body._csrf)) return refuse(403, "invalid-request");
    if (!identifier) return refuse(400, "no-email");
    keep(login.interaction.uid, identifier);
    return redirect(reply, screenHref("login-password", login.interaction.uid));
  });

  app.get("/u/login/password", async (request, reply) => {
    const login = await found(request, reply);
    if (!login) return reply;
    const finished = await finishBySession(request, reply, services, login);
    if (finished !== undefined) return finished;
    const identifier = identifiers.get(login.interaction.uid);
    if (identifier === undefined) return redirect(reply, screenHref("login-id", login.interaction.uid));
    return sendPage(request, reply, 200, passwordPage(request, login, identifier), services);
  });

  app.post("/u/login/password", { config: { bodyKinds: ["urlencoded"] } }, async (request, reply) => {
    const body = formBody(request);
    const login = await found(request, reply, body);
    if (!login) return reply;
    // The identifier is the one the first screen kept, never one the password form sends.
    const identifier = identifiers.get(login.interaction.uid);
    if (identifier === undefined) return redirect(reply, screenHref("login-id", login.interaction.uid));
    const refuse = (status: number, errorKey: string) =>
      sendPage(request, reply, status, passwordPage(request, login, identifier, errorKey), services);
    if (!services.csrf.verify(login.interaction.uid, body._csrf)) return refuse(403, "invalid-request");
    const password = fieldText(body.password);
    if (!password) return refuse(400, "wrong-credentials");
    return checkCredentials(request, reply, services, login, "login", identifier, password, refuse);
  });
}
