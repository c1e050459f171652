/**
 * `node dist/bench/probe-refresh.js [--n=1000] [--variants=js,ts] [--rate=100000] [--repeat=1] [--parallel=P]`:
 * where the wall time of the plugin's `pulumi preview --refresh --expect-no-changes` goes.
 * Makes a stack of N mixed plugin resources (bench/programs/plugin) on a tenant of its own,
 * then times the CLI's preview --refresh of it once per variant of the program's set-up
 * (`ts`: bench/programs/plugin through ts-node; `js`: compiled ahead, bench/programs/plugin-js;
 * `js-nomap`: the same compiled without source maps; `yaml`: the same stack from a YAML program,
 * bench/lib/programs.ts `writePluginYaml`, no Node.js program process; `go`: the same from Go
 * (bench/programs/plugin-go, built ahead); a variant may add `+pN`, `--parallel N`;
 * `+check`, `PULUMI_NODEJS_TRANSPILE_ONLY=false` (ts-node type-checks, its default without the variable);
 * `+nots`, a preload that drops `PULUMI_NODEJS_TYPESCRIPT` before the language runtime reads it:
 * what `typescript: false` does (the `js` variant's project sets it, so `js+nots` equals `js`);
 * `+log`, the engine's log (`-v=7 --logflow`) to bench/profiles/probe-<variant>.log;
 * and `+prof`, CPU profiles of every Node.js process under bench/profiles/probe-<variant>, which
 * `node dist/bench/profile.js` summarises), with, per run: the CLI's
 * wall and CPU time (its own and its children's, from /usr/bin/time), each Node.js process's
 * span and CPU (bench/timing-preload.ts), the plugin's RPCs (calls, span, the sum of their
 * times, most in flight at once: PULUMI_TENANT_PLUGIN_TIMING) and the requests the tenant
 * server counted. Prints JSON lines and a summary; a diagnostic, not a figure of the table.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { TIMING_ENV } from "../provider/plugin/timing";
import { pulumiEnv, REPO_ROOT } from "../scripts/lib/pulumi";
import { compilePluginJs, writePluginGo, writePluginYaml } from "./lib/programs";
import { BenchPulumi, programDir, type BenchProgram } from "./lib/stacks";
import {
  callCounts,
  mixedScenario,
  scenarioConfig,
  startBenchServer,
  tenantSettings,
  UNLIMITED_RATE,
} from "./lib/tenant";
import { parseScriptArgs } from "../scripts/lib/args";
import { readLines } from "./lib/json-lines";

const { values: flags } = parseScriptArgs("node dist/bench/probe-refresh.js", {
  n: { type: "string" },
  variants: { type: "string" },
  rate: { type: "string" },
  repeat: { type: "string" },
  parallel: { type: "string" },
});

function arg(name: keyof typeof flags, fallback: string): string {
  return flags[name] ?? fallback;
}

interface ProcessLine {
  script: string;
  args: string;
  pid: number;
  startedAt: number;
  endedAt: number;
  cpuMs: number;
  typescript?: string;
}
interface MethodLine {
  pid: number;
  method: string;
  calls: number;
  first: number;
  last: number;
  busyMs: number;
  maxInFlight: number;
}

async function main() {
  const n = Number(arg("n", "1000"));
  const variants = arg("variants", "js,ts").split(",");
  const rate = Number(arg("rate", String(UNLIMITED_RATE)));
  const repeat = Number(arg("repeat", "1"));
  const parallel = arg("parallel", "");
  const programs: Record<string, BenchProgram> = {
    ts: "plugin",
    js: "plugin-js",
    "js-nomap": "plugin-js",
    yaml: "plugin-js",
    go: "plugin-js",
  };
  for (const variant of variants) {
    const base = variant.split("+")[0];
    if (!programs[base]) throw new Error(`unknown variant ${variant}: ${Object.keys(programs).join(", ")}`);
  }
  compilePluginJs();
  let compiledWithMaps = true;
  const pulumi = BenchPulumi.create();
  const server = await startBenchServer();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "probe-refresh-"));
  // The `yaml` variant: the same stack from a YAML program (bench/lib/programs.ts).
  const yamlDir = path.join(work, "yaml");
  if (variants.some((variant) => variant.startsWith("yaml"))) writePluginYaml(yamlDir, mixedScenario(n));
  const goDir = path.join(work, "go");
  if (variants.some((variant) => variant.startsWith("go"))) writePluginGo(goDir, mixedScenario(n));
  const noTypeScript = path.join(work, "no-typescript.js");
  fs.writeFileSync(noTypeScript, "delete process.env.PULUMI_NODEJS_TYPESCRIPT;\n");
  // `+nosmap`: V8's own stack formatting; the SDK's source-map-support cannot install its own.
  const noSourceMapSupport = path.join(work, "no-source-map-support.js");
  fs.writeFileSync(
    noSourceMapSupport,
    'Object.defineProperty(Error, "prepareStackTrace", { get: () => undefined, set: () => undefined });\n',
  );
  try {
    const stack = await pulumi.open("plugin-js", `probe-${n}`, {
      tenant: tenantSettings(server),
      config: scenarioConfig(mixedScenario(n)),
    });
    const up = await pulumi.run(stack, "up", { label: `probe: up of N=${n}` });
    if (!up.ok) throw new Error(`up failed: ${up.error}`);
    server.setRateLimit(rate);
    for (let round = 0; round < repeat; round++) {
      for (const variant of variants) {
        const [base, ...modifiers] = variant.split("+");
        const profile = modifiers.includes("prof")
          ? path.join(REPO_ROOT, "bench", "profiles", `probe-${variant.replace(/\+/g, "-")}`)
          : undefined;
        const parallelN = modifiers.find((m) => /^p[0-9]+$/.test(m))?.slice(1) ?? parallel;
        // Both folders hold the same project (one stack in the backend); each has its stack config file.
        const dir = base === "yaml" ? yamlDir : base === "go" ? goDir : programDir(programs[base]);
        const config = `Pulumi.${stack.name}.yaml`;
        if (dir !== programDir("plugin-js"))
          fs.copyFileSync(path.join(programDir("plugin-js"), config), path.join(dir, config));
        if ((base === "js-nomap") === compiledWithMaps) {
          compiledWithMaps = base !== "js-nomap";
          compilePluginJs({ sourceMap: compiledWithMaps });
        }
        const timing = path.join(work, `${variant}-${round}.processes`);
        const rpcs = path.join(work, `${variant}-${round}.rpcs`);
        const env = {
          ...process.env,
          ...pulumiEnv(pulumi.binDir, pulumi.place),
          NODE_OPTIONS: [
            `--require ${path.join(__dirname, "timing-preload.js")}`,
            modifiers.includes("nots") ? `--require ${noTypeScript}` : "",
            modifiers.includes("nosmap") ? `--require ${noSourceMapSupport}` : "",
            profile ? `--require ${path.join(__dirname, "cpu-prof-preload.js")}` : "",
          ].join(" "),
          ...(profile ? { BENCH_CPU_PROF_DIR: profile } : {}),
          ...(modifiers.includes("check") ? { PULUMI_NODEJS_TRANSPILE_ONLY: "false" } : {}),
          BENCH_TIMING_FILE: timing,
          [TIMING_ENV]: rpcs,
        };
        server.counters.reset();
        const load = os.loadavg()[0];
        const started = Date.now();
        const cli = await new Promise<{ code: number; out: string; err: string }>((resolve) =>
          execFile(
            "/usr/bin/time",
            [
              "-f",
              "TIME %e %U %S",
              path.join(pulumi.binDir, "pulumi"),
              "preview",
              "--refresh",
              "--expect-no-changes",
              "--non-interactive",
              "--stack",
              stack.name,
              "--cwd",
              dir,
              ...(parallelN ? ["--parallel", parallelN] : []),
              ...(modifiers.includes("log") ? ["-v=7", "--logtostderr", "--logflow"] : []),
            ],
            { env, maxBuffer: 64 * 1024 * 1024 },
            (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
          ),
        );
        const ended = Date.now();
        const [, wall, user, sys] = /TIME ([0-9.]+) ([0-9.]+) ([0-9.]+)/.exec(cli.err) ?? [];
        const processes = readLines<ProcessLine>(timing);
        const methods = readLines<MethodLine>(rpcs);
        const counts = callCounts(server.counters.snapshot());
        const rel = (t: number) => ((t - started) / 1000).toFixed(1);
        const result = {
          variant,
          round,
          n,
          rate,
          loadBefore: load,
          loadAfter: os.loadavg()[0],
          ok: cli.code === 0,
          wallS: Number(wall ?? (ended - started) / 1000),
          cpuS: Number(user ?? 0) + Number(sys ?? 0),
          requests: counts.resourceRequests + counts.tokens,
          processes: processes.map((p) => ({
            script: `${p.script} ${p.args}`.trim().slice(0, 60),
            from: rel(p.startedAt),
            to: rel(p.endedAt),
            cpuS: p.cpuMs / 1000,
            ...(p.typescript ? { typescript: p.typescript } : {}),
          })),
          rpcs: methods.map((m) => ({
            method: m.method,
            calls: m.calls,
            from: rel(m.first),
            to: rel(m.last),
            busyS: Number((m.busyMs / 1000).toFixed(2)),
            maxInFlight: m.maxInFlight,
          })),
        };
        console.log(JSON.stringify(result));
        if (cli.code !== 0) console.error(cli.out.slice(-3000), cli.err.slice(-3000));
        if (modifiers.includes("log")) {
          const log = path.join(REPO_ROOT, "bench", "profiles", `probe-${variant.replace(/\+/g, "-")}.log`);
          fs.mkdirSync(path.dirname(log), { recursive: true });
          fs.writeFileSync(log, cli.err);
          console.log(`engine log: ${log}`);
        }
        if (dir !== programDir("plugin-js")) fs.rmSync(path.join(dir, config), { force: true });
      }
    }
  } finally {
    await server.close();
    await pulumi.dispose();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
