/**
 * The drift job's comment: `drift --comment FILE` renders what a refresh preview found as the
 * review comment renders a preview (before: what the tenant holds; after: what the code says).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { DRIFT_EXIT, reportDrift } from "../../../../provider/cli/drift";
import { changedSignupForm, signupForm, updateStep } from "../../../fixtures/review-plan";

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
