/**
 * Section `moonshot`: N objects of every kind that deploys in bulk (a tenth flows, three tenths
 * forms running them, three tenths webhook streams, the rest post-login and other actions with
 * their trigger bindings: `moonshotScenario`) from a TypeScript program (the dynamic providers,
 * `tenant`) and a Python program (the resource plugin, `plugin-py`), each on a tenant server of
 * its own at R requests/s and with no limit: the first deploy (`pulumi up`), the no-change deploy
 * (the same again) and the drift check (`pulumi-tenant drift`), each against N/R + 10 s.
 *
 * Parts: `BENCH_MOONSHOT_PROGRAMS=tenant,plugin-py` (also `plugin-js`, `noop`),
 * `BENCH_MOONSHOT_RATES=10,inf`, `BENCH_MOONSHOT_STEPS=first,noChange,drift`, `BENCH_MOONSHOT_N=1000`.
 * `BENCH_MOONSHOT_SKIP_CHECKPOINTS=1` runs every step with the engine's per-step checkpoints off
 * (`PULUMI_SKIP_CHECKPOINTS`, a diagnostic: what writing the whole state after each step costs);
 * its figures are named apart (`…+skip`).
 */
import type { BenchContext } from "../lib/context";
import { progress, withTicker } from "../lib/progress";
import { round } from "../lib/report";
import { changedCount, type BenchProgram, PROGRAM_WORDS } from "../lib/stacks";
import {
  callCounts,
  moonshotScenario,
  requestsSoFar,
  scenarioConfig,
  startBenchServer,
  tenantSettings,
  UNLIMITED_RATE,
} from "../lib/tenant";
import { scenarioPlan } from "../programs/scenario";
import { driftCheck, partOf } from "./refresh";

/** The programs measured unless told otherwise, and the others the section can run. */
const PROGRAMS: BenchProgram[] = ["tenant", "plugin-py"];
const OTHER_PROGRAMS: BenchProgram[] = ["plugin-js", "noop"];
type Step = "first" | "noChange" | "drift";
const STEPS: Step[] = ["first", "noChange", "drift"];
const STEP_WORDS: Record<Step, string> = { first: "first deploy", noChange: "no-change deploy", drift: "drift check" };

/** One step's measure. */
interface Measured {
  program: BenchProgram;
  rate: number;
  step: Step;
  seconds: number;
  ok: boolean;
  requests: number;
  writes: number;
  /** The reads, by route (`GET /api/v2/…`), most first. */
  reads: string;
  changed?: number;
  error?: string;
}

/** Runs each program at each rate, every step on one stack, and adds the figures. */
export async function measureMoonshot(ctx: BenchContext): Promise<void> {
  const pulumi = await ctx.pulumi();
  const size = (word: string) => (/^[0-9]+$/.test(word) ? Number(word) : undefined);
  const programs = partOf("BENCH_MOONSHOT_PROGRAMS", PROGRAMS, (word) =>
    [...PROGRAMS, ...OTHER_PROGRAMS].find((p) => p === word),
  );
  const rates = partOf("BENCH_MOONSHOT_RATES", ctx.params.moonshotRates, (word) =>
    word === "inf" ? Infinity : size(word),
  );
  const steps = partOf("BENCH_MOONSHOT_STEPS", STEPS, (word) => STEPS.find((s) => s === word));
  const n = size(process.env.BENCH_MOONSHOT_N ?? "") ?? ctx.params.moonshotN;
  const scenario = moonshotScenario(n);
  const skip = process.env.BENCH_MOONSHOT_SKIP_CHECKPOINTS === "1";
  const env: Record<string, string> = skip ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {};
  const objects = scenarioPlan(scenario).length;
  const measured: Measured[] = [];
  for (const rate of rates)
    for (const program of programs) {
      const server = await startBenchServer(Number.isFinite(rate) ? rate : UNLIMITED_RATE);
      const rateWord = Number.isFinite(rate) ? `${rate}` : "inf";
      try {
        const stack = await pulumi.open(program, `moonshot-${program}-${rateWord}`, {
          tenant: tenantSettings(server),
          config: scenarioConfig(scenario),
          scenario,
        });
        for (const step of steps) {
          const label = `moonshot: ${PROGRAM_WORDS[program]}${skip ? " (no checkpoints)" : ""}, ${STEP_WORDS[step]} of ${objects} objects, R=${Number.isFinite(rate) ? rate : "∞"}`;
          server.counters.reset();
          let result: Pick<Measured, "seconds" | "ok" | "changed" | "error">;
          if (step === "drift") {
            const drift = await withTicker(label, () => driftCheck(pulumi, stack, env), requestsSoFar(server));
            result = { seconds: drift.seconds, ok: drift.ok, error: drift.ok ? undefined : `exit ${drift.status}` };
          } else {
            const up = await pulumi.run(stack, "up", { label, env, detail: requestsSoFar(server) });
            result = { seconds: up.seconds, ok: up.ok, changed: changedCount(up.changes), error: up.error };
          }
          const counts = callCounts(server.counters.snapshot());
          measured.push({
            program,
            rate,
            step,
            ...result,
            requests: counts.resourceRequests,
            writes: counts.writes,
            reads: Object.entries(counts.byRoute)
              .filter(([route]) => route.startsWith("GET /api/v2/"))
              .sort((a, b) => b[1] - a[1])
              .map(([route, count]) => `${route.slice(4)} ${count}`)
              .join(", "),
          });
          progress(
            `${label}: ${result.ok ? "done" : "FAILED"} in ${result.seconds.toFixed(1)} s, ${counts.resourceRequests} requests`,
          );
          if (!result.ok) break;
        }
        await pulumi.run(stack, "destroy", {
          label: `moonshot: ${PROGRAM_WORDS[program]}, destroy`,
          env: { PULUMI_SKIP_CHECKPOINTS: "true" },
        });
      } finally {
        await server.close();
      }
    }
  for (const m of measured) {
    const floor = Number.isFinite(m.rate) ? objects / m.rate : 0;
    const target = floor + 10;
    const rateWords = Number.isFinite(m.rate) ? `${m.rate}/s` : "∞";
    ctx.report.add({
      id: `moonshot.${objects}.${Number.isFinite(m.rate) ? m.rate : "inf"}.${m.step}.${m.program}${skip ? "+skip" : ""}`,
      section: `9 moonshot: ${objects} objects (${scenario.flows} flows, ${scenario.forms} forms, ${scenario.streams} streams, ${scenario.actions} actions + bindings), R=${rateWords}`,
      label: `${STEP_WORDS[m.step]}: ${PROGRAM_WORDS[m.program]}${skip ? ", checkpoints off" : ""}`,
      value: m.ok ? round(m.seconds, 1) : null,
      unit: "s",
      target: `≤ N/R + 10 = ${target.toFixed(0)} s`,
      met: m.ok && m.seconds <= target,
      note: `${m.requests} requests (${m.writes} writes${m.reads ? `; reads: ${m.reads}` : ""})${m.changed !== undefined ? `, ${m.changed} changed` : ""}; ${m.ok ? `${(m.seconds - target).toFixed(1)} s from the target` : `failed: ${(m.error ?? "").split("\n").slice(-3).join(" ").slice(0, 300)}`}`,
    });
  }
}
