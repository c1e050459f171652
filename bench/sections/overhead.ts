/**
 * Section 3: the engine overhead of the project's resources. The marginal time per
 * resource of an `up` ((t(large) − t(small)) / (large − small)) for the tenant program
 * through the dynamic providers, the same program through the resource plugin, and the
 * no-op program (the engine's own floor), interleaved in the same run with
 * the server's rate limit out of the way; the size of `__provider` per resource and of
 * the state file per resource.
 */
import type { Stack } from "@pulumi/pulumi/automation";
import type { BenchContext } from "../lib/context";
import { round } from "../lib/report";
import { PROGRAM_WORDS, type BenchProgram } from "../lib/stacks";
import {
  adminToken,
  createPolicy,
  mixedScenario,
  requestsSoFar,
  scenarioConfig,
  startBenchServer,
  tenantSettings,
} from "../lib/tenant";

/** `__provider` sizes of the resources in one exported state, by type token. */
export interface ProviderSizes {
  /** Type token → largest `__provider` string (bytes) among its resources. */
  maxBytesByType: Record<string, number>;
  /** How many resources carry a `__provider`. */
  resources: number;
}

interface Deployment {
  deployment?: { resources?: { type: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> }[] };
}

/** Reads the `__provider` sizes from `stack.exportStack()`. */
export async function providerSizes(stack: Stack): Promise<ProviderSizes> {
  const exported = (await stack.exportStack()) as unknown as Deployment;
  const maxBytesByType: Record<string, number> = {};
  let resources = 0;
  for (const resource of exported.deployment?.resources ?? []) {
    const serialized = resource.inputs?.__provider ?? resource.outputs?.__provider;
    if (typeof serialized !== "string") continue;
    resources += 1;
    maxBytesByType[resource.type] = Math.max(maxBytesByType[resource.type] ?? 0, Buffer.byteLength(serialized));
  }
  return { maxBytesByType, resources };
}

interface Sample {
  program: BenchProgram;
  n: number;
  repeat: number;
  seconds: number;
  ok: boolean;
  error?: string;
  stateBytes?: number;
}

/** Runs the interleaved ups and adds the figures. */
export async function measureOverhead(ctx: BenchContext): Promise<void> {
  const { overheadSmallN: small, overheadLargeN: large, overheadRepeats: repeats } = ctx.params;
  const section = `3 engine overhead, N=${small}→${large}`;
  const pulumi = await ctx.pulumi();
  const server = await startBenchServer();
  try {
    const policyId = await createPolicy(server, await adminToken(server));
    const samples: Sample[] = [];
    const sizes: Partial<Record<BenchProgram, ProviderSizes>> = {};
    for (let repeat = 1; repeat <= repeats; repeat++) {
      for (const n of [small, large]) {
        for (const program of ["noop", "tenant", "plugin"] as BenchProgram[]) {
          const stack =
            program === "noop"
              ? await pulumi.open("noop", `ovh-n${n}-${repeat}`, { config: scenarioConfig(mixedScenario(n)) })
              : await pulumi.open(program, `ovh-${program[0]}${n}-${repeat}`, {
                  tenant: tenantSettings(server),
                  config: scenarioConfig(mixedScenario(n, policyId)),
                });
          const up = await pulumi.run(stack, "up", {
            label: `overhead: up of ${n} ${PROGRAM_WORDS[program]} resources (${repeat}/${repeats})`,
            detail: program === "noop" ? undefined : requestsSoFar(server),
          });
          const sample: Sample = { program, n, repeat, seconds: up.seconds, ok: up.ok, error: up.error };
          if (up.ok) {
            sample.stateBytes = pulumi.stateFileBytes(stack);
            if (n === large && repeat === 1) sizes[program] = await providerSizes(stack);
          }
          samples.push(sample);
        }
      }
    }
    ctx.report.raw.overhead = { small, large, repeats, samples, sizes };
    addFigures(ctx, section, samples, sizes, small, large);
  } finally {
    await server.close();
  }
}

