/**
 * A trigger's bindings (`/api/v2/actions/triggers/{triggerId}/bindings`): the ordered list of
 * actions the trigger runs. GET answers it (each binding with its action); PATCH sets the
 * whole list (`{bindings: [{ref: {type: "action_id" | "action_name", value}, display_name}]}`),
 * as the published API does. The tenant refuses what the real service refuses: an unknown
 * trigger, an action that does not exist, is not deployed, or does not support the trigger.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { ERROR_CODES, isKnownTrigger, kindSpec } from "../../api";
import { publicObject } from "../public-object";
import type { TenantContext } from "../context";
import { HttpError, invalidBody, invalidUri } from "../http-error";
import type { Collection } from "../store";
import { isoMillis } from "../time";
import { queryInteger } from "../validation";
import type { StoredObject } from "./collection";

/** One binding as stored: the action by id. */
interface StoredBinding {
  id: string;
  action_id: string;
  display_name: string;
  created_at: string;
  updated_at: string;
}

/** A trigger's bindings as stored (keyed by the trigger's id). */
type TriggerBindings = { id: string; bindings: StoredBinding[] };

/** The store's table of the triggers' bindings. */
const BINDINGS_TABLE = "actions_trigger_bindings";

/** What the actions' other routes need of the bindings: which triggers bind an action, and unbinding it. */
export function actionBindings(context: TenantContext) {
  const store = context.store.collection<TriggerBindings>(BINDINGS_TABLE);
  return {
    boundTriggers: (actionId: string): string[] =>
      store
        .findWhere({})
        .filter((trigger) => trigger.bindings.some((binding) => binding.action_id === actionId))
        .map((trigger) => trigger.id),
    unbind(actionId: string): void {
      for (const trigger of store.findWhere({})) {
        const kept = trigger.bindings.filter((binding) => binding.action_id !== actionId);
        if (kept.length !== trigger.bindings.length) store.replace(trigger.id, { ...trigger, bindings: kept });
      }
    },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Registers the bindings routes; `actions` is the actions' collection. */
export function registerActionBindingRoutes(
  app: FastifyInstance,
  context: TenantContext,
  actions: Collection<StoredObject>,
): void {
  const spec = kindSpec("action")!;
  const store = context.store.collection<TriggerBindings>(BINDINGS_TABLE);
  const auth = (scope: string | undefined) => ({ config: { auth: { scope: scope ?? "" } } });
  type TriggerRoute = { Params: { triggerId: string } };
  const path = "/api/v2/actions/triggers/:triggerId/bindings";
  const triggerOf = (triggerId: string) => {
    if (!isKnownTrigger(triggerId)) throw invalidUri("triggerId", `Unknown trigger ${triggerId}`);
    return triggerId;
  };
  const shown = (trigger: string, binding: StoredBinding) => {
    const { action_id: actionId, ...rest } = binding;
    const action = actions.get(actionId);
    return { ...rest, trigger_id: trigger, action: action ? publicObject("action", action) : { id: actionId } };
  };

  app.get<TriggerRoute>(path, auth(spec.scopes.list), async (request) => {
    const trigger = triggerOf(request.params.triggerId);
    const page = queryInteger(request.query, "page", 0, 1_000_000, 0);
    const perPage = queryInteger(request.query, "per_page", 1, 100, 20);
    const all = store.get(trigger)?.bindings ?? [];
    return {
      bindings: all.slice(page * perPage, (page + 1) * perPage).map((binding) => shown(trigger, binding)),
      total: all.length,
      page,
      per_page: perPage,
    };
  });

  app.patch<TriggerRoute>(path, auth(spec.scopes.update), async (request) => {
    const trigger = triggerOf(request.params.triggerId);
    const body = request.body;
    if (!isObject(body) || (body.bindings !== undefined && !Array.isArray(body.bindings))) {
      throw invalidBody({ property: "bindings", message: "Expected type array" });
    }
    const refs = (body.bindings ?? []) as unknown[];
    return context.store.transaction(() => {
      const before = store.get(trigger)?.bindings ?? [];
      const now = isoMillis();
      const bindings = refs.map((item, index): StoredBinding => {
        const action = actionOfRef(actions, item, `bindings[${index}]`);
        const supported = (action.supported_triggers as { id: string }[] | undefined) ?? [];
        if (!supported.some((supportedTrigger) => supportedTrigger.id === trigger)) {
          throw bad(
            `bindings[${index}]: the action ${String(action.name)} (${action.id}) supports ` +
              `${supported.map((supportedTrigger) => supportedTrigger.id).join(", ") || "no trigger"}, not ${trigger}.`,
          );
        }
        if (action.deployed_version === undefined) {
          throw bad(
            `bindings[${index}]: the action ${String(action.name)} (${action.id}) is not deployed: deploy it first.`,
          );
        }
        const displayName = (item as { display_name?: unknown }).display_name;
        const kept = before.find((binding) => binding.action_id === action.id);
        return {
          id: kept?.id ?? randomUUID(),
          action_id: action.id,
          display_name: typeof displayName === "string" && displayName !== "" ? displayName : String(action.name),
          created_at: kept?.created_at ?? now,
          updated_at: now,
        };
      });
      store.upsert(trigger, { id: trigger, bindings });
      return { bindings: bindings.map((binding) => shown(trigger, binding)) };
    });
  });
}

const bad = (message: string) => new HttpError(400, message, ERROR_CODES.invalidBody);

/** The action a binding's `ref` names (by id or by name); 400 when there is none. */
function actionOfRef(actions: Collection<StoredObject>, item: unknown, at: string): StoredObject {
  const ref = isObject(item) ? item.ref : undefined;
  if (!isObject(ref) || typeof ref.value !== "string") throw bad(`${at}.ref: expected {type, value}.`);
  const action =
    ref.type === "action_id"
      ? actions.get(ref.value)
      : ref.type === "action_name"
        ? actions.findWhere({ name: ref.value })[0]
        : undefined;
  if (ref.type !== "action_id" && ref.type !== "action_name") {
    throw bad(`${at}.ref.type: must be action_id or action_name.`);
  }
  if (!action) throw bad(`${at}.ref: the action ${ref.value} does not exist.`);
  return action;
}
