/**
 * The test environment: Jest's Node.js environment, plus a watch on the worker process itself.
 *
 * Jest ends a worker by removing its message listener and waiting up to 500 ms for the process to
 * exit on its own; a handle a test left open (a server, a socket, a timer, a child process, a
 * worker thread) keeps it alive, and Jest then force-exits it with a warning that names nothing
 * ("A worker process has failed to exit gracefully …"). The watch names it: when the worker is
 * still alive 300 ms after Jest let go of it, it writes to stderr what keeps it alive (servers,
 * sockets, child processes, timers, the thread count) and the test files it ran last. It costs nothing while tests run (one listener, a timer only at the end, unref'd).
 */
const { setTimeout } = require("node:timers");
const NodeEnvironment = require("jest-environment-node").TestEnvironment;

const WATCH = Symbol.for("pulumi-tenant.worker-exit-watch");
const STDIO = new Set([0, 1, 2]);
const MAX_FILES = 3;

/** One line per handle that keeps the process alive (the worker's own stdio pipes left out). */
function liveHandles() {
  if (typeof process._getActiveHandles !== "function") return process.getActiveResourcesInfo();
  return process
    ._getActiveHandles()
    .filter((handle) => !(handle && handle._handle && STDIO.has(handle._handle.fd)))
    .filter((handle) => !(handle && typeof handle.hasRef === "function" && !handle.hasRef()))
    .map((handle) => {
      const name = (handle && handle.constructor && handle.constructor.name) || typeof handle;
      try {
        if (name === "Socket")
          return `Socket ${handle.remoteAddress ?? "(pipe)"}:${handle.remotePort ?? ""} from port ${handle.localPort ?? ""}`;
        if (name === "Server") return `Server listening on ${JSON.stringify(handle.address())}`;
        if (name === "ChildProcess")
          return `ChildProcess ${handle.pid}: ${(handle.spawnargs || []).join(" ").slice(0, 200)}`;
        if (name === "Timeout")
          return `Timeout of ${handle._idleTimeout} ms: ${String(handle._onTimeout).slice(0, 160)}`;
        if (name === "Worker") return `Worker thread ${handle.threadId}`;
      } catch {
        /* described by its name alone */
      }
      return name;
    });
}

function installWatch() {
  if (!process.send || process[WATCH]) return;
  const watch = { files: [] };
  process[WATCH] = watch;
  process.on("removeListener", (event) => {
    if (event !== "message" || process.listenerCount("message") > 0) return;
    const timer = setTimeout(() => {
      const handles = liveHandles();
      // Timers are not handles: Node.js only counts those that keep it alive (this watch's is unref'd).
      const timers = process.getActiveResourcesInfo().filter((type) => type === "Timeout").length;
      if (timers > 0) handles.push(`${timers} timer(s)`);
      // Worker threads are in neither list: the process's thread count shows them (Linux).
      try {
        const threads = /^Threads:\s+(\d+)/m.exec(require("node:fs").readFileSync("/proc/self/status", "utf8"));
        if (threads) handles.push(`${threads[1]} threads in the process (worker threads among them)`);
      } catch {
        /* not Linux */
      }
      process.stderr.write(
        `jest worker ${process.pid} is still alive 300 ms after its last test file; ` +
          `what keeps it alive: ${handles.length > 0 ? handles.join("; ") : "(nothing listed: a pending request or native work)"}. ` +
          `Its last test files: ${watch.files.join(", ")}\n`,
      );
    }, 300);
    timer.unref();
  });
}

installWatch();

class TenantTestEnvironment extends NodeEnvironment {
  constructor(config, context) {
    super(config, context);
    const watch = process[WATCH];
    if (watch && context && context.testPath) {
      watch.files.push(require("node:path").relative(config.globalConfig.rootDir, context.testPath));
      if (watch.files.length > MAX_FILES) watch.files.shift();
    }
  }
}

module.exports = TenantTestEnvironment;
