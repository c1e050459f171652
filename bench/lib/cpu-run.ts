/**
 * One Pulumi command of a deploy, run as a user runs it, measured by what does not move with
 * the machine's load: CPU seconds per process and per resource, and request counts (plus the
 * wall time, with the load average around it). Used by the bench's `cpu` section and by
 * `bench/probe-cpu.ts`.
 *
 * - CPU of the Go processes under the command (the CLI and its engine, `engine`; the language
 *   host and launcher shells, `host`): sampled from /proc every 100 ms;
 * - CPU of each Node.js process (`bench/timing-preload.ts`), summed by role: `program` (the
 *   Pulumi program), `provider` (the dynamic provider host, where this package's runtime runs),
 *   `plugin`, `launcher` (the short `node` runs of the launcher scripts);
 * - `server`: this process's CPU meanwhile, less its sampling of /proc (the in-process tenant server
 *   answering; the bench's polling of the server's counters is a small part).
 *
 * With `timeline`, each resource's stages (`PULUMI_TENANT_TIMELINE`, provider/timeline.ts,
 * and the state file's writes seen through inotify): declared → its registration's turn, turn →
 * check starts (the SDK's serialisation, the engine, the provider host), the check, check → diff
 * or create starts (the engine's step and the checkpoint of the pending create), the create (its
 * wait for the rate included), create → the checkpoint after it.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { TenantServer } from "../../server/index";
import { TIMELINE_ENV } from "../../provider/timeline";
import { pulumiEnv, REPO_ROOT } from "../../scripts/lib/pulumi";
import type { BenchProgram, BenchPulumi } from "./stacks";
import { callCounts, watchWrites } from "./tenant";
import { readLines } from "./json-lines";

/**
 * The process names (`/proc/<pid>/comm`) of Node.js processes, measured by the timing preload
 * rather than as Go processes: `node`, and `MainThread` from Node.js 24 on (it names its main
 * thread, which names the process).
 */
const NODE_COMMS = new Set(["node", "MainThread"]);

/** The commands measured: a first deploy and a deploy with nothing to do (`pulumi up`), the drift check. */
export type CpuStep = "first" | "noChange" | "drift";
export const CPU_STEPS: CpuStep[] = ["first", "noChange", "drift"];

/** Options of one measured command. */
export interface CpuRunOptions {
  program: BenchProgram;
  step: CpuStep;
  /** Resources in the stack (for the per-resource figures). */
  resources: number;
  /** `pulumi up --skip-preview` (the Automation API's way) instead of the CLI's preview then update. */
  skipPreview?: boolean;
  /** ts-node type-checks the program (its default; the bench otherwise sets PULUMI_NODEJS_TRANSPILE_ONLY). */
  typecheck?: boolean;
  /** Plain busy loops beside the command (the "one core busy"). */
  busy?: number;
  /** Record each resource's stages. */
  timeline?: boolean;
  /** Folder for CPU profiles of every Node.js process and the CLI's own (`--profiling`). */
  profileDir?: string;
  /** Scratch folder for the processes' and timeline's files. */
  workDir: string;
  /** Environment for the command (TLS roots, …). */
  env?: Record<string, string>;
}

/** Median and 90th percentile of a stage, milliseconds. */
export interface Spread {
  n: number;
  p50: number;
  p90: number;
}

/** What one command cost. */
export interface CpuRunResult {
  step: CpuStep;
  program: BenchProgram;
  resources: number;
  busy: number;
  preview: boolean;
  ok: boolean;
  wallS: number;
  /** The command's CPU with the children it waited for (`/usr/bin/time`: not all of them), seconds. */
  cpuS: number;
  /** Load average (1 min) before and after. */
  load: [number, number];
  /** CPU seconds by role (see the module comment). */
  cpuByRole: Record<string, number>;
  /** The same per resource, milliseconds, and `total` (the command's and the server's). */
  msPerResource: Record<string, number>;
  requests: number;
  writes: number;
  tooManyRequests: number;
  firstWriteAtS?: number;
  lastWriteAtS?: number;
  /** State file writes seen. */
  checkpoints: number;
  stagesMs?: Record<string, Spread | undefined>;
  error?: string;
}

