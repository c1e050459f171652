/**
 * Runs a flow as the service does when a form's FLOW node (or its ending's `after_submit`)
 * hands it the form's data: each action in order, its params' templates resolved against the
 * fields, the shared variables and the earlier actions' outputs; local actions run here
 * (local.ts), outside calls go to the network it is given (fixtures on the tenant server:
 * nothing is ever sent), HTTP with its vault connection's credentials applied (http.ts). An
 * action with `allow_failure` lets the flow go on. No credential ever appears in what comes
 * back: the calls, the error and the message are masked.
 */
import { isObject } from "../../api/json";
import {
  HTTP_CONNECTION_APP,
  httpRequestOf,
  integrationRequestOf,
  responseOutput,
  secretValues,
  setupOf,
  tokenRequestOf,
  type IncomingResponse,
  type OutgoingRequest,
  type VaultConnection,
} from "./http";
import { LOCAL_ACTIONS, notRunLocallyMessage } from "./local";
import { resolveTemplates, type TemplateScope } from "./templates";

/** What answers a flow's outside calls; throws when nothing does. */
export interface FlowNetwork {
  send(request: OutgoingRequest): IncomingResponse;
}

/** A flow as the runner reads it (the `flow` kind's record). */
export interface RunnableFlow {
  id: string;
  name: string;
  actions?: unknown[];
}

/** One outside call of a run, as a trace shows it. */
export interface FlowCall {
  method: string;
  url: string;
  status?: number;
}

/** What the runner needs besides the flow. */
export interface FlowRunContext {
  fields: Readonly<Record<string, unknown>>;
  vars: Readonly<Record<string, unknown>>;
  network: FlowNetwork;
  /** The vault connection `id`, or undefined. */
  connection(id: string): VaultConnection | undefined;
}

/** How a run ended. */
export interface FlowRunResult {
  outcome: "ok" | "error";
  /** The shared variables after the run (the ones given, with those the flow stored). */
  vars: Record<string, unknown>;
  /** Each action's output, by action id. */
  actions: Record<string, unknown>;
  calls: FlowCall[];
  /** The id of the action that failed. */
  failedAction?: string;
  /** Why it failed, for the log and the trace (credentials masked). */
  error?: string;
  /** What the person reads on the step: an ERROR_MESSAGE's text, else {@link FLOW_FAILED_MESSAGE}. */
  message?: string;
}

/** What the step shows when a flow fails without an ERROR_MESSAGE of its own. */
export const FLOW_FAILED_MESSAGE = "Something went wrong while processing your answers. Please try again.";
/** A flow runs at most this many actions. */
export const MAX_FLOW_ACTIONS = 100;
/** Field and variable values shorter than this are not masked (masking "a" everywhere would hide everything). */
export const MIN_MASKED_LENGTH = 3;
/** What a credential is replaced with wherever it would show. */
export const MASK = "[secret]";

/** `text` with every value of `secrets` (and its URL-encoded form) masked. */
export function masked(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets.filter((value) => value !== ""))
    for (const form of new Set([
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ s: secret }).toString().slice(2),
    ]))
      out = out.split(form).join(MASK);
  return out;
}

/** One action failed: the error to report and the message to show. */
class ActionFailure extends Error {
  constructor(
    message: string,
    readonly shown?: string,
  ) {
    super(message);
  }
}

/** Sends `request`, recording it; a status of 400 or more is a failure of the action. */
function send(
  context: FlowRunContext,
  request: OutgoingRequest,
  calls: FlowCall[],
  secrets: string[],
): IncomingResponse {
  const url = masked(request.url, secrets);
  let response: IncomingResponse;
  try {
    response = context.network.send(request);
  } catch (error) {
    calls.push({ method: request.method, url });
    const reason = error instanceof Error ? error.message : String(error);
    throw new ActionFailure(masked(reason, secrets));
  }
  calls.push({ method: request.method, url, status: response.status });
  if (response.status >= 400) throw new ActionFailure(`${request.method} ${url} answered ${response.status}.`);
  return response;
}

