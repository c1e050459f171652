/**
 * The post-login actions of a login: the `post-login` trigger's bindings, in their order,
 * each action's live (deployed) version run in the server's contained engine (server/sandbox)
 * with the service's `event`, and what its `api` calls decide, applied as the service applies
 * them: `access.deny` ends the login at the callback, custom claims go in the tokens,
 * metadata is stored on the user, `redirect.sendUserTo` and `prompt.render` suspend the login
 * until `/continue` resumes it at `onContinuePostLogin`. A failing action ends the login, and
 * the server's log names the action, its version and the error.
 */
import type { FastifyRequest } from "fastify";
import { actionRunJob } from "../../api/kinds/action/tenant-runtime";
import { liveVersion } from "../../api/kinds/action/tenant-versions";
import type { CodeRunResult, CodeSandbox, TenantRecords } from "../../api";
import { recordsOf } from "../routes/relations";
import { masked } from "../flows";
import { codeSandbox } from "../sandbox";
import type { LoginUser } from "./accounts-contract";
import { FORM_PATH, type AuthenticatedLogin, type PostLoginDecision } from "./login-state";
import type { CustomClaims } from "./outcomes";
import { rehearsalOf } from "../rehearsal";
import type { LoginServices } from "./services";

/** The trigger the login runs. */
export const POST_LOGIN_TRIGGER = "post-login";
/** The kind whose records hold the actions, their versions and the triggers' bindings. */
const ACTION_KIND = "action";
/** The bindings' table (api/kinds/trigger-bindings/tenant.ts). */
const BINDINGS_TABLE = "trigger_bindings";

/** At most this many suspended logins are kept. */
const MAX_SUSPENDED = 10_000;

