/**
 * Preloaded (`NODE_OPTIONS=--require …/timing-preload.js`) into every Node.js process of a
 * probed Pulumi operation (`bench/probe-refresh.ts`): when the process exits, appends one
 * JSON line to `<BENCH_TIMING_FILE>`: the script, when the process started and ended
 * (epoch ms), and its CPU time (user + system).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { performance } from "node:perf_hooks";

const file = process.env.BENCH_TIMING_FILE;
if (file) {
  const startedAt = performance.timeOrigin;
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    const cpu = process.cpuUsage();
    const line = {
      script: path.basename(process.argv[1] ?? "node"),
      // The whole path tells the Pulumi SDK's entry points apart (cmd/run, cmd/dynamic-provider: both index.js).
      scriptPath: process.argv[1] ?? "",
      args: process.argv.slice(2, 4).join(" "),
      pid: process.pid,
      startedAt: Math.round(startedAt),
      endedAt: Date.now(),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      // Whether the language host asked for TypeScript (ts-node), for the program's process.
      typescript: process.env.PULUMI_NODEJS_TYPESCRIPT,
    };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  process.on("exit", write);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      write();
      process.kill(process.pid, signal);
    });
  }
}
