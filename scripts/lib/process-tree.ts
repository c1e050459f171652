/**
 * A process and everything it started, found through /proc (Linux). `pulumi up` runs its
 * language host and the dynamic provider (a node process) each in a process group of their
 * own, so killing the CLI's group leaves the provider running: a test that kills `pulumi up`
 * collects the whole tree first (once the CLI dies its children are re-parented and can no
 * longer be found from it) and kills every member.
 */
import { readdirSync, readFileSync } from "node:fs";
import { isProcessRunning } from "../../server/data-dir-lock";

/** The parent pid of `pid`, or undefined when it is gone. */
function parentOf(pid: number): number | undefined {
  try {
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

/** Whether `pid` still runs (a zombie, dead but not yet reaped by its new parent, does not): the server's one check. */
export const isRunning = isProcessRunning;

/** Pids of every living descendant of `root` (children, grandchildren, ...), `root` excluded. */
export function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent === undefined) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Sends `signal` to `root` and every descendant (found before any is signalled); returns the pids signalled. */
export function killTree(root: number, signal: NodeJS.Signals = "SIGKILL"): number[] {
  const pids = [root, ...descendantsOf(root)];
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
  return pids;
}

/** A process that outlived the run that started it. */
export interface Leftover {
  pid: number;
  command: string;
}

/**
 * Processes whose environment holds `name=value` (a marker a test run sets for every child;
 * processes inherit it through Pulumi's plugins too), this process excepted. Only our own
 * processes' /proc/<pid>/environ is readable, which is all a run can have started.
 */
export function markedProcesses(name: string, value: string): Leftover[] {
  const marker = `${name}=${value}`;
  const found: Leftover[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!/^\d+$/.test(entry) || pid === process.pid || !isRunning(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(marker)) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
      found.push({ pid, command });
    } catch {
      // Gone, or not ours.
    }
  }
  return found;
}

/** Kills every process {@link markedProcesses} finds and returns them, so the caller can report and fail. */
export function endLeftovers(name: string, value: string): Leftover[] {
  const leftovers = markedProcesses(name, value);
  for (const { pid } of leftovers) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Ended meanwhile.
    }
  }
  return leftovers;
}
