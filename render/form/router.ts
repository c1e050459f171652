/**
 * Where a form goes next: a STEP's `next_node` or the JUMP_BUTTON pressed, through ROUTER nodes
 * (first rule whose condition holds, else the fallback), up to the next STEP, a FLOW to run
 * (returned with where to go after it) or the ending.
 */
import { DEFAULT_FORM_ENDING } from "../../api/kinds/form/fields";
import { FORM_ENDING_NODE } from "../../api/kinds/form/formats";
import { evaluateCondition } from "./conditions";
import { findNode } from "./nodes";
import {
  FORM_ACTION_FIELD,
  JUMP_ACTION_PREFIX,
  PREVIOUS_ACTION,
  type FormDestination,
  type RenderableForm,
} from "./types";

/** The id `start` stands for in `nextNode`: where the form begins. */
export const FORM_START = "$start";

/** Where a pointer leads, routers evaluated; `seen` stops a loop of routers. */
function follow(
  form: RenderableForm,
  pointer: string | undefined,
  fields: Readonly<Record<string, unknown>>,
  vars: Readonly<Record<string, unknown>>,
  seen: Set<string>,
): FormDestination {
  if (pointer === undefined || pointer === FORM_ENDING_NODE)
    return { ending: form.ending ?? { ...DEFAULT_FORM_ENDING } };
  if (seen.has(pointer)) throw new Error(`The form's routers loop back to "${pointer}" without showing a step.`);
  seen.add(pointer);
  const node = findNode(form, pointer);
  if (node.type === "STEP") return { step: node.id };
  if (node.type === "FLOW")
    return { flow: node.config.flow_id, node: node.id, next: node.config.next_node ?? FORM_ENDING_NODE };
  const rules = node.config?.rules ?? [];
  const chosen = rules.find((rule, index) =>
    evaluateCondition(rule.condition, { fields, vars }, `rule "${rule.id}" (${index}) of router "${node.id}"`),
  );
  return follow(form, chosen ? chosen.next_node : node.config?.fallback, fields, vars, seen);
}

/**
 * Where the form goes after the node `fromNodeId` (or `$start`): a STEP's `next_node`, or the
 * target of the JUMP_BUTTON named by `fields.$action` (`jump:<node>`); `previous` for a
 * PREVIOUS_BUTTON (the caller keeps the steps shown); a FLOW's `next_node` (it has run);
 * a ROUTER's rules on `fields` and `vars`. A missing pointer ends the form.
 */
export function nextNode(
  form: RenderableForm,
  fromNodeId: string,
  fields: Readonly<Record<string, unknown>> = {},
  vars: Readonly<Record<string, unknown>> = {},
): FormDestination {
  if (fromNodeId === FORM_START) return follow(form, form.start?.next_node, fields, vars, new Set());
  const node = findNode(form, fromNodeId);
  if (node.type === "ROUTER") return follow(form, node.id, fields, vars, new Set());
  if (node.type === "FLOW") return follow(form, node.config.next_node, fields, vars, new Set());
  const action = Object.hasOwn(fields, FORM_ACTION_FIELD) ? fields[FORM_ACTION_FIELD] : undefined;
  if (action === PREVIOUS_ACTION) return { previous: true };
  if (typeof action === "string" && action.startsWith(JUMP_ACTION_PREFIX)) {
    const target = action.slice(JUMP_ACTION_PREFIX.length);
    const button = (node.config?.components ?? []).find(
      (component) => component.type === "JUMP_BUTTON" && component.config.next_node === target,
    );
    if (!button) throw new Error(`The step "${node.id}" has no jump button to "${target}".`);
    return follow(form, target, fields, vars, new Set());
  }
  return follow(form, node.config?.next_node, fields, vars, new Set());
}
