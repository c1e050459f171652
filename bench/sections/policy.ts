/**
 * Section 10: what the policy pack (policy/, `pulumi preview --policy-pack`) costs a preview
 * of a big stack: N forms and N event streams through the dynamic providers, the preview
 * timed without the pack and with it (its default configuration), a warm-up preview first.
 * Figures only (no target).
 */
import * as path from "node:path";
import { openStack, REPO_ROOT } from "../../scripts/lib/pulumi";
import { policyCliBin } from "../../scripts/lib/policy-cli";
import type { BenchContext } from "../lib/context";
import { progress } from "../lib/progress";
import { round } from "../lib/report";
import { programDir } from "../lib/stacks";
import { scenarioConfig, startBenchServer, tenantSettings } from "../lib/tenant";

const PACK = path.join(REPO_ROOT, "policy");

/** Previews N forms + N streams with and without the pack and reports both times and their ratio. */
export async function measurePolicy(ctx: BenchContext): Promise<void> {
  const n = ctx.params.policyN;
  const section = `10 policy pack, ${n} forms + ${n} streams`;
  const pulumi = await ctx.pulumi();
  const server = await startBenchServer();
  try {
    const stack = await openStack({
      workDir: programDir("tenant"),
      stackName: `policy-${pulumi.runId}`,
      binDir: policyCliBin(),
      place: pulumi.place,
      tenant: tenantSettings(server),
      config: scenarioConfig({ forms: n, streams: n, template: false }),
      freshConfig: true,
    });
    const time = async (label: string, policyPacks: string[]) => {
      const t0 = process.hrtime.bigint();
      const preview = await stack.preview({ policyPacks });
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      progress(`policy: ${label} ${seconds.toFixed(1)} s (${preview.changeSummary.create} to create)`);
      return seconds;
    };
    await time("warm-up preview", []);
    const without = await time("preview without the pack", []);
    const withPack = await time("preview with the pack", [PACK]);
    await stack.workspace.removeStack(stack.name, { force: true });
    ctx.report.raw.policy = { n, without, withPack };
    ctx.report.add({
      id: "policy.preview.without",
      section,
      label: "preview without the pack",
      value: round(without, 1),
      unit: "s",
    });
    ctx.report.add({
      id: "policy.preview.with",
      section,
      label: "preview with the pack",
      value: round(withPack, 1),
      unit: "s",
    });
    ctx.report.add({
      id: "policy.preview.ratio",
      section,
      label: "with / without",
      value: round(withPack / without, 2),
      unit: "×",
      note: "the pack's process start and one analysis per resource plus the stack rules",
    });
  } finally {
    await server.close();
  }
}
