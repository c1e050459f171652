/**
 * Runs user code (an action's, for its test runs) where no Node built-in, no `process` and no
 * host object is reachable: QuickJS compiled to WebAssembly (engine.ts), one fresh engine
 * instance per run, on a worker thread of the server (worker.ts) so that a run never blocks the
 * server's requests. What a kind runs is its own (api/kinds/<kind>/tenant*.ts: the job); this
 * file only runs jobs: at most {@link MAX_CONCURRENT_RUNS} at once, each within its limits, its
 * declared dependencies fetched first (dependencies.ts), its answer checked before it is used.
 *
 * Why this engine: a V8 isolate through `isolated-vm` needs a native build (its Node 20 line,
 * 5.x, builds with node-gyp or downloads a binary, and wants `--no-node-snapshot` on Node 20),
 * while QuickJS in WebAssembly installs as plain files on every platform and its memory can be
 * capped by the WebAssembly memory itself. Its cost (bench/action-runs.ts) is below the process
 * per run it replaces.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import { ApiFailure, ERROR_CODES, type CodeRunJob, type CodeRunResult, type CodeSandbox } from "../../api";
import { DependencyCache } from "./dependencies";
import { guestBundle } from "./guest-bundle";
import type { WorkerRequest } from "./worker";
import { RECORD_LIMITS, runError } from "./records";
import { MAX_RECORDED_REQUESTS } from "./network";
import { wasm, type WasmModule } from "./wasm";

/** How long and how big a run may get. */
export interface RunLimits {
  /** Wall-clock time from the start of the code to the handler's end (timers and requests included). */
  timeoutMs: number;
  /** The engine's memory in MiB: its heap, strings and buffers together. */
  maxHeapMb: number;
}

/** Defaults: 5 s (the code's network is answered at once, so a test that takes longer is stuck), 64 MiB. */
export const DEFAULT_RUN_LIMITS: RunLimits = { timeoutMs: 5000, maxHeapMb: 64 };

/** The sandbox's settings: the limits of each run and where dependencies are cached. */
export interface SandboxOptions extends Partial<RunLimits> {
  /** The dependency cache's folder (default: `$PULUMI_TENANT_ACTION_CACHE`, or `~/.cache/pulumi-tenant/action-dependencies`). */
  dependencyCache?: string;
}

/**
 * Runs at once, at most: each holds an engine of up to its memory limit on a thread of its own,
 * and the machine that runs the tenant server runs the tests too. More get 429 and retry.
 */
export const MAX_CONCURRENT_RUNS = 4;

/** A worker kept idle this long is ended (the next run starts one again). */
const IDLE_MS = 30_000;
/** Past its time limit, a run's worker gets this long to answer before it is ended from outside. */
const GRACE_MS = 2000;
/** The largest answer a worker may send (the record's own bounds keep it well below). */
const MAX_ANSWER_CHARS = 8_000_000;

/** The server's sandbox: {@link SandboxOptions}' limits, at most {@link MAX_CONCURRENT_RUNS} at once. */
export function codeSandbox(options: SandboxOptions = {}): CodeSandbox & { close(): Promise<void>; workers(): number } {
  const { dependencyCache, ...limits } = options;
  const pool = new EnginePool({ ...DEFAULT_RUN_LIMITS, ...limits }, new DependencyCache(dependencyCache));
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
        return await pool.run(job);
      } finally {
        running--;
      }
    },
    close: () => pool.close(),
    workers: () => pool.workers(),
  };
}

/** Runs `job` once in a sandbox of its own (which is closed after). */
export async function runCode(job: CodeRunJob, options: SandboxOptions = {}): Promise<CodeRunResult> {
  const sandbox = codeSandbox(options);
  try {
    return await sandbox.run(job);
  } finally {
    await sandbox.close();
  }
}

