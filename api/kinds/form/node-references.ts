/**
 * The `next_node` references of a form's graph (start, nodes, ROUTER rules and fallback,
 * JUMP_BUTTON components) and the node ids they may name: the facts the provider's preview
 * check (provider.ts), the tenant server's refusal (tenant.ts) and the policy pack (through
 * provider/policy-support.ts) judge a form's graph by. No schema can check them.
 */
import { FORM_ENDING_NODE } from "./formats";
import { isObject } from "../../json";

/** One `next_node`-like reference in a form: where it is and what it names. */
export interface FormNodeReference {
  /** Property path, e.g. `nodes[0].config.components[2].config.next_node`. */
  property: string;
  target: unknown;
}

/**
 * Every reference to a node in a form: `start.next_node`, each node's
 * `config.next_node`, a ROUTER's `fallback` and rules' `next_node`, and each
 * JUMP_BUTTON's `config.next_node`. The API refuses a form where one names neither a
 * node nor `$ending` ("Some nodes point to unknown node IDs").
 */
export function formNodeReferences(form: Record<string, unknown>): FormNodeReference[] {
  const references: FormNodeReference[] = [];
  if (isObject(form.start) && form.start.next_node !== undefined) {
    references.push({ property: "start.next_node", target: form.start.next_node });
  }
  const nodes = Array.isArray(form.nodes) ? form.nodes : [];
  nodes.forEach((node, index) => {
    const config = isObject(node) ? node.config : undefined;
    if (!isObject(config)) return;
    const at = `nodes[${index}].config`;
    if (config.next_node !== undefined) references.push({ property: `${at}.next_node`, target: config.next_node });
    if (config.fallback !== undefined) references.push({ property: `${at}.fallback`, target: config.fallback });
    (Array.isArray(config.rules) ? config.rules : []).forEach((rule, ruleIndex) => {
      if (isObject(rule) && rule.next_node !== undefined) {
        references.push({ property: `${at}.rules[${ruleIndex}].next_node`, target: rule.next_node });
      }
    });
    (Array.isArray(config.components) ? config.components : []).forEach((item, componentIndex) => {
      if (
        isObject(item) &&
        item.type === "JUMP_BUTTON" &&
        isObject(item.config) &&
        item.config.next_node !== undefined
      ) {
        references.push({
          property: `${at}.components[${componentIndex}].config.next_node`,
          target: item.config.next_node,
        });
      }
    });
  });
  return references;
}

/** The node ids of a form (for resolving references). */
export function formNodeIds(form: Record<string, unknown>): unknown[] {
  return (Array.isArray(form.nodes) ? form.nodes : []).map((node) => (isObject(node) ? node.id : undefined));
}

/** The references of a form that name neither one of its nodes nor `$ending`. */
export function unresolvedFormNodeReferences(form: Record<string, unknown>): FormNodeReference[] {
  const known = new Set<unknown>([FORM_ENDING_NODE, ...formNodeIds(form)]);
  return formNodeReferences(form).filter(
    (reference) => typeof reference.target === "string" && !known.has(reference.target),
  );
}
