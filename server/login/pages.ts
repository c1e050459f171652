/**
 * The hosted login's pages at the service's paths: `/u/login` and `/u/signup` (GET shows the
 * form, POST checks it), each drawn by the renderer (render/) in the tenant's page template.
 * A login in progress is the protocol library's interaction, named by the `state` parameter.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pickLanguage, renderLoginPage, type LoginBoxForm, type LoginPage } from "../../render";
import type { AccountRefusal, LoginApplication, LoginUser } from "./accounts-contract";
import type { OidcInteraction } from "./library";
import { tenantLook } from "./look";
import { finishLogin } from "./finish";
import { POST_LOGIN_REASON } from "./provider";
import type { LoginServices } from "./services";

/** The two screens of the login box. */
export const LOGIN_SCREENS = ["login", "signup"] as const;
type LoginScreen = (typeof LOGIN_SCREENS)[number];

/** Longest value a login form field may have (an e-mail is at most 254; the service refuses longer passwords too). */
export const MAX_FIELD_LENGTH = 512;

/** The text key a refusal shows on the page, and its status. */
const REFUSAL_PAGE: Record<AccountRefusal["code"], { key: string; status: number }> = {
  wrong_credentials: { key: "wrong-credentials", status: 400 },
  user_blocked: { key: "user-blocked", status: 401 },
  invalid_password: { key: "invalid-password", status: 400 },
  user_exists: { key: "user-exists", status: 400 },
  invalid_signup: { key: "invalid-signup", status: 400 },
};

/** Sends a page with the headers a login page needs (never cached, never framed). */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  page: LoginPage,
  services: LoginServices,
) {
  const rendered = renderLoginPage(tenantLook(services.context.store), page);
  if (rendered.templateError)
    request.log.warn(
      { templateError: rendered.templateError },
      "The login page template did not render; the default page was shown. Fix the template (PUT /api/v2/branding/templates/universal-login).",
    );
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-frame-options", "deny")
    .send(rendered.html);
}

/** The error page. */
export function sendErrorPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  error: { code: string; description: string },
  services: LoginServices,
) {
  const language = pickLanguage(request.headers["accept-language"]);
  return sendPage(request, reply, status, { prompt: "error", screen: "error", language, error }, services);
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.length <= MAX_FIELD_LENGTH ? value : undefined;

/** The session's user when the session alone answers the login (the only reason for the page is the post-login actions). */
function sessionLogin(interaction: OidcInteraction): string | undefined {
  const accountId = interaction.session?.accountId;
  const reasons = interaction.prompt.reasons;
  return accountId && reasons.length === 1 && reasons[0] === POST_LOGIN_REASON ? accountId : undefined;
}

/** Registers the login and signup pages. */
export function registerLoginPages(app: FastifyInstance, services: LoginServices): void {
  const { accounts, csrf } = services;

  /** The login in progress named by `state`, with its application, or an error page sent. */
  async function loginInProgress(request: FastifyRequest, reply: FastifyReply, state: unknown) {
    const uid = text(state);
    const interaction =
      uid && /^[\w-]{1,100}$/.test(uid) ? await (await services.provider()).Interaction.find(uid) : undefined;
    if (!interaction) {
      await sendErrorPage(
        request,
        reply,
        400,
        {
          code: "invalid_request",
          description: "The login has expired or is unknown: start it again from the application.",
        },
        services,
      );
      return undefined;
    }
    const application = accounts.application(String(interaction.params.client_id ?? ""));
    if (!application) {
      await sendErrorPage(
        request,
        reply,
        400,
        { code: "invalid_request", description: "The application of this login no longer exists." },
        services,
      );
      return undefined;
    }
    return { interaction, application };
  }

  function page(
    request: FastifyRequest,
    screen: LoginScreen,
    interaction: OidcInteraction,
    application: LoginApplication,
    extra: Pick<LoginBoxForm, "values" | "errorKey"> = {},
  ): LoginPage {
    const other = screen === "login" ? "signup" : "login";
    return {
      prompt: screen,
      screen,
      language: pickLanguage(interaction.params.ui_locales, request.headers["accept-language"]),
      application: { id: application.client_id, name: application.name },
      extParams: services.extParams.get(interaction.uid),
      form: {
        action: `/u/${screen}?state=${encodeURIComponent(interaction.uid)}`,
        state: interaction.uid,
        csrf: csrf.tokenFor(interaction.uid),
        switchHref: `/u/${other}?state=${encodeURIComponent(interaction.uid)}`,
        ...extra,
      },
    };
  }

  for (const screen of LOGIN_SCREENS) {
    app.get(`/u/${screen}`, async (request, reply) => {
      const found = await loginInProgress(request, reply, (request.query as Record<string, unknown>).state);
      if (!found) return reply;
      // A login the session answers: no page, only the post-login actions (as the service runs them on every login).
      const sessionUser = sessionLogin(found.interaction);
      if (sessionUser) {
        const connection = accounts.databaseConnection(found.application.client_id);
        const user = accounts.user(sessionUser);
        if (connection && user && !user.blocked)
          return finishLogin(request, reply, services, { ...found, connection, user });
      }
      return sendPage(request, reply, 200, page(request, screen, found.interaction, found.application), services);
    });

    app.post(`/u/${screen}`, { config: { bodyKinds: ["urlencoded"] } }, async (request, reply) => {
      const body = (typeof request.body === "object" && request.body !== null ? request.body : {}) as Record<
        string,
        unknown
      >;
      const query = request.query as Record<string, unknown>;
      const found = await loginInProgress(request, reply, body.state ?? query.state);
      if (!found) return reply;
      const { interaction, application } = found;
      const nameField = screen === "login" ? "username" : "email";
      const name = text(body[nameField]);
      const password = text(body.password);
      const shown = { [nameField]: name ?? "" };
      const refuse = (status: number, errorKey: string) =>
        sendPage(
          request,
          reply,
          status,
          page(request, screen, interaction, application, { values: shown, errorKey }),
          services,
        );
      if (!csrf.verify(interaction.uid, body._csrf)) return refuse(403, "invalid-request");
      if (!name || !password) return refuse(400, "wrong-credentials");
      const connection = accounts.databaseConnection(application.client_id);
      if (!connection) return refuse(400, "no-db-connection");
      let outcome: LoginUser | AccountRefusal;
      if (screen === "login") {
        const blocked = services.guard.check(name, request.ip);
        if (blocked) return refuse(429, "too-many-attempts");
        outcome = await accounts.authenticate(connection.name, name, password);
        if ("code" in outcome && outcome.code === "wrong_credentials") services.guard.failed(name, request.ip);
      } else {
        outcome = await accounts.signUp(connection.name, name, password);
      }
      if ("code" in outcome) {
        request.log.info(
          { refusal: outcome.code, client_id: application.client_id },
          `The ${screen} was refused: ${outcome.description}`,
        );
        return refuse(REFUSAL_PAGE[outcome.code].status, REFUSAL_PAGE[outcome.code].key);
      }
      if (screen === "login") services.guard.succeeded(name, request.ip);
      return finishLogin(request, reply, services, { interaction, application, connection, user: outcome });
    });
  }
}
