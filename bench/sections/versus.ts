/**
 * Section 8: side by side with Auth0's deploy CLI (issue 39). For N forms + N webhook event
 * streams, each tool on a TLS tenant server of its own (started here, the same set-up, a fresh
 * pair per cell), the tools taking turns step by step:
 *
 * - first deploy: `a0deploy import` of the YAML input / `pulumi up` of a fresh stack;
 * - no-change deploy: the same again;
 * - drift check: `a0deploy import --dry-run` / `pulumi-tenant drift` (a refresh preview);
 * - export: `a0deploy export -f yaml` / `pulumi-tenant generate`,
 *
 * at each N and rate, with the server's request counts and the load average around each step.
 * Then, for the largest N at no limit, the breakdown of the TypeScript first deploy: the same
 * `up` with the engine's checkpoints off (`PULUMI_SKIP_CHECKPOINTS`: what writing the state
 * after every step costs), the engine's floor (the no-op program: the same resources whose
 * provider does nothing) and the state's bytes per resource.
 *
 * Parts, for a busy machine: `BENCH_VERSUS_NS=300`, `BENCH_VERSUS_RATES=inf,10`,
 * `BENCH_VERSUS_TOOLS=deploy-cli,tenant,plugin-js`, `BENCH_VERSUS_STEPS=first,noChange,drift,export`,
 * `BENCH_VERSUS_RUNS=2`, `BENCH_VERSUS_BREAKDOWN=0`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { startTenantServer, type TenantServer } from "../../server/index";
import type { BenchContext } from "../lib/context";
import { runDeployCli, writeDeployCliInput } from "../lib/deploy-cli";
import { progress, withTicker } from "../lib/progress";
import { round } from "../lib/report";
import { changedCount, PROGRAM_WORDS, type BenchProgram, type BenchPulumi } from "../lib/stacks";
import { callCounts, scenarioConfig, tenantSettings, UNLIMITED_RATE } from "../lib/tenant";
import { generate } from "./generate";
import { driftCheck, partOf } from "./refresh";

type Tool = "deploy-cli" | "tenant" | "plugin-js";
type Step = "first" | "noChange" | "drift" | "export";
/** Both doors of the TypeScript program: the dynamic providers and the plugin's Node SDK, compiled ahead. */
const TOOLS: Tool[] = ["deploy-cli", "tenant", "plugin-js"];
const STEPS: Step[] = ["first", "noChange", "drift", "export"];
const STEP_WORDS: Record<Step, string> = {
  first: "first deploy",
  noChange: "no-change deploy",
  drift: "drift check",
  export: "export / generate",
};
const toolWords = (tool: Tool) =>
  tool === "deploy-cli"
    ? "deploy CLI"
    : tool === "tenant"
      ? "TypeScript (dynamic)"
      : PROGRAM_WORDS[tool as BenchProgram];

/** One tool's step in one cell. */
export interface VersusMeasure {
  run: number;
  n: number;
  rate: number;
  tool: Tool;
  step: Step;
  seconds: number;
  ok: boolean;
  requests: number;
  writes: number;
  changed?: number;
  loadBefore: number;
  loadAfter: number;
  error?: string;
}

/** A tool's side of a cell: its server and what it runs. */
interface Side {
  tool: Tool;
  server: TenantServer;
  dir: string;
  stack?: Stack;
}

const load1 = () => Math.round(os.loadavg()[0] * 100) / 100;
const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;