/** The worker threads that run the engine, kept between runs and ended when idle. */
class EnginePool {
  private readonly idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  private readonly busy = new Set<Worker>();
  /** Every worker not yet exited: starting, busy, idle or ending. `close` ends them all and waits. */
  private readonly alive = new Set<Worker>();
  private wasm: Promise<WasmModule> | undefined;
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly limits: RunLimits,
    private readonly dependencies: DependencyCache,
  ) {}

  async run(job: CodeRunJob): Promise<CodeRunResult> {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    const empty = { handler: job.handler, calls: [], logs: [], requests: [] };
    let dependencyRoots: Record<string, string>;
    try {
      dependencyRoots = await this.dependencies.ensure(job.dependencies);
    } catch (error) {
      return { ...empty, error: runError("DependencyError", (error as Error).message), duration_ms: elapsed() };
    }
    let guest: string;
    try {
      guest = await guestBundle();
    } catch (error) {
      return {
        ...empty,
        error: runError("SandboxError", `The action's engine could not start: ${(error as Error).message}`),
        duration_ms: elapsed(),
      };
    }
    this.wasm ??= wasm.compile(readFileSync(WASM_FILE));
    const request: WorkerRequest = {
      id: this.nextId++,
      job,
      limits: this.limits,
      wasmModule: await this.wasm,
      dependencyRoots,
      guest,
    };
    let worker: Worker;
    try {
      worker = await this.acquire();
    } catch (error) {
      return {
        ...empty,
        error: runError("SandboxError", `The action's engine could not start: ${(error as Error).message}`),
        duration_ms: elapsed(),
      };
    }
    if (this.closed) {
      void worker.terminate();
      return { ...empty, error: runError("SandboxError", "The sandbox was closed"), duration_ms: elapsed() };
    }
    const answer = await new Promise<{ result?: unknown; failure?: CodeRunResult["error"] }>((resolve) => {
      const done = (value: { result?: unknown; failure?: CodeRunResult["error"] }) => {
        clearTimeout(backstop);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        resolve(value);
      };
      const onMessage = (message: { id?: number; result?: unknown; failure?: string }) => {
        if (message?.id !== request.id) return;
        done(
          message.failure !== undefined
            ? { failure: runError("SandboxError", message.failure) }
            : { result: message.result },
        );
      };
      const onError = (error: Error & { code?: string }) =>
        done({
          failure:
            error.code === "ERR_WORKER_OUT_OF_MEMORY"
              ? runError(
                  "MemoryLimitError",
                  `The action used more than its ${this.limits.maxHeapMb} MiB of memory and was stopped`,
                )
              : runError("SandboxError", `The action's engine failed: ${error.message}`),
        });
      const onExit = () => done({ failure: runError("SandboxError", "The action's engine ended before answering") });
      // The engine stops the code at its time limit itself; this only ends a worker that could not answer.
      const backstop = setTimeout(
        () =>
          done({
            failure: runError(
              "TimeoutError",
              `The action ran longer than ${this.limits.timeoutMs} ms and was stopped (an endless loop, or a promise that never settles?)`,
            ),
          }),
        this.limits.timeoutMs + GRACE_MS,
      );
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      worker.postMessage(request);
    });
    if (answer.failure) {
      this.discard(worker);
      return { ...empty, error: answer.failure, duration_ms: elapsed() };
    }
    this.release(worker);
    const checked = checkedResult(answer.result, job.handler);
    return { ...checked, duration_ms: elapsed() };
  }

  /** The engine workers not yet exited (starting, busy, idle or ending). */
  workers(): number {
    return this.alive.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const { timer } of this.idle) clearTimeout(timer);
    this.idle.length = 0;
    this.busy.clear();
    // Starting and ending ones too: nothing of the sandbox outlives its close.
    await Promise.all([...this.alive].map((worker) => worker.terminate()));
  }

  private async acquire(): Promise<Worker> {
    const kept = this.idle.pop();
    if (kept) clearTimeout(kept.timer);
    const worker = kept?.worker ?? (await startWorker((started) => this.track(started)));
    worker.ref();
    this.busy.add(worker);
    return worker;
  }

  private track(worker: Worker): void {
    this.alive.add(worker);
    worker.once("exit", () => this.alive.delete(worker));
    if (this.closed) void worker.terminate();
  }

  private release(worker: Worker): void {
    this.busy.delete(worker);
    worker.unref();
    const timer = setTimeout(() => {
      const at = this.idle.findIndex((entry) => entry.worker === worker);
      if (at >= 0) this.idle.splice(at, 1);
      void worker.terminate();
    }, IDLE_MS);
    timer.unref();
    this.idle.push({ worker, timer });
  }

  /** Ends a worker that failed or overran; it no longer holds the process open while it ends. */
  private discard(worker: Worker): void {
    this.busy.delete(worker);
    worker.unref();
    void worker.terminate();
  }
}

/** The engine's WebAssembly file, compiled once per sandbox. */
const WASM_FILE = join(dirname(require.resolve("@jitl/quickjs-ng-wasmfile-release-sync")), "emscripten-module.wasm");

