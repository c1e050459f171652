/**
 * `npm run bench [-- --quick] [-- --only=calls,ratelimit,overhead,throughput,scale]`:
 * measures API calls per phase, rate-limit efficiency, engine overhead, server throughput
 * and scale against an in-process tenant server on loopback, prints one table (stdout;
 * progress goes to stderr) and writes bench/results.json (bench/results-quick.json in
 * quick mode). See bench/README.md for what each figure means.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { REPO_ROOT } from "../scripts/lib/pulumi";
import { PARAMETERS, type BenchContext } from "./lib/context";
import { progress } from "./lib/progress";
import { machineInfo, renderTable, Report, writeResults } from "./lib/report";
import { BenchPulumi } from "./lib/stacks";
import { measureCalls } from "./sections/calls";
import { measureOverhead } from "./sections/overhead";
import { measureRateLimit } from "./sections/ratelimit";
import { measureScale } from "./sections/scale";
import { measureThroughput } from "./sections/throughput";

const SECTIONS: Record<string, (ctx: BenchContext) => Promise<void>> = {
  calls: measureCalls,
  ratelimit: measureRateLimit,
  overhead: measureOverhead,
  throughput: measureThroughput,
  scale: measureScale,
};

const USAGE = `usage: npm run bench [-- --quick] [-- --only=${Object.keys(SECTIONS).join(",")}]`;

function parseArgs(argv: string[]): { quick: boolean; only: string[] } {
  let quick = false;
  let only = Object.keys(SECTIONS);
  for (const arg of argv) {
    if (arg === "--quick") quick = true;
    else if (arg.startsWith("--only=")) only = arg.slice("--only=".length).split(",").filter(Boolean);
    else if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  const unknown = only.filter((s) => !SECTIONS[s]);
  if (unknown.length) throw new Error(`unknown section(s) ${unknown.join(", ")}\n${USAGE}`);
  return { quick, only };
}

async function main(): Promise<void> {
  const { quick, only } = parseArgs(process.argv.slice(2));
  const mode = quick ? "quick" : "full";
  const params = PARAMETERS[mode];
  const report = new Report();
  const startedAt = new Date().toISOString();
  let pulumi: BenchPulumi | undefined;
  const ctx: BenchContext = {
    params, report,
    pulumi: async () => (pulumi ??= BenchPulumi.create()),
  };
  progress(`${mode} run of ${only.join(", ")}`);
  try {
    for (const name of only) {
      progress(`section ${name}`);
      try {
        await SECTIONS[name](ctx);
      } catch (error) {
        progress(`section ${name} failed: ${(error as Error).message.split("\n")[0]}`);
        report.fail(name, error);
      }
    }
  } finally {
    await pulumi?.dispose();
  }
  let pulumiVersion: string | undefined;
  if (pulumi) {
    try {
      pulumiVersion = execFileSync(path.join(pulumi.binDir, "pulumi"), ["version"], { encoding: "utf8" }).trim();
    } catch {
      pulumiVersion = undefined;
    }
  }
  const partial = only.length < Object.keys(SECTIONS).length;
  const file = path.join(REPO_ROOT, "bench", `results${quick ? "-quick" : ""}${partial ? "-partial" : ""}.json`);
  writeResults(file, { mode, startedAt, finishedAt: new Date().toISOString(), machine: machineInfo(pulumiVersion), parameters: { ...params, sections: only }, report });
  console.log(renderTable(report.figures));
  progress(`results written to ${path.relative(process.cwd(), file) || file}`);
  if (report.errors.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
});
