/**
 * Form inputs and outputs, and `check`: the contract's JSON Schema plus the rule no
 * schema states (every `next_node` resolves to a node id or `$ending`).
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { FORM_ENDING_NODE } from "../../../api/event-types";
import type { FormFields } from "../../../api/types";
import { containsUnknown, isObject, type JsonObject, UNKNOWN } from "../shared";

/** The top-level form fields the provider manages (the API's own names). */
export const FORM_FIELDS = ["name", "messages", "languages", "translations", "nodes", "start", "ending", "style"] as const;

/** One managed top-level form field. */
export type FormField = (typeof FORM_FIELDS)[number];

/** Fields the server adds to a form. */
export const FORM_SERVER_FIELDS = ["created_at", "updated_at", "embedded_at", "submitted_at"] as const;

/** What the provider receives for a form: the API's fields plus `adoptId`. */
export interface FormInputs extends FormFields {
  /** Id of an existing form to bring under management instead of creating one. */
  adoptId?: string;
}

/** What the provider stores for a form (the engine keeps the id separately). */
export interface FormOutputs extends FormFields {
  adoptId?: string;
  created_at?: string;
  updated_at?: string;
  embedded_at?: string;
  submitted_at?: string;
}

/**
 * Every `next_node` (start, STEP and FLOW `config.next_node`, ROUTER rules and
 * fallback) must name a node of the form or `$ending`: the API refuses the form
 * otherwise ("Some nodes point to unknown node IDs"). Node ids must be unique.
 */
export function checkNodeReferences(form: JsonObject): CheckFailure[] {
  const nodes = form.nodes;
  if (nodes !== undefined && !Array.isArray(nodes)) return [];
  const nodeList = (nodes ?? []) as unknown[];
  // An unknown node id could be any id: references cannot be judged yet.
  if (nodeList.some((node) => !isObject(node) || node.id === UNKNOWN || typeof node.id !== "string")) return [];
  const failures: CheckFailure[] = [];
  const ids = new Set<string>();
  nodeList.forEach((node, index) => {
    const id = (node as JsonObject).id as string;
    if (ids.has(id)) failures.push({ property: `nodes[${index}].id`, reason: `Duplicate node id "${id}"` });
    ids.add(id);
  });
  const checkTarget = (target: unknown, property: string) => {
    if (target === undefined || target === UNKNOWN || typeof target !== "string") return;
    if (target !== FORM_ENDING_NODE && !ids.has(target)) {
      failures.push({ property, reason: `next_node "${target}" points to no node of the form; use a node id or "${FORM_ENDING_NODE}"` });
    }
  };
  if (isObject(form.start)) checkTarget(form.start.next_node, "start.next_node");
  nodeList.forEach((node, index) => {
    const config = (node as JsonObject).config;
    if (!isObject(config) || containsUnknown((node as JsonObject).type)) return;
    checkTarget(config.next_node, `nodes[${index}].config.next_node`);
    checkTarget(config.fallback, `nodes[${index}].config.fallback`);
    if (Array.isArray(config.rules)) {
      config.rules.forEach((rule, ruleIndex) => {
        if (isObject(rule)) checkTarget(rule.next_node, `nodes[${index}].config.rules[${ruleIndex}].next_node`);
      });
    }
  });
  return failures;
}
