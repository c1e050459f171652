/**
 * Drift detection: `pulumi preview --refresh` of an unchanged program. Whatever the plan
 * would change is a difference between the code and the tenant: drift.
 */
import type { EngineEvent, Stack } from "@pulumi/pulumi/automation";

/** One resource that no longer matches the code. */
export interface DriftItem {
  /** Pulumi resource name, e.g. `signup`. */
  name: string;
  /** Resource type token, e.g. `pulumi-nodejs:dynamic/tenant:Form`. */
  type: string;
  /** What `pulumi up` would do: update, replace, create (deleted out of band), delete. */
  op: string;
  /** Top-level fields that differ, where the engine tells. */
  fields: string[];
}

const IGNORED_KEYS = new Set(["__provider"]);

/** Top-level keys whose values differ between `olds` and `news` (keys of `news` only). */
export function changedFields(
  olds: Record<string, unknown> | undefined,
  news: Record<string, unknown> | undefined,
): string[] {
  if (!olds || !news) return [];
  return Object.keys(news)
    .filter((key) => !IGNORED_KEYS.has(key) && JSON.stringify(olds[key]) !== JSON.stringify(news[key]))
    .sort();
}

/** The drift items a preview's engine events describe. */
export function driftFromEvents(events: EngineEvent[]): DriftItem[] {
  const items: DriftItem[] = [];
  for (const event of events) {
    const step = event.resourcePreEvent?.metadata;
    if (!step || ["same", "read", "refresh", "discard", "remove-pending-replace"].includes(step.op)) continue;
    if (step.type === "pulumi:pulumi:Stack") continue;
    const detailed = Object.keys(step.detailedDiff ?? {}).map((path) => path.split(/[.[]/)[0]);
    const fields =
      detailed.length > 0
        ? [...new Set(detailed)].sort()
        : step.diffs && step.diffs.length > 0
          ? [...step.diffs].sort()
          : changedFields(step.old?.outputs, step.new?.inputs);
    items.push({ name: step.urn.split("::").pop() ?? step.urn, type: step.type, op: step.op, fields });
  }
  return items;
}

/** Runs a refresh preview of `stack` and returns what drifted (empty: nothing). */
export async function detectDrift(stack: Stack): Promise<DriftItem[]> {
  const events: EngineEvent[] = [];
  await stack.preview({ refresh: true, onEvent: (event) => events.push(event) });
  return driftFromEvents(events);
}

/** Human-readable lines for a drift report. */
export function describeDrift(items: DriftItem[]): string[] {
  return items.map((item) => {
    const kind = item.type.split(":").pop();
    const what =
      item.op === "create"
        ? "deleted out of band (up would recreate it)"
        : item.op === "delete"
          ? "would be deleted"
          : item.fields.length > 0
            ? `fields differ: ${item.fields.join(", ")}`
            : `would be ${item.op}d`;
    return `  ${kind} ${item.name}: ${what} [${item.op}]`;
  });
}
