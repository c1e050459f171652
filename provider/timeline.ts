/**
 * A per-resource timeline for the bench (`bench/probe-cpu.ts`): when `PULUMI_TENANT_TIMELINE`
 * names a file, each engine call a process of this package serves (check, diff, create, …)
 * and each registration a program releases is appended to it as one JSON line
 * `{pid, event, urn, t0, t1}` (epoch milliseconds, fractional). Unset, nothing is recorded and
 * each call costs one comparison.
 *
 * Lines are kept in memory and written when the process exits or is told to stop, so the
 * recording adds no file write to the path it measures.
 */
import * as fs from "node:fs";
import { performance } from "node:perf_hooks";

/** The environment variable naming the timeline file. */
export const TIMELINE_ENV = "PULUMI_TENANT_TIMELINE";

const file = process.env[TIMELINE_ENV];
const lines: string[] = [];
let hooked = false;

/** Epoch milliseconds with the monotonic clock's resolution. */
export function now(): number {
  return performance.timeOrigin + performance.now();
}

/** Writes the lines kept so far to the timeline file (at exit on its own; tests call it). */
export function flush(): void {
  if (!file || lines.length === 0) return;
  try {
    fs.appendFileSync(file, lines.join(""));
  } catch {
    // A diagnostic: a file that cannot be written costs the deploy nothing.
  }
  lines.length = 0;
}

function hook(): void {
  if (hooked) return;
  hooked = true;
  process.on("exit", flush);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      flush();
      process.kill(process.pid, signal);
    });
  }
}

/** Whether a timeline is being recorded in this process. */
export const timelineOn = file !== undefined && file !== "";

/** Records `event` of resource `urn` from `t0` to `t1` (when a timeline is recorded). */
export function record(event: string, urn: string | undefined, t0: number, t1 = t0): void {
  if (!timelineOn) return;
  hook();
  lines.push(`${JSON.stringify({ pid: process.pid, event, urn, t0, t1 })}\n`);
  // Long runs flush now and then, so a killed process loses little.
  if (lines.length >= 500) flush();
}

/** Runs `task`, recording it as `event` of `urn` when a timeline is recorded. */
export async function timed<T>(event: string, urn: string | undefined, task: () => Promise<T>): Promise<T> {
  if (!timelineOn) return task();
  const t0 = now();
  try {
    return await task();
  } finally {
    record(event, urn, t0, now());
  }
}
