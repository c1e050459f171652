/**
 * Section 6: the engine's own options a user with a big tenant would reach for, measured on
 * the project's resources (dynamic providers, N mixed resources, the server's rate limit out
 * of the way): `--parallel` below and above the CLI's default, and the checkpoint options of
 * the file backend (`PULUMI_SKIP_CHECKPOINTS`, `PULUMI_DIY_BACKEND_GZIP`). Each variant gets
 * a fresh stack: `up`, then `destroy`, with the same option. Figures only (no target): the
 * README's Performance section says what to set.
 */
import type { BenchContext } from "../lib/context";
import { round } from "../lib/report";
import { changedCount, type OperationResult } from "../lib/stacks";
import {
  adminToken,
  createPolicy,
  mixedScenario,
  requestsSoFar,
  scenarioConfig,
  startBenchServer,
  tenantSettings,
} from "../lib/tenant";

interface Variant {
  id: string;
  words: string;
  parallel?: number;
  env?: Record<string, string>;
}

const VARIANTS: Variant[] = [
  { id: "default", words: "the CLI's defaults" },
  { id: "parallel2", words: "--parallel 2", parallel: 2 },
  { id: "parallel32", words: "--parallel 32", parallel: 32 },
  { id: "skipCheckpoints", words: "PULUMI_SKIP_CHECKPOINTS=true", env: { PULUMI_SKIP_CHECKPOINTS: "true" } },
  { id: "gzip", words: "PULUMI_DIY_BACKEND_GZIP=true", env: { PULUMI_DIY_BACKEND_GZIP: "true" } },
];

/** Runs up and destroy per variant and adds their figures beside the defaults'. */
export async function measureOptions(ctx: BenchContext): Promise<void> {
  const n = ctx.params.optionsN;
  const section = `6 engine options, N=${n}`;
  const pulumi = await ctx.pulumi();
  const server = await startBenchServer();
  const results: Record<string, { up?: OperationResult; destroy?: OperationResult; stateBytes?: number }> = {};
  try {
    const scenario = mixedScenario(n, await createPolicy(server, await adminToken(server)));
    for (const variant of VARIANTS) {
      const stack = await pulumi.open("tenant", `options-${variant.id}`, {
        tenant: tenantSettings(server),
        config: scenarioConfig(scenario),
      });
      const run = (operation: "up" | "destroy") =>
        pulumi.run(stack, operation, {
          label: `options: ${operation} of N=${n} with ${variant.words}`,
          parallel: variant.parallel,
          env: variant.env,
          detail: requestsSoFar(server),
        });
      const up = await run("up");
      const stateBytes = up.ok ? pulumi.stateFileBytes(stack) : undefined;
      results[variant.id] = { up, stateBytes, destroy: await run("destroy") };
    }
  } finally {
    await server.close();
  }
  ctx.report.raw.options = { n, results };

  const base = results.default;
  for (const variant of VARIANTS) {
    const result = results[variant.id];
    for (const operation of ["up", "destroy"] as const) {
      const measured = result?.[operation];
      const reference = base?.[operation];
      const complete = !!measured?.ok && changedCount(measured.changes) === n + 1;
      const ratio =
        variant.id !== "default" && complete && reference?.ok ? measured!.seconds / reference.seconds : undefined;
      ctx.report.add({
        id: `options.${variant.id}.${operation}.seconds`,
        section,
        label: `${operation} with ${variant.words}`,
        value: complete ? round(measured!.seconds, 1) : null,
        unit: "s",
        note: [
          ratio !== undefined ? `${ratio.toFixed(2)} × the defaults` : undefined,
          operation === "up" && result?.stateBytes !== undefined ? `state file ${result.stateBytes} B` : undefined,
          measured && !measured.ok ? `failed: ${measured.error?.split("\n")[0]}` : undefined,
        ]
          .filter(Boolean)
          .join("; "),
      });
    }
  }
}
