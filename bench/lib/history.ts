/**
 * The bench's memory: every run's numeric figures, one JSON line per run in
 * `bench/history.jsonl` (commit, mode, sections, load average), and each figure's change
 * against the last recorded run that has it, with a loss over {@link LOSS_THRESHOLD} flagged.
 * So a commit that makes something slower shows at the next run, whoever runs it.
 *
 * Which way is better: for most figures less is better (seconds, milliseconds, CPU, bytes,
 * requests, ratios); for throughputs (`req/s`) and shares (`%`) more is. Wall times move with
 * the machine's load: the comparison prints both runs' load averages, and CPU seconds and
 * request counts are the figures to trust on a shared machine.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import type { Figure } from "./report";

/** A change for the worse beyond this fraction of the last value is flagged. */
export const LOSS_THRESHOLD = 0.1;

/** What every run recorded before the engine and Node.js were kept ran on. */
export const PINNED_SETUP = { engine: "v3.248.0", node: "v20" } as const;

/** The engine and the Node.js major version of a run (the pinned ones when it did not record them). */
export function setupOf(entry: Pick<HistoryEntry, "engine" | "node">): { engine: string; node: string } {
  return {
    engine: entry.engine ?? PINNED_SETUP.engine,
    node: entry.node?.split(".")[0] ?? PINNED_SETUP.node,
  };
}

/** One recorded run. */
export interface HistoryEntry {
  /** When the run started (ISO). */
  startedAt: string;
  /** The commit measured (short hash), with `+` when files under api/, server/ or provider/ were changed beside it. */
  commit: string;
  mode: string;
  sections: string[];
  /** Load average (1 min) at the start and the end. */
  load: [number, number];
  /**
   * The Pulumi CLI and the Node.js that ran it (`v3.277.0`, `v24.19.0`); runs recorded before
   * these were kept ran the pinned ones ({@link PINNED_SETUP}).
   */
  engine?: string;
  node?: string;
  /** The run's numeric figures by id: value and unit. */
  figures: Record<string, { value: number; unit: string }>;
}

/** A figure's change against the last recorded run that has it. */
export interface FigureChange {
  id: string;
  label: string;
  unit: string;
  now: number;
  last: number;
  /** The last value's run. */
  lastCommit: string;
  lastAt: string;
  lastLoad: [number, number];
  /** (now − last) / last; 0 when both are 0. */
  change: number;
  /** Whether the change is for the worse by more than {@link LOSS_THRESHOLD}. */
  loss: boolean;
}

/** The commit measured, and the files changed beside it under api/, server/ and provider/ (the build compiles the working tree). */
export function sourceState(root: string): { commit?: string; changedFiles?: string[] } {
  try {
    const git = (args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });
    // Each line is `XY path`: X may be a space, so the output is not trimmed before it is cut.
    const changed = git(["status", "--porcelain", "--", "api", "server", "provider"])
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3));
    return { commit: git(["rev-parse", "--short", "HEAD"]).trim(), changedFiles: changed };
  } catch {
    return {};
  }
}

/** {@link HistoryEntry.commit} of a {@link sourceState}: the short hash, `+` when files are changed beside it. */
export function commitLabel(source: { commit?: string; changedFiles?: string[] }): string {
  return `${source.commit ?? "unknown"}${source.changedFiles?.length ? "+" : ""}`;
}

/** Whether more of a figure with `unit` is better. */
export function moreIsBetter(unit: string): boolean {
  return unit === "req/s" || unit === "%";
}

/** The recorded runs of `file`, oldest first (a torn or foreign line is skipped). */
export function readHistory(file: string): HistoryEntry[] {
  if (!fs.existsSync(file)) return [];
  const entries: HistoryEntry[] = [];
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line) as HistoryEntry;
      if (entry && typeof entry.figures === "object" && typeof entry.mode === "string") entries.push(entry);
    } catch {
      continue;
    }
  }
  return entries;
}

