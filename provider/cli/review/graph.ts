/**
 * An object that is a graph of nodes, drawn as a Mermaid flowchart (GitHub renders Mermaid in
 * comments): what a reviewer needs to see of a change that alters where users go.
 *
 * Read from the value's shape, not from its kind: a value with `nodes` (items with an `id`),
 * an optional `start` and `ending`. An edge is any `next_node` or `fallback` inside a node
 * (or `start`) naming another node or `$ending`; its label is the alias (else id) of the
 * array item it sits in when that is not the node itself (a router's rule, a jump button),
 * or `fallback`.
 */
import { isObject } from "../../../api/json";

/** The reference that names the ending rather than a node. */
export const ENDING_REFERENCE = "$ending";
const START = "\u0000start";

/** A node of the graph. */
export interface GraphNode {
  /** The node's id (the start is {@link START}, the ending {@link ENDING_REFERENCE}). */
  id: string;
  label: string;
  /** The node's `type` (`STEP`, `ROUTER`, `FLOW`, …), `start` or `ending`. */
  type: string;
  /** The node's whole value, to tell a changed node. */
  body: string;
}

/** An edge: from a node to a node, with the rule's alias or `fallback`. */
export interface GraphEdge {
  from: string;
  to: string;
  label?: string;
}

/** A node graph. */
export interface NodeGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** The keys whose string values are edges. */
const EDGE_KEYS = new Set(["next_node", "fallback"]);

/** Every edge out of `value` (a node or the start), the nearest enclosing array item giving the label. */
function edgesOut(from: string, value: unknown, targets: Set<string>, label?: string): GraphEdge[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      const name = isObject(item) ? (item.alias ?? item.id) : undefined;
      return edgesOut(from, item, targets, typeof name === "string" ? name : label);
    });
  }
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    if (EDGE_KEYS.has(key) && typeof item === "string" && targets.has(item)) {
      return [{ from, to: item, label: key === "fallback" ? "fallback" : label }];
    }
    return typeof item === "object" ? edgesOut(from, item, targets, label) : [];
  });
}

/** The graph of `value`, or undefined when it holds no nodes. */
export function graphOf(
  value: unknown,
  named: (value: unknown) => string | undefined = () => undefined,
): NodeGraph | undefined {
  if (!isObject(value) || !Array.isArray(value.nodes)) return undefined;
  const items = value.nodes.filter(
    (node): node is Record<string, unknown> => isObject(node) && typeof node.id === "string",
  );
  if (items.length === 0) return undefined;
  const targets = new Set([...items.map((node) => node.id as string), ENDING_REFERENCE]);
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  if (isObject(value.start)) {
    nodes.push({ id: START, label: "Start", type: "start", body: JSON.stringify(value.start) });
    edges.push(...edgesOut(START, value.start, targets));
  }
  for (const node of items) {
    const id = node.id as string;
    const alias = typeof node.alias === "string" && node.alias !== "" ? node.alias : id;
    // A node that calls another object (a FLOW node's flow) names it: `Enrich the profile → flow enrich`.
    const config = isObject(node.config) ? Object.values(node.config) : [];
    const calls = config.map(named).find((target) => target !== undefined);
    const label = calls ? `${alias} → ${calls.replace(/`/g, "")}` : alias;
    nodes.push({ id, label, type: typeof node.type === "string" ? node.type : "", body: JSON.stringify(node) });
    const { id: _ownId, ...rest } = node;
    edges.push(...edgesOut(id, rest, targets));
  }
  const endingUsed = edges.some((edge) => edge.to === ENDING_REFERENCE);
  if (isObject(value.ending) || endingUsed) {
    nodes.push({ id: ENDING_REFERENCE, label: "Ending", type: "ending", body: JSON.stringify(value.ending ?? null) });
  }
  return { nodes, edges };
}

const edgeKey = (edge: GraphEdge) => `${edge.from}\u0000${edge.to}\u0000${edge.label ?? ""}`;

/** Mermaid's text escapes: a label is quoted, so quotes and angle brackets become entities. */
const quoted = (text: string) =>
  `"${text.replace(/"/g, "#quot;").replace(/</g, "#lt;").replace(/>/g, "#gt;").replace(/\n/g, " ")}"`;

/** The Mermaid shape of a node. */
function shape(node: GraphNode, name: string): string {
  const label = quoted(node.label);
  if (node.type === "start" || node.type === "ending") return `${name}([${label}])`;
  if (node.type === "ROUTER") return `${name}{${label}}`;
  if (node.type === "FLOW") return `${name}[[${label}]]`;
  return `${name}[${label}]`;
}

/** How a node or an edge changed, as marked in a drawing. */
type Mark = "added" | "removed" | "changed";

const CLASS_DEFS: Record<Mark, string> = {
  added: "classDef added fill:#dafbe1,stroke:#1a7f37,stroke-width:2px",
  changed: "classDef changed fill:#fff8c5,stroke:#9a6700,stroke-width:2px",
  removed: "classDef removed fill:#ffebe9,stroke:#cf222e,stroke-width:2px,stroke-dasharray:5 5",
};
const EDGE_STYLE: Record<Mark, string> = {
  added: "stroke:#1a7f37,stroke-width:3px",
  removed: "stroke:#cf222e,stroke-width:3px,stroke-dasharray:5 5",
  changed: "stroke:#9a6700,stroke-width:3px",
};

