/**
 * Where `npm test`'s time goes: each suite file's seconds from Jest's JSON report, each stage's,
 * the slowest ten, and the suites that took more than twice as long as in the last run.
 *
 * Two files hold figures. The last run's, in the user's cache (`~/.cache/pulumi-tenant/test-durations.json`,
 * or `$PULUMI_TENANT_TEST_DURATIONS`), written after every run, compared with at the next.
 * The committed ones (`test/durations.json`), written only by `npm test -- --record`, with the run
 * recorded in `bench/history.jsonl` beside the bench's: a fresh clone (CI) has no cache, and
 * Jest's sequencer (`test/sequencer.js`) starts the heaviest suites first by them.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** One suite file's figures from a run. */
export interface SuiteDuration {
  /** Checkout-relative path, `/`-separated. */
  file: string;
  seconds: number;
  stage: string;
  passed: number;
  failed: number;
}

/** What a durations file holds. */
export interface DurationsRecord {
  /** When the run ended (ISO). */
  at: string;
  /** Stage title → seconds. */
  stages: Record<string, number>;
  /** Suite file → seconds. */
  suites: Record<string, number>;
}

/** The slice of Jest's `--json` report read here. */
interface JestReport {
  testResults?: {
    name: string;
    /** Milliseconds since the epoch: when the file started and ended (Jest's `--json`). */
    startTime?: number;
    endTime?: number;
    assertionResults?: { status: string }[];
  }[];
}

/** The suites of a Jest JSON report, with seconds measured from each file's start to its end. */
export function suitesOfReport(report: JestReport, root: string, stage: string): SuiteDuration[] {
  return (report.testResults ?? []).map((result) => {
    const { startTime: start, endTime: end } = result;
    const ms = typeof start === "number" && typeof end === "number" && end >= start ? end - start : 0;
    const statuses = (result.assertionResults ?? []).map((assertion) => assertion.status);
    return {
      file: path.relative(root, result.name).split(path.sep).join("/"),
      seconds: Math.round(ms / 100) / 10,
      stage,
      passed: statuses.filter((status) => status === "passed").length,
      failed: statuses.filter((status) => status === "failed").length,
    };
  });
}

/** The file of the last run's figures. */
export function lastRunFile(): string {
  return (
    process.env.PULUMI_TENANT_TEST_DURATIONS ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "pulumi-tenant", "test-durations.json")
  );
}

/** A durations file's record, or undefined when absent or unreadable. */
export function readDurations(file: string): DurationsRecord | undefined {
  try {
    const record = JSON.parse(fs.readFileSync(file, "utf8")) as DurationsRecord;
    return record && typeof record.suites === "object" && typeof record.stages === "object" ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `record` to `file` (its folder made), suites sorted slowest first so diffs read well. */
export function writeDurations(file: string, record: DurationsRecord): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const suites = Object.fromEntries(Object.entries(record.suites).sort(([, a], [, b]) => b - a));
  fs.writeFileSync(file, `${JSON.stringify({ ...record, suites }, null, 2)}\n`);
}

/** The record of a run: its stages' and suites' seconds. */
export function recordOf(
  stages: Record<string, number>,
  suites: readonly SuiteDuration[],
  at = new Date(),
): DurationsRecord {
  return {
    at: at.toISOString(),
    stages,
    suites: Object.fromEntries(suites.map((suite) => [suite.file, suite.seconds])),
  };
}

/** Below this many seconds a suite's doubling is noise, not news. */
const DOUBLING_FLOOR_S = 20;

const minutes = (seconds: number) =>
  seconds >= 90 ? `${(seconds / 60).toFixed(1)} min` : `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;

/**
 * The report printed at the end of a run: each stage's time, the slowest ten suites with their
 * stage, and each suite that took over twice its time of the last run (and at least 20 s).
 */
export function durationsReport(
  stages: Record<string, number>,
  suites: readonly SuiteDuration[],
  last?: DurationsRecord,
): string {
  const lines = ["", "Where the time went:"];
  const total = Object.values(stages).reduce((sum, seconds) => sum + seconds, 0);
  for (const [title, seconds] of Object.entries(stages)) lines.push(`  ${minutes(seconds).padStart(9)}  ${title}`);
  lines.push(`  ${minutes(total).padStart(9)}  in all`);
  const slowest = [...suites].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  if (slowest.length > 0) {
    lines.push("The slowest suites:");
    for (const suite of slowest) lines.push(`  ${minutes(suite.seconds).padStart(9)}  ${suite.file}`);
  }
  const doubled = suites.filter((suite) => {
    const before = last?.suites[suite.file];
    // A figure of 0 s is no measurement (an unreadable report): nothing to compare with.
    return before !== undefined && before > 0 && suite.seconds >= DOUBLING_FLOOR_S && suite.seconds > 2 * before;
  });
  if (doubled.length > 0) {
    lines.push(`Over twice as long as the last run (${last!.at}):`);
    for (const suite of doubled)
      lines.push(`  ${suite.file}: ${minutes(suite.seconds)}, was ${minutes(last!.suites[suite.file]!)}`);
  }
  return `${lines.join("\n")}\n`;
}
