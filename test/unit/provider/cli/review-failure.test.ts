/**
 * A failed preview in the review comment: the engine's closing "preview failed" is never the
 * whole story. Left out where the cause is said; where nothing is, the engine's first error line
 * from the preview's own output, and where to look.
 */
import { planOfPreview, type PreviewJson } from "../../../../provider/cli/review/plan";
import { renderReview } from "../../../../provider/cli/review/render";
import { firstErrorLine } from "../../../../provider/cli/review/render-failure";
import { signupForm, updateStep } from "../../../fixtures/review-plan";

const STACK_URN = "urn:pulumi:production::tenant-demo::pulumi:pulumi:Stack::tenant-demo-production";
const closing = { urn: STACK_URN, message: "preview failed", severity: "error" };

/** The comment of a preview with these diagnostics (and one unchanged-shape update). */
function comment(diagnostics: PreviewJson["diagnostics"], output: { previewLog?: string; diffText?: string } = {}) {
  const preview = { steps: [updateStep("dynamic", "Form", "signup", signupForm(), signupForm())], diagnostics };
  return renderReview(planOfPreview(preview), { previewExit: 255, ...output });
}

describe("a failed preview in the review comment", () => {
  test("the cause the JSON names is said, the closing 'preview failed' is not", () => {
    const text = comment([
      {
        urn: STACK_URN,
        message: "Running program '/src' failed with an unhandled exception:\nTypeError: x",
        severity: "error",
      },
      closing,
    ]);
    expect(text).toContain("Running program '/src' failed with an unhandled exception:");
    expect(text).not.toMatch(/preview failed$/m);
  });

  test("an object's invalid input explains the failure: no loose 'preview failed' alert", () => {
    const invalid = {
      urn: updateStep("dynamic", "Form", "signup", {}, {}).urn,
      message: "name: too long",
      severity: "error",
    };
    const text = comment([invalid, closing]);
    expect(text).toContain("**Invalid input**");
    expect(text).not.toContain("The preview failed");
  });

  test("only 'preview failed' in the JSON: the engine's first error line of its own output, and what to do", () => {
    const previewLog = [
      "Previewing update (production):",
      "    error: preview failed",
      "    error: could not load plugin for tenant provider: no resource plugin 'pulumi-resource-tenant' found",
    ].join("\n");
    const text = comment([closing], { previewLog });
    expect(text).toContain(
      "> could not load plugin for tenant provider: no resource plugin 'pulumi-resource-tenant' found",
    );
    expect(text).toContain("That is the engine's first error");
    expect(text).not.toContain("The preview failed:** preview failed");
    expect(text).not.toMatch(/^> preview failed$/m);
  });

  test("only 'preview failed' and no error line anywhere: where the cause is, and the policy digest's gap", () => {
    const text = comment([closing], { diffText: "Previewing update (production):\n  ~ tenant:Form signup update" });
    expect(text).toContain("its JSON names no cause");
    expect(text).toContain("PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true");
    expect(text).not.toMatch(/^> preview failed$/m);
  });

  test("firstErrorLine skips the closing line and colour codes", () => {
    expect(firstErrorLine("\u001b[31merror: \u001b[0mpreview failed\n  error: boom\nerror: later")).toBe("boom");
    expect(firstErrorLine("nothing here")).toBeUndefined();
  });
});
