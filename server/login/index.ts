/**
 * The hosted login, mounted in the tenant server: the OpenID Connect provider (a certified
 * library, provider.ts) under the service's paths, the login pages (pages.ts), the post-login
 * actions (actions.ts), the forms they show (forms/) and the logout. The provider is built on the first request that needs
 * it, so a server that logs nobody in does not load it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TenantContext } from "../context";
import type { LoginAccounts } from "./accounts-contract";
import { registerContinue } from "./continue";
import { registerForms } from "./forms/routes";
import { registerLogout } from "./logout";
import { registerLoginPages } from "./pages";
import { LOGIN_PATHS } from "./provider";
import { loginServices, type LoginServices } from "./services";

export { LOGIN_PATHS } from "./provider";

/** The discovery document's path. */
export const DISCOVERY_PATH = "/.well-known/openid-configuration";

/**
 * The service issues a refresh token for `offline_access` without asking the user; the library
 * keeps that scope only when consent is prompted for. The login grants it with the login
 * (finish.ts), so asking for consent adds no page: it only keeps the scope.
 */
export function withOfflineConsent(url: string): string {
  const parsed = new URL(url, "http://local");
  const scope = parsed.searchParams.get("scope");
  if (!scope?.split(" ").includes("offline_access")) return url;
  const prompts = (parsed.searchParams.get("prompt") ?? "").split(" ").filter(Boolean);
  if (prompts.includes("consent") || prompts.includes("none")) return url;
  parsed.searchParams.set("prompt", [...prompts, "consent"].join(" "));
  return `${parsed.pathname}${parsed.search}`;
}

/** Hands the request to the provider as it came (the body Fastify parsed travels with it). */
async function forward(services: LoginServices, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const handle = await services.providerHandler();
  reply.hijack();
  (request.raw as { body?: unknown }).body = request.body;
  try {
    await handle(request.raw, reply.raw);
  } catch (error) {
    request.log.error({ err: error }, "The OpenID Connect provider failed on this request");
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(500, { "content-type": "application/json" });
      reply.raw.end(
        JSON.stringify({ error: "server_error", error_description: "The login failed on the server; see its log." }),
      );
    }
  }
  return reply;
}

/** Registers the hosted login's routes for `accounts`. */
export async function loginRoutes(app: FastifyInstance, options: { context: TenantContext; accounts: LoginAccounts }) {
  const services = loginServices(options.context, options.accounts);
  const toProvider = (request: FastifyRequest, reply: FastifyReply) => forward(services, request, reply);
  const form = { config: { bodyKinds: ["urlencoded" as const] } };
  app.get(DISCOVERY_PATH, toProvider);
  app.get(LOGIN_PATHS.authorization, (request, reply) => {
    request.raw.url = withOfflineConsent(request.raw.url ?? "/");
    return toProvider(request, reply);
  });
  app.get(`${LOGIN_PATHS.authorization}/:uid`, toProvider);
  app.get(LOGIN_PATHS.userinfo, toProvider);
  app.post(LOGIN_PATHS.userinfo, form, toProvider);
  app.get(LOGIN_PATHS.end_session, toProvider);
  app.post(LOGIN_PATHS.end_session, form, toProvider);
  app.post(`${LOGIN_PATHS.end_session}/confirm`, form, toProvider);
  app.get(`${LOGIN_PATHS.end_session}/success`, toProvider);
  app.post(LOGIN_PATHS.revocation, { config: { oauth: true, bodyKinds: ["urlencoded" as const] } }, toProvider);
  // The token endpoint (routes/oauth.ts) hands the login's grants (authorization_code, refresh_token) here.
  options.context.loginTokenGrants = toProvider;
  registerLoginPages(app, services);
  registerContinue(app, services);
  registerForms(app, services);
  registerLogout(app, services);
  app.addHook("onClose", async () => {
    delete options.context.loginTokenGrants;
    await services.ownSandbox?.close();
  });
}