interface ProcessLine {
  script: string;
  scriptPath?: string;
  args: string;
  pid: number;
  startedAt: number;
  endedAt: number;
  cpuMs: number;
}
interface TimelineLine {
  pid: number;
  event: string;
  urn?: string;
  t0: number;
  t1: number;
}

/** What a Node.js process of a Pulumi command is, from its script. */
export function roleOf(line: { script: string; scriptPath?: string }): string {
  const script = line.scriptPath ?? line.script;
  if (/cmd[\\/]dynamic-provider/.test(script)) return "provider";
  if (/cmd[\\/]run/.test(script)) return "program";
  if (/provider[\\/](bin|dist[\\/]provider[\\/]plugin)/.test(script)) return "plugin";
  return "launcher";
}

/** Median and 90th percentile of `values`, one decimal. */
export function spread(values: number[]): Spread | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
  return { n: values.length, p50: at(0.5), p90: at(0.9) };
}

/** Each resource's stages, from the timeline's lines and the checkpoints' times (epoch ms). */
export function stagesOf(lines: TimelineLine[], checkpoints: number[]): Record<string, Spread | undefined> {
  const byUrn = new Map<string, Record<string, TimelineLine>>();
  for (const line of lines) {
    if (!line.urn) continue;
    const events = byUrn.get(line.urn) ?? {};
    // A `pulumi up` previews first: the update's events come later and win.
    if (!events[line.event] || events[line.event].t0 < line.t0) events[line.event] = line;
    byUrn.set(line.urn, events);
  }
  const sorted = [...checkpoints].sort((a, b) => a - b);
  const after = (t: number) => sorted.find((c) => c >= t);
  const out: Record<string, number[]> = {
    "declared → turn": [],
    "turn → check": [],
    check: [],
    "check → diff/create": [],
    diff: [],
    create: [],
    "create → checkpoint": [],
  };
  for (const e of byUrn.values()) {
    if (e.register) out["declared → turn"].push(e.register.t1 - e.register.t0);
    if (e.register && e.check && e.check.t0 >= e.register.t1) out["turn → check"].push(e.check.t0 - e.register.t1);
    if (e.check) out.check.push(e.check.t1 - e.check.t0);
    const next = e.create ?? e.diff;
    if (e.check && next && next.t0 >= e.check.t1) out["check → diff/create"].push(next.t0 - e.check.t1);
    if (e.diff) out.diff.push(e.diff.t1 - e.diff.t0);
    if (e.create) {
      out.create.push(e.create.t1 - e.create.t0);
      const c = after(e.create.t1);
      if (c !== undefined) out["create → checkpoint"].push(c - e.create.t1);
    }
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, spread(v)]));
}

/**
 * Watches the folder of the stack's state file (inotify, not recursive: Node's recursive watch on
 * Linux misses writes); gives the times (epoch ms) the file was written.
 */
function watchCheckpoints(stateDir: string, stackName: string): { stop(): number[] } {
  const times: number[] = [];
  const root = path.join(stateDir, ".pulumi", "stacks");
  const file = `${stackName}.json`;
  const found = fs.existsSync(root)
    ? fs.readdirSync(root, { recursive: true, encoding: "utf8" }).find((f) => path.basename(f) === file)
    : undefined;
  const dir = found ? path.dirname(path.join(root, found)) : root;
  fs.mkdirSync(dir, { recursive: true });
  const watcher = fs.watch(dir, (_event, name) => {
    if (name === file) times.push(Date.now());
  });
  return {
    stop() {
      watcher.close();
      return times;
    },
  };
}

/** CPU seconds (user + system) and name of process `pid` from /proc, with its parent. */
function procStat(pid: number): { ppid: number; comm: string; cpuS: number } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // `pid (comm) state ppid … utime stime …`: comm may hold spaces, so fields are counted after its ')'.
  const close = text.lastIndexOf(")");
  const comm = text.slice(text.indexOf("(") + 1, close);
  const fields = text.slice(close + 2).split(" ");
  return { ppid: Number(fields[1]), comm, cpuS: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS };
}

