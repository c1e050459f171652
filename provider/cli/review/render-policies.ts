/**
 * The policy packs' findings in the review comment: mandatory violations as the first alert
 * (each fails the preview), advisory ones in their object's summary row, or under the table
 * for objects the preview does not change. Also the comment's small Markdown helpers.
 */
import type { PlannedChange, ReviewPlan } from "./plan";
import type { PolicyViolation } from "./plan";

/** Text fit for a table cell: no pipe, no line break. */
export const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** A blockquote alert of GitHub's (`CAUTION`, `WARNING`) holding `lines`. */
export const alert = (kind: string, lines: string[]) => [`> [!${kind}]`, ...lines.map((line) => `> ${line}`), ""];

/** The mandatory policy violations of a plan: each fails the preview. */
export const mandatory = (plan: ReviewPlan) =>
  (plan.policies ?? []).filter((violation) => violation.level === "mandatory");

/** Whom a violation is about: `form \`signup\``, or the stack. */
const subject = (violation: PolicyViolation) =>
  violation.name ? `${violation.label ?? ""} \`${violation.name}\``.trim() : "the stack";

/** Mandatory policy violations, first of all (each fails the preview), each with its object. */
export function policyFailures(plan: ReviewPlan): string[] {
  const found = mandatory(plan);
  if (found.length === 0) return [];
  const lines = [`**Policy violations** (mandatory: the preview fails until each is fixed):`];
  for (const violation of found) {
    lines.push(`- ${subject(violation)}, policy \`${violation.policy}\`: ${violation.message.split("\n").join(" ")}`);
  }
  return alert("CAUTION", lines);
}

/** The advisory violations of no object with a row in the summary (unchanged objects, the stack). */
export function looseAdvice(plan: ReviewPlan): string[] {
  const rows = new Set(plan.changes.map((change) => change.urn));
  const loose = (plan.policies ?? []).filter((v) => v.level !== "mandatory" && !(v.urn && rows.has(v.urn)));
  if (loose.length === 0) return [];
  return [
    "Advisory policy findings on objects this preview does not change:",
    "",
    ...loose.map((v) => `- ${subject(v)}, policy \`${v.policy}\`: ${v.message.split("\n").join(" ")}`),
    "",
  ];
}

/** The advisory policy findings on one object, for its summary row. */
export function adviceOf(change: PlannedChange, plan: ReviewPlan): string[] {
  return (plan.policies ?? [])
    .filter((violation) => violation.urn === change.urn && violation.level !== "mandatory")
    .map((violation) => `⚠️ policy \`${violation.policy}\` (advisory): ${cell(violation.message)}`);
}