/** Mermaid node names, shared by the before and after drawings: `n0`, `n1`, … */
class Names {
  private readonly names = new Map<string, string>();
  of(id: string): string {
    let name = this.names.get(id);
    if (!name) this.names.set(id, (name = `n${this.names.size}`));
    return name;
  }
}

/**
 * One drawing: `graph`, its nodes and edges marked. Compact, as the comment's length counts:
 * each node is declared where it is first used, and only the classes in use are defined.
 */
function draw(graph: NodeGraph, names: Names, nodeMarks: Map<string, Mark>, edgeMarks: Map<string, Mark>): string {
  const lines = ["flowchart LR"];
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const declared = new Set<string>();
  const use = (id: string) => {
    if (declared.has(id) || !byId.has(id)) return names.of(id);
    declared.add(id);
    return shape(byId.get(id)!, names.of(id));
  };
  for (const edge of graph.edges) {
    const arrow = edge.label ? `-->|${quoted(edge.label)}|` : "-->";
    lines.push(`  ${use(edge.from)} ${arrow} ${use(edge.to)}`);
  }
  for (const node of graph.nodes) if (!declared.has(node.id)) lines.push(`  ${use(node.id)}`);
  for (const mark of ["added", "changed", "removed"] as const) {
    const marked = graph.nodes.filter((node) => nodeMarks.get(node.id) === mark).map((node) => names.of(node.id));
    if (marked.length > 0) lines.push(`  ${CLASS_DEFS[mark]}`, `  class ${marked.join(",")} ${mark}`);
  }
  graph.edges.forEach((edge, index) => {
    const mark = edgeMarks.get(edgeKey(edge));
    if (mark) lines.push(`  linkStyle ${index} ${EDGE_STYLE[mark]}`);
  });
  return lines.join("\n");
}

/** The drawings of a change: one (`after`) when the graph's shape is the same, else `before` and `after`. */
export interface GraphDrawings {
  before?: string;
  after: string;
  /** Ids of nodes added, removed, changed; edges added and removed (as `from → to`). */
  marked: { added: string[]; removed: string[]; changed: string[]; edgesAdded: string[]; edgesRemoved: string[] };
}

/**
 * The drawings of a graph going from `before` to `after` (either may be undefined: created,
 * deleted): nodes added green, changed yellow, removed red; edges added and removed likewise.
 * Undefined when neither value holds a graph, or the graph did not change at all.
 */
export function drawChange(
  before: unknown,
  after: unknown,
  named?: (value: unknown) => string | undefined,
): GraphDrawings | undefined {
  const old = graphOf(before, named);
  const fresh = graphOf(after, named);
  if (!old && !fresh) return undefined;
  const oldNodes = new Map((old?.nodes ?? []).map((node) => [node.id, node]));
  const newNodes = new Map((fresh?.nodes ?? []).map((node) => [node.id, node]));
  const oldEdges = new Set((old?.edges ?? []).map(edgeKey));
  const newEdges = new Set((fresh?.edges ?? []).map(edgeKey));
  const added = [...newNodes.keys()].filter((id) => !oldNodes.has(id));
  const removed = [...oldNodes.keys()].filter((id) => !newNodes.has(id));
  const changed = [...newNodes.keys()].filter(
    (id) => oldNodes.has(id) && oldNodes.get(id)!.body !== newNodes.get(id)!.body,
  );
  const edgesAdded = [...newEdges].filter((edge) => !oldEdges.has(edge));
  const edgesRemoved = [...oldEdges].filter((edge) => !newEdges.has(edge));
  if (old && fresh && added.length + removed.length + changed.length + edgesAdded.length + edgesRemoved.length === 0) {
    return undefined;
  }
  const names = new Names();
  const afterMarks = new Map<string, Mark>([
    ...(old ? added.map((id): [string, Mark] => [id, "added"]) : []),
    ...changed.map((id): [string, Mark] => [id, "changed"]),
  ]);
  const shapeChanged = Boolean(
    old && fresh && added.length + removed.length + edgesAdded.length + edgesRemoved.length > 0,
  );
  const arrow = (key: string) =>
    key
      .split("\u0000")
      .slice(0, 2)
      .map((id) => (id === START ? "start" : id))
      .join(" → ");
  const marked = {
    added,
    removed,
    changed,
    edgesAdded: old ? edgesAdded.map(arrow) : [],
    edgesRemoved: fresh ? edgesRemoved.map(arrow) : [],
  };
  const afterText = fresh
    ? draw(fresh, names, afterMarks, new Map(old ? edgesAdded.map((edge): [string, Mark] => [edge, "added"]) : []))
    : "";
  const beforeText =
    old && (shapeChanged || !fresh)
      ? draw(
          old,
          names,
          new Map([
            ...removed.map((id): [string, Mark] => [id, "removed"]),
            ...changed.map((id): [string, Mark] => [id, "changed"]),
          ]),
          new Map(edgesRemoved.map((edge): [string, Mark] => [edge, "removed"])),
        )
      : undefined;
  return { before: beforeText, after: afterText, marked };
}