/** The kernel's clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * Watches the processes under `root` through /proc: the last CPU seen of each (a process's time
 * after the last sample, at most `everyMs`, is lost). `/usr/bin/time` cannot say this: a process
 * whose parent ends without waiting for it (the program under the language host) is counted by
 * nobody's rusage. New processes are looked for every twentieth sample (the Go processes live as
 * long as the command; the Node.js ones report their own CPU), and the sampling's own CPU is given
 * back, so that the tenant server's figure can leave it out.
 */
function watchTree(
  root: number,
  everyMs = 100,
): { stop(): { processes: Map<number, { comm: string; cpuS: number }>; ownCpuS: number } } {
  const seen = new Map<number, { comm: string; cpuS: number }>();
  let tick = 0;
  // This process's CPU spent sampling, so that the tenant server's figure (this process's CPU) leaves it out.
  let ownMicros = 0;
  const sample = () => {
    const before = process.cpuUsage();
    scan();
    const spent = process.cpuUsage(before);
    ownMicros += spent.user + spent.system;
  };
  const scan = () => {
    if (tick++ % 20 === 0) {
      const parents = new Map<number, number>();
      for (const entry of fs.readdirSync("/proc")) {
        if (!/^\d+$/.test(entry)) continue;
        const stat = procStat(Number(entry));
        if (stat) parents.set(Number(entry), stat.ppid);
      }
      const under = (pid: number): boolean => {
        for (let p = pid, hops = 0; p > 1 && hops < 20; p = parents.get(p) ?? 0, hops += 1) if (p === root) return true;
        return false;
      };
      for (const pid of parents.keys()) if (!seen.has(pid) && under(pid)) seen.set(pid, { comm: "", cpuS: 0 });
    }
    for (const pid of seen.keys()) {
      const stat = procStat(pid);
      if (stat) seen.set(pid, { comm: stat.comm, cpuS: stat.cpuS });
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { processes: seen, ownCpuS: ownMicros / 1e6 };
    },
  };
}

/** `n` plain busy loops (each keeps a core busy until killed). */
export function startBusyLoops(n: number): ChildProcess[] {
  return Array.from({ length: n }, () => spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }));
}

const r2 = (x: number) => Math.round(x * 100) / 100;

/** The CLI's arguments of `step`. */
function commandOf(step: CpuStep, skipPreview: boolean): string[] {
  if (step === "drift") return ["preview", "--refresh", "--expect-no-changes"];
  return ["up", "--yes", ...(skipPreview ? ["--skip-preview"] : [])];
}

