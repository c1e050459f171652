/**
 * Section 5: scale. up, a no-op preview, refresh and destroy of N mixed resources (server
 * rate limit out of the way), through the dynamic providers, beside the engine's floor (the
 * same resources as no-op dynamic resources, bench/programs/noop) and the resource plugin
 * (bench/programs/plugin) at the same N; each step's wall time, the project's against the
 * floor's (target ≤ 1.3 ×), and the provider process's peak memory.
 */
import type { BenchContext } from "../lib/context";
import { round } from "../lib/report";
import { changedCount, PROGRAM_WORDS, type BenchProgram, type Operation, type OperationResult } from "../lib/stacks";
import {
  adminToken,
  callCounts,
  createPolicy,
  mixedScenario,
  requestsSoFar,
  scenarioConfig,
  startBenchServer,
  tenantSettings,
} from "../lib/tenant";

/** The steps, in order, and what each must change to count as complete. */
const STEPS: { operation: Operation; label: string; changed: (n: number) => number }[] = [
  { operation: "up", label: "up", changed: (n) => n + 1 }, // + the stack resource
  { operation: "preview", label: "no-op preview", changed: () => 0 },
  { operation: "refresh", label: "refresh", changed: () => 0 },
  { operation: "destroy", label: "destroy", changed: (n) => n + 1 },
];

const PROGRAMS: BenchProgram[] = ["noop", "tenant", "plugin"];

/** Runs the steps for each program and adds their figures. */
export async function measureScale(ctx: BenchContext): Promise<void> {
  const n = ctx.params.scaleN;
  const section = `5 scale, N=${n}`;
  const pulumi = await ctx.pulumi();
  const server = await startBenchServer();
  const results: Partial<Record<BenchProgram, Partial<Record<Operation, OperationResult>>>> = {};
  const raw: unknown[] = [];
  try {
    const policyId = await createPolicy(server, await adminToken(server));
    for (const program of PROGRAMS) {
      // The floor has no lookup: it declares the same resources only.
      const scenario = mixedScenario(n, program === "noop" ? undefined : policyId);
      const stack = await pulumi.open(program, `scale-${program}`, {
        ...(program === "noop" ? {} : { tenant: tenantSettings(server) }),
        config: scenarioConfig(scenario),
      });
      results[program] = {};
      for (const step of STEPS) {
        server.counters.reset();
        const result = await pulumi.run(stack, step.operation, {
          label: `scale: ${step.label} of N=${n} ${PROGRAM_WORDS[program]} resources`,
          detail: program === "noop" ? undefined : requestsSoFar(server),
        });
        results[program]![step.operation] = result;
        raw.push({ program, operation: step.operation, result, counts: callCounts(server.counters.snapshot()) });
        if (!result.ok) break;
      }
    }
  } finally {
    await server.close();
  }
  ctx.report.raw.scale = { n, operations: raw };

  for (const step of STEPS) {
    const floor = results.noop?.[step.operation];
    const project = results.tenant?.[step.operation];
    const plugin = results.plugin?.[step.operation];
    const complete = (result: OperationResult | undefined) =>
      !!result?.ok && changedCount(result.changes) === step.changed(n);
    const ratio = floor?.ok && project?.ok ? project.seconds / floor.seconds : undefined;
    ctx.report.add({
      id: `scale.${step.operation}.seconds`,
      section,
      label: `${step.label}: wall time (dynamic providers)`,
      value: project ? round(project.seconds, 1) : null,
      unit: "s",
      target: floor?.ok ? `≤ 1.3 × floor = ${(1.3 * floor.seconds).toFixed(1)} s` : "≤ 1.3 × floor",
      met: complete(project) && ratio !== undefined && ratio <= 1.3,
      note: [
        floor ? `floor ${floor.ok ? `${floor.seconds.toFixed(1)} s` : "failed"}` : undefined,
        ratio !== undefined ? `${ratio.toFixed(2)} × floor` : undefined,
        plugin ? `plugin ${plugin.ok ? `${plugin.seconds.toFixed(1)} s` : "failed"}` : undefined,
        project && !project.ok ? `failed: ${project.error?.split("\n")[0]}` : undefined,
        project?.ok && !complete(project)
          ? `changed ${changedCount(project.changes)}, expected ${step.changed(n)}`
          : undefined,
      ]
        .filter(Boolean)
        .join("; "),
    });
    if (step.operation === "preview") continue;
    ctx.report.add({
      id: `scale.${step.operation}.providerPeakRss`,
      section,
      label: `${step.label}: provider process peak RSS (dynamic / plugin)`,
      value: project?.provider.peakRssBytes ? round(project.provider.peakRssBytes / 2 ** 20, 0) : null,
      unit: "MB",
      note: plugin?.provider.peakRssBytes ? `plugin ${round(plugin.provider.peakRssBytes / 2 ** 20, 0)} MB` : undefined,
    });
  }
}
