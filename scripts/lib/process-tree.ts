/**
 * A process and everything it started, found through /proc (Linux). `pulumi up` runs its
 * language host and the dynamic provider (a node process) each in a process group of their
 * own, so killing the CLI's group leaves the provider running: a test that kills `pulumi up`
 * collects the whole tree first (once the CLI dies its children are re-parented and can no
 * longer be found from it) and kills every member.
 */
import { readdirSync, readFileSync } from "node:fs";

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

/** Whether `pid` still runs (a zombie, dead but not yet reaped by its new parent, does not). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

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
