/**
 * A form's plain facts: the fields a caller sets and the server adds, the keys the API keeps as
 * given, the component secrets, and the node references of its graph. Apart from the entry
 * (contract.ts), so that the form's rules (provider.ts, tenant.ts), which the entry composes, read them
 * without importing the entry back.
 */
import { FORM_ENDING_NODE } from "./formats";
import { isObject } from "../../json";

/** What the server stores when a form has no `ending`. */
export const DEFAULT_FORM_ENDING = { resume_flow: true } as const;

/** The top-level form fields a caller sets (the API's own names). */
export const FORM_FIELDS = [
  "name",
  "messages",
  "languages",
  "translations",
  "nodes",
  "start",
  "ending",
  "style",
] as const;

/** Fields the server adds to a form. */
export const FORM_SERVER_FIELDS = ["created_at", "updated_at", "embedded_at", "submitted_at"] as const;

/** Keys whose values the API keeps as given (components and router rule conditions are echoed exactly). */
export const FORM_OPAQUE_KEYS: ReadonlySet<string> = new Set(["components", "condition"]);
/** Opaque keys kept even when their value is empty (`condition: []`); an empty `components` is not echoed. */
export const FORM_KEPT_EMPTY_KEYS: ReadonlySet<string> = new Set(["condition"]);

/**
 * The secrets of each form component type, as paths under the component's `config`:
 * the reCAPTCHA secret key, the Google Maps keys, the payment provider's private key and
 * the verifiable-credentials access token. The one declaration: `generate` (secrets go to
 * `.tenant-secrets/`, never into the program) and the tenant server (sealed at rest) read
 * it as is; `FORM_SECRET_PATHS` (form.ts) (provider marking, redaction) is derived from it.
 */
export const FORM_COMPONENT_SECRET_FIELDS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  RECAPTCHA: [["secret_key"]],
  GMAPS_ADDRESS: [["api_key"], ["server_key"]],
  PAYMENT: [["credentials", "private_key"]],
  AUTH0_VERIFIABLE_CREDENTIALS: [["access_token"]],
};

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
