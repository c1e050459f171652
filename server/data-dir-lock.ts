/**
 * One server per data directory. Two servers on one directory would each rewrite
 * credentials.json with their own URL (so `token` and the demo reach the wrong one) and apply
 * the same schema changes at once. So a server holds `<dataDir>/server.lock` while it runs: the
 * holder's pid, then its URL once it listens. A second server is refused with a message naming
 * the running one; a lock left by a process that is gone (killed, crashed) is taken over.
 */
import { existsSync, linkSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writePrivateFile } from "./files";

/** The lock file's name in the data directory. */
export const DATA_DIR_LOCK_FILE = "server.lock";

/** What the lock file holds: who runs on the directory. */
export interface DataDirHolder {
  /** The server's process id. */
  pid: number;
  /** Where it listens; absent while it starts. */
  url?: string;
  /** When it started (ISO 8601). */
  startedAt: string;
}

/** A lock this process holds. */
export interface DataDirLock {
  /** Records the URL the server listens on, for the message a second server gets. */
  setUrl(url: string): void;
  /** Removes the lock (when it is still this one's). */
  release(): void;
}

/**
 * Whether a process with this id runs (a process of another user counts: it exists). A zombie
 * does not: a server killed after its parent exited stays one until the system reaps it, and
 * some containers never do.
 */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // Linux: the state letter follows the command name in parentheses. Elsewhere, no /proc: alive.
  const stat = readText(`/proc/${pid}/stat`);
  return stat === undefined || stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
}

function parseHolder(text: string): DataDirHolder | undefined {
  try {
    const holder = JSON.parse(text) as Partial<DataDirHolder>;
    return Number.isInteger(holder.pid) && (holder.pid as number) > 0 ? (holder as DataDirHolder) : undefined;
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** The server running on `dataDir` now, by its lock; undefined when none does (no lock, or a stale one). */
export function dataDirHolder(dataDir: string): DataDirHolder | undefined {
  const text = readText(join(dataDir, DATA_DIR_LOCK_FILE));
  const holder = text === undefined ? undefined : parseHolder(text);
  return holder && isProcessRunning(holder.pid) ? holder : undefined;
}

/** The refusal a second server gets, naming the running one and what to do. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
  ) {
    const file = join(dataDir, DATA_DIR_LOCK_FILE);
    super(
      `${dataDir} is in use by the tenant server with pid ${holder.pid} ` +
        `(${holder.url ? `listening on ${holder.url}` : "starting"}, since ${holder.startedAt}): ` +
        "two servers on one data directory would overwrite each other's credentials.json. " +
        `Use that server, stop it first (kill ${holder.pid}, or Ctrl-C in its terminal), or start this one with ` +
        `another --data-dir. If pid ${holder.pid} is not a tenant server, remove ${file}.`,
    );
    this.name = "DataDirInUseError";
  }
}

/**
 * Takes the lock of `dataDir` (an existing, private directory) for this process; throws
 * {@link DataDirInUseError} while another live process holds it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = join(dataDir, DATA_DIR_LOCK_FILE);
  let holder: DataDirHolder = { pid: process.pid, startedAt: new Date().toISOString() };
  const mine = () => JSON.stringify(holder);
  // Written whole to a file of our own, then linked into place: link fails if the lock exists,
  // and a reader never sees a half-written lock (which it would take for a stale one).
  const draft = join(dataDir, `${DATA_DIR_LOCK_FILE}.${process.pid}`);
  writeFileSync(draft, mine(), { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 5) throw error;
      }
      const text = readText(file);
      if (text === undefined) continue; // released meanwhile
      const other = parseHolder(text);
      if (other && isProcessRunning(other.pid)) throw new DataDirInUseError(dataDir, other);
      takeOverStale(file, text);
    }
  } finally {
    rmSync(draft, { force: true });
  }
  let released = false;
  return {
    setUrl(url) {
      holder = { ...holder, url };
      if (!released) writePrivateFile(file, mine()); // renamed into place: never seen half-written
    },
    release() {
      if (released) return;
      released = true;
      if (readText(file) === mine()) rmSync(file, { force: true });
    },
  };
}

/**
 * Removes a stale lock whose content was `seen`. Renamed aside first, so that of two servers
 * taking it over at once, only one removes it; a fresh lock renamed by mistake goes back.
 */
function takeOverStale(file: string, seen: string): void {
  const aside = `${file}.stale.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // someone else took it over first
  }
  if (readText(aside) === seen) {
    rmSync(aside, { force: true });
    return;
  }
  try {
    if (!existsSync(file)) linkSync(aside, file);
  } finally {
    rmSync(aside, { force: true });
  }
}