/** Runs `options.step` on `stackName` (of `options.program`) against `server`, measured. */
export async function measureCpuStep(
  pulumi: BenchPulumi,
  stackName: string,
  server: TenantServer,
  options: CpuRunOptions,
): Promise<CpuRunResult> {
  const label = `${options.step}-${Date.now().toString(36)}`;
  const timing = path.join(options.workDir, `${label}.processes`);
  const timeline = path.join(options.workDir, `${label}.timeline`);
  const profile = options.profileDir;
  if (profile) fs.mkdirSync(profile, { recursive: true });
  const env = {
    ...process.env,
    ...pulumiEnv(pulumi.binDir, pulumi.place),
    ...(options.typecheck ? { PULUMI_NODEJS_TRANSPILE_ONLY: "false" } : {}),
    ...options.env,
    NODE_OPTIONS: [
      `--require ${path.join(REPO_ROOT, "dist", "bench", "timing-preload.js")}`,
      profile ? `--require ${path.join(REPO_ROOT, "dist", "bench", "cpu-prof-preload.js")}` : "",
    ].join(" "),
    BENCH_TIMING_FILE: timing,
    ...(profile ? { BENCH_CPU_PROF_DIR: profile } : {}),
    ...(options.timeline ? { [TIMELINE_ENV]: timeline } : {}),
  };
  const busy = options.busy ?? 0;
  const busyLoops = startBusyLoops(busy);
  const checkpoints = watchCheckpoints(pulumi.place.stateDir, stackName);
  server.counters.reset();
  const writes = watchWrites(server);
  const load = os.loadavg()[0];
  const serverCpu0 = process.cpuUsage();
  let tree: ReturnType<typeof watchTree> | undefined;
  const cli = await new Promise<{ code: number; out: string; err: string }>((resolve) => {
    const child = execFile(
      "/usr/bin/time",
      [
        "-f",
        "TIME %e %U %S",
        path.join(pulumi.binDir, "pulumi"),
        ...commandOf(options.step, options.skipPreview ?? false),
        "--non-interactive",
        "--stack",
        stackName,
        "--cwd",
        path.join(REPO_ROOT, "bench", "programs", options.program),
        ...(profile ? ["--profiling", path.join(profile, "pulumi")] : []),
      ],
      { env, maxBuffer: 64 * 1024 * 1024 },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
    if (child.pid) tree = watchTree(child.pid);
  });
  const serverCpu = process.cpuUsage(serverCpu0);
  const watched = tree?.stop();
  const goProcesses = [...(watched?.processes.values() ?? [])].filter(
    (p) => !NODE_COMMS.has(p.comm) && p.comm !== "time",
  );
  for (const loop of busyLoops) loop.kill("SIGKILL");
  const written = writes.stop();
  const checkpointTimes = checkpoints.stop();
  const [, wall, user, sys] = /TIME ([0-9.]+) ([0-9.]+) ([0-9.]+)/.exec(cli.err) ?? [];
  const cpuS = Number(user ?? 0) + Number(sys ?? 0);
  const cpuByRole: Record<string, number> = {};
  for (const p of readLines<ProcessLine>(timing)) {
    const role = roleOf(p);
    cpuByRole[role] = (cpuByRole[role] ?? 0) + p.cpuMs / 1000;
  }
  // The Go processes: the CLI and its engine (`pulumi`), the language host, launcher shells.
  cpuByRole.engine = goProcesses.filter((p) => p.comm === "pulumi").reduce((sum, p) => sum + p.cpuS, 0);
  cpuByRole.host = goProcesses.filter((p) => p.comm !== "pulumi").reduce((sum, p) => sum + p.cpuS, 0);
  cpuByRole.server = Math.max(0, (serverCpu.user + serverCpu.system) / 1e6 - (watched?.ownCpuS ?? 0));
  const counts = callCounts(server.counters.snapshot());
  const n = options.resources;
  const perResource = { ...cpuByRole, total: Object.values(cpuByRole).reduce((a, b) => a + b, 0) };
  return {
    step: options.step,
    program: options.program,
    resources: n,
    busy,
    preview: options.step === "drift" || !options.skipPreview,
    ok: cli.code === 0,
    wallS: Number(wall ?? 0),
    cpuS: r2(cpuS),
    load: [r2(load), r2(os.loadavg()[0])],
    cpuByRole: Object.fromEntries(Object.entries(cpuByRole).map(([k, v]) => [k, r2(v)])),
    msPerResource: Object.fromEntries(
      Object.entries(perResource).map(([k, v]) => [k, Math.round((v / Math.max(1, n)) * 10000) / 10]),
    ),
    requests: Object.entries(counts.byRoute)
      .filter(([route]) => route !== "429" && route !== "5xx")
      .reduce((sum, [, c]) => sum + c, 0),
    writes: counts.writes,
    tooManyRequests: counts.tooManyRequests,
    firstWriteAtS: written.firstWriteAt,
    lastWriteAtS: written.lastWriteAt,
    checkpoints: checkpointTimes.length,
    ...(options.timeline ? { stagesMs: stagesOf(readLines<TimelineLine>(timeline), checkpointTimes) } : {}),
    ...(cli.code === 0 ? {} : { error: `${cli.out.slice(-1500)}\n${cli.err.slice(-1500)}` }),
  };
}
