/**
 * Form inputs and outputs, and `check`: the contract's published schema
 * (api/resources/form.ts) plus the rule no schema states: every `next_node` (start,
 * nodes, ROUTER rules and fallback, JUMP_BUTTON components) resolves to a node id or
 * `$ending`, and node ids are unique.
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { FORM_ENDING_NODE, formNodeIds, formNodeReferences, type FormFields } from "../../../api";
import { containsUnknown, type JsonObject, UNKNOWN } from "../../lifecycle/shared";

export { FORM_FIELDS, FORM_SERVER_FIELDS } from "../../../api";

/** One managed top-level form field. */
export type FormField = keyof FormFields;

/**
 * Every `next_node` (start, STEP and FLOW `config.next_node`, ROUTER rules and
 * fallback, JUMP_BUTTON `config.next_node`) must name a node of the form or `$ending`:
 * the API refuses the form otherwise ("Some nodes point to unknown node IDs"). Node ids
 * must be unique.
 */
export function checkNodeReferences(form: JsonObject): CheckFailure[] {
  if (form.nodes !== undefined && !Array.isArray(form.nodes)) return [];
  const nodeIds = formNodeIds(form);
  // An unknown node id could be any id: references cannot be judged yet.
  if (nodeIds.some((id) => id === UNKNOWN || typeof id !== "string")) return [];
  const failures: CheckFailure[] = [];
  const ids = new Set<string>();
  nodeIds.forEach((id, index) => {
    if (ids.has(id as string))
      failures.push({ property: `nodes[${index}].id`, reason: `Duplicate node id "${String(id)}"` });
    ids.add(id as string);
  });
  for (const { property, target } of formNodeReferences(form)) {
    if (typeof target !== "string" || target === UNKNOWN || containsUnknown(target)) continue;
    if (target !== FORM_ENDING_NODE && !ids.has(target)) {
      failures.push({
        property,
        reason: `next_node "${target}" points to no node of the form; use a node id or "${FORM_ENDING_NODE}"`,
      });
    }
  }
  return failures;
}
