/**
 * A trigger's bindings against the actions they bind: each bound action supports the trigger.
 * The provider checks this at preview for an action whose id is known (it reads the action
 * from the tenant); an action created by the same program has no id until `up` creates it, so
 * the provider cannot tell which action it is. This rule can: the bindings' `actions` property
 * depends on that Action resource, whose `supported_triggers` the program states.
 */
import { named, isRecord, type TenantResource } from "../resources";
import { UNKNOWN } from "./urls";
import type { Violation } from "./violation";

/** The trigger ids an Action resource's program states it supports (unknown ones left out). */
function supportedTriggers(action: TenantResource): string[] | undefined {
  const triggers = action.fields.supported_triggers;
  if (!Array.isArray(triggers)) return undefined;
  const ids = triggers.map((trigger) => (isRecord(trigger) ? trigger.id : undefined));
  // One unknown trigger id: the rule cannot judge, as for any value not known at preview.
  if (ids.some((id) => typeof id !== "string" || id === UNKNOWN)) return undefined;
  return ids as string[];
}

/**
 * `trigger-binding-supported`: every Action resource a TriggerBindings' `actions` depend on
 * supports its trigger, and is deployed (not `deploy: false`). `actionsOf(urn)` gives the URNs the bindings' `actions` property
 * depends on (the engine's property dependencies).
 */
export function bindingsSupported(
  resources: TenantResource[],
  actionsOf: (bindingsUrn: string) => readonly string[],
): Violation[] {
  const byUrn = new Map(resources.map((resource) => [resource.urn, resource]));
  return resources
    .filter((resource) => resource.typeName === "TriggerBindings")
    .flatMap((bindings) => {
      const trigger = bindings.fields.trigger_id;
      if (typeof trigger !== "string" || trigger === UNKNOWN) return [];
      return actionsOf(bindings.urn).flatMap((urn): Violation[] => {
        const action = byUrn.get(urn);
        if (action?.typeName !== "Action") return [];
        // A draft runs nowhere: the tenant binds only a deployed action.
        if (action.fields.deploy === false) {
          return [
            {
              urn: bindings.urn,
              message:
                `${named(bindings)}: actions binds ${named(action)}, which sets deploy: false: the tenant binds only a ` +
                "deployed action and refuses the binding at up. Remove deploy: false, or remove it from the bindings.",
            },
          ];
        }
        const supported = supportedTriggers(action);
        if (supported === undefined || supported.includes(trigger)) return [];
        return [
          {
            urn: bindings.urn,
            message:
              `${named(bindings)}: actions binds ${named(action)} to ${trigger}, but it supports ` +
              `${supported.join(", ") || "no trigger"}: the tenant refuses the binding at up. Bind it in the ` +
              `TriggerBindings of ${supported[0] ?? "its trigger"}, or set its supported_triggers to [{ id: "${trigger}" }].`,
          },
        ];
      });
    });
}
