/**
 * `GET /v2/logout` (the service's own logout): ends the browser's login session and sends it to
 * `returnTo` when that address is one of the application's `allowed_logout_urls` (never
 * elsewhere: an open redirect would hand the tenant's users to anyone). `/oidc/logout` is the
 * protocol library's (RP-initiated logout, `post_logout_redirect_uri` checked the same way).
 */
import type { FastifyInstance } from "fastify";
import { sendErrorPage } from "./pages";
import type { LoginServices } from "./services";

/** The service's logout path. */
export const LOGOUT_PATH = "/v2/logout";

/** The cookies of the login session (the library's names). */
const SESSION_COOKIES = ["_session", "_session.sig"];

/** Registers `/v2/logout`. */
export function registerLogout(app: FastifyInstance, services: LoginServices): void {
  app.get(LOGOUT_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const returnTo = query.returnTo;
    const clientId = query.client_id;
    if (returnTo !== undefined) {
      const application = typeof clientId === "string" ? services.accounts.application(clientId) : undefined;
      const allowed = typeof returnTo === "string" && (application?.allowed_logout_urls ?? []).includes(returnTo);
      if (!allowed) {
        return sendErrorPage(
          request,
          reply,
          400,
          {
            code: "invalid_request",
            description: application
              ? 'The "returnTo" querystring parameter is not defined as a valid URL in "Allowed Logout URLs" of the application.'
              : 'The "returnTo" querystring parameter needs the "client_id" of an application whose "Allowed Logout URLs" hold it.',
          },
          services,
        );
      }
    }
    const provider = await services.provider();
    const session = await provider.Session.get({ req: request.raw, res: reply.raw });
    if (session.accountId) await session.destroy();
    for (const name of SESSION_COOKIES)
      reply.header("set-cookie", `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; httponly; samesite=lax`);
    reply.header("cache-control", "no-store");
    if (typeof returnTo === "string") return reply.code(302).header("location", returnTo).send();
    return reply
      .code(200)
      .header("content-type", "text/html; charset=utf-8")
      .send(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Logged out</title></head><body><p>You are logged out.</p></body></html>',
      );
  });
}
