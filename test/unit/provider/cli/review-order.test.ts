/**
 * The review comment of a trigger's bindings: the order is what the list means, so a change
 * shows the whole order before and after, each action named by its display name or by the
 * stack's resource its id belongs to, through either door.
 */
import { planOfPreview } from "../../../../provider/cli/review/plan";
import { renderReview } from "../../../../provider/cli/review/render";
import { orderedReferenceFields } from "../../../../provider/cli/review/render-order";
import { updateStep } from "../../../fixtures/review-plan";

const RENDER = "5f8a2c1e-3b4d-4e6f-8a9b-0c1d2e3f4a5b";
const ENRICH = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b";

/** The Action resource `name` of the stack, unchanged (a `same` step), with its id. */
function actionStep(door: "dynamic" | "plugin", name: string, id: string) {
  const step = updateStep(door, "Action", name, { name }, { name });
  return { ...step, op: "same", oldState: { ...step.oldState, id }, newState: { ...step.newState, id } };
}

/** A preview moving `enrichProfile` ahead of `renderForm` on post-login. */
function reorderPreview(door: "dynamic" | "plugin") {
  return {
    steps: [
      actionStep(door, "renderForm", RENDER),
      actionStep(door, "enrichProfile", ENRICH),
      updateStep(
        door,
        "TriggerBindings",
        "postLogin",
        { trigger_id: "post-login", actions: [{ id: RENDER }, { id: ENRICH, display_name: "Enrich the profile" }] },
        { trigger_id: "post-login", actions: [{ id: ENRICH, display_name: "Enrich the profile" }, { id: RENDER }] },
      ),
    ],
    diagnostics: [],
  };
}

describe("the review comment of a trigger's bindings", () => {
  it("reads which lists are ordered references off the table: the bindings' actions", () => {
    expect(orderedReferenceFields("triggerBindings")).toEqual(["actions"]);
    expect(orderedReferenceFields("form")).toEqual([]);
  });

  it.each(["dynamic", "plugin"] as const)("shows the order before → after through the %s door", (door) => {
    const comment = renderReview(planOfPreview(reorderPreview(door)));
    expect(comment).toContain("#### trigger bindings `postLogin` (update)");
    expect(comment).toContain(
      "- order of `actions` (run first to last): 1. renderForm  2. Enrich the profile → " +
        "1. Enrich the profile  2. renderForm",
    );
  });

  it("a new list shows its order; an unchanged order shows none", () => {
    const created = {
      ...updateStep(
        "dynamic",
        "TriggerBindings",
        "signup",
        {},
        {
          trigger_id: "pre-user-registration",
          actions: [{ id: RENDER, display_name: "Check the domain" }],
        },
      ),
      op: "create",
    };
    const comment = renderReview(planOfPreview({ steps: [{ ...created, oldState: undefined }], diagnostics: [] }));
    expect(comment).toContain("- order of `actions` (trigger bindings run first to last): 1. Check the domain");

    const renamed = updateStep(
      "dynamic",
      "TriggerBindings",
      "postLogin",
      { trigger_id: "post-login", actions: [{ id: RENDER }] },
      { trigger_id: "post-login", actions: [{ id: RENDER, display_name: "Render" }] },
    );
    expect(renderReview(planOfPreview({ steps: [renamed], diagnostics: [] }))).not.toContain("order of");
  });
});
