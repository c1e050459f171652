/**
 * Probe: where a first deploy's time goes. `node dist/bench/probe-deploy.js --forms=300 --streams=300
 * --variants=default,default+skip,default+plain,default+gzip,noop,plugin [--rate=10] [--keep]`: a fresh stack
 * per variant (`default`/`noop`/`plugin`: the dynamic providers, the engine's floor, the plugin compiled ahead;
 * `+skip`: PULUMI_SKIP_CHECKPOINTS, `+gzip`/`+zstd`: compressed state, `+plain`: a plain file:// backend URL;
 * `#N` only names a repeat) on a tenant server of its own, `up` then `destroy` (without checkpoints), printing
 * one JSON line per variant (wall time, state bytes, requests, load average). `--keep` keeps the temporary
 * folder and writes each stack's state to /tmp/probe-state-<variant>.json.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseScriptArgs } from "../scripts/lib/args";
import { BenchPulumi, type BenchProgram } from "./lib/stacks";
import { scenarioConfig, startBenchServer, tenantSettings, UNLIMITED_RATE, watchWrites } from "./lib/tenant";

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
      const [base, ...flags] = variant.replace(/#\d+$/, "").split("+");
      const program: BenchProgram = base === "noop" ? "noop" : base === "plugin" ? "plugin-js" : "tenant";
      const env: Record<string, string> = {};
      if (flags.includes("skip")) env.PULUMI_SKIP_CHECKPOINTS = "true";
      if (flags.includes("gzip")) env.PULUMI_DIY_BACKEND_GZIP = "true";
      if (flags.includes("zstd")) env.PULUMI_DIY_BACKEND_ZSTD = "true";
      // The file backend's URL: the project's (`?metadata=skip`, scripts/lib/pulumi.ts) or a plain one (`+plain`).
      if (flags.includes("prof")) {
        // CPU profiles of every Node.js process (program, provider) into bench/profiles/probe-deploy-<variant>.
        env.NODE_OPTIONS = `--require ${path.join(__dirname, "cpu-prof-preload.js")}`;
        env.BENCH_CPU_PROF_DIR = path.join(__dirname, "..", "..", "bench", "profiles", `probe-deploy-${variant}`);
      }
      if (flags.includes("plain")) env.PULUMI_BACKEND_URL = `file://${pulumi.place.stateDir}`;
      const server = await startBenchServer(rate);
      try {
        const stack = await pulumi.open(program, `probe-${variant.replace(/[^A-Za-z0-9]+/g, "-")}`, {
          tenant: tenantSettings(server),
          config: scenarioConfig({ forms, streams, template: false }),
        });
        const load0 = os.loadavg()[0];
        server.counters.reset();
        const writes = watchWrites(server);
        const up = await pulumi.run(stack, "up", { label: `${variant}: up`, env });
        const timeline = writes.stop();
        const requests = Object.values(server.counters.snapshot()).reduce((a, b) => a + b, 0);
        const load1 = os.loadavg()[0];
        let stateBytes = 0;
        try {
          stateBytes = pulumi.stateFileBytes(stack);
        } catch {
          /* none */
        }
        if (values.keep)
          fs.writeFileSync(`/tmp/probe-state-${variant}.json`, JSON.stringify(await stack.exportStack(), null, 1));
        const destroy = await pulumi.run(stack, "destroy", {
          label: `${variant}: destroy`,
          env: { ...env, PULUMI_SKIP_CHECKPOINTS: "true" },
        });
        console.log(
          JSON.stringify({
            variant,
            up: Math.round(up.seconds * 10) / 10,
            upApi: Math.round(up.apiSeconds * 10) / 10,
            ok: up.ok,
            error: up.error?.slice(0, 300),
            changes: up.changes,
            requests,
            tooManyRequests: server.counters.snapshot()["429"] ?? 0,
            firstWriteAt: timeline.firstWriteAt,
            lastWriteAt: timeline.lastWriteAt,
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
