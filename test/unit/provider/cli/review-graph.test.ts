/**
 * The node graph of the review's drawings, read from a value's shape: start, nodes, ending;
 * edges from `next_node` and `fallback`, labelled by the rule (or button) they sit in; what
 * changed marked, and before and after drawn only when the graph itself changed.
 */
import { drawChange, graphOf } from "../../../../provider/cli/review/graph";
import { changedSignupForm, signupForm } from "../../../fixtures/review-plan";

describe("the node graph", () => {
  it("start, steps, a router with its rule's alias and its fallback, a flow, the ending", () => {
    const graph = graphOf(signupForm())!;
    expect(graph.nodes.map((node) => [node.label, node.type])).toEqual([
      ["Start", "start"],
      ["Your details", "STEP"],
      ["Business or personal", "ROUTER"],
      ["Enrich the profile", "FLOW"],
      ["Ending", "ending"],
    ]);
    expect(graph.edges.map((edge) => `${edge.from.replace("\u0000", "")}>${edge.to}:${edge.label ?? ""}`)).toEqual([
      "start>step_details:",
      "step_details>route_by_company:",
      "route_by_company>flow_enrich:Has a company",
      "route_by_company>$ending:fallback",
      "flow_enrich>$ending:",
    ]);
  });

  it("a jump button's edge is labelled by the button", () => {
    const graph = graphOf({
      nodes: [{ id: "a", type: "STEP", config: { components: [{ id: "back", config: { next_node: "a" } }] } }],
    })!;
    expect(graph.edges).toEqual([{ from: "a", to: "a", label: "back" }]);
  });

  it("a value without nodes has no graph; an unchanged graph is not drawn", () => {
    expect(graphOf({ name: "x", subscriptions: [{ event_type: "user.created" }] })).toBeUndefined();
    expect(drawChange(signupForm(), { ...signupForm(), name: "renamed" })).toBeUndefined();
  });

  it("the five changes: two nodes changed, the fallback edge moved: before and after", () => {
    const drawn = drawChange(signupForm(), changedSignupForm())!;
    expect(drawn.marked).toEqual({
      added: [],
      removed: [],
      changed: ["step_details", "route_by_company"],
      edgesAdded: ["route_by_company → flow_enrich"],
      edgesRemoved: ["route_by_company → $ending"],
    });
    expect(drawn.before).toContain("linkStyle 3 stroke:#cf222e");
    expect(drawn.after).toContain("linkStyle 3 stroke:#1a7f37");
    expect(drawn.after).toContain("class n1,n2 changed");
  });

  it("a field change inside a node marks it, drawn once", () => {
    const after = structuredClone(signupForm()) as { nodes: { alias: string }[] };
    after.nodes[2]!.alias = "Enrich";
    const drawn = drawChange(signupForm(), after)!;
    expect(drawn.before).toBeUndefined();
    expect(drawn.marked.changed).toEqual(["flow_enrich"]);
    expect(drawn.after).toContain('[["Enrich"]]');
  });

  it("labels are quoted with Mermaid's entities", () => {
    const drawn = drawChange(undefined, { nodes: [{ id: "a", alias: 'Say "hi" <b>', type: "STEP" }] })!;
    expect(drawn.after).toContain('["Say #quot;hi#quot; #lt;b#gt;"]');
  });
});
