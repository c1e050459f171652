/**
 * Section 7: refresh and drift at the cost of what changed (issue 30). For N mixed
 * unchanged objects (the login template, forms and webhook event streams half and half),
 * through the dynamic providers and through the resource plugin: `preview --refresh`,
 * `refresh` and the drift check (`pulumi-tenant drift`), each read the old way (one GET per
 * object, `PULUMI_TENANT_READ_MODE=get`) and the new way (one list per kind and 100
 * objects), at an unlimited rate and at R requests/s. Requests from the server's counters,
 * wall time of the command. A second cell (`flows`, issue 36): N/2 flows and N/2 forms each
 * running its own flow by reference; both kinds' lists answer summaries, so a refresh with no
 * drift reads the pages and GETs nothing.
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
  flowsScenario,
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
/** What the stack holds: the mixed scenario, or flows with the forms that run them. */
type Mix = "mixed" | "flows";
type Step = "previewRefresh" | "refresh" | "drift";

const PROGRAMS: BenchProgram[] = ["tenant", "plugin", "plugin-js", "plugin-go"];
const STEPS: Step[] = ["previewRefresh", "refresh", "drift"];
const MODES: Mode[] = ["get", "list"];
const MIXES: Mix[] = ["mixed", "flows"];
/** Issue 36's budget for a refresh of 150 flows + 150 forms with no drift. */
const FLOWS_REQUEST_TARGET = 12;
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
  mix: Mix;
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
  /** The server's counters of the step, by method and route. */
  byRoute?: Record<string, number>;
}

