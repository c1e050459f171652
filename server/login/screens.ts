/**
 * What the hosted login's pages share: sending a page drawn by the renderer (render/) in the
 * tenant's page template and language, finding the login in progress a form names, building a
 * screen's page, and checking a password as the service does (CSRF token first, then the
 * brute-force guard, only wrong passwords counted).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { firstLoginPrompt, renderLoginPage, type LoginBoxForm, type LoginPage } from "../../render";
import type { AccountRefusal, LoginApplication, LoginUser } from "./accounts-contract";
import { finishLogin } from "./finish";
import { requestLanguage } from "./language";
import type { OidcInteraction } from "./library";
import { LOCAL_TENANT, promptSettings, tenantLook } from "./look";
import { POST_LOGIN_REASON } from "./provider";
import type { LoginServices } from "./services";

/** Longest value a login form field may have (an e-mail is at most 254; the service refuses longer passwords too). */
export const MAX_FIELD_LENGTH = 512;

/** The screens of the login box with a form, and the service's path of each. */
export const SCREEN_PATHS = {
  login: "/u/login",
  "login-id": "/u/login/identifier",
  "login-password": "/u/login/password",
  signup: "/u/signup",
} as const;
/** A screen of the login box with a form. */
export type FormScreen = keyof typeof SCREEN_PATHS;

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

/** The error page, in the request's language. */
export function sendErrorPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  error: { code: string; description: string },
  services: LoginServices,
) {
  const language = requestLanguage(services.context.store, request);
  return sendPage(request, reply, status, { prompt: "error", screen: "error", language, error }, services);
}

/** A form field's value when it is text of an acceptable length. */
export const fieldText = (value: unknown): string | undefined =>
  typeof value === "string" && value.length <= MAX_FIELD_LENGTH ? value : undefined;

/** A form's fields (an empty record when the body is none). */
export const formBody = (request: FastifyRequest): Record<string, unknown> =>
  (typeof request.body === "object" && request.body !== null ? request.body : {}) as Record<string, unknown>;

/** A login in progress and the application it logs in to. */
export interface FoundLogin {
  interaction: OidcInteraction;
  application: LoginApplication;
}

/** The login in progress named by `state`, with its application, or an error page sent. */
export async function loginInProgress(
  services: LoginServices,
  request: FastifyRequest,
  reply: FastifyReply,
  state: unknown,
): Promise<FoundLogin | undefined> {
  const uid = fieldText(state);
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
  const application = services.accounts.application(String(interaction.params.client_id ?? ""));
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

/** The path of `screen` for the login `uid`. */
export const screenHref = (screen: FormScreen, uid: string) =>
  `${SCREEN_PATHS[screen]}?state=${encodeURIComponent(uid)}`;

/** The login's first screen for the tenant's prompt settings (`login-id` with identifier first). */
export const firstScreen = (services: LoginServices): "login" | "login-id" =>
  firstLoginPrompt({ tenant: LOCAL_TENANT, promptSettings: promptSettings(services.context.store) });

/** The page of `screen` for a login in progress. */
export function screenPage(
  request: FastifyRequest,
  services: LoginServices,
  screen: FormScreen,
  found: FoundLogin,
  extra: Pick<LoginBoxForm, "values" | "errorKey" | "identifierHref"> = {},
): LoginPage {
  const { interaction, application } = found;
  const other: FormScreen = screen === "signup" ? firstScreen(services) : "signup";
  return {
    prompt: screen,
    screen,
    language: requestLanguage(services.context.store, request, interaction.params.ui_locales),
    application: { id: application.client_id, name: application.name },
    extParams: services.extParams.get(interaction.uid),
    form: {
      action: screenHref(screen, interaction.uid),
      state: interaction.uid,
      csrf: services.csrf.tokenFor(interaction.uid),
      switchHref: screenHref(other, interaction.uid),
      ...extra,
    },
  };
}

/**
 * Finishes a login the session answers (the only reason for the page is the post-login actions,
 * which the service runs on every login); `undefined` when a page must be shown.
 */
export async function finishBySession(
  request: FastifyRequest,
  reply: FastifyReply,
  services: LoginServices,
  found: FoundLogin,
) {
  const accountId = found.interaction.session?.accountId;
  const reasons = found.interaction.prompt.reasons;
  if (!accountId || reasons.length !== 1 || reasons[0] !== POST_LOGIN_REASON) return undefined;
  const connection = services.accounts.databaseConnection(found.application.client_id);
  const user = services.accounts.user(accountId);
  if (!connection || !user || user.blocked) return undefined;
  return finishLogin(request, reply, services, { ...found, connection, user });
}

/** Sends the page again with a refusal's text (`errorKey`) and status. */
export type Refuse = (status: number, errorKey: string) => unknown;

/**
 * Checks `name`'s password, or signs `name` up, for a login in progress and finishes the login;
 * a refusal is shown with `refuse`. Logins go through the brute-force guard: an attempt the guard
 * blocks is not checked, a wrong password is counted (per user and address), a right one clears
 * the user's count.
 */
export async function checkCredentials(
  request: FastifyRequest,
  reply: FastifyReply,
  services: LoginServices,
  found: FoundLogin,
  kind: "login" | "signup",
  name: string,
  password: string,
  refuse: Refuse,
) {
  const { accounts, guard } = services;
  const connection = accounts.databaseConnection(found.application.client_id);
  if (!connection) return refuse(400, "no-db-connection");
  let outcome: LoginUser | AccountRefusal;
  if (kind === "login") {
    if (guard.check(name, request.ip)) return refuse(429, "too-many-attempts");
    outcome = await accounts.authenticate(connection.name, name, password);
    if ("code" in outcome && outcome.code === "wrong_credentials") guard.failed(name, request.ip);
  } else {
    outcome = await accounts.signUp(connection.name, name, password);
  }
  if ("code" in outcome) {
    request.log.info(
      { refusal: outcome.code, client_id: found.application.client_id },
      `The ${kind} was refused: ${outcome.description}`,
    );
    return refuse(REFUSAL_PAGE[outcome.code].status, REFUSAL_PAGE[outcome.code].key);
  }
  if (kind === "login") guard.succeeded(name, request.ip);
  return finishLogin(request, reply, services, { ...found, connection, user: outcome });
}
