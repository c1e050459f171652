/**
 * A trigger's bindings (`/api/v2/actions/triggers/{triggerId}/bindings`): the ordered list of
 * actions the trigger runs, served among the actions' routes (the entry's `relations`), with
 * the actions' records. GET answers it (each binding with its action); PATCH sets
 * the whole list (`{bindings: [{ref: {type, value}, display_name}]}`, the ref an `action_id`, an
 * `action_name`, or the `binding_id` of a binding kept with its name), as the published API
 * does. Every PATCH makes new bindings (new ids), also for an action that stays bound, and a
 * binding answers its action as the service summarises it (no code, secrets or status); lists
 * are paged as the service pages them (api/table/tenant-paging.ts `sparsePageOf`). The tenant
 * refuses what the real service refuses: an unknown trigger, a trigger whose actions are bound
 * to their own object (`entity-bound`: no list to read or set), an action that does not exist,
 * is not deployed, or does not support the trigger.
 */
import { isObject } from "../../json";
import { randomUUID } from "node:crypto";
import { ApiFailure, ERROR_CODES } from "../../errors";
import type { KindOperation, TenantRecords } from "../../table/operations";
import { sparsePageOf } from "../../table/tenant-paging";
import type { HoldingRules, KindRules } from "../../table/kind-spec";
import type { KindObject } from "../../table/provider-hooks";
import { isEntityBound, isKnownTrigger, type ActionTriggerId } from "../../triggers";

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

/** The store's table of the triggers' bindings (beside the actions). */
const BINDINGS = "trigger_bindings";

const bindingsOf = (tenant: TenantRecords) => tenant.table<TriggerBindings>(BINDINGS);

/** The triggers that bind action `actionId`. */
function boundTriggersOf(tenant: TenantRecords, actionId: string): string[] {
  return bindingsOf(tenant)
    .findWhere({})
    .filter((trigger) => trigger.bindings.some((binding) => binding.action_id === actionId))
    .map((trigger) => trigger.id);
}

/**
 * What the bindings do when an action they hold is deleted (the entry's `relations.holds`):
 * a bound action is refused unless the delete is forced, and a forced one unbinds it from every
 * trigger.
 */
export const BINDINGS_HOLDING: HoldingRules = {
  refusal: (_held, actionId, tenant) => {
    const boundTo = boundTriggersOf(tenant, actionId);
    return boundTo.length === 0
      ? undefined
      : `The action is bound to ${boundTo.join(", ")}: remove its bindings first, or delete it with force=true.`;
  },
  release: (_held, actionId, tenant) => {
    const store = bindingsOf(tenant);
    for (const trigger of store.findWhere({})) {
      const kept = trigger.bindings.filter((binding) => binding.action_id !== actionId);
      if (kept.length !== trigger.bindings.length) store.replace(trigger.id, { ...trigger, bindings: kept });
    }
  },
};

const bad = (message: string) => new ApiFailure(400, message, ERROR_CODES.invalidBody);

/** The service's words (400, no error code) for a bindings list of an `entity-bound` trigger. */
export const ENTITY_BOUND_LIST = "cannot list action bindings for an entity-bound trigger";

/** The trigger of a path, or the API's 400 for one it does not know. */
function triggerOf(triggerId: string): ActionTriggerId {
  if (!isKnownTrigger(triggerId)) {
    throw new ApiFailure(
      400,
      `Path validation error: 'Unknown trigger ${triggerId}' on property triggerId.`,
      ERROR_CODES.invalidUri,
    );
  }
  return triggerId;
}

/** A binding as the service answers it, in its order: its trigger, its action's summary, its times, its name. */
function shown(tenant: TenantRecords, trigger: string, binding: StoredBinding): Record<string, unknown> {
  const action = tenant.objects.get(binding.action_id);
  return {
    id: binding.id,
    trigger_id: trigger,
    action: action ? tenant.summarised(action) : { id: binding.action_id },
    created_at: binding.created_at,
    updated_at: binding.updated_at,
    display_name: binding.display_name,
  };
}

/** The ref types the published API takes: an action by id or name, or a binding the trigger has (keeping it). */
const REF_TYPES = ["binding_id", "action_id", "action_name"];

/**
 * The action a binding's `ref` names: by id, by name, or by the id of one of the trigger's
 * `current` bindings; 400 when there is none.
 */
