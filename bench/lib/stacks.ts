/**
 * Pulumi stacks for the benchmark: the pinned CLI, one private file:// backend and
 * PULUMI_HOME per run (in a temporary folder), programs from `bench/programs/<name>`,
 * and timed operations that also watch the provider process.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { EngineEvent, OpMap, Stack } from "@pulumi/pulumi/automation";
import {
  ensureLanguages,
  ensurePulumiCli,
  installPythonSdk,
  openStack,
  REPO_ROOT,
  type PulumiPlace,
  type TenantSettings,
} from "../../scripts/lib/pulumi";
import { ProviderWatch, type ProviderProcesses } from "./procwatch";
import type { Scenario } from "../programs/scenario";
import { compilePluginJs, writePluginGo, writePluginPython } from "./programs";
import { progress, withTicker } from "./progress";

/**
 * The benchmark's Pulumi programs (folders under bench/programs): the project's resources
 * through the dynamic providers (`tenant`) and through the resource plugin (`plugin`, run
 * through ts-node; `plugin-js`, the same program compiled ahead of time: ./programs.ts;
 * `plugin-go`, the same stack from Go, bench/programs/plugin-go built ahead into a folder of
 * the stack's own with its scenario; `plugin-py`, the same stack from Python,
 * bench/programs/plugin-py with the scenario's resources beside it), and the engine's floor (`noop`).
 */
export type BenchProgram = "tenant" | "plugin" | "plugin-js" | "plugin-go" | "plugin-py" | "noop";

/** How the bench's tables name each program. */
export const PROGRAM_WORDS: Record<BenchProgram, string> = {
  noop: "no-op",
  tenant: "dynamic",
  plugin: "plugin",
  "plugin-js": "plugin, compiled JS",
  "plugin-go": "plugin, Go built ahead",
  "plugin-py": "plugin, Python",
};

/** Folder of a benchmark program. */
export function programDir(program: BenchProgram): string {
  return path.join(REPO_ROOT, "bench", "programs", program);
}

/** A Pulumi operation the benchmark times. */
export type Operation = "preview" | "up" | "refresh" | "destroy";

/** What one timed operation gave. */
export interface OperationResult {
  operation: Operation;
  /**
   * Wall time of the operation's own CLI command (`pulumi up` start to exit), seconds: what a
   * user's CI job runs. The Automation API's calls after it (`stack output` twice and
   * `stack history`, to build its result) are left out: see {@link OperationResult.apiSeconds}.
   */
  seconds: number;
  /** Wall time of the whole Automation API call, its extra CLI commands included, seconds. */
  apiSeconds: number;
  ok: boolean;
  error?: string;
  /** Resource operations by kind (`create`, `same`, `update`, `delete`, ...). */
  changes: Record<string, number>;
  /** Resource operations the engine reported as failed (only counted when `countFailures`). */
  failedOperations: number;
  provider: ProviderProcesses;
}

/** One benchmark run's Pulumi setup. */
export class BenchPulumi {
  readonly tmpDir: string;
  readonly place: PulumiPlace;
  private readonly opened: { stack: Stack; name: string }[] = [];
  private compiled = false;
  /** The Python SDK installed for this run's `plugin-py` stacks (PYTHONPATH), and the virtual environment. */
  private python?: { site: string; venv: string };
  /** Extra environment for every operation (diagnostic runs, e.g. PULUMI_SKIP_CHECKPOINTS). */
  extraEnv: Record<string, string> = {};
  /** When set, every Node.js process of an operation writes a CPU profile under this folder. */
  profileRoot?: string;
  private constructor(
    readonly binDir: string,
    readonly runId: string,
  ) {
    this.tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-bench-"));
    this.place = {
      stateDir: path.join(this.tmpDir, "state"),
      homeDir: path.join(this.tmpDir, "home"),
      passphrase: "bench-passphrase",
    };
  }

  /** Installs or finds the pinned CLI and creates the run's folders. */
  static create(): BenchPulumi {
    const binDir = ensurePulumiCli();
    return new BenchPulumi(binDir, `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`);
  }