/**
 * A worker thread for the engine: `worker.js` beside this file once built. From the TypeScript
 * sources (tests), the folder's files are transpiled here once and compiled by the worker from
 * memory. Its heap, young generation and stack are bounded; its output is read and dropped (the
 * engine prints nothing the server wants). Resolves once the worker has loaded.
 */
function startWorker(track: (worker: Worker) => void): Promise<Worker> {
  const built = join(__dirname, "worker.js");
  const options = {
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    env: {},
    stdout: true,
    stderr: true,
  };
  const worker = existsSync(built)
    ? new Worker(built, options)
    : new Worker(FROM_SOURCES, {
        ...options,
        eval: true,
        workerData: { sources: transpiled(), entry: join(__dirname, "worker.ts") },
      });
  track(worker);
  worker.stdout.resume();
  worker.stderr.resume();
  return new Promise((resolve, reject) => {
    const ended = (code: number) =>
      reject(new Error(`the engine's worker ended (exit code ${code}) before it was ready`));
    const ready = (message: { ready?: boolean }) => {
      if (!message?.ready) return;
      worker.off("message", ready);
      worker.off("error", reject);
      worker.off("exit", ended);
      // An idle worker that fails is simply gone; an unheard 'error' event would end the server.
      worker.on("error", () => undefined);
      resolve(worker);
    };
    worker.on("message", ready);
    worker.once("error", reject);
    worker.once("exit", ended);
  });
}

/** The worker's program when the sandbox runs from its TypeScript sources: `.ts` compiled from memory. */
const FROM_SOURCES = `
const { workerData } = require("node:worker_threads");
require.extensions[".ts"] = (module, filename) => module._compile(workerData.sources[filename], filename);
require(workerData.entry);
`;

let transpiledSources: Record<string, string> | undefined;
/** This folder's TypeScript files as CommonJS (only ever used from the sources: tests, ts-node). */
function transpiled(): Record<string, string> {
  const ts = require("typescript") as typeof import("typescript");
  transpiledSources ??= Object.fromEntries(
    readdirSync(__dirname)
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
      .map((file) => [
        join(__dirname, file),
        ts.transpileModule(readFileSync(join(__dirname, file), "utf8"), {
          compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
          fileName: file,
        }).outputText,
      ]),
  );
  return transpiledSources;
}

const isString = (value: unknown): value is string => typeof value === "string";

/** The worker's answer, checked entry by entry; anything malformed is a SandboxError, never a crash. */
function checkedResult(value: unknown, handler: string): Omit<CodeRunResult, "duration_ms"> {
  const broken = (why: string) => ({
    handler,
    calls: [],
    logs: [],
    requests: [],
    error: runError("SandboxError", `The action's engine answered something unexpected (${why})`),
  });
  if (typeof value !== "object" || value === null) return broken("not an object");
  let size: number;
  try {
    size = JSON.stringify(value).length;
  } catch {
    return broken("not JSON");
  }
  if (size > MAX_ANSWER_CHARS) return broken(`${size} characters`);
  const { calls, logs, requests, error } = value as Record<string, unknown>;
  const list = (items: unknown, max: number, valid: (item: Record<string, unknown>) => boolean) =>
    Array.isArray(items) &&
    items.length <= max &&
    items.every((item) => typeof item === "object" && item !== null && valid(item));
  if (!list(calls, RECORD_LIMITS.calls, (call) => isString(call.method) && Array.isArray(call.args)))
    return broken("calls");
  if (!list(logs, RECORD_LIMITS.logs + 2, (log) => isString(log.level) && isString(log.message))) return broken("logs");
  if (!list(requests, MAX_RECORDED_REQUESTS + 1, (r) => isString(r.method) && isString(r.url)))
    return broken("requests");
  if (
    error !== undefined &&
    !(typeof error === "object" && error !== null && isString((error as Record<string, unknown>).message))
  ) {
    return broken("error");
  }
  const result: Omit<CodeRunResult, "duration_ms"> = {
    handler,
    calls: calls as CodeRunResult["calls"],
    logs: logs as CodeRunResult["logs"],
    requests: requests as CodeRunResult["requests"],
  };
  if (error !== undefined) {
    const { name, message, stack, code } = error as Record<string, unknown>;
    result.error = runError(name, message, stack, code);
  }
  return result;
}
