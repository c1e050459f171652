/**
 * `npm run bench -- [--quick] [--only=cpu,calls,ratelimit,overhead,throughput,scale,options,generate,refresh,versus,policy]
 * [--cpu-prof] [--skip-checkpoints] [--no-history]`:
 * measures the CPU a deploy costs per resource, API calls per phase, rate-limit efficiency, engine
 * overhead, server throughput and scale against an in-process tenant server on loopback, prints one
 * table (stdout; progress goes to stderr) and each figure's change against the last recorded run
 * (bench/history.jsonl, a loss over 10 % flagged), records this run there (unless `--no-history`),
 * and writes bench/results.json (bench/results-quick.json in quick mode). See bench/README.md for
 * what each figure means.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../scripts/lib/pulumi";
import { renderProfiles, summariseProfiles } from "./lib/cpuprofile";
import { PARAMETERS, type BenchContext } from "./lib/context";
import { progress } from "./lib/progress";
import {
  appendHistory,
  commitLabel,
  compareWithHistory,
  historyEntry,
  readHistory,
  renderChanges,
  sourceState,
} from "./lib/history";
import { machineInfo, renderTable, Report, writeResults } from "./lib/report";
import { BenchPulumi } from "./lib/stacks";
import { measureCalls } from "./sections/calls";
import { measureCpu } from "./sections/cpu";
import { measureGenerate } from "./sections/generate";
import { measureJourneys } from "./sections/journeys";
import { measureMoonshot } from "./sections/moonshot";
import { measureOptions } from "./sections/options";
import { measureOverhead } from "./sections/overhead";
import { measurePolicy } from "./sections/policy";
import { measureRateLimit } from "./sections/ratelimit";
import { measureRefresh } from "./sections/refresh";
import { measureScale } from "./sections/scale";
import { measureThroughput } from "./sections/throughput";
import { measureVersus } from "./sections/versus";
import { parseScriptArgs } from "../scripts/lib/args";

const SECTIONS: Record<string, (ctx: BenchContext) => Promise<void>> = {
  cpu: measureCpu,
  calls: measureCalls,
  ratelimit: measureRateLimit,
  overhead: measureOverhead,
  throughput: measureThroughput,
  scale: measureScale,
  options: measureOptions,
  generate: measureGenerate,
  refresh: measureRefresh,
  versus: measureVersus,
  policy: measurePolicy,
  moonshot: measureMoonshot,
  journeys: measureJourneys,
};

const USAGE = `usage: npm run bench -- [--quick] [--only=${Object.keys(SECTIONS).join(",")}] [--cpu-prof] [--skip-checkpoints] [--no-history]`;

/** The file of every recorded run's figures. */
const HISTORY = path.join(REPO_ROOT, "bench", "history.jsonl");

function parseArgs(argv: string[]): {
  quick: boolean;
  only: string[];
  cpuProf: boolean;
  skipCheckpoints: boolean;
  record: boolean;
} {
  const { values } = parseScriptArgs(
    "npm run bench",
    {
      quick: { type: "boolean" },
      only: { type: "string" },
      "cpu-prof": { type: "boolean" },
      "skip-checkpoints": { type: "boolean" },
      "no-history": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    { argv },
  );
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const quick = values.quick ?? false;
  const cpuProf = values["cpu-prof"] ?? false;
  const skipCheckpoints = values["skip-checkpoints"] ?? false;
  const only = values.only === undefined ? Object.keys(SECTIONS) : values.only.split(",").filter(Boolean);
  const unknown = only.filter((s) => !SECTIONS[s]);
  if (unknown.length) throw new Error(`unknown section(s) ${unknown.join(", ")}\n${USAGE}`);
  return { quick, only, cpuProf, skipCheckpoints, record: !values["no-history"] };
}

async function main(): Promise<void> {
  const { quick, only, cpuProf, skipCheckpoints, record } = parseArgs(process.argv.slice(2));
  const mode = quick ? "quick" : "full";
  const params = PARAMETERS[mode];
  const report = new Report();
  const startedAt = new Date().toISOString();
  const loadAtStart = os.loadavg().map((l) => Math.round(l * 100) / 100);
  let pulumi: BenchPulumi | undefined;
  const profileRoot = path.join(REPO_ROOT, "bench", "profiles", startedAt.replace(/[:.]/g, "-"));
  const ctx: BenchContext = {
    params,
    report,
    profileRoot: cpuProf ? profileRoot : undefined,
    pulumi: async () => {
      if (!pulumi) {
        pulumi = BenchPulumi.create();
        if (cpuProf) pulumi.profileRoot = profileRoot;
        // Diagnostic: the engine then writes the state once at the end instead of after every step.
        if (skipCheckpoints) pulumi.extraEnv.PULUMI_SKIP_CHECKPOINTS = "true";
      }
      return pulumi;
    },
  };
  if (cpuProf)
    progress(`CPU profiles of every Node.js process go to ${profileRoot} (figures are slower under profiling)`);
  progress(`${mode} run of ${only.join(", ")}`);
  // What was built and measured: the state at the start (a later edit is not in the build).
  const source = sourceState(REPO_ROOT);
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
  const partial = only.length < Object.keys(SECTIONS).length || skipCheckpoints;
  const file = path.join(REPO_ROOT, "bench", `results${quick ? "-quick" : ""}${partial ? "-partial" : ""}.json`);
  writeResults(file, {
    mode,
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: { ...machineInfo(pulumiVersion), loadAverageAtStart: loadAtStart },
    source,
    parameters: { ...params, sections: only, skipCheckpoints },
    report,
  });
  console.log(renderTable(report.figures));
  // Against the last recorded run, then this run recorded (a diagnostic or profiled run is not comparable).
  const load: [number, number] = [loadAtStart[0], Math.round(os.loadavg()[0] * 100) / 100];
  // Like with like: the last run on the same engine and Node.js major version.
  const setup = { engine: pulumiVersion, node: process.version };
  console.log(`\n${renderChanges(compareWithHistory(report.figures, readHistory(HISTORY), mode, setup), load)}`);
  if (record && !skipCheckpoints && !cpuProf) {
    appendHistory(
      HISTORY,
      historyEntry({ startedAt, commit: commitLabel(source), mode, sections: only, load, ...setup }, report.figures),
    );
    progress(`figures recorded in ${path.relative(process.cwd(), HISTORY) || HISTORY}`);
  }
  if (cpuProf && fs.existsSync(profileRoot)) {
    for (const dir of fs.readdirSync(profileRoot)) {
      const summaries = summariseProfiles(path.join(profileRoot, dir), 8).filter(
        (p) => p.kind !== "launcher" && p.busyMs >= 50,
      );
      fs.writeFileSync(path.join(profileRoot, dir, "summary.txt"), `${renderProfiles(summaries)}\n`);
    }
    progress(`profile summaries: ${profileRoot}/*/summary.txt`);
  }
  progress(`results written to ${path.relative(process.cwd(), file) || file}`);
  if (report.errors.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
});