/** One bound action, as it runs. */
interface BoundAction {
  id: string;
  name: string;
  version: number;
  code: string;
  secrets: Record<string, string>;
  dependencies: { name: string; version: string }[];
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The post-login trigger's bound actions, in order, each at its live version (an action with none is skipped, as the service runs only deployed code). */
export function boundActions(tenant: TenantRecords): BoundAction[] {
  const bindings = tenant.table<{ bindings?: { action_id: string }[] }>(BINDINGS_TABLE).get(POST_LOGIN_TRIGGER);
  const found: BoundAction[] = [];
  for (const binding of bindings?.bindings ?? []) {
    const action = tenant.objects.get(binding.action_id);
    if (!action) continue;
    const version = liveVersion(tenant, action);
    if (!version) continue;
    const secrets = list(action.secrets).filter(
      (secret): secret is { name: string; value: string } => typeof (secret as { value?: unknown }).value === "string",
    );
    found.push({
      id: String(action.id),
      name: String(action.name),
      version: Number(version.number),
      code: typeof version.code === "string" ? version.code : "",
      secrets: Object.fromEntries(secrets.map((secret) => [secret.name, secret.value])),
      dependencies: list(version.dependencies).map((dependency) => ({
        name: String((dependency as { name?: unknown }).name),
        version: String((dependency as { version?: unknown }).version ?? "latest"),
      })),
    });
  }
  return found;
}

/** The service's `event` of a post-login run. */
export function postLoginEvent(
  request: FastifyRequest,
  login: AuthenticatedLogin,
  user: LoginUser,
): Record<string, unknown> {
  const { interaction, application, connection } = login;
  const params = interaction.params;
  return {
    user: { ...user },
    client: { client_id: application.client_id, name: application.name, metadata: {} },
    request: {
      ip: request.ip,
      method: request.method,
      hostname: request.hostname,
      user_agent: String(request.headers["user-agent"] ?? ""),
      language: String(request.headers["accept-language"] ?? "").split(",")[0] || "en",
      query: { ...params },
      geoip: {},
    },
    transaction: {
      id: interaction.uid,
      locale: "en",
      protocol: "oidc-basic-profile",
      requested_scopes: String(params.scope ?? "openid").split(" "),
      redirect_uri: params.redirect_uri,
      response_type: ["code"],
      response_mode: params.response_mode ?? "query",
      state: params.state,
      ui_locales: params.ui_locales ? String(params.ui_locales).split(" ") : [],
    },
    connection: { id: connection.id, name: connection.name, strategy: connection.strategy, metadata: {} },
    stats: { logins_count: user.logins_count },
    authorization: { roles: [] },
    authentication: { methods: [{ name: "pwd", timestamp: new Date().toISOString() }] },
    tenant: { id: "local" },
  };
}

/** The engine the login runs actions in: the server's, else one of the login's own (actions always run in a login, as on the service). */
function sandboxOf(services: LoginServices): CodeSandbox {
  if (services.context.sandbox) return services.context.sandbox;
  services.ownSandbox ??= codeSandbox();
  return services.ownSandbox;
}

/** Applies one run's recorded calls; the decision when the run ends or suspends the login. */
function applyCalls(
  result: CodeRunResult,
  claims: CustomClaims,
  metadata: { user_metadata: Record<string, unknown>; app_metadata: Record<string, unknown> },
): { deny?: string; redirect?: string; prompt?: { formId: string; options: unknown } } {
  for (const call of result.calls) {
    const [first, second] = call.args;
    switch (call.method) {
      case "api.access.deny":
        return { deny: typeof first === "string" ? first : "Access denied" };
      case "api.idToken.setCustomClaim":
        if (typeof first === "string") claims.idToken[first] = second;
        break;
      case "api.accessToken.setCustomClaim":
        if (typeof first === "string") claims.accessToken[first] = second;
        break;
      case "api.user.setUserMetadata":
        if (typeof first === "string") metadata.user_metadata[first] = second ?? null;
        break;
      case "api.user.setAppMetadata":
        if (typeof first === "string") metadata.app_metadata[first] = second ?? null;
        break;
      case "api.redirect.sendUserTo":
        {
          const redirect = typeof first === "string" ? withQuery(first, second) : undefined;
          if (redirect) return { redirect };
        }
        return { deny: "api.redirect.sendUserTo needs an http(s) URL" };
      case "api.prompt.render":
        if (typeof first === "string") return { prompt: { formId: first, options: second } };
        break;
    }
  }
  return {};
}

/** The redirect's address with its `query` option; undefined when it is not an http(s) URL. */
export function withQuery(url: string, options: unknown): string | undefined {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return undefined;
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") return undefined;
  const query = (options as { query?: unknown } | undefined)?.query;
  if (!query || typeof query !== "object") return target.href;
  for (const [name, value] of Object.entries(query)) target.searchParams.set(name, String(value));
  return target.href;
}

/** `event.prompt` of onContinuePostLogin after a form: its id, its fields and hidden fields, its shared variables. */
export interface PromptAnswer {
  id: string;
  fields: Record<string, unknown>;
  vars: Record<string, unknown>;
}

/** An object option of `api.prompt.render` (`fields`, `vars`), else empty. */
const optionRecord = (options: unknown, key: string): Record<string, unknown> => {
  const value = typeof options === "object" && options !== null ? (options as Record<string, unknown>)[key] : undefined;
  return typeof value === "object" && value !== null && !Array.isArray(value) ? { ...value } : {};
};

/** Records one run in the rehearsal's trace: the action's secrets masked in its logs, error and requests. */
function traceRun(services: LoginServices, action: BoundAction, result: CodeRunResult): void {
  const secrets = Object.values(action.secrets);
  rehearsalOf(services.context).trace.add({
    type: "action",
    action_id: action.id,
    name: action.name,
    version: action.version,
    outcome: result.error ? "error" : "ok",
    ...(result.error ? { error: masked(result.error.message, secrets) } : {}),
    logs: result.logs.map((log) => masked(log.message, secrets)),
    requests: result.requests.map((sent) => ({
      method: sent.method,
      url: masked(sent.url, secrets),
      ...(sent.status !== undefined ? { status: sent.status } : {}),
    })),
  });
}

/** Runs the bound actions from `position`, `handler` for the first of them (onContinuePostLogin when resuming). */
export async function runPostLogin(
  request: FastifyRequest,
  services: LoginServices,
  login: AuthenticatedLogin,
  resume?: { position: number; claims: CustomClaims; prompt?: PromptAnswer },
): Promise<PostLoginDecision> {
  const tenant = recordsOf(services.context, ACTION_KIND);
  const actions = boundActions(tenant);
  const claims = resume?.claims ?? { idToken: {}, accessToken: {} };
  let user = login.user;
  for (let position = resume?.position ?? 0; position < actions.length; position++) {
    const action = actions[position];
    const resuming = resume !== undefined && position === resume.position;
    const event = postLoginEvent(request, login, user);
    if (resuming && resume.prompt) event.prompt = resume.prompt;
    const job = actionRunJob({
      trigger: POST_LOGIN_TRIGGER,
      code: action.code,
      payload: event,
      secrets: action.secrets,
      dependencies: action.dependencies,
      handler: resuming ? "onContinuePostLogin" : "onExecutePostLogin",
      fixtures: rehearsalOf(services.context).fixtures,
    });
    // The service calls onContinuePostLogin only when the action exports it; a missing one resumes with the next action.
    if (resuming && !/onContinuePostLogin/.test(action.code)) continue;
    const result = await sandboxOf(services).run(job);
    traceRun(services, action, result);
    if (result.error) {
      // An action's error may quote its secrets: neither the log nor the callback shows them.
      const reason = masked(result.error.message, Object.values(action.secrets));
      request.log.error(
        { action: action.name, action_id: action.id, version: action.version, error: reason },
        `The post-login action "${action.name}" (version ${action.version}) failed: ${reason}`,
      );
      return { kind: "deny", reason: `The action "${action.name}" failed: ${reason}`.slice(0, 500), failed: true };
    }
    const metadata = { user_metadata: {}, app_metadata: {} };
    const applied = applyCalls(result, claims, metadata);
    if (Object.keys(metadata.user_metadata).length > 0 || Object.keys(metadata.app_metadata).length > 0)
      user = services.accounts.mergeMetadata(user.user_id, metadata);
    if (applied.deny !== undefined) return { kind: "deny", reason: applied.deny };
    if (applied.redirect || applied.prompt) {
      const uid = login.interaction.uid;
      const suspended = services.suspended;
      if (suspended.size >= MAX_SUSPENDED) suspended.delete(suspended.keys().next().value!);
      suspended.set(uid, {
        login: { ...login, user },
        position,
        claims,
        by: applied.redirect ? "redirect" : "prompt",
        ...(applied.prompt
          ? {
              formId: applied.prompt.formId,
              prompt: {
                formId: applied.prompt.formId,
                action: { id: action.id, name: action.name },
                fields: optionRecord(applied.prompt.options, "fields"),
                vars: optionRecord(applied.prompt.options, "vars"),
              },
            }
          : {}),
      });
      if (applied.redirect) {
        const target = new URL(applied.redirect);
        target.searchParams.set("state", uid);
        return { kind: "redirect", location: target.href };
      }
      return { kind: "redirect", location: `${FORM_PATH}?state=${encodeURIComponent(uid)}` };
    }
  }
  return { kind: "continue", claims };
}