/** `pulumi-tenant drift` of `stack`, timed; its requests are read from the server afterwards. */
export async function driftCheck(pulumi: BenchPulumi, stack: Stack, env: Record<string, string>) {
  const started = process.hrtime.bigint();
  const status = await new Promise<number>((resolve) => {
    execFile(
      process.execPath,
      [DRIFT_CLI, "drift", "--stack", stack.name],
      {
        cwd: stack.workspace.workDir,
        env: {
          ...process.env,
          // The stack's own environment (a Python program's PYTHONPATH, for one).
          ...(stack.workspace as unknown as { envVars: Record<string, string> }).envVars,
          ...pulumiEnv(pulumi.binDir, pulumi.place),
          PULUMI_TENANT_BIN: pulumi.binDir,
          ...env,
        },
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
  at: Omit<Measured, "seconds" | "ok" | "requests" | "changed" | "error" | "byRoute">,
): Promise<Measured> {
  const env = { [READ_MODE_ENV]: at.mode };
  const label = `refresh: ${STEP_WORDS[at.step]}, N=${at.n}${at.mix === "flows" ? " flows+forms" : ""} ${PROGRAM_WORDS[at.program]}, ${MODE_WORDS[at.mode]}, R=${at.rate === UNLIMITED_RATE ? "∞" : at.rate}`;
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
  return { ...at, ...result, requests: counts.resourceRequests + counts.tokens, byRoute: counts.byRoute };
}

/**
 * A part of the matrix, for a run on a busy machine: `BENCH_REFRESH_NS=1000` (sizes),
 * `BENCH_REFRESH_PROGRAMS=plugin-js` (`tenant`, `plugin`, `plugin-js`, `plugin-go`),
 * `BENCH_REFRESH_STEPS=previewRefresh` (`previewRefresh`, `refresh`, `drift`),
 * `BENCH_REFRESH_MODES=list` (`get`, `list`) and `BENCH_REFRESH_MIXES=flows` (`mixed`, `flows`),
 * comma-separated; unset, all of it.
 */
export function partOf<T>(variable: string, all: T[], parse: (word: string) => T | undefined): T[] {
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
  const mixes = partOf("BENCH_REFRESH_MIXES", MIXES, (word) => MIXES.find((mix) => mix === word));
  const cells = [
    ...(mixes.includes("mixed") ? ns.map((n) => ({ mix: "mixed" as const, n, programs })) : []),
    // The Go program declares no flows (bench/lib/programs.ts).
    ...(mixes.includes("flows")
      ? [{ mix: "flows" as const, n: ctx.params.refreshFlowsN, programs: programs.filter((p) => p !== "plugin-go") }]
      : []),
  ];
  for (const { mix, n, programs } of cells) {
    const scenario = mix === "flows" ? flowsScenario(n) : mixedScenario(n);
    const words = mix === "flows" ? `${n} flows+forms` : `N=${n}`;
    for (const program of programs) {
      // A tenant of its own per stack: a list holds every object of its kind in the tenant, whichever
      // stack manages it, so a stack sharing the tenant with the other program's N objects would pay
      // for their pages too (how a shared tenant's refresh costs more: README, Performance).
      const server = await startBenchServer();
      try {
        const stack = await pulumi.open(program, `refresh-${mix === "flows" ? "flows-" : ""}${program}-${n}`, {
          tenant: tenantSettings(server),
          config: scenarioConfig(scenario),
          scenario,
        });
        const up = await pulumi.run(stack, "up", {
          label: `refresh: up of ${words} ${PROGRAM_WORDS[program]} resources`,
        });
        if (!up.ok) throw new Error(`up of ${words} ${PROGRAM_WORDS[program]} failed: ${up.error?.split("\n")[0]}`);
        for (const limit of [UNLIMITED_RATE, rate]) {
          server.setRateLimit(limit);
          for (const step of steps) {
            for (const mode of modes) {
              // The machine's load average (1 min) before and after, for reading the wall time.
              const loadBefore = round(os.loadavg()[0], 1);
              const m = await measureStep(pulumi, server, stack, { mix, program, n, rate: limit, mode, step });
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
  addFigures(ctx, measured, rate, cells, steps);
}

/** Requests of a step by method (`GET 5, POST 1`), from the server's counters. */
function byMethod(byRoute: Record<string, number> = {}): string {
  const methods: Record<string, number> = {};
  for (const [key, count] of Object.entries(byRoute)) {
    const method = /^(GET|POST|PATCH|PUT|DELETE) /.exec(key)?.[1];
    if (method) methods[method] = (methods[method] ?? 0) + count;
  }
  return Object.entries(methods)
    .map(([method, count]) => `${method} ${count}`)
    .join(", ");
}

function addFigures(
  ctx: BenchContext,
  measured: Measured[],
  rate: number,
  cells: { mix: Mix; n: number; programs: BenchProgram[] }[],
  steps: Step[],
): void {
  for (const { mix, n, programs } of cells) {
    const find = (m: Omit<Measured, "seconds" | "ok" | "requests" | "changed" | "error" | "byRoute">) =>
      measured.find(
        (x) =>
          x.mix === m.mix &&
          x.program === m.program &&
          x.n === m.n &&
          x.rate === m.rate &&
          x.mode === m.mode &&
          x.step === m.step,
      );
    const section =
      mix === "flows"
        ? `7 refresh, ${Math.floor(n / 2)} flows + ${Math.ceil(n / 2)} forms`
        : `7 refresh and drift, N=${n}`;
    const idOf = (program: BenchProgram) => (mix === "flows" ? `refresh.flows.${program}` : `refresh.${program}`);
    // Per pass: one page per 100 objects of each kind, plus a few (tokens, the template's GET); nothing changed.
    // The flows cell has issue 36's budget.
    const budget = mix === "flows" ? FLOWS_REQUEST_TARGET : LISTED_KINDS * Math.ceil(n / 2 / 100) + FEW;
    for (const program of programs) {
      for (const step of steps) {
        for (const limit of [UNLIMITED_RATE, rate]) {
          const old = find({ mix, program, n, rate: limit, mode: "get", step });
          const now = find({ mix, program, n, rate: limit, mode: "list", step });
          const r = limit === UNLIMITED_RATE ? "∞" : String(limit);
          const timeTarget =
            mix === "mixed" && program !== "tenant" && step === "previewRefresh" && n >= 1000 && limit === rate
              ? PLUGIN_PREVIEW_TARGET_S
              : undefined;
          const complete = (m?: Measured) => !!m?.ok && m.changed === 0;
          ctx.report.add({
            id: `${idOf(program)}.${step}.n${n}.r${r}.requests`,
            section,
            label: `${STEP_WORDS[step]} (${PROGRAM_WORDS[program]}, R=${r}/s): requests, new (old)`,
            value: now?.ok ? now.requests : null,
            unit: "req",
            target: `≤ ${budget}`,
            met: complete(now) && now!.requests <= budget,
            note: [
              now?.ok ? byMethod(now.byRoute) : undefined,
              old ? `old ${old.ok ? old.requests : "failed"} req` : undefined,
            ]
              .filter(Boolean)
              .join("; "),
          });
          ctx.report.add({
            id: `${idOf(program)}.${step}.n${n}.r${r}.seconds`,
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