/** The entry of a run: its numeric figures. */
export function historyEntry(run: Omit<HistoryEntry, "figures">, figures: readonly Figure[]): HistoryEntry {
  const numeric: HistoryEntry["figures"] = {};
  for (const figure of figures)
    if (typeof figure.value === "number" && Number.isFinite(figure.value))
      numeric[figure.id] = { value: figure.value, unit: figure.unit };
  return { ...run, figures: numeric };
}

/** Appends `entry` to `file`. */
export function appendHistory(file: string, entry: HistoryEntry): void {
  fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

/**
 * Each numeric figure of `figures` against the last run of `history` in the same `mode`, on the
 * same engine and Node.js major version (`setup`, the pinned ones when not given), that has it
 * (figures never recorded before are left out).
 */
export function compareWithHistory(
  figures: readonly Figure[],
  history: readonly HistoryEntry[],
  mode: string,
  setup: Pick<HistoryEntry, "engine" | "node"> = {},
): FigureChange[] {
  const changes: FigureChange[] = [];
  const want = setupOf(setup);
  const same = (entry: HistoryEntry) => {
    const has = setupOf(entry);
    return has.engine === want.engine && has.node === want.node;
  };
  for (const figure of figures) {
    if (typeof figure.value !== "number" || !Number.isFinite(figure.value)) continue;
    let last: HistoryEntry | undefined;
    for (let i = history.length - 1; i >= 0 && !last; i -= 1)
      if (history[i].mode === mode && same(history[i]) && history[i].figures[figure.id]) last = history[i];
    if (!last) continue;
    const before = last.figures[figure.id].value;
    const change =
      before === 0
        ? figure.value === 0
          ? 0
          : Infinity * Math.sign(figure.value)
        : (figure.value - before) / Math.abs(before);
    const worse = moreIsBetter(figure.unit) ? -change : change;
    changes.push({
      id: figure.id,
      label: `${figure.section}: ${figure.label}`,
      unit: figure.unit,
      now: figure.value,
      last: before,
      lastCommit: last.commit,
      lastAt: last.startedAt,
      lastLoad: last.load,
      change,
      loss: worse > LOSS_THRESHOLD,
    });
  }
  return changes;
}

function formatChange(change: number): string {
  if (!Number.isFinite(change)) return change > 0 ? "new > 0" : "new < 0";
  const percent = Math.round(change * 1000) / 10;
  return `${percent > 0 ? "+" : ""}${percent.toFixed(1)} %`;
}

const short = (v: number) => (Number.isInteger(v) ? String(v) : Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2));

/** The changes as a plain-text table, losses over the threshold marked, then a one-line verdict. */
export function renderChanges(changes: readonly FigureChange[], load: [number, number]): string {
  if (changes.length === 0) return "change against the last recorded run: no earlier run of these figures";
  const rows = changes.map((c) => [
    c.label,
    `${short(c.last)} ${c.unit}`.trim(),
    `${short(c.now)} ${c.unit}`.trim(),
    formatChange(c.change),
    c.loss ? `LOSS > ${LOSS_THRESHOLD * 100} %` : "",
    `${c.lastCommit} ${c.lastAt.slice(0, 16)} (load ${c.lastLoad.join(" → ")})`,
  ]);
  const header = ["figure", "last run", "this run", "change", "flag", "last run's commit, time, load"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]))
      .join(" | ")
      .trimEnd();
  const losses = changes.filter((c) => c.loss);
  return [
    `change against the last recorded run (this run's load ${load.join(" → ")}; wall times move with the load, CPU and counts do not)`,
    line(header),
    widths.map((w) => "-".repeat(w)).join("-|-"),
    ...rows.map(line),
    "",
    losses.length
      ? `${losses.length} figure(s) lost more than ${LOSS_THRESHOLD * 100} %: ${losses.map((c) => c.id).join(", ")}`
      : `no figure lost more than ${LOSS_THRESHOLD * 100} %`,
  ].join("\n");
}
