/**
 * Runs user code (an action's, for its test runs) in a sandbox: one Node process per run,
 * under Node's permission model (no file access, no child processes, no worker threads), with
 * a time limit and memory limits, and an `api` that records what the code asked for instead
 * of doing it. What a kind runs is its own (api/kinds/<kind>/tenant*.ts: the job); this file only runs jobs.
 *
 * The process gets its program as source text (`-e`, see sandbox.ts), so it is granted no
 * file read at all; the code and the event go over the IPC channel, the record comes back
 * the same way. Whatever the code does, the caller gets a {@link CodeRunResult} (an error
 * in it when the code threw, ran too long or too big) once the process is gone.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { ApiFailure, ERROR_CODES, type CodeRunJob, type CodeRunResult, type CodeSandbox } from "../../api";
import { sandboxMain, type SandboxReport } from "./sandbox";

export type { RecordedCall } from "./sandbox";

/** How long and how big a run may get. */
export interface RunLimits {
  /** Wall-clock time from start to the handler's end; the process is killed after it. */
  timeoutMs: number;
  /** V8's old space (`--max-old-space-size`), in MiB: where objects live. */
  maxHeapMb: number;
  /** The process's resident memory (buffers included), in MiB, checked every 50 ms (Linux). */
  maxRssMb: number;
}

/**
 * Defaults: 5 s (the code runs against no network and no store, so a test that takes longer
 * is stuck), a 64 MiB heap (ample for an action's objects; a Node process needs about 40 MiB
 * resident of its own) and 256 MiB resident in all (buffers and array buffers count there).
 */
export const DEFAULT_RUN_LIMITS: RunLimits = { timeoutMs: 5000, maxHeapMb: 64, maxRssMb: 256 };

/** How one run is watched: its limits, and who learns its process id. */
export interface RunOptions {
  limits?: Partial<RunLimits>;
  /** Called with the process id once the process has started (to watch it from outside). */
  onStart?(pid: number): void;
}

/**
 * Runs at once, at most: each is a Node process (about 40 MiB, up to the memory limit), and
 * the machine that runs the tenant server runs the tests too. More get 429 and retry.
 */
export const MAX_CONCURRENT_RUNS = 4;

/** The server's sandbox: {@link runCode} within `limits`, at most {@link MAX_CONCURRENT_RUNS} at once. */
export function codeSandbox(limits?: Partial<RunLimits>): CodeSandbox {
  let running = 0;
  return {
    async run(job) {
      if (running >= MAX_CONCURRENT_RUNS) {
        throw new ApiFailure(
          429,
          `${MAX_CONCURRENT_RUNS} action tests are running already; retry when one has finished.`,
          ERROR_CODES.tooManyRequests,
          { "retry-after": "1" },
        );
      }
      running++;
      try {
        return await runCode(job, { limits });
      } finally {
        running--;
      }
    },
  };
}

const STDERR_LIMIT = 16_384;

/** The permission flag of this Node: `--permission` from 22, `--experimental-permission` before. */
export function permissionFlag(version = process.versions.node): string {
  return Number(version.split(".")[0]) >= 22 ? "--permission" : "--experimental-permission";
}

/** The program the child runs: {@link sandboxMain} applied to its own require and process. */
const SANDBOX_SOURCE = `(${sandboxMain.toString()})(require, process);`;

/** Resident memory of a process in bytes, or undefined where /proc is not there. */
function residentBytes(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]) * 4096;
  } catch {
    return undefined;
  }
}

/** Runs `job` once in its own process; resolves once that process has ended. */
export function runCode(job: CodeRunJob, run: RunOptions = {}): Promise<CodeRunResult> {
  const limits = { ...DEFAULT_RUN_LIMITS, ...run.limits };
  const started = process.hrtime.bigint();
  const child = spawn(
    process.execPath,
    [
      permissionFlag(),
      `--max-old-space-size=${limits.maxHeapMb}`,
      "--disable-warning=ExperimentalWarning",
      "-e",
      SANDBOX_SOURCE,
    ],
    // Own process group (killed as one), no environment of the server's, nothing inherited.
    { detached: true, env: {}, cwd: tmpdir(), stdio: ["ignore", "ignore", "pipe", "ipc"], serialization: "json" },
  );
  let stderr = "";
  let report: SandboxReport | undefined;
  let stopped: CodeRunResult["error"] | undefined;
  const stop = (error: CodeRunResult["error"]) => {
    stopped ??= error;
    killGroup(child.pid);
  };
  child.stderr!.on("data", (chunk: Buffer) => {
    if (stderr.length < STDERR_LIMIT) stderr += chunk.toString("utf8");
  });
  child.on("message", (message: SandboxReport) => {
    report ??= message;
    // The handler has settled; timers the code left behind must not keep the process alive.
    killGroup(child.pid);
  });
  const timer = setTimeout(
    () =>
      stop({
        name: "TimeoutError",
        message: `The action ran longer than ${limits.timeoutMs} ms and was stopped (an endless loop, or a promise that never settles?)`,
      }),
    limits.timeoutMs,
  );
  const watch = setInterval(() => {
    const bytes = child.pid === undefined ? undefined : residentBytes(child.pid);
    if (bytes !== undefined && bytes > limits.maxRssMb * 1024 * 1024) {
      stop({
        name: "MemoryLimitError",
        message: `The action used more than ${limits.maxRssMb} MiB of memory and was stopped`,
      });
    }
  }, 50);
  return new Promise((resolve) => {
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      clearInterval(watch);
      const duration_ms = Number(process.hrtime.bigint() - started) / 1e6;
      const base = { handler: job.handler, calls: report?.calls ?? [], logs: report?.logs ?? [], duration_ms };
      const error = stopped ?? report?.error ?? (report ? undefined : endedEarly(code, signal, stderr, limits));
      resolve(error ? { ...base, error } : base);
    };
    child.once("error", (error) => {
      stopped ??= { name: "SpawnError", message: `The action's process could not start: ${error.message}` };
      if (child.pid === undefined) finish(null, null);
    });
    child.once("exit", finish);
    child.once("spawn", () => {
      if (child.pid !== undefined) run.onStart?.(child.pid);
      child.send(job);
    });
  });
}

/** Kills a process group, if it is still there. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/** Why a process ended with no report: out of heap, or the code ended it. */
function endedEarly(
  code: number | null,
  signal: NodeJS.Signals | null,
  stderr: string,
  limits: RunLimits,
): NonNullable<CodeRunResult["error"]> {
  if (/heap out of memory|Allocation failed/i.test(stderr)) {
    return {
      name: "MemoryLimitError",
      message: `The action used more than its ${limits.maxHeapMb} MiB heap and was stopped`,
    };
  }
  const how = signal ? `signal ${signal}` : `exit code ${code}`;
  const detail = stderr.trim() ? `: ${stderr.trim().split("\n").slice(-3).join(" ")}` : "";
  return {
    name: "ProcessExit",
    message: `The action's process ended (${how}) before its handler settled${detail}`,
  };
}
