/**
 * `node dist/bench/probe-cpu.js [--forms=300] [--streams=300] [--rate=10|inf] [--steps=first,noChange,drift]
 * [--program=tenant|plugin-js] [--busy=0] [--skip-preview] [--typecheck] [--timeline] [--prof] [--runs=1]
 * [--env=K=V,…]`:
 * what a deploy costs in CPU, process by process and per resource, and where each resource
 * waits (bench/lib/cpu-run.ts). A diagnostic that does not need a quiet machine: CPU seconds and
 * request counts do not move with the load. One JSON line per command.
 *
 * Each run makes a stack of `forms` forms + `streams` webhook event streams on a tenant server of
 * its own limited to `rate` requests/s, runs the steps in order (`first`: `pulumi up --yes` of the
 * new stack, which previews first unless `--skip-preview`; `noChange`: the same again; `drift`:
 * `pulumi preview --refresh --expect-no-changes`), then destroys it. `--busy=N` keeps N plain busy
 * loops running beside each command; `--prof` writes CPU profiles of every Node.js process and of
 * the CLI (`--profiling`) into bench/profiles/probe-cpu-<step>-<run>/ (`node dist/bench/profile.js
 * <dir>`, `go tool pprof -top <dir>/pulumi.*.cpu`).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseScriptArgs } from "../scripts/lib/args";
import { REPO_ROOT } from "../scripts/lib/pulumi";
import { CPU_STEPS, type CpuStep, measureCpuStep } from "./lib/cpu-run";
import { BenchPulumi, type BenchProgram } from "./lib/stacks";
import { scenarioConfig, startBenchServer, tenantSettings, UNLIMITED_RATE } from "./lib/tenant";

async function main(): Promise<void> {
  const { values } = parseScriptArgs("node dist/bench/probe-cpu.js", {
    forms: { type: "string" },
    streams: { type: "string" },
    rate: { type: "string" },
    steps: { type: "string" },
    program: { type: "string" },
    busy: { type: "string" },
    runs: { type: "string" },
    "skip-preview": { type: "boolean" },
    typecheck: { type: "boolean" },
    timeline: { type: "boolean" },
    prof: { type: "boolean" },
    env: { type: "string" },
  });
  // `--env=K=V,K2=V2`: more environment for the commands (an engine setting, e.g. GOGC=400).
  const extraEnv = Object.fromEntries(
    (values.env ?? "")
      .split(",")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
  const forms = Number(values.forms ?? 300);
  const streams = Number(values.streams ?? 300);
  const rate = values.rate === "inf" ? UNLIMITED_RATE : Number(values.rate ?? 10);
  const steps = (values.steps ?? CPU_STEPS.join(",")).split(",") as CpuStep[];
  for (const step of steps)
    if (!CPU_STEPS.includes(step)) throw new Error(`unknown step ${step}: ${CPU_STEPS.join(", ")}`);
  const program = (values.program ?? "tenant") as BenchProgram;
  const runs = Number(values.runs ?? 1);
  const pulumi = BenchPulumi.create();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "probe-cpu-"));
  try {
    for (let run = 1; run <= runs; run += 1) {
      const server = await startBenchServer(rate);
      try {
        const stack = await pulumi.open(program, `probe-cpu-${run}`, {
          tenant: tenantSettings(server),
          config: scenarioConfig({ forms, streams, template: false }),
        });
        for (const step of steps) {
          const result = await measureCpuStep(pulumi, stack.name, server, {
            program,
            step,
            resources: forms + streams,
            skipPreview: values["skip-preview"],
            typecheck: values.typecheck,
            busy: Number(values.busy ?? 0),
            timeline: values.timeline,
            profileDir: values.prof ? path.join(REPO_ROOT, "bench", "profiles", `probe-cpu-${step}-${run}`) : undefined,
            workDir: work,
            env: extraEnv,
          });
          console.log(JSON.stringify({ run, rate: values.rate ?? "10", ...result }));
        }
        await pulumi.run(stack, "destroy", {
          label: `probe-cpu: destroy of run ${run}`,
          env: { PULUMI_SKIP_CHECKPOINTS: "true" },
        });
      } finally {
        await server.close();
      }
    }
  } finally {
    await pulumi.dispose();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
