/**
 * Probe: what a no-change preview costs, against the engine's floor. `node dist/bench/probe-preview.js
 * --forms=300 --streams=300 --programs=noop,tenant,plugin-js [--repeat=2]`: per program (`noop`: the
 * engine's floor, the same resources with a provider that does nothing; `tenant`: the dynamic
 * providers; `plugin-js`: the resource plugin's program compiled ahead), a fresh stack on a tenant
 * server of its own at no rate limit, `up`, then `pulumi preview` of the unchanged program `repeat`
 * times, each with its wall time and the CPU of the CLI and its children (`/usr/bin/time`), then a
 * `destroy` without checkpoints. One JSON line per program.
 */
import { execFile } from "node:child_process";
import * as os from "node:os";
import * as path from "node:path";
import { parseScriptArgs } from "../scripts/lib/args";
import { pulumiEnv } from "../scripts/lib/pulumi";
import { BenchPulumi, type BenchProgram } from "./lib/stacks";
import { scenarioConfig, startBenchServer, tenantSettings, UNLIMITED_RATE } from "./lib/tenant";

const PROGRAMS: BenchProgram[] = ["noop", "tenant", "plugin", "plugin-js"];

/** Runs `command` under /usr/bin/time: its wall seconds, user and system CPU seconds (its children's included). */
function timed(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  const started = process.hrtime.bigint();
  return new Promise<{ seconds: number; user: number; system: number; ok: boolean }>((resolve) => {
    execFile(
      "/usr/bin/time",
      ["-f", "%U %S", command, ...args],
      { ...options, maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        const [user, system] = stderr.trim().split("\n").pop()!.split(" ").map(Number);
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        resolve({ seconds, user: user ?? NaN, system: system ?? NaN, ok: !error });
      },
    );
  });
}

async function main(): Promise<void> {
  const { values } = parseScriptArgs(
    "probe-preview",
    {
      forms: { type: "string" },
      streams: { type: "string" },
      programs: { type: "string" },
      repeat: { type: "string" },
      with: { type: "string" },
    },
    { argv: process.argv.slice(2) },
  );
  const forms = Number(values.forms ?? 300);
  const streams = Number(values.streams ?? 300);
  const repeat = Number(values.repeat ?? 2);
  // `--with=NAME=VALUE[,NAME=VALUE]`: after the plain previews, as many again with these variables set.
  const extra = Object.fromEntries(
    (values.with ?? "")
      .split(",")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
  const programs = (values.programs ?? "noop,tenant,plugin-js").split(",");
  const unknown = programs.filter((program) => !PROGRAMS.includes(program as BenchProgram));
  if (unknown.length > 0) throw new Error(`unknown program(s) ${unknown.join(", ")}: use ${PROGRAMS.join(", ")}`);
  const pulumi = BenchPulumi.create();
  try {
    for (const program of programs as BenchProgram[]) {
      const server = await startBenchServer(UNLIMITED_RATE);
      try {
        const stack = await pulumi.open(program, `preview-${program}`, {
          tenant: tenantSettings(server),
          config: scenarioConfig({ forms, streams, template: false }),
        });
        const up = await pulumi.run(stack, "up", { label: `${program}: up` });
        const env = { ...process.env, ...pulumiEnv(pulumi.binDir, pulumi.place) };
        const previews = [];
        const withExtra = [];
        const args = ["preview", "--stack", stack.name, "--non-interactive", "--diff=false"];
        for (let run = 0; run < repeat; run += 1) {
          previews.push(await timed(path.join(pulumi.binDir, "pulumi"), args, { cwd: stack.workspace.workDir, env }));
          if (Object.keys(extra).length > 0)
            withExtra.push(
              await timed(path.join(pulumi.binDir, "pulumi"), args, {
                cwd: stack.workspace.workDir,
                env: { ...env, ...extra },
              }),
            );
        }
        const round = (value: number) => Math.round(value * 10) / 10;
        console.log(
          JSON.stringify({
            program,
            resources: forms + streams,
            up: round(up.seconds),
            upOk: up.ok,
            previews: previews.map((p) => ({ seconds: round(p.seconds), cpu: round(p.user + p.system), ok: p.ok })),
            ...(withExtra.length > 0 && {
              with: values.with,
              previewsWith: withExtra.map((p) => ({
                seconds: round(p.seconds),
                cpu: round(p.user + p.system),
                ok: p.ok,
              })),
            }),
            load: round(os.loadavg()[0]),
          }),
        );
        await pulumi.run(stack, "destroy", { label: `${program}: destroy`, env: { PULUMI_SKIP_CHECKPOINTS: "true" } });
      } finally {
        await server.close();
      }
    }
  } finally {
    await pulumi.dispose();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