function addFigures(
  ctx: BenchContext,
  section: string,
  samples: Sample[],
  sizes: Partial<Record<BenchProgram, ProviderSizes>>,
  small: number,
  large: number,
): void {
  const best = (program: BenchProgram, n: number) => {
    const ok = samples.filter((s) => s.program === program && s.n === n && s.ok);
    return ok.length ? ok.reduce((a, b) => (b.seconds < a.seconds ? b : a)) : undefined;
  };
  const marginal = (program: BenchProgram) => {
    const [a, b] = [best(program, small), best(program, large)];
    return a && b ? { ms: ((b.seconds - a.seconds) / (large - small)) * 1000, a, b } : undefined;
  };
  const floor = marginal("noop");
  const project = marginal("tenant");
  const failure = samples.find((s) => !s.ok);
  ctx.report.add({
    id: "overhead.floorMsPerResource",
    section,
    label: "floor: no-op dynamic resource, marginal up time",
    value: floor ? round(floor.ms, 1) : null,
    unit: "ms/res",
    note: floor
      ? `up ${floor.a.seconds.toFixed(1)} s at N=${small}, ${floor.b.seconds.toFixed(1)} s at N=${large}`
      : failure?.error?.split("\n")[0],
  });
  ctx.report.add({
    id: "overhead.projectMsPerResource",
    section,
    label: "project resources, marginal up time",
    value: project ? round(project.ms, 1) : null,
    unit: "ms/res",
    target: floor ? `≤ 1.2 × floor = ${(1.2 * floor.ms).toFixed(1)} ms` : "≤ 1.2 × floor",
    met: !!(floor && project && project.ms <= 1.2 * floor.ms),
    note: project
      ? `up ${project.a.seconds.toFixed(1)} s at N=${small}, ${project.b.seconds.toFixed(1)} s at N=${large}`
      : failure?.error?.split("\n")[0],
  });
  if (floor && project) {
    ctx.report.add({
      id: "overhead.ratio",
      section,
      label: "project / floor",
      value: round(project.ms / floor.ms),
      unit: "×",
      target: "≤ 1.2",
      met: project.ms <= 1.2 * floor.ms,
    });
  }
  const plugin = marginal("plugin");
  ctx.report.add({
    id: "overhead.pluginMsPerResource",
    section,
    label: "the same resources through the plugin, marginal up time",
    value: plugin ? round(plugin.ms, 1) : null,
    unit: "ms/res",
    target: floor ? `≤ floor = ${floor.ms.toFixed(1)} ms` : "≤ floor",
    met: !!(floor && plugin && plugin.ms <= floor.ms),
    note: plugin
      ? `up ${plugin.a.seconds.toFixed(1)} s at N=${small}, ${plugin.b.seconds.toFixed(1)} s at N=${large}` +
        (floor ? `; ${(plugin.ms / floor.ms).toFixed(2)} × floor` : "") +
        (project ? `, ${(plugin.ms / project.ms).toFixed(2)} × dynamic` : "")
      : failure?.error?.split("\n")[0],
  });
  const tenantSizes = sizes.tenant;
  const largest = tenantSizes ? Math.max(0, ...Object.values(tenantSizes.maxBytesByType)) : undefined;
  ctx.report.add({
    id: "overhead.providerBytes",
    section,
    label: "__provider per resource (largest type)",
    value: largest ?? null,
    unit: "B",
    target: "≤ 1024 B",
    met: largest !== undefined && largest <= 1024,
    note: tenantSizes
      ? `${Object.entries(tenantSizes.maxBytesByType)
          .map(([t, b]) => `${t.split(":").pop()} ${b} B`)
          .join(
            ", ",
          )}; stored twice per resource (inputs and outputs); no-op floor ${Math.max(0, ...Object.values(sizes.noop?.maxBytesByType ?? {}))} B`
      : undefined,
  });
  const stateMarginal = (program: BenchProgram) => {
    const [a, b] = [best(program, small), best(program, large)];
    return a?.stateBytes !== undefined && b?.stateBytes !== undefined
      ? (b.stateBytes - a.stateBytes) / (large - small)
      : undefined;
  };
  const tenantState = stateMarginal("tenant");
  const noopState = stateMarginal("noop");
  const pluginState = stateMarginal("plugin");
  ctx.report.add({
    id: "overhead.stateBytesPerResource",
    section,
    label: "state file per resource (marginal)",
    value: tenantState !== undefined ? Math.round(tenantState) : null,
    unit: "B",
    target: noopState !== undefined ? `≤ 1.2 × floor = ${Math.round(1.2 * noopState)} B` : "≤ 1.2 × floor",
    met: tenantState !== undefined && noopState !== undefined && tenantState <= 1.2 * noopState,
    note:
      noopState !== undefined && tenantState !== undefined
        ? `no-op floor ${Math.round(noopState)} B per resource (the same inputs): ${(tenantState / noopState).toFixed(2)} ×`
        : undefined,
  });
  ctx.report.add({
    id: "overhead.pluginStateBytesPerResource",
    section,
    label: "state file per resource through the plugin (marginal)",
    value: pluginState !== undefined ? Math.round(pluginState) : null,
    unit: "B",
    note:
      pluginState !== undefined && tenantState !== undefined
        ? `${(pluginState / tenantState).toFixed(2)} × the dynamic providers' state` +
          (noopState !== undefined ? `, ${(pluginState / noopState).toFixed(2)} × the no-op floor's` : "")
        : undefined,
  });
}
