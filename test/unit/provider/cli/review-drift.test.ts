/**
 * The drift job's comment: `drift --comment FILE` renders what a refresh preview found as the
 * review comment renders a preview (before: what the tenant holds; after: what the code says).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { DRIFT_EXIT, reportDrift } from "../../../../provider/cli/drift";
import { planOfPreview } from "../../../../provider/cli/review/plan";
import { renderReview } from "../../../../provider/cli/review/render";
import { asWritten } from "../../../../provider/cli/review/updated-values";
import { auditStream, changedSignupForm, signupForm, updateStep } from "../../../fixtures/review-plan";

test("drift --comment writes the drift by identity, the graph drawn, the remedy in the title", async () => {
  // The tenant's copy was edited in the dashboard: the code's form is the example's, the tenant's the changed one.
  const step = updateStep("dynamic", "Form", "signup", changedSignupForm(), signupForm());
  const event = {
    resourcePreEvent: { metadata: { ...step, type: step.newState.type, old: step.oldState, new: step.newState } },
  };
  const stack = {
    name: "production",
    preview: async (options: { onEvent: (event: unknown) => void }) => options.onEvent(event),
  } as unknown as Stack;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "review-drift-"));
  const comment = path.join(dir, "drift.md");
  const write = jest.spyOn(process.stdout, "write").mockImplementation(() => true);
  try {
    expect(await reportDrift(stack, "production", { comment })).toBe(DRIFT_EXIT.drift);
  } finally {
    write.mockRestore();
  }
  const text = fs.readFileSync(comment, "utf8");
  fs.rmSync(dir, { recursive: true, force: true });
  expect(text).toContain("### Drift of stack `production`: what `pulumi up --refresh --stack production` would change");
  expect(text).toContain("`components[phone] removed`");
  expect(text).toContain("`nodes[route_by_company]`: `config.fallback` `flow_enrich` → `$ending`");
  expect(text).toContain("```mermaid");
});

describe("a field the program leaves out shows what the write leaves, not an absent value", () => {
  const disabledByHand = () => ({ ...auditStream(), status: "disabled" });

  test.each(["dynamic", "plugin"] as const)(
    "an event stream disabled by hand (%s): the update enables it again, the default",
    (door) => {
      const plan = planOfPreview({
        steps: [updateStep(door, "EventStream", "audit", disabledByHand(), auditStream())],
      });
      expect(plan.changes[0]!.before?.status).toBe("disabled");
      expect(plan.changes[0]!.after?.status).toBe("enabled");
      const text = renderReview(plan);
      expect(text).toContain("`status`: `disabled` → `enabled`");
      expect(text).not.toContain("(absent)");
    },
  );

  test("a field the update does not send keeps the tenant's value: no change is shown for it", () => {
    const { name: _name, ...unnamed } = auditStream();
    const plan = planOfPreview({ steps: [updateStep("dynamic", "EventStream", "audit", disabledByHand(), unnamed)] });
    expect(plan.changes[0]!.after?.name).toBe("audit-log");
    expect(renderReview(plan)).not.toContain("`name`");
  });

  test("a form's field the update clears stays absent; an ending left out is the default ending", () => {
    const before = { ...signupForm(), style: { css: ".x { color: red; }" }, ending: { resume_flow: false } };
    const { style: _style, ending: _ending, ...program } = before;
    const after = asWritten("form", "update", before, program);
    expect(after.style).toBeUndefined();
    expect(after.ending).toEqual({ resume_flow: true });
  });

  test("a replacement's new object does not keep what the program leaves out", () => {
    const { name: _name, ...unnamed } = auditStream();
    expect(asWritten("eventStream", "replace", auditStream(), unnamed).name).toBeUndefined();
  });
});
