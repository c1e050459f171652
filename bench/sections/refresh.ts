/**
 * Section 7: refresh and drift at the cost of what changed (issue 30). For N mixed
 * unchanged objects (the login template, forms and webhook event streams half and half),
 * through the dynamic providers and through the resource plugin: `preview --refresh`,
 * `refresh` and the drift check (`pulumi-tenant drift`), each read the old way (one GET per
 * object, `PULUMI_TENANT_READ_MODE=get`) and the new way (one list per kind and 100
 * objects), at an unlimited rate and at R requests/s. Requests from the server's counters,
 * wall time of the command.
 */
import { execFile } from "node:child_process";
import * as os from "node:os";
import * as path from "node:path";
import { READ_MODE_ENV } from "../../provider/lifecycle/list-snapshot";
import { pulumiEnv, REPO_ROOT } from "../../scripts/lib/pulumi";
import type { BenchContext } from "../lib/context";
import { progress, withTicker } from "../lib/progress";
import { round } from "../lib/report";
import { changedCount, PROGRAM_WORDS, type BenchProgram, type BenchPulumi, type OperationResult } from "../lib/stacks";
import {
  callCounts,
  mixedScenario,
  requestsSoFar,
  scenarioConfig,
  startBenchServer,
  tenantSettings,
  UNLIMITED_RATE,
} from "../lib/tenant";
import type { Stack } from "@pulumi/pulumi/automation";
import type { TenantServer } from "../../server/index";

type Mode = "get" | "list";
type Step = "previewRefresh" | "refresh" | "drift";

const PROGRAMS: BenchProgram[] = ["tenant", "plugin", "plugin-js", "plugin-go"];
const STEPS: Step[] = ["previewRefresh", "refresh", "drift"];
const MODES: Mode[] = ["get", "list"];
const STEP_WORDS: Record<Step, string> = {
  previewRefresh: "preview --refresh",
  refresh: "refresh",
  drift: "drift check",
};
const MODE_WORDS: Record<Mode, string> = { get: "GET per object (old)", list: "list snapshot (new)" };
const DRIFT_CLI = path.join(REPO_ROOT, "provider", "dist", "provider", "cli", "index.js");
/** Kinds a stack of the mixed scenario lists (forms, event streams); the template is a singleton. */
const LISTED_KINDS = 2;
/** The few requests beyond pages and changes: a token per provider process, the template's GET. */
const FEW = 3;
/** The wall time target of `preview --refresh` of 1,000 unchanged objects through the plugin at R = 10/s. */
const PLUGIN_PREVIEW_TARGET_S = 15;

interface Measured {
  program: BenchProgram;
  n: number;
  rate: number;
  mode: Mode;
  step: Step;
  seconds: number;
  ok: boolean;
  requests: number;
  changed: number;
  error?: string;
  loadBefore?: number;
  loadAfter?: number;
}

/** `pulumi-tenant drift` of `stack`, timed; its requests are read from the server afterwards. */
async function driftCheck(pulumi: BenchPulumi, stack: Stack, env: Record<string, string>) {
  const started = process.hrtime.bigint();
  const status = await new Promise<number>((resolve) => {
    execFile(
      process.execPath,
      [DRIFT_CLI, "drift", "--stack", stack.name],
      {
        cwd: stack.workspace.workDir,
        env: { ...process.env, ...pulumiEnv(pulumi.binDir, pulumi.place), PULUMI_TENANT_BIN: pulumi.binDir, ...env },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error) => resolve(error ? (typeof error.code === "number" ? error.code : 1) : 0),
    );
  });
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, ok: status === 0, status };
}

async function measureStep(
  pulumi: BenchPulumi,
  server: TenantServer,
  stack: Stack,
  at: Omit<Measured, "seconds" | "ok" | "requests" | "changed" | "error">,
): Promise<Measured> {
  const env = { [READ_MODE_ENV]: at.mode };
  const label = `refresh: ${STEP_WORDS[at.step]}, N=${at.n} ${PROGRAM_WORDS[at.program]}, ${MODE_WORDS[at.mode]}, R=${at.rate === UNLIMITED_RATE ? "∞" : at.rate}`;
  server.counters.reset();
  let result: Pick<OperationResult, "seconds" | "ok" | "error"> & { changed: number };
  if (at.step === "drift") {
    const drift = await withTicker(label, () => driftCheck(pulumi, stack, env), requestsSoFar(server));
    progress(`${label}: ${drift.ok ? "done" : `exit ${drift.status}`} in ${drift.seconds.toFixed(1)} s`);
    result = { ...drift, changed: drift.ok ? 0 : -1, error: drift.ok ? undefined : `exit ${drift.status}` };
  } else {
    const operation = at.step === "refresh" ? "refresh" : "preview";
    const run = await pulumi.run(stack, operation, {
      label,
      env,
      refresh: at.step === "previewRefresh",
      expectNoChanges: at.step === "previewRefresh",
      detail: requestsSoFar(server),
    });
    result = { ...run, changed: changedCount(run.changes) };
  }
  const counts = callCounts(server.counters.snapshot());
  return { ...at, ...result, requests: counts.resourceRequests + counts.tokens };
}

/**
 * A part of the matrix, for a run on a busy machine: `BENCH_REFRESH_NS=1000` (sizes),
 * `BENCH_REFRESH_PROGRAMS=plugin-js` (`tenant`, `plugin`, `plugin-js`, `plugin-go`),
 * `BENCH_REFRESH_STEPS=previewRefresh` (`previewRefresh`, `refresh`, `drift`) and
 * `BENCH_REFRESH_MODES=list` (`get`, `list`), comma-separated; unset, all of it.
 */
