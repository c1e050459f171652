/**
 * Section 5: scale. up, refresh and destroy of N mixed resources (server rate limit out
 * of the way) complete; the provider process's peak memory during each.
 */
import type { BenchContext } from "../lib/context";
import { round } from "../lib/report";
import { changedCount, type Operation } from "../lib/stacks";
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

/** Runs the three operations and adds their figures. */
export async function measureScale(ctx: BenchContext): Promise<void> {
  const n = ctx.params.scaleN;
  const section = `5 scale, N=${n}`;
  const pulumi = await ctx.pulumi();
  const server = await startBenchServer();
  try {
    const policyId = await createPolicy(server, await adminToken(server));
    const stack = await pulumi.open("tenant", "scale", {
      tenant: tenantSettings(server),
      config: scenarioConfig(mixedScenario(n, policyId)),
    });
    const raw: unknown[] = [];
    for (const operation of ["up", "refresh", "destroy"] as Operation[]) {
      server.counters.reset();
      const result = await pulumi.run(stack, operation, {
        label: `scale: ${operation} of N=${n}`,
        detail: requestsSoFar(server),
      });
      const counts = callCounts(server.counters.snapshot());
      raw.push({ operation, result, counts });
      const expected = operation === "refresh" ? 0 : n + 1; // up and destroy also create/delete the stack resource
      const done = operation === "refresh" ? result.ok : result.ok && changedCount(result.changes) === expected;
      ctx.report.add({
        id: `scale.${operation}.seconds`,
        section,
        label: `${operation}: completes, wall time`,
        value: round(result.seconds, 1),
        unit: "s",
        target: "completes",
        met: done,
        note: result.ok
          ? `${counts.resourceRequests} resource requests, ${result.provider.pids.length} provider process(es)`
          : `failed: ${result.error?.split("\n")[0]}`,
      });
      ctx.report.add({
        id: `scale.${operation}.providerPeakRss`,
        section,
        label: `${operation}: provider process peak RSS`,
        value: result.provider.peakRssBytes ? round(result.provider.peakRssBytes / 2 ** 20, 0) : null,
        unit: "MB",
        note: result.provider.pids.length
          ? result.provider.programPeakRssBytes
            ? `the program process (up only): ${round(result.provider.programPeakRssBytes / 2 ** 20, 0)} MB`
            : undefined
          : "no provider process was seen",
      });
    }
    ctx.report.raw.scale = { n, operations: raw };
  } finally {
    await server.close();
  }
}