  /** Opens a fresh stack of `program` named `<name>-<run id>` (unique, so parallel runs do not collide). */
  async open(
    program: BenchProgram,
    name: string,
    options: {
      tenant?: TenantSettings;
      config?: Record<string, { value: string; secret?: boolean }>;
      /** The resources of a `plugin-go` or `plugin-py` stack (its program reads them from a file, not from the config). */
      scenario?: Scenario;
    } = {},
  ): Promise<Stack> {
    const stackName = `${name}-${this.runId}`;
    if (program === "plugin-js" && !this.compiled) {
      compilePluginJs();
      this.compiled = true;
    }
    let workDir = programDir(program);
    if (program === "plugin-go") {
      if (!options.scenario) throw new Error("a plugin-go stack needs its scenario");
      workDir = path.join(this.tmpDir, `program-${stackName}`);
      writePluginGo(workDir, options.scenario);
    }
    let env: Record<string, string> | undefined;
    if (program === "plugin-py") {
      if (!options.scenario) throw new Error("a plugin-py stack needs its scenario");
      if (!this.python) {
        const { pythonVenv } = ensureLanguages();
        this.python = { venv: pythonVenv, site: installPythonSdk(pythonVenv, path.join(this.tmpDir, "python-sdk")) };
      }
      workDir = path.join(this.tmpDir, `program-${stackName}`);
      writePluginPython(workDir, options.scenario, this.python.venv);
      env = { PYTHONPATH: this.python.site };
    }
    const { scenario: _scenario, ...stackOptions } = options;
    const stack = await openStack({
      workDir,
      stackName,
      binDir: this.binDir,
      place: this.place,
      ...stackOptions,
      ...(env && { env }),
    });
    this.opened.push({ stack, name: stackName });
    return stack;
  }

  /**
   * Bytes of the stack's state file in the backend (the checkpoint the CLI writes after
   * each operation).
   */
  stateFileBytes(stack: Stack): number {
    const stacksDir = path.join(this.place.stateDir, ".pulumi", "stacks");
    const candidates = fs.existsSync(stacksDir) ? fs.readdirSync(stacksDir, { recursive: true, encoding: "utf8" }) : [];
    const file = candidates.find(
      (f) => path.basename(f) === `${stack.name}.json` || path.basename(f) === `${stack.name}.json.gz`,
    );
    if (!file) throw new Error(`no state file for stack ${stack.name} under ${stacksDir}`);
    return fs.statSync(path.join(stacksDir, file)).size;
  }

  /** Removes the stacks (and their Pulumi.<stack>.yaml in the program folders) and the temporary folder. */
  async dispose(): Promise<void> {
    for (const { stack, name } of this.opened) {
      try {
        await stack.workspace.removeStack(name, { force: true });
      } catch (error) {
        progress(`could not remove stack ${name}: ${(error as Error).message.split("\n")[0]}`);
        const yaml = path.join(stack.workspace.workDir, `Pulumi.${name}.yaml`);
        fs.rmSync(yaml, { force: true });
      }
    }
    fs.rmSync(this.tmpDir, { recursive: true, force: true });
  }

