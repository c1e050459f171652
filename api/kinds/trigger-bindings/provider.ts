/**
 * A trigger's bindings' own rules on the provider's side (the keyed singleton lifecycle's
 * hooks): the program's `{trigger_id, actions: [{id, display_name}]}` to the PATCH body and
 * back from the GET answer, the display name the tenant fills in left out of comparisons, and
 * at preview each known action read from the tenant: one that does not exist or does not
 * support the trigger is refused there, as the tenant would refuse it at `up`; so is an
 * `entity-bound` trigger, which has no bindings to set.
 */
import type { CheckIssue, KindObject, ProviderHooks, TenantReader } from "../../table/provider-hooks";
import { kindReferencedAt } from "../../table/relations";
import { isEntityBound, isKnownTrigger } from "../../triggers";
import { triggerBindingsSchema } from "./schemas";

/** The kind a binding's `actions[].id` references (its field's fact): what the tenant is read of at preview. */
const BOUND_KIND = kindReferencedAt(triggerBindingsSchema, ["actions", "*", "id"]);

/** One action of the list as the program writes it. */
interface BoundAction {
  id?: unknown;
  display_name?: unknown;
}

const actionsOf = (fields: Readonly<Record<string, unknown>>): BoundAction[] =>
  Array.isArray(fields.actions) ? (fields.actions as BoundAction[]) : [];

/** How a binding is named in words: its display name, else its action's id. */
const bindingWords = (action: BoundAction) =>
  typeof action.display_name === "string" ? action.display_name : String(action.id);

/** `1. render-form  2. enrich-profile`: a list in its order, as previews and the review show it. */
export function orderedBindingWords(actions: readonly BoundAction[]): string {
  return actions.length === 0
    ? "none"
    : actions.map((action, index) => `${index + 1}. ${bindingWords(action)}`).join("  ");
}

/** The program's fields of a trigger's bindings from the GET answer (every page's bindings under `bindings`). */
export function bindingsFromResponse(answer: unknown, trigger?: string): Record<string, unknown> {
  const bindings = (answer as { bindings?: unknown } | undefined)?.bindings;
  const listed = Array.isArray(bindings) ? (bindings as Record<string, unknown>[]) : [];
  return {
    trigger_id: trigger ?? listed[0]?.trigger_id,
    actions: listed.map((binding) => {
      const action = binding.action as { id?: unknown } | undefined;
      return {
        id: action?.id ?? binding.action_id,
        ...(typeof binding.display_name === "string" ? { display_name: binding.display_name } : {}),
      };
    }),
  };
}

/** The PATCH body setting the whole list: each action by reference to its id. */
export function bindingsRequest(fields: Readonly<Record<string, unknown>>): { bindings: unknown[] } {
  return {
    bindings: actionsOf(fields).map((action) => ({
      ref: { type: "action_id", value: action.id },
      ...(action.display_name !== undefined ? { display_name: action.display_name } : {}),
    })),
  };
}

/** `current` with the display names the program leaves to the tenant dropped (the tenant names those after the action). */
export function comparableBindings(
  desired: Readonly<Record<string, unknown>>,
  current: Record<string, unknown>,
): Record<string, unknown> {
  const wanted = actionsOf(desired);
  if (!Array.isArray(current.actions)) return current;
  return {
    ...current,
    actions: (current.actions as BoundAction[]).map((action, index) => {
      if (wanted[index] === undefined || wanted[index].display_name !== undefined) return action;
      const { display_name: _filledIn, ...rest } = action;
      return rest;
    }),
  };
}

/** The ids of supported triggers of an action as the tenant answers it. */
const supportedTriggersOf = (action: KindObject): string[] =>
  ((action.supported_triggers ?? []) as { id?: unknown }[]).map((trigger) => String(trigger.id));

/**
 * At preview, each action of the list whose id is known: refused when the tenant has no such
 * action, or when it does not support the trigger (an action created by the same program has
 * no id yet at preview: the policy pack's `trigger-binding-supported` joins those).
 */
export async function bindingIssues(
  fields: Readonly<Record<string, unknown>>,
  tenant: TenantReader,
): Promise<CheckIssue[]> {
  const trigger = fields.trigger_id;
  if (isKnownTrigger(trigger) && isEntityBound(trigger)) {
    return [
      {
        property: "trigger_id",
        reason:
          `the trigger ${trigger} has no bindings: its actions belong to their own object (binding_policy ` +
          "entity-bound; an event stream names its action in its destination), and the tenant refuses to list or " +
          "set them: remove this resource and name the action there",
      },
    ];
  }
  const known = actionsOf(fields)
    .map((action, index) => ({ id: action.id, index }))
    .filter((item): item is { id: string; index: number } => typeof item.id === "string");
  if (typeof trigger !== "string" || known.length === 0) return [];
  const actions = new Map((await tenant.list(BOUND_KIND)).map((action) => [action.id, action]));
  return known.flatMap(({ id, index }): CheckIssue[] => {
    const property = `actions[${index}].id`;
    const action = actions.get(id);
    if (!action) {
      return [
        {
          property,
          reason:
            `the tenant ${tenant.domain} has no action ${id} to bind to ${trigger}: pass the id of an Action ` +
            "resource (`action.id`), or remove the entry",
        },
      ];
    }
    const supported = supportedTriggersOf(action);
    if (supported.includes(trigger)) return [];
    return [
      {
        property,
        reason:
          `the action ${String(action.name)} (${id}) supports ${supported.join(", ") || "no trigger"}, not ${trigger}: ` +
          `bind it to ${supported[0] ?? "its trigger"} instead, or change its supported_triggers to ${trigger}`,
      },
    ];
  });
}

/** A trigger's bindings' provider hooks. */
export const triggerBindingsProviderHooks = {
  // A binding of an action the tenant lacks is refused at check (bindingIssues), not warned of.
  ownReferenceChecks: true,
  naming: { words: (object) => `${String(object.trigger_id)} bindings` },
  generate: {
    comment: (object) => `The actions bound to ${String(object.id)}, in the order they run.`,
  },
  singleton: {
    fromResponse: bindingsFromResponse,
    toRequest: bindingsRequest,
    comparable: comparableBindings,
    isEmpty: (fields) => actionsOf(fields).length === 0,
    describe: (fields) => `${String(fields.trigger_id)}: ${orderedBindingWords(actionsOf(fields))}`,
    noneMeans: "no trigger runs an action",
    checkWrite: bindingIssues,
  },
} as const satisfies ProviderHooks;