function actionOfRef(tenant: TenantRecords, current: readonly StoredBinding[], item: unknown, at: string): KindObject {
  const ref = isObject(item) ? item.ref : undefined;
  if (!isObject(ref) || typeof ref.value !== "string") throw bad(`${at}.ref: expected {type, value}.`);
  if (!REF_TYPES.includes(String(ref.type))) throw bad(`${at}.ref.type: must be one of ${REF_TYPES.join(", ")}.`);
  if (ref.type === "binding_id") {
    const binding = current.find((candidate) => candidate.id === ref.value);
    if (!binding) throw bad(`${at}.ref: the trigger has no binding ${ref.value}.`);
    const bound = tenant.objects.get(binding.action_id);
    if (!bound) throw bad(`${at}.ref: the action of binding ${ref.value} no longer exists.`);
    return bound;
  }
  const action =
    ref.type === "action_id" ? tenant.objects.get(ref.value) : tenant.objects.findWhere({ name: ref.value })[0];
  if (!action) throw bad(`${at}.ref: the action ${ref.value} does not exist.`);
  return action;
}

/** Sets trigger `trigger`'s bindings to the `body`'s list, in its order. */
function setBindings(tenant: TenantRecords, trigger: ActionTriggerId, body: unknown): unknown {
  if (!isObject(body) || (body.bindings !== undefined && !Array.isArray(body.bindings))) {
    throw bad("Payload validation error: 'Expected type array' on property bindings.");
  }
  const refs = (body.bindings ?? []) as unknown[];
  if (isEntityBound(trigger) && refs.length > 0) {
    throw bad(
      `The trigger ${trigger} binds its actions to their own object (binding_policy entity-bound), not through ` +
        "bindings: an event stream names its action in its destination.",
    );
  }
  return tenant.transaction(() => {
    const store = bindingsOf(tenant);
    const before = store.get(trigger)?.bindings ?? [];
    const now = tenant.now();
    const bindings = refs.map((item, index): StoredBinding => {
      const action = actionOfRef(tenant, before, item, `bindings[${index}]`);
      const supported = (action.supported_triggers as { id: string }[] | undefined) ?? [];
      if (!supported.some((supportedTrigger) => supportedTrigger.id === trigger)) {
        throw bad(
          `bindings[${index}]: the action ${String(action.name)} (${action.id}) supports ` +
            `${supported.map((supportedTrigger) => supportedTrigger.id).join(", ") || "no trigger"}, not ${trigger}.`,
        );
      }
      if (!tenant.inService(action)) {
        throw bad(
          `bindings[${index}]: the action ${String(action.name)} (${action.id}) is not deployed: deploy it first.`,
        );
      }
      const displayName = (item as { display_name?: unknown }).display_name;
      const ref = (item as { ref: { type: string; value: string } }).ref;
      const keptName =
        ref.type === "binding_id" ? before.find((binding) => binding.id === ref.value)?.display_name : undefined;
      // The service makes every binding anew on each PATCH: a new id, also for an action that stays bound.
      return {
        id: randomUUID(),
        action_id: action.id,
        display_name:
          typeof displayName === "string" && displayName !== "" ? displayName : (keptName ?? String(action.name)),
        created_at: now,
        updated_at: now,
      };
    });
    store.upsert(trigger, { id: trigger, bindings });
    return { bindings: bindings.map((binding) => shown(tenant, trigger, binding)) };
  });
}

/** The bindings' routes (under the actions' scopes). */
export const TRIGGER_BINDING_OPERATIONS: readonly KindOperation[] = [
  {
    method: "GET",
    path: "/actions/triggers/:triggerId/bindings",
    scope: "list",
    handle: ({ params, query }, tenant) => {
      const trigger = triggerOf(params.triggerId!);
      // The service has no bindings list for a trigger whose actions belong to an object: it refuses to list one.
      if (isEntityBound(trigger)) throw new ApiFailure(400, ENTITY_BOUND_LIST, "");
      const all = bindingsOf(tenant).get(trigger)?.bindings ?? [];
      const page = sparsePageOf(all, query, "bindings");
      return {
        ...page,
        bindings: (page.bindings as StoredBinding[]).map((binding) => shown(tenant, trigger, binding)),
      };
    },
  },
  {
    method: "PATCH",
    path: "/actions/triggers/:triggerId/bindings",
    scope: "update",
    handle: ({ params, body }, tenant) => setBindings(tenant, triggerOf(params.triggerId!), body),
  },
];

/**
 * The trigger bindings' rules on the tenant server: their routes are these operations, served
 * with the actions' records (the entry's `relations.servedBy`: `tenant.objects` are the
 * actions), as a binding's writes are checked against the actions; and what they do for the
 * delete of an action they hold.
 */
export const triggerBindingsTenantRules: KindRules = {
  operations: TRIGGER_BINDING_OPERATIONS,
  tables: [BINDINGS],
  holding: BINDINGS_HOLDING,
};
