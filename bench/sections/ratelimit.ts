/**
 * Section 2: rate-limit efficiency. `up` of N mixed resources with the server limited
 * to R requests/s per client; compared with N/R plus the engine's start-up (the `up` of
 * an empty stack).
 */
import type { BenchContext } from "../lib/context";
import { round } from "../lib/report";
import {
  adminToken,
  callCounts,
  createPolicy,
  mixedScenario,
  requestsSoFar,
  scenarioConfig,
  startBenchServer,
  tenantSettings,
  UNLIMITED_RATE,
  watchWrites,
} from "../lib/tenant";

/** Runs the empty-stack and rate-limited ups and adds their figures. */
export async function measureRateLimit(ctx: BenchContext): Promise<void> {
  const { rateLimitN: n, rateLimitR: r } = ctx.params;
  const section = `2 rate limit, N=${n} R=${r}/s`;
  const pulumi = await ctx.pulumi();
  const server = await startBenchServer();
  try {
    const policyId = await createPolicy(server, await adminToken(server));

    // The engine's start-up: an up of a stack with no resources (first up and a repeat; the faster counts).
    const empty = await pulumi.open("tenant", "rl-empty", {
      tenant: tenantSettings(server),
      config: scenarioConfig(mixedScenario(0)),
    });
    const emptyRuns = [
      await pulumi.run(empty, "up", { label: "rate limit: up of an empty stack" }),
      await pulumi.run(empty, "up", { label: "rate limit: up of an empty stack, again" }),
    ];
    if (!emptyRuns.every((run) => run.ok))
      throw new Error(`the empty stack's up failed: ${emptyRuns.find((run) => !run.ok)?.error}`);
    const startup = Math.min(...emptyRuns.map((run) => run.seconds));

    const scenario = mixedScenario(n, policyId);
    const stack = await pulumi.open("tenant", "rl", {
      tenant: tenantSettings(server),
      config: scenarioConfig(scenario),
    });
    server.setRateLimit(r);
    server.counters.reset();
    const writes = watchWrites(server);
    const up = await pulumi.run(stack, "up", {
      label: `rate limit: up of N=${n} at ${r} req/s`,
      countFailures: true,
      detail: requestsSoFar(server),
    });
    const timeline = writes.stop();
    const counts = callCounts(server.counters.snapshot());
    server.setRateLimit(UNLIMITED_RATE);

    const budget = 1.15 * (n / r) + startup;
    const created = up.changes.create ?? 0;
    const failed = up.ok ? up.failedOperations : Math.max(up.failedOperations, n - Math.max(0, created - 1));
    const apiRequests = counts.resourceRequests + counts.lookupGets;
    ctx.report.raw.rateLimit = { n, r, startupRuns: emptyRuns, startup, up, counts, budget, timeline };
    ctx.report.add({
      id: "rateLimit.startup",
      section,
      label: "engine start-up (up of an empty stack)",
      value: round(startup),
      unit: "s",
      note: "includes CLI and program start; no provider process is started for an empty stack",
    });
    ctx.report.add({
      id: "rateLimit.wall",
      section,
      label: "up wall time",
      value: round(up.seconds),
      unit: "s",
      target: `≤ 1.15×N/R + start-up = ${budget.toFixed(1)} s`,
      met: up.ok && up.seconds <= budget,
      note: up.ok
        ? `${round(up.seconds - startup)} s beyond start-up for ${n / r} s of rate`
        : `failed: ${up.error?.split("\n")[0]}`,
    });
    ctx.report.add({
      id: "rateLimit.failedOperations",
      section,
      label: "failed operations",
      value: failed,
      unit: "",
      target: "= 0",
      met: up.ok && failed === 0,
    });
    ctx.report.add({
      id: "rateLimit.tooManyRequests",
      section,
      label: "429 responses provoked",
      value: counts.tooManyRequests,
      unit: "",
      note: `${apiRequests} API requests sent for ${n} creates + 1 lookup (each 429 is a request sent again)`,
    });
    // The creates' window against the least the rate allows: all but the bucket's first R requests wait for tokens.
    const ideal = Math.max(0, apiRequests - counts.tooManyRequests - r) / r;
    const window =
      timeline.firstWriteAt !== undefined && timeline.lastWriteAt !== undefined
        ? timeline.lastWriteAt - timeline.firstWriteAt
        : undefined;
    ctx.report.add({
      id: "rateLimit.createWindow",
      section,
      label: "first to last create (server side)",
      value: window !== undefined ? round(window) : null,
      unit: "s",
      note:
        `the rate allows ${ideal.toFixed(1)} s at best (the bucket's burst of ${r} is free); the up spent ${timeline.firstWriteAt?.toFixed(1)} s before the first create ` +
        `and ${timeline.lastWriteAt !== undefined ? (up.seconds - timeline.lastWriteAt).toFixed(1) : "?"} s after the last (the empty stack's whole up: ${startup.toFixed(1)} s)`,
    });
  } finally {
    await server.close();
  }
}