/** Runs `step` for one side, timed, with the server's counts. */
async function measure(pulumi: BenchPulumi, side: Side, step: Step, at: { run: number; n: number; rate: number }) {
  const label = `versus: ${toolWords(side.tool)}, ${STEP_WORDS[step]}, N=${at.n}+${at.n}, R=${at.rate === UNLIMITED_RATE ? "∞" : at.rate}`;
  const tls = { NODE_EXTRA_CA_CERTS: side.server.caCertPath! };
  const loadBefore = load1();
  side.server.counters.reset();
  const t0 = process.hrtime.bigint();
  let ok = true;
  let error: string | undefined;
  let changed: number | undefined;
  /** A `pulumi up`'s own command (BenchPulumi.run), without the Automation API's commands after it. */
  let command: number | undefined;
  const live = () => `${Object.values(side.server.counters.snapshot()).reduce((a, b) => a + b, 0)} requests`;
  try {
    if (side.tool === "deploy-cli") {
      const input = path.join(side.dir, "tenant.yaml");
      const args: Record<Step, string[]> = {
        first: ["import", "-i", input],
        noChange: ["import", "-i", input],
        drift: ["import", "-i", input, "--dry-run"],
        export: ["export", "-f", "yaml", "-o", path.join(side.dir, `export-${at.run}`)],
      };
      await withTicker(label, () => runDeployCli(side.server, side.dir, args[step]), live);
    } else if (step === "drift") {
      const drift = await withTicker(label, () => driftCheck(pulumi, side.stack!, tls), live);
      ok = drift.ok;
      if (!ok) error = `pulumi-tenant drift exited ${drift.status}`;
    } else if (step === "export") {
      const out = path.join(side.dir, `generated-${at.run}`);
      await withTicker(label, () => generate(side.server, out, tls), live);
    } else {
      const up = await pulumi.run(side.stack!, "up", { label, env: tls, detail: live });
      ok = up.ok;
      error = up.error?.split("\n").slice(-3).join(" ");
      changed = changedCount(up.changes);
      command = up.seconds;
    }
  } catch (caught) {
    ok = false;
    error = (caught as Error).message.split("\n").slice(0, 3).join(" ");
  }
  const elapsed = command ?? seconds(t0);
  const counts = callCounts(side.server.counters.snapshot());
  const requests = Object.entries(counts.byRoute)
    .filter(([route]) => route !== "429" && route !== "5xx")
    .reduce((sum, [, count]) => sum + count, 0);
  progress(`${label}: ${ok ? "done" : `FAILED: ${error}`} in ${elapsed.toFixed(1)} s, ${requests} requests`);
  const result: VersusMeasure = {
    ...at,
    tool: side.tool,
    step,
    seconds: elapsed,
    ok,
    requests,
    writes: counts.writes,
    changed,
    loadBefore,
    loadAfter: load1(),
    error,
  };
  return result;
}

/** One cell: both tools on fresh servers, every step, taking turns (the order alternates per run). */
async function cell(pulumi: BenchPulumi, at: { run: number; n: number; rate: number }, tools: Tool[], steps: Step[]) {
  const sides: Side[] = [];
  const measured: VersusMeasure[] = [];
  const scenario = { forms: at.n, streams: at.n, template: false };
  try {
    for (const tool of tools) {
      const server = await startTenantServer({ port: 0, tls: true, logger: false, rateLimit: at.rate });
      const dir = fs.mkdtempSync(path.join(pulumi.tmpDir, `versus-${tool}-`));
      const side: Side = { tool, server, dir };
      sides.push(side);
      if (tool === "deploy-cli") writeDeployCliInput(dir, scenario);
      else
        side.stack = await pulumi.open(tool, `versus-${tool}-${at.n}-${at.rate}-${at.run}`, {
          tenant: tenantSettings(server),
          config: scenarioConfig(scenario),
        });
    }
    const order = at.run % 2 === 1 ? sides : [...sides].reverse();
    for (const step of steps) for (const side of order) measured.push(await measure(pulumi, side, step, at));
  } finally {
    for (const side of sides) await side.server.close();
  }
  return measured;
}

/** The TypeScript first deploy's breakdown at N: checkpoints off, the engine's floor, state bytes. */
async function breakdown(pulumi: BenchPulumi, n: number) {
  const scenario = { forms: n, streams: n, template: false };
  const rows: Record<string, number | string> = {};
  for (const [name, program, env] of [
    ["TypeScript", "tenant", {}],
    ["TypeScript, no checkpoints", "tenant", { PULUMI_SKIP_CHECKPOINTS: "true" }],
    ["no-op floor", "noop", {}],
    ["no-op floor, no checkpoints", "noop", { PULUMI_SKIP_CHECKPOINTS: "true" }],
  ] as const) {
    const server = await startTenantServer({ port: 0, tls: true, logger: false, rateLimit: UNLIMITED_RATE });
    try {
      const stack = await pulumi.open(program, `versus-breakdown-${program}-${Object.keys(env).length}`, {
        tenant: tenantSettings(server),
        config: scenarioConfig(scenario),
      });
      const tls = { NODE_EXTRA_CA_CERTS: server.caCertPath!, ...env };
      const up = await pulumi.run(stack, "up", { label: `versus breakdown: ${name}, up of ${2 * n}`, env: tls });
      rows[`${name}: up, s`] = up.ok ? round(up.seconds) : `failed: ${up.error?.split("\n")[0]}`;
      if (Object.keys(env).length === 0)
        rows[`${name}: state bytes per resource`] = round(pulumi.stateFileBytes(stack) / (2 * n));
      await pulumi.run(stack, "destroy", {
        label: `versus breakdown: ${name}, destroy`,
        env: { ...tls, PULUMI_SKIP_CHECKPOINTS: "true" },
      });
    } finally {
      await server.close();
    }
  }
  return rows;
}

