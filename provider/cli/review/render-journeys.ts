/**
 * The comment's section on the login journeys rehearsed for the change (`pulumi-tenant rehearse
 * --json`): per journey, passed, or the step where it failed and why, with its pages' screenshots
 * linked under the base where they are published (as the login screens' pictures are).
 */
import type { JourneyResult, RehearsalResults } from "../rehearse/report";
import { RESULTS_VERSION } from "../rehearse/report";

/** The rehearsal's results and where their files are published. */
export interface JourneyLinks {
  results: RehearsalResults;
  /** The base the files are published under (`--journeys-url`), else the results' folder as written. */
  base: string;
}

/** Text safe in a table cell and in the comment's Markdown (pipes, backticks and line ends made harmless). */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\r?\n/g, " ").replace(/</g, "&lt;");

/** `base` joined with the relative `file`, one slash between, each part of the path encoded. */
const linkOf = (base: string, file: string) =>
  `${base.replace(/\/+$/, "")}/${file.split("/").map(encodeURIComponent).join("/")}`;

/** A journey's result in a cell: passed, or where and why it failed. */
function verdict(result: JourneyResult): string {
  const time = `${result.seconds.toFixed(1)} s`;
  if (result.passed) return `✅ passed (${time})`;
  const failure = result.failure ?? { at: "?", reason: "no reason recorded" };
  return `❌ **failed** at ${cell(failure.at)}: ${cell(failure.reason)} (${time})`;
}

/** The screenshots of a journey as images, each titled by its file name. */
function pictures(result: JourneyResult, base: string): string[] {
  return result.screenshots.map((file) => {
    const name = file.split("/").pop() ?? file;
    return `![${cell(name)}](${linkOf(base, file)})`;
  });
}

/** The section's lines (none without results). */
export function journeysSection(links: JourneyLinks | undefined): string[] {
  const journeys = links?.results.journeys ?? [];
  if (!links || journeys.length === 0) return [];
  const failed = journeys.filter((result) => !result.passed).length;
  const lines = [
    "### Login journeys",
    "",
    failed === 0
      ? `${journeys.length === 1 ? "The rehearsed journey" : `All ${journeys.length} rehearsed journeys`} passed on a local tenant running this change.`
      : `**${failed} of ${journeys.length} rehearsed ${journeys.length === 1 ? "journey" : "journeys"} failed** on a local tenant running this change.`,
    "",
    "| Journey | Result | Trace |",
    "| --- | --- | --- |",
    ...journeys.map(
      (result) => `| \`${cell(result.journey)}\` | ${verdict(result)} | [trace](${linkOf(links.base, result.trace)}) |`,
    ),
    "",
  ];
  for (const result of journeys) {
    const images = pictures(result, links.base);
    if (images.length === 0) continue;
    // A failed journey's pages are open (the last one is where it stopped); a passed one's are folded.
    const summary = `Pages of \`${cell(result.journey)}\` (${images.length})`;
    lines.push(
      `<details${result.passed ? "" : " open"}><summary>${summary}</summary>`,
      "",
      images.join(" "),
      "",
      "</details>",
      "",
    );
  }
  return lines;
}

/** The results in `text` (the JSON `rehearse --json` writes), or an error saying what the file should be. */
export function parseJourneyResults(text: string, source: string): RehearsalResults {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: give the file \`pulumi-tenant rehearse --json FILE\` wrote`, {
      cause: error,
    });
  }
  const results = parsed as Partial<RehearsalResults> | null;
  const wellFormed =
    typeof results === "object" &&
    results !== null &&
    results.version === RESULTS_VERSION &&
    typeof results.out === "string" &&
    Array.isArray(results.journeys) &&
    results.journeys.every(
      (result) =>
        typeof result?.journey === "string" &&
        typeof result.passed === "boolean" &&
        Array.isArray(result.screenshots) &&
        result.screenshots.every((file) => typeof file === "string") &&
        typeof result.trace === "string" &&
        typeof result.seconds === "number",
    );
  if (!wellFormed)
    throw new Error(
      `${source} is not the results of \`pulumi-tenant rehearse --json FILE\` (version ${RESULTS_VERSION}): ` +
        "rehearse the journeys again with this version of pulumi-tenant",
    );
  return results as RehearsalResults;
}