function partOf<T>(variable: string, all: T[], parse: (word: string) => T | undefined): T[] {
  const words = process.env[variable]
    ?.split(",")
    .map((word) => word.trim())
    .filter(Boolean);
  if (!words?.length) return all;
  return words.map((word) => {
    const value = parse(word);
    if (value === undefined) throw new Error(`${variable}: "${word}" is not one of ${all.join(", ")} or a size`);
    return value;
  });
}

/** Runs the matrix for each N and adds its figures. */
export async function measureRefresh(ctx: BenchContext): Promise<void> {
  const pulumi = await ctx.pulumi();
  const rate = ctx.params.refreshRate;
  const measured: Measured[] = [];
  const ns = partOf("BENCH_REFRESH_NS", ctx.params.refreshNs, (word) =>
    /^[1-9][0-9]*$/.test(word) ? Number(word) : undefined,
  );
  const programs = partOf("BENCH_REFRESH_PROGRAMS", PROGRAMS, (word) => PROGRAMS.find((program) => program === word));
  const steps = partOf("BENCH_REFRESH_STEPS", STEPS, (word) => STEPS.find((step) => step === word));
  const modes = partOf("BENCH_REFRESH_MODES", MODES, (word) => MODES.find((mode) => mode === word));
  for (const n of ns) {
    for (const program of programs) {
      // A tenant of its own per stack: a list holds every object of its kind in the tenant, whichever
      // stack manages it, so a stack sharing the tenant with the other program's N objects would pay
      // for their pages too (how a shared tenant's refresh costs more: README, Performance).
      const server = await startBenchServer();
      try {
        const stack = await pulumi.open(program, `refresh-${program}-${n}`, {
          tenant: tenantSettings(server),
          config: scenarioConfig(mixedScenario(n)),
          scenario: mixedScenario(n),
        });
        const up = await pulumi.run(stack, "up", {
          label: `refresh: up of N=${n} ${PROGRAM_WORDS[program]} resources`,
        });
        if (!up.ok) throw new Error(`up of N=${n} ${PROGRAM_WORDS[program]} failed: ${up.error?.split("\n")[0]}`);
        for (const limit of [UNLIMITED_RATE, rate]) {
          server.setRateLimit(limit);
          for (const step of steps) {
            for (const mode of modes) {
              // The machine's load average (1 min) before and after, for reading the wall time.
              const loadBefore = round(os.loadavg()[0], 1);
              const m = await measureStep(pulumi, server, stack, { program, n, rate: limit, mode, step });
              measured.push({ ...m, loadBefore, loadAfter: round(os.loadavg()[0], 1) });
            }
          }
        }
      } finally {
        await server.close();
      }
    }
  }
  ctx.report.raw.refresh = { rate, measured };
  addFigures(ctx, measured, rate, ns, programs, steps);
}

function addFigures(
  ctx: BenchContext,
  measured: Measured[],
  rate: number,
  ns: number[],
  programs: BenchProgram[],
  steps: Step[],
): void {
  const find = (m: Omit<Measured, "seconds" | "ok" | "requests" | "changed" | "error">) =>
    measured.find(
      (x) => x.program === m.program && x.n === m.n && x.rate === m.rate && x.mode === m.mode && x.step === m.step,
    );
  for (const n of ns) {
    const section = `7 refresh and drift, N=${n}`;
    // Per pass: one page per 100 objects of each kind, plus a few (tokens, the template's GET); nothing changed.
    const budget = LISTED_KINDS * Math.ceil(n / 2 / 100) + FEW;
    for (const program of programs) {
      for (const step of steps) {
        for (const limit of [UNLIMITED_RATE, rate]) {
          const old = find({ program, n, rate: limit, mode: "get", step });
          const now = find({ program, n, rate: limit, mode: "list", step });
          const r = limit === UNLIMITED_RATE ? "∞" : String(limit);
          const timeTarget =
            program !== "tenant" && step === "previewRefresh" && n >= 1000 && limit === rate
              ? PLUGIN_PREVIEW_TARGET_S
              : undefined;
          const complete = (m?: Measured) => !!m?.ok && m.changed === 0;
          ctx.report.add({
            id: `refresh.${program}.${step}.n${n}.r${r}.requests`,
            section,
            label: `${STEP_WORDS[step]} (${PROGRAM_WORDS[program]}, R=${r}/s): requests, new (old)`,
            value: now?.ok ? now.requests : null,
            unit: "req",
            target: `≤ ${budget}`,
            met: complete(now) && now!.requests <= budget,
            note: old ? `old ${old.ok ? old.requests : "failed"} req` : undefined,
          });
          ctx.report.add({
            id: `refresh.${program}.${step}.n${n}.r${r}.seconds`,
            section,
            label: `${STEP_WORDS[step]} (${PROGRAM_WORDS[program]}, R=${r}/s): wall time, new (old)`,
            value: now?.ok ? round(now.seconds, 1) : null,
            unit: "s",
            ...(timeTarget ? { target: `≤ ${timeTarget} s`, met: complete(now) && now!.seconds <= timeTarget } : {}),
            note: [
              old ? `old ${old.ok ? `${old.seconds.toFixed(1)} s` : "failed"}` : undefined,
              now && !complete(now) ? `new failed or changed: ${now.error ?? now.changed}` : undefined,
              now?.loadBefore !== undefined ? `load ${now.loadBefore} → ${now.loadAfter}` : undefined,
            ]
              .filter(Boolean)
              .join("; "),
          });
        }
      }
    }
  }
}