/** Runs the cells and adds their figures. */
export async function measureVersus(ctx: BenchContext): Promise<void> {
  const pulumi = await ctx.pulumi();
  const size = (word: string) => (/^[1-9][0-9]*$/.test(word) ? Number(word) : undefined);
  const ns = partOf("BENCH_VERSUS_NS", ctx.params.versusNs, size);
  const rates = partOf("BENCH_VERSUS_RATES", [UNLIMITED_RATE, ctx.params.refreshRate], (word) =>
    word === "inf" ? UNLIMITED_RATE : size(word),
  );
  const tools = partOf("BENCH_VERSUS_TOOLS", TOOLS, (word) => TOOLS.find((tool) => tool === word));
  const steps = partOf("BENCH_VERSUS_STEPS", STEPS, (word) => STEPS.find((step) => step === word));
  const runs = size(process.env.BENCH_VERSUS_RUNS ?? "") ?? ctx.params.versusRuns;
  const measured: VersusMeasure[] = [];
  for (let run = 1; run <= runs; run += 1)
    for (const n of ns)
      for (const rate of rates) measured.push(...(await cell(pulumi, { run, n, rate }, tools, steps)));
  ctx.report.raw.versus = { measured };
  addFigures(ctx, measured);
  if (process.env.BENCH_VERSUS_BREAKDOWN !== "0") {
    const n = Math.max(...ns);
    const rows = await breakdown(pulumi, n);
    ctx.report.raw.versusBreakdown = rows;
    for (const [label, value] of Object.entries(rows))
      ctx.report.add({
        id: `versus.breakdown.${label}`,
        section: `8 versus deploy CLI: where the first deploy of ${n}+${n} goes (R=∞)`,
        label,
        value,
        unit: "",
      });
  }
}

/** A figure per tool, cell and run; the TypeScript rows carry the issue's targets against the deploy CLI's. */
function addFigures(ctx: BenchContext, measured: VersusMeasure[]): void {
  for (const m of measured) {
    const rateWords = m.rate === UNLIMITED_RATE ? "∞" : `${m.rate}/s`;
    const versus = measured.find(
      (other) =>
        other.tool === "deploy-cli" &&
        other.run === m.run &&
        other.n === m.n &&
        other.rate === m.rate &&
        other.step === m.step,
    );
    let target: string | undefined;
    let met: boolean | undefined;
    if (m.tool !== "deploy-cli") {
      if (m.step === "first" && m.rate !== UNLIMITED_RATE) {
        const floor = (2 * m.n) / m.rate;
        target = `≤ ${(floor + 5).toFixed(0)} s (the rate's floor ${floor.toFixed(0)} s + 5)`;
        met = m.ok && m.seconds <= floor + 5;
      } else if (m.step === "noChange") {
        target = "0 writes";
        met = m.ok && m.writes === 0;
      } else if (versus?.ok && m.step !== "export") {
        target = `≤ 0.8 × deploy CLI = ${(0.8 * versus.seconds).toFixed(1)} s`;
        met = m.ok && m.seconds <= 0.8 * versus.seconds;
      }
    }
    ctx.report.add({
      id: `versus.${m.n}.${m.rate}.${m.step}.${m.tool}.${m.run}`,
      section: `8 versus deploy CLI, N=${m.n} forms + ${m.n} streams, R=${rateWords}, run ${m.run}`,
      label: `${STEP_WORDS[m.step]}: ${toolWords(m.tool)}`,
      value: m.ok ? round(m.seconds) : null,
      unit: "s",
      target,
      met,
      note: `${m.requests} requests (${m.writes} writes); load ${m.loadBefore} → ${m.loadAfter}${m.ok ? "" : `; failed: ${m.error}`}`,
    });
  }
}
