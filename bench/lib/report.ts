/**
 * The benchmark's figures: one row per measured value with its target and whether the
 * target is met, printed as one table and written as JSON with the machine it ran on.
 */
import * as fs from "node:fs";
import * as os from "node:os";

/** One measured value. */
export interface Figure {
  /** Stable key, e.g. `calls.refresh.gets`. */
  id: string;
  /** Section heading of the table. */
  section: string;
  /** What was measured, as a person reads it. */
  label: string;
  /** The value; `null` when the measurement failed. */
  value: number | string | null;
  /** Unit after the value (`req`, `s`, `ms`, `B`, `req/s`, `MB`, ...). */
  unit: string;
  /** The target in words, e.g. `= 0`, `≤ 12.3 s`; absent for figures reported without one. */
  target?: string;
  /** Whether the target is met; absent when there is no target. */
  met?: boolean;
  /** Why the figure is what it is (conditions, caveats). */
  note?: string;
}

/** Facts about the machine that explain the figures. */
export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGb: number;
  /** 1, 5 and 15 minute load averages when the figures were written (and, from run.ts, at the start). */
  loadAverage: number[];
  loadAverageAtStart?: number[];
  os: string;
  node: string;
  pulumi?: string;
}

/** Collects figures and raw measurements for one run. */
export class Report {
  readonly figures: Figure[] = [];
  readonly raw: Record<string, unknown> = {};
  readonly errors: { section: string; message: string }[] = [];

  /** Adds a figure; returns it. */
  add(figure: Figure): Figure {
    this.figures.push(figure);
    return figure;
  }

  /** Records a section that failed; its figures not taken show as errors in the table. */
  fail(section: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.errors.push({ section, message: message.split("\n").slice(0, 20).join("\n") });
    this.add({
      id: `${section}.error`,
      section,
      label: "section failed (see errors in the JSON)",
      value: null,
      unit: "",
      target: "completes",
      met: false,
      note: message.split("\n")[0].slice(0, 160),
    });
  }
}

/** Collects the machine description. */
export function machineInfo(pulumiVersion?: string): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? "unknown",
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    pulumi: pulumiVersion,
  };
}

function formatValue(figure: Figure): string {
  if (figure.value === null) return "error";
  if (typeof figure.value === "string") return figure.value;
  const v = figure.value;
  const text = Number.isInteger(v)
    ? String(v)
    : Math.abs(v) >= 100
      ? v.toFixed(0)
      : Math.abs(v) >= 10
        ? v.toFixed(1)
        : v.toFixed(2);
  return figure.unit ? `${text} ${figure.unit}` : text;
}

function metText(figure: Figure): string {
  if (figure.met === undefined) return "";
  return figure.met ? "met" : "MISSED";
}

/** Renders the figures as one plain-text table (grouped by section), notes as numbered footnotes. */
export function renderTable(figures: Figure[]): string {
  const notes: string[] = [];
  const rows = figures.map((f) => {
    let value = formatValue(f);
    if (f.note) {
      notes.push(f.note);
      value += ` [${notes.length}]`;
    }
    return [f.section, f.label, value, f.target ?? "", metText(f)];
  });
  const header = ["section", "figure", "value", "target", "met"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join(" | ")
      .trimEnd();
  const out = [line(header), widths.map((w) => "-".repeat(w)).join("-|-")];
  let previous = "";
  for (const row of rows) {
    const shown = row[0] === previous ? ["", ...row.slice(1)] : row;
    previous = row[0];
    out.push(line(shown));
  }
  const withTarget = figures.filter((f) => f.met !== undefined);
  const missed = withTarget.filter((f) => !f.met);
  out.push("");
  out.push(
    `${withTarget.length - missed.length}/${withTarget.length} targets met${missed.length ? `; missed: ${missed.map((f) => f.id).join(", ")}` : ""}`,
  );
  if (notes.length) {
    out.push("");
    notes.forEach((note, i) => out.push(`[${i + 1}] ${note}`));
  }
  return out.join("\n");
}

/** Writes the run as JSON (figures, raw measurements, errors, machine, parameters). */
export function writeResults(
  file: string,
  content: {
    mode: string;
    startedAt: string;
    finishedAt: string;
    machine: MachineInfo;
    source: unknown;
    parameters: unknown;
    report: Report;
  },
): void {
  const { report, ...rest } = content;
  const json = { ...rest, figures: report.figures, errors: report.errors, raw: report.raw };
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}

/** Rounds to `digits` decimals (for JSON and table values). */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
