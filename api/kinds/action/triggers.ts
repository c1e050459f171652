/**
 * What an action may run on: the runtimes it may name, and the tenant's triggers
 * (api/triggers.ts, which the trigger bindings read too) as `GET /actions/triggers` answers
 * them.
 */
import { ACTION_TRIGGER_IDS, ACTION_TRIGGERS, currentTriggerVersion, isEntityBound } from "../../triggers";

export * from "../../triggers";

/** The runtimes an action may name (`node22` when left out). */
export const ACTION_RUNTIMES = ["node12", "node16", "node18", "node18-actions", "node22"] as const;

/** The runtime of an action that names none. */
export const DEFAULT_ACTION_RUNTIME = "node22";

/** The triggers as `GET /actions/triggers` answers them (`ActionTrigger`: each version, its status and runtimes). */
export function publishedTriggers(): Record<string, unknown>[] {
  return ACTION_TRIGGER_IDS.flatMap((id) =>
    ACTION_TRIGGERS[id].versions.map((version) => ({
      id,
      version,
      status: version === currentTriggerVersion(id) ? "CURRENT" : "DEPRECATED",
      runtimes: ["node18", "node22"],
      default_runtime: "node22",
      compatible_triggers: [],
      binding_policy: isEntityBound(id) ? "entity-bound" : "trigger-bound",
    })),
  );
}
