/**
 * Forms: the graph of nodes as people walk it. The provider already refuses at preview what
 * the service refuses (a `next_node` naming no node); the service accepts a node no path
 * reaches and a path that never reaches `$ending`, which leave users stuck or steps dead:
 * these rules catch them. Sensitive fields hand their values only to flows that call out
 * over HTTPS.
 */
import { formNodeIds, formNodeReferences } from "pulumi-tenant/policy-support";
import { named, isRecord, type TenantResource } from "../resources";
import { flowActions, isPlainCall, outsideUrls } from "./outside-calls";
import { UNKNOWN } from "./urls";
import type { Violation } from "./violation";

const ENDING = "$ending";

/** The form's graph: node id → the ids it leads to; undefined when an id or a target is not known at preview. */
function graphOf(
  form: Record<string, unknown>,
): { start: string; edges: Map<string, Set<string>>; ids: string[] } | undefined {
  const start = isRecord(form.start) ? form.start.next_node : undefined;
  if (typeof start !== "string" || start === UNKNOWN) return undefined;
  const ids = formNodeIds(form);
  if (!ids.every((id): id is string => typeof id === "string" && id !== UNKNOWN)) return undefined;
  const edges = new Map<string, Set<string>>(ids.map((id) => [id, new Set<string>()]));
  for (const { property, target } of formNodeReferences(form)) {
    if (typeof target !== "string" || target.includes(UNKNOWN)) return undefined;
    const index = /^nodes\[(\d+)\]/.exec(property)?.[1];
    if (index !== undefined) edges.get(ids[Number(index)]!)?.add(target);
  }
  return { start, edges, ids };
}

/** The nodes reachable from `from` (`$ending` included when reached). */
function reachable(from: string[], edges: Map<string, Set<string>>): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of edges.get(id) ?? []) queue.push(next);
  }
  return seen;
}

/** `form-nodes-reachable`: every node reachable from `start`. */
export function nodesReachable(resource: TenantResource): Violation[] {
  if (resource.typeName !== "Form") return [];
  const graph = graphOf(resource.fields);
  if (!graph) return [];
  const seen = reachable([graph.start], graph.edges);
  return graph.ids.flatMap((id, index) =>
    seen.has(id)
      ? []
      : [
          {
            message:
              `${named(resource)}: nodes[${index}] "${id}" is reached by no path from start.next_node ` +
              `("${graph.start}"), so no user ever sees it. Point a next_node, rule or fallback at it, or remove it.`,
          },
        ],
  );
}

/** `form-paths-end`: from every reachable node, a path leads to `$ending`. */
export function pathsEnd(resource: TenantResource): Violation[] {
  if (resource.typeName !== "Form") return [];
  const graph = graphOf(resource.fields);
  if (!graph) return [];
  const seen = reachable([graph.start], graph.edges);
  return graph.ids.flatMap((id, index) => {
    if (!seen.has(id) || reachable([id], graph.edges).has(ENDING)) return [];
    const next = [...(graph.edges.get(id) ?? [])];
    const where =
      next.length === 0 ? "it leads nowhere (no next_node)" : `every path from it loops (${next.join(", ")})`;
    return [
      {
        message:
          `${named(resource)}: nodes[${index}] "${id}" never reaches "${ENDING}": ${where}, so a user there cannot ` +
          `finish the form. Give it a next_node that leads to "${ENDING}".`,
      },
    ];
  });
}

/** Configuration of `form-sensitive-fields-https`. */
export interface SensitiveFieldsConfig {
  /** FIELD component types whose values are sensitive (default PASSWORD, PAYMENT). */
  sensitiveFieldTypes?: string[];
  /** Component ids whose values are sensitive, whatever their type. */
  sensitiveFieldIds?: string[];
}

/** The sensitive FIELD components of a form, each with its path. */
export function sensitiveFields(form: Record<string, unknown>, config: SensitiveFieldsConfig) {
  const types = new Set(config.sensitiveFieldTypes ?? ["PASSWORD", "PAYMENT"]);
  const ids = new Set(config.sensitiveFieldIds ?? []);
  const nodes = Array.isArray(form.nodes) ? form.nodes : [];
  return nodes.flatMap((node, index) => {
    const components = isRecord(node) && isRecord(node.config) ? node.config.components : undefined;
    return (Array.isArray(components) ? components : []).flatMap((component, at) =>
      isRecord(component) &&
      component.category === "FIELD" &&
      (types.has(String(component.type)) || ids.has(String(component.id)))
        ? [{ path: `nodes[${index}].config.components[${at}]`, id: String(component.id), type: String(component.type) }]
        : [],
    );
  });
}

/** The flow ids a form hands data to: its FLOW nodes' and its ending's `flow_id`s. */
export function flowIdsOf(form: Record<string, unknown>): unknown[] {
  const nodes = Array.isArray(form.nodes) ? form.nodes : [];
  const fromNodes = nodes.map((node) =>
    isRecord(node) && node.type === "FLOW" && isRecord(node.config) ? node.config.flow_id : undefined,
  );
  const ending =
    isRecord(form.ending) && isRecord(form.ending.after_submit) ? form.ending.after_submit.flow_id : undefined;
  return [...fromNodes, ending].filter((id) => id !== undefined);
}

/**
 * `form-sensitive-fields-https` (a stack rule: it reads the flows): a form with sensitive
 * fields hands them only to flows whose outside calls are HTTPS. `flowsOf(form)` gives the
 * flows the form hands data to (by id, or by the form's dependencies while ids are unknown).
 */
export function sensitiveFieldsHttps(
  form: TenantResource,
  flows: TenantResource[],
  config: SensitiveFieldsConfig,
): Violation[] {
  if (form.typeName !== "Form") return [];
  const fields = sensitiveFields(form.fields, config);
  if (fields.length === 0) return [];
  const listed = fields.map((field) => `${field.path} (${field.type} "${field.id}")`).join(", ");
  return flows.flatMap((flow) =>
    outsideUrls(flow)
      .filter(({ url }) => isPlainCall(url))
      .map(({ path, url }) => ({
        urn: form.urn,
        message:
          `${named(form)} collects ${listed} and hands it to ${named(flow)}, whose ${path} is ${url.split(":")[0]}:// ` +
          `(${url}). Call that endpoint over https://, or keep the sensitive fields out of this form's flow.`,
      })),
  );
}

export { flowActions };
