/**
 * Probe: where a first deploy's time goes. `node dist/bench/probe-deploy.js --forms=300 --streams=300
 * --variants=default,skip,gzip,noop [--rate=10] [--keep]`: a fresh stack per variant on a tenant server of
 * its own, `up` then `destroy`, printing one JSON line per variant (wall time, state bytes, requests).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import { parseScriptArgs } from "../scripts/lib/args";
import { BenchPulumi, type BenchProgram } from "./lib/stacks";
import { scenarioConfig, startBenchServer, tenantSettings, UNLIMITED_RATE } from "./lib/tenant";

async function main(): Promise<void> {
  const { values } = parseScriptArgs(
    "probe-deploy",
    {
      forms: { type: "string" },
      streams: { type: "string" },
      variants: { type: "string" },
      rate: { type: "string" },
      keep: { type: "boolean" },
    },
    { argv: process.argv.slice(2) },
  );
  const forms = Number(values.forms ?? 300);
  const streams = Number(values.streams ?? 300);
  const rate = Number(values.rate ?? UNLIMITED_RATE);
  const variants = (values.variants ?? "default").split(",");
  const pulumi = BenchPulumi.create();
  try {
    for (const variant of variants) {
      const [base, ...flags] = variant.split("+");
      const program: BenchProgram = base === "noop" ? "noop" : base === "plugin" ? "plugin-js" : "tenant";
      const env: Record<string, string> = {};
      if (flags.includes("skip")) env.PULUMI_SKIP_CHECKPOINTS = "true";
      if (flags.includes("gzip")) env.PULUMI_DIY_BACKEND_GZIP = "true";
      const server = await startBenchServer(rate);
      try {
        const stack = await pulumi.open(program, `probe-${variant.replace(/\+/g, "-")}`, {
          tenant: tenantSettings(server),
          config: scenarioConfig({ forms, streams, template: false }),
        });
        const load0 = os.loadavg()[0];
        server.counters.reset();
        const up = await pulumi.run(stack, "up", { label: `${variant}: up`, env });
        const requests = Object.values(server.counters.snapshot()).reduce((a, b) => a + b, 0);
        const load1 = os.loadavg()[0];
        let stateBytes = 0;
        try {
          stateBytes = pulumi.stateFileBytes(stack);
        } catch {
          /* none */
        }
        if (values.keep) fs.writeFileSync(`/tmp/probe-state-${variant}.json`, JSON.stringify(await stack.exportStack(), null, 1));
        const destroy = await pulumi.run(stack, "destroy", { label: `${variant}: destroy`, env });
        console.log(
          JSON.stringify({
            variant,
            up: Math.round(up.seconds * 10) / 10,
            ok: up.ok,
            error: up.error?.slice(0, 300),
            changes: up.changes,
            requests,
            stateBytes,
            destroy: Math.round(destroy.seconds * 10) / 10,
            load: [load0, load1].map((l) => Math.round(l * 10) / 10),
            providerCpu: up.provider,
          }),
        );
      } finally {
        await server.close();
      }
    }
  } finally {
    if (!values.keep) await pulumi.dispose();
    else console.error(`kept ${pulumi.tmpDir}`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