  /**
   * Runs `operation` on `stack`, timing it and watching the provider process. Never
   * throws: a failure is `ok: false` with the error.
   */
  async run(
    stack: Stack,
    operation: Operation,
    options: {
      label: string;
      expectNoChanges?: boolean;
      /** Refresh first (`--refresh`, what the project option `refresh: always` does): preview and up only. */
      refresh?: boolean;
      countFailures?: boolean;
      detail?: () => string;
      /** `--parallel`: resource operations at once (the CLI's default when absent). */
      parallel?: number;
      /** Environment for this operation only (an engine option such as PULUMI_SKIP_CHECKPOINTS). */
      env?: Record<string, string>;
    },
  ): Promise<OperationResult> {
    const env = (stack.workspace as unknown as { envVars: Record<string, string> }).envVars;
    const saved = { ...env };
    Object.assign(env, this.extraEnv, options.env);
    if (this.profileRoot) {
      const dir = path.join(this.profileRoot, options.label.replace(/[^A-Za-z0-9=]+/g, "-").replace(/^-|-$/g, ""));
      // Node 20 refuses --cpu-prof in NODE_OPTIONS: a preloaded module profiles instead.
      env.NODE_OPTIONS = `--require ${path.join(__dirname, "..", "cpu-prof-preload.js")}`;
      env.BENCH_CPU_PROF_DIR = dir;
    }
    const watch = new ProviderWatch(this.place.homeDir).start();
    let failedOperations = 0;
    const onEvent = options.countFailures
      ? (event: EngineEvent) => {
          if (event.resOpFailedEvent) failedOperations += 1;
        }
      : undefined;
    const parallel = options.parallel !== undefined ? { parallel: options.parallel } : {};
    const common = {
      ...parallel,
      expectNoChanges: options.expectNoChanges,
      ...(options.refresh ? { refresh: true } : {}),
      ...(onEvent ? { onEvent } : {}),
    };
    const t0 = process.hrtime.bigint();
    const command = timeCommand(stack, operation);
    let changes: OpMap | Record<string, number> = {};
    let ok = true;
    let error: string | undefined;
    try {
      await withTicker(
        options.label,
        async () => {
          switch (operation) {
            case "preview":
              changes = (await stack.preview(common)).changeSummary;
              break;
            case "up":
              changes = (await stack.up(common)).summary.resourceChanges ?? {};
              break;
            case "refresh":
              changes = (await stack.refresh(common)).summary.resourceChanges ?? {};
              break;
            case "destroy":
              changes =
                (await stack.destroy({ ...parallel, ...(onEvent ? { onEvent } : {}) })).summary.resourceChanges ?? {};
              break;
          }
        },
        options.detail,
      );
    } catch (caught) {
      ok = false;
      error = (caught as Error).message;
    }
    const apiSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const seconds = command.stop() ?? apiSeconds;
    const provider = watch.stop();
    // Back to what it was before this operation (its own variables and the profiler's gone).
    for (const key of Object.keys(env)) if (!(key in saved)) delete env[key];
    Object.assign(env, saved);
    progress(
      `${options.label}: ${ok ? "done" : "FAILED"} in ${seconds.toFixed(1)} s${ok ? "" : `: ${firstErrorLine(error)}`}`,
    );
    return {
      operation,
      seconds,
      apiSeconds,
      ok,
      error,
      changes: { ...changes } as Record<string, number>,
      failedOperations,
      provider,
    };
  }
}

/**
 * Times the first run of the CLI command `operation` through `stack`'s workspace (the
 * Automation API's `up` runs `pulumi up`, then `stack output` and `stack history`). `stop`
 * restores the workspace and gives the command's seconds (undefined if it never ran).
 */
function timeCommand(stack: Stack, operation: Operation): { stop(): number | undefined } {
  // `run` is the Automation API's internal runner of every CLI command (left out of its typings).
  type Run = (args: string[], ...rest: unknown[]) => Promise<unknown>;
  const command = stack.workspace.pulumiCommand as unknown as { run: Run };
  const run = command.run;
  let seconds: number | undefined;
  command.run = async function (this: unknown, args, ...rest) {
    if (seconds !== undefined || args[0] !== operation) return run.call(this, args, ...rest);
    const t0 = process.hrtime.bigint();
    try {
      return await run.call(this, args, ...rest);
    } finally {
      seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    }
  };
  return {
    stop() {
      command.run = run;
      return seconds;
    },
  };
}

/** The line of a CLI failure worth showing (the first `error:` line, else the first line). */
export function firstErrorLine(message: string | undefined): string {
  if (!message) return "";
  const lines = message.split("\n");
  return (lines.find((l) => /error:/.test(l)) ?? lines[0]).trim().slice(0, 300);
}

/** Sum of the resource operations in a change summary, other than `same`. */
export function changedCount(changes: Record<string, number>): number {
  return Object.entries(changes)
    .filter(([kind]) => kind !== "same")
    .reduce((sum, [, n]) => sum + n, 0);
}
