/**
 * Preloaded (`NODE_OPTIONS=--require …/cpu-prof-preload.js`) into every Node.js process
 * of a profiled Pulumi operation, because Node 20 refuses `--cpu-prof` in NODE_OPTIONS:
 * starts the V8 profiler and writes `<BENCH_CPU_PROF_DIR>/<pid>.cpuprofile` when the
 * process exits or is told to stop (the engine ends provider processes with a signal).
 */
import * as fs from "node:fs";
import * as inspector from "node:inspector";
import * as path from "node:path";

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.start");
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    // The main-thread session answers synchronously, so this works inside an exit handler.
    session.post("Profiler.stop", (error, result) => {
      if (error || !result) return;
      fs.mkdirSync(dir, { recursive: true });
      const name = `${path.basename(process.argv[1] ?? "node")}-${process.pid}.cpuprofile`;
      fs.writeFileSync(path.join(dir, name), JSON.stringify(result.profile));
    });
  };
  process.on("exit", write);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      write();
      process.kill(process.pid, signal);
    });
  }
}
