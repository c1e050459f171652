/**
 * A failed preview's errors that name no object of ours, in the review comment. The engine
 * closes a failed preview with "preview failed", which says nothing of why: it is left out
 * where the cause is said (another error, an object's invalid input, a mandatory policy
 * violation), and where nothing is, the comment quotes the engine's first error line from the
 * preview's own output and says where the rest is.
 */
import { stripVTControlCharacters } from "node:util";
import type { ReviewPlan } from "./plan";
import { alert, mandatory } from "./render-policies";

/** The engine's closing word on a failed preview. */
const GENERIC_FAILURE = /^(error:\s*)?preview failed\.?$/i;

/** The first `error:` line of a preview's output that says more than that it failed, without its prefix. */
export function firstErrorLine(output: string): string | undefined {
  for (const line of stripVTControlCharacters(output).split("\n")) {
    const error = /^\s*error:\s*(.+?)\s*$/.exec(line)?.[1];
    if (error && !GENERIC_FAILURE.test(error)) return error;
  }
  return undefined;
}

/** Where the engine's error lines are when the JSON names no cause. */
export interface PreviewOutput {
  /** The preview's standard error beside its JSON. */
  previewLog?: string;
  /** The full `pulumi preview --diff` text. */
  diffText?: string;
}

/** The alert of the preview's errors that name no object of ours (empty when there are none). */
export function failureAlert(plan: ReviewPlan, output: PreviewOutput): string[] {
  const said = plan.errors.filter((error) => !GENERIC_FAILURE.test(error.trim()));
  if (said.length > 0) return alert("WARNING", ["**The preview failed:**", ...said.flatMap((e) => e.split("\n"))]);
  const explained = plan.changes.some((change) => change.errors.length > 0) || mandatory(plan).length > 0;
  if (plan.errors.length === 0 || explained) return [];
  const first = firstErrorLine(`${output.previewLog ?? ""}\n${output.diffText ?? ""}`);
  if (first) {
    return alert("WARNING", [
      "**The preview failed:**",
      first,
      "",
      "That is the engine's first error; the full preview below has the rest. Fix it, then preview again.",
    ]);
  }
  return alert("WARNING", [
    "**The preview failed**, and its JSON names no cause. The preview's own output says why: the full preview " +
      "below, the job's log, or `pulumi preview --diff` run on the stack.",
    "",
    "A mandatory policy violation is left out of the JSON digest: give `review` the streaming JSON of the preview " +
      "(`PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview --json`) to have it named here.",
  ]);
}
