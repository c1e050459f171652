/**
 * What a rehearsal leaves: per journey a folder with its screenshots and `trace.json` (the pages
 * seen, the actions run with their logs and calls, the form steps, the flows' calls, the ID
 * token's claims), a line printed per journey, and with `--json` the results the review reads.
 * Secret values never reach a file: the user's password, the application's secret and the tokens
 * are masked wherever they would appear (an action's log included).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { SeenPage } from "./matcher";

/** What replaces a secret value in the files. */
export const SECRET_MASK = "[secret]";
/** The trace's file name in a journey's folder. */
export const TRACE_FILE = "trace.json";
/** The version of the `--json` results' format. */
export const RESULTS_VERSION = 1;

/** One event of the tenant's rehearsal trace (`GET /rehearsal/trace`), as the server records it. */
export type TraceEvent = { seq: number; at?: string; type: string } & Record<string, unknown>;

/** A page the rehearsal saw: its place, what it was, its screenshot (relative to the journey's folder). */
export interface PageRecord {
  /** 1 for the first page. */
  index: number;
  /** The journey's step that expected it (from 1), when one did. */
  step?: number;
  page: SeenPage;
  /** The page's address without its query (which carries the login's state). */
  url: string;
  screenshot?: string;
}

/** Where a journey failed, and why. */
export interface JourneyFailure {
  /** `step 2`, `expect`, `setup`. */
  at: string;
  reason: string;
}

/** Everything a journey's `trace.json` holds. */
export interface JourneyTrace {
  journey: string;
  file: string;
  tenant: string;
  application?: { name: string; client_id: string; made_for_the_run: boolean };
  user?: { email: string; user_id?: string };
  passed: boolean;
  failure?: JourneyFailure;
  seconds: number;
  pages: PageRecord[];
  actions: TraceEvent[];
  forms: TraceEvent[];
  flows: TraceEvent[];
  logins: TraceEvent[];
  /** The verified ID token's claims, when the login ended with one. */
  claims?: Record<string, unknown>;
}

/** One journey's result, as `--json` writes it and the review reads it. */
export interface JourneyResult {
  journey: string;
  file: string;
  passed: boolean;
  failure?: JourneyFailure;
  seconds: number;
  /** Relative to the results' `out` folder: `signup/01-login.png`. */
  screenshots: string[];
  trace: string;
}

/** The `--json` file: the results, and the folder their paths are relative to. */
export interface RehearsalResults {
  version: number;
  out: string;
  journeys: JourneyResult[];
}

/** The trace's events sorted into its sections by type. */
export function sortEvents(
  events: readonly TraceEvent[],
): Pick<JourneyTrace, "actions" | "forms" | "flows" | "logins"> {
  return {
    actions: events.filter((event) => event.type === "action"),
    forms: events.filter((event) => event.type === "form"),
    flows: events.filter((event) => event.type === "flow"),
    logins: events.filter((event) => event.type === "login"),
  };
}

/** The first thing the trace says went wrong (a flow or an action that failed, a login ended in error), in words. */
export function traceTrouble(events: readonly TraceEvent[]): string | undefined {
  for (const event of events) {
    const error = typeof event.error === "string" ? event.error : undefined;
    if (event.type === "flow" && event.outcome === "error") {
      const at = typeof event.failed_action === "string" ? ` at its action \`${event.failed_action}\`` : "";
      return `the flow \`${String(event.name)}\` failed${at}${error ? `: ${error}` : ""}`;
    }
    if (event.type === "action" && event.outcome === "error")
      return `the action \`${String(event.name)}\` failed${error ? `: ${error}` : ""}`;
    if (event.type === "login" && event.outcome === "error")
      return `the login ended in error${typeof event.description === "string" ? `: ${event.description}` : ""}`;
  }
  return undefined;
}

/** `text` with each secret (4 characters or more, longest first) replaced by {@link SECRET_MASK}. */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  return secrets
    .filter((secret): secret is string => typeof secret === "string" && secret.length >= 4)
    .sort((a, b) => b.length - a.length)
    .reduce((out, secret) => {
      // A secret shows in JSON text escaped as JSON escapes it (a quote, a backslash).
      const escaped = JSON.stringify(secret).slice(1, -1);
      return out.split(escaped).join(SECRET_MASK).split(secret).join(SECRET_MASK);
    }, text);
}

/** Writes `trace` to the journey's folder `dir` (made when missing), secrets masked; returns the file. */
export function writeTrace(dir: string, trace: JourneyTrace, secrets: readonly (string | undefined)[]): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, TRACE_FILE);
  fs.writeFileSync(file, `${scrubSecrets(JSON.stringify(trace, null, 2), secrets)}\n`);
  return file;
}

/** The result of a journey whose trace is `trace`, its paths relative to the results' folder. */
export function resultOf(trace: JourneyTrace): JourneyResult {
  const folder = trace.journey;
  return {
    journey: trace.journey,
    file: trace.file,
    passed: trace.passed,
    ...(trace.failure ? { failure: trace.failure } : {}),
    seconds: trace.seconds,
    screenshots: trace.pages.flatMap((page) => (page.screenshot ? [`${folder}/${page.screenshot}`] : [])),
    trace: `${folder}/${TRACE_FILE}`,
  };
}

/** The line printed for a journey: `✓ signup (3 pages, 2.4 s)` or `✗ signup: step 2: expected …`. */
export function resultLine(result: JourneyResult): string {
  const pages = `${result.screenshots.length} page${result.screenshots.length === 1 ? "" : "s"}`;
  const time = `${result.seconds.toFixed(1)} s`;
  if (result.passed) return `PASS ${result.journey} (${pages}, ${time})`;
  const failure = result.failure ?? { at: "?", reason: "no reason recorded" };
  return `FAIL ${result.journey}: ${failure.at}: ${failure.reason} (${pages}, ${time})`;
}

/** Writes the `--json` results to `file`. */
export function writeResults(file: string, out: string, results: readonly JourneyResult[]): void {
  const document: RehearsalResults = { version: RESULTS_VERSION, out, journeys: [...results] };
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
}
