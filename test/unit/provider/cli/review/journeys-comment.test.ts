/**
 * The review's section on rehearsed login journeys: passed or where each failed and why, the
 * screenshots and trace linked under the published base (or the results' folder), a failed
 * journey's pages open, and a results file that is not `rehearse --json`'s refused with what to do.
 */
import { planOfPreview } from "../../../../../provider/cli/review/plan";
import { renderReview } from "../../../../../provider/cli/review/render";
import { journeysSection, parseJourneyResults } from "../../../../../provider/cli/review/render-journeys";
import type { RehearsalResults } from "../../../../../provider/cli/rehearse/report";
import { updateStep } from "../../../../fixtures/review-plan";
import { cli } from "../run-cli";

const RESULTS: RehearsalResults = {
  version: 1,
  out: "rehearsals",
  journeys: [
    {
      journey: "signup",
      file: "journeys/signup.yaml",
      passed: true,
      seconds: 3.14,
      screenshots: ["signup/01-login.png", "signup/02-form-sign-up-step_details.png"],
      trace: "signup/trace.json",
    },
    {
      journey: "denied",
      file: "journeys/denied.yaml",
      passed: false,
      failure: { at: "step 2", reason: "expected the form `Sign-up`, saw the login screen `login` | <b>x</b>" },
      seconds: 1.5,
      screenshots: ["denied/01-login.png", "denied/02-login.png"],
      trace: "denied/trace.json",
    },
  ],
};

test("each journey is passed, or failed at its step with why; pictures and trace are linked under the base", () => {
  const lines = journeysSection({ results: RESULTS, base: "https://files.example.com/pr-7/" });
  const text = lines.join("\n");
  expect(text).toContain("**1 of 2 rehearsed journeys failed** on a local tenant running this change.");
  expect(lines).toContain(
    "| `signup` | ✅ passed (3.1 s) | [trace](https://files.example.com/pr-7/signup/trace.json) |",
  );
  // The reason cannot break the table, nor write HTML into the comment.
  expect(lines).toContain(
    "| `denied` | ❌ **failed** at step 2: expected the form `Sign-up`, saw the login screen `login` \\| &lt;b>x&lt;/b> (1.5 s) | [trace](https://files.example.com/pr-7/denied/trace.json) |",
  );
  expect(text).toContain(
    "![01-login.png](https://files.example.com/pr-7/signup/01-login.png) ![02-form-sign-up-step_details.png](https://files.example.com/pr-7/signup/02-form-sign-up-step_details.png)",
  );
  // The failed journey's pages are open, the passed one's folded.
  expect(lines).toContain("<details><summary>Pages of `signup` (2)</summary>");
  expect(lines).toContain("<details open><summary>Pages of `denied` (2)</summary>");
});

test("without a published base the links are the results' folder; with every journey passed the section says so", () => {
  const passed = { ...RESULTS, journeys: [RESULTS.journeys[0]] };
  const text = journeysSection({ results: passed, base: passed.out }).join("\n");
  expect(text).toContain("The rehearsed journey passed");
  expect(text).toContain("](rehearsals/signup/01-login.png)");
  expect(journeysSection(undefined)).toEqual([]);
  expect(journeysSection({ results: { ...RESULTS, journeys: [] }, base: "x" })).toEqual([]);
});

test("the comment shows the journeys after the summary, with a plan's changes", () => {
  const plan = planOfPreview({
    steps: [updateStep("dynamic", "Form", "signup", { name: "Sign-up" }, { name: "Sign-up form" })],
  });
  const comment = renderReview(plan, { journeys: { results: RESULTS, base: "rehearsals" } });
  expect(comment.indexOf("### Login journeys")).toBeGreaterThan(comment.indexOf("| Action | Kind |"));
  expect(comment).toContain("❌ **failed** at step 2");
  expect(renderReview(plan)).not.toContain("Login journeys");
});

test("a results file that is not rehearse's JSON is refused with what to do", () => {
  expect(parseJourneyResults(JSON.stringify(RESULTS), "j.json")).toEqual(RESULTS);
  expect(() => parseJourneyResults("{", "j.json")).toThrow(
    "j.json is not JSON: give the file `pulumi-tenant rehearse --json FILE` wrote",
  );
  expect(() =>
    parseJourneyResults(JSON.stringify({ version: 1, out: "x", journeys: [{ journey: "a" }] }), "j.json"),
  ).toThrow("j.json is not the results of `pulumi-tenant rehearse --json FILE` (version 1)");
});

test("the review refuses --journeys-url without --journeys, and a results file it cannot read, saying what to give", async () => {
  const url = await cli(["review", "--journeys-url", "https://files.example.com/pr-7"]);
  expect(url.code).toBe(1);
  expect(url.stderr).toContain("give --journeys FILE too, the results of `pulumi-tenant rehearse --json`");
  const missing = await cli(["review", "--journeys", "/nonexistent/results.json"]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain("cannot read --journeys /nonexistent/results.json");
});