/** Runs one action (params resolved); its output and the variables it stores. */
function runAction(
  context: FlowRunContext,
  action: { type: string; action: string; params: Record<string, unknown> },
  calls: FlowCall[],
  secrets: string[],
): { output: unknown; vars?: Record<string, unknown> } {
  const key = `${action.type}.${action.action}`;
  const local = Object.hasOwn(LOCAL_ACTIONS, key) ? LOCAL_ACTIONS[key] : undefined;
  if (local) {
    const outcome = local(action.params);
    if (outcome.shownError !== undefined)
      throw new ActionFailure(`ERROR_MESSAGE: ${outcome.shownError}`, outcome.shownError || undefined);
    return { output: outcome.output, vars: outcome.vars };
  }
  const notLocal = notRunLocallyMessage(key);
  if (notLocal) throw new ActionFailure(notLocal);
  const connectionId = typeof action.params.connection_id === "string" ? action.params.connection_id : undefined;
  if (key === "HTTP.SEND_REQUEST") {
    const setup = connectionId
      ? setupOf(context.connection(connectionId), connectionId, HTTP_CONNECTION_APP)
      : undefined;
    secrets.push(...secretValues(setup, action.params));
    let bearer: string | undefined;
    if (setup?.type === "OAUTH_CLIENT_CREDENTIALS") {
      const token = responseOutput(send(context, tokenRequestOf(setup), calls, secrets)).body;
      bearer = isObject(token) && typeof token.access_token === "string" ? token.access_token : undefined;
      if (!bearer) throw new ActionFailure("The token endpoint's answer has no access_token.");
      secrets.push(bearer);
    }
    return { output: responseOutput(send(context, httpRequestOf(action.params, setup, bearer), calls, secrets)) };
  }
  if (connectionId) setupOf(context.connection(connectionId), connectionId, action.type);
  const response = send(context, integrationRequestOf(action.type, action.action, action.params), calls, secrets);
  return { output: responseOutput(response).body };
}

/** Runs `flow`'s actions in order with the form's fields and variables. */
export function runFlow(flow: RunnableFlow, context: FlowRunContext): FlowRunResult {
  const vars: Record<string, unknown> = { ...context.vars };
  const actions: Record<string, unknown> = {};
  const calls: FlowCall[] = [];
  // What the person typed and the shared variables (masked on the service too) never show in a call or an error.
  const secrets = [...Object.values(context.fields), ...Object.values(context.vars)].filter(
    (value): value is string => typeof value === "string" && value.length >= MIN_MASKED_LENGTH,
  );
  const list = Array.isArray(flow.actions) ? flow.actions.slice(0, MAX_FLOW_ACTIONS) : [];
  for (const [index, raw] of list.entries()) {
    const item = isObject(raw) ? raw : {};
    const id = typeof item.id === "string" ? item.id : `#${index}`;
    try {
      if (typeof item.type !== "string" || typeof item.action !== "string")
        throw new ActionFailure(`The action at index ${index} has no type and action.`);
      const scope: TemplateScope = { fields: context.fields, vars, actions };
      const params = resolveTemplates(isObject(item.params) ? item.params : {}, scope) as Record<string, unknown>;
      const { output, vars: stored } = runAction(
        context,
        { type: item.type, action: item.action, params },
        calls,
        secrets,
      );
      actions[id] = output;
      if (stored) Object.assign(vars, stored);
    } catch (error) {
      const reason = masked(error instanceof Error ? error.message : String(error), secrets);
      if (item.allow_failure === true) {
        actions[id] = { error: reason };
        continue;
      }
      const shown = error instanceof ActionFailure ? error.shown : undefined;
      return {
        outcome: "error",
        vars,
        actions,
        calls,
        failedAction: id,
        error: reason,
        message: shown ?? FLOW_FAILED_MESSAGE,
      };
    }
  }
  return { outcome: "ok", vars, actions, calls };
}
