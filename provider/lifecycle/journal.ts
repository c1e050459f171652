/**
 * The create journal: a small file that outlives the provider process, so that objects
 * created for a run that was killed (`pulumi up` interrupted with SIGKILL) are adopted
 * by the next run *on the same machine* instead of created again.
 *
 * It is a cache, never the only record: a CI runner starts with an empty PULUMI_HOME. The
 * record every runner sees is the stack's state in the shared backend, where the engine keeps
 * a killed run's pending creates; `pulumi-tenant recover` (cli/recover.ts, the first step of
 * examples/ci/up.sh) finishes them from any runner. The journal covers what the state cannot:
 * a run on this machine whose pending creates were cleared by hand
 * (`pulumi refresh --clear-pending-creates`).
 *
 * Why: the engine records a pending create before calling `create` and the result after
 * it. When the engine dies in between, the object may exist in the tenant while the
 * state knows nothing of it; the user then clears the pending create (`pulumi refresh
 * --clear-pending-creates`) and the next `pulumi up` creates the resource again. Forms
 * and event streams have no idempotency key, so only we can recognise our own object.
 *
 * How:
 * - Before each POST, an entry `{kind, contentKey, startedAt}` is written; when the POST
 *   answers, its `createdId`. The file is a log of JSON lines, each change one line
 *   appended synchronously in a single write (a SIGKILL leaves it whole or absent; a torn
 *   line is ignored), so a create costs the same however long the journal is. A process
 *   compacts the log when it first reads it (temp file + rename).
 * - An entry is confirmed (removed) when the engine proves it recorded the object: any
 *   later `diff`/`read`/`update`/`delete` for its id, in this or a later process (the
 *   engine only passes ids it holds in state). `delete` removes entries too. Entries
 *   older than {@link JOURNAL_MAX_AGE_MS} are dropped when the file is read.
 * - A create whose kind and content key match an entry left by an earlier process
 *   ({@link isLeftover}: in the file when this process started) first adopts that
 *   process's object (see `create-once.ts`); otherwise it POSTs as usual. With no such
 *   entry, a create costs exactly what it did before: no request is added.
 *
 * The file is `<PULUMI_HOME or ~/.pulumi>/pulumi-tenant/create-journal-<tenant>.jsonl`
 * (mode 0600; the engine passes PULUMI_HOME to the provider process). It holds no
 * secrets: the content key is a SHA-256 of the normalised content *without* webhook
 * secrets, and ids, times and process ids.
 *
 * Limits: an entry whose create was answered and recorded in a state, but not yet
 * confirmed by a later command, looks like a leftover. Ids seen through
 * diff/read/update/delete are claimed by the process so they are never adopted, and a
 * delete of an id this process adopted from the journal is skipped (see `runtime.ts`):
 * that covers a resource renamed without an alias. Not covered: a *different* stack
 * creating an object of identical content (name included) on the same tenant from the
 * same PULUMI_HOME, while the first runs or before it runs another command, adopts the
 * first stack's object. A run started while a killed run's POSTs are still in flight
 * may not find their objects yet (they are then duplicated, as before).
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** Entries older than this are dropped when the journal is read. */
export const JOURNAL_MAX_AGE_MS = 24 * 3600_000;

/** One create that the engine may not have recorded. */
export interface JournalEntry {
  /** Random id of the entry. */
  id: string;
  /** The process instance that wrote it (random per process). */
  owner: string;
  /** That process's pid (diagnostics). */
  pid: number;
  /** Resource kind as the runtime names it ("form", "eventStream"). */
  kind: string;
  /** SHA-256 (hex) of the normalised content, without secrets. */
  contentKey: string;
  /** When the POST was about to be sent (ms since the epoch). */
  startedAt: number;
  /** The object's id, once the POST answered. */
  createdId?: string;
}

/** One line of the log: an entry written (whole), its id recorded (and taken over by a process), or entries removed. */
type JournalRecord =
  | ({ op: "begin" } & JournalEntry)
  | { op: "created"; id: string; owner: string; pid: number; createdId: string }
  | { op: "remove"; ids: string[] };

/** SHA-256 (hex) of the JSON of `value`: an entry's content key. Never pass secrets. */
export function contentHash(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

/** Where the journal of the tenant at `apiBaseUrl` lives. */
export function journalPath(apiBaseUrl: string, env: NodeJS.ProcessEnv = process.env, home = os.homedir()): string {
  const pulumiHome = env.PULUMI_HOME?.trim() || path.join(home, ".pulumi");
  const tenant = createHash("sha256").update(apiBaseUrl).digest("hex").slice(0, 16);
  return path.join(pulumiHome, "pulumi-tenant", `create-journal-${tenant}.jsonl`);
}

function isEntry(value: JournalEntry): boolean {
  return (
    typeof value.id === "string" &&
    typeof value.owner === "string" &&
    Number.isInteger(value.pid) &&
    typeof value.kind === "string" &&
    typeof value.contentKey === "string" &&
    Number.isFinite(value.startedAt) &&
    (value.createdId === undefined || typeof value.createdId === "string")
  );
}

/** Applies the complete lines of `text` to `entries`; malformed lines (a torn last write) are skipped. */
function replay(entries: Map<string, JournalEntry>, text: string): void {
  for (const line of text.split("\n")) {
    let record: JournalRecord;
    try {
      record = JSON.parse(line) as JournalRecord;
    } catch {
      continue;
    }
    if (record?.op === "begin") {
      const { op: _op, ...entry } = record;
      if (isEntry(entry)) entries.set(entry.id, entry);
    } else if (record?.op === "created" && typeof record.createdId === "string") {
      const entry = entries.get(record.id);
      if (entry) Object.assign(entry, { owner: record.owner, pid: record.pid, createdId: record.createdId });
    } else if (record?.op === "remove" && Array.isArray(record.ids)) {
      for (const id of record.ids) entries.delete(id);
    }
  }
}

/** The entries of a journal file's text, oldest first, those older than a day dropped. */
export function parseJournal(text: string, now = Date.now()): JournalEntry[] {
  const entries = new Map<string, JournalEntry>();
  replay(entries, text);
  return [...entries.values()].filter((entry) => now - entry.startedAt < JOURNAL_MAX_AGE_MS);
}

/** The compact text of a journal holding `entries`. */
export function serialiseJournal(entries: readonly JournalEntry[]): string {
  return entries.map((entry) => `${JSON.stringify({ op: "begin", ...entry })}\n`).join("");
}

/**
 * True when `entry` was left by an earlier process: it was in the file when this process
 * first read it (`inherited`), and another process instance wrote it.
 *
 * Whether that process still runs is deliberately not asked: when the CLI is killed, the
 * provider process (its own process group) survives as an orphan and may still finish
 * its in-flight POSTs and record their ids; its creates are lost to the engine all the same.
 */
export function isLeftover(entry: JournalEntry, owner: string, inherited: ReadonlySet<string>): boolean {
  return entry.owner !== owner && inherited.has(entry.id);
}

/** The journal of one tenant, as one process sees and writes it. */
export class CreateJournal {
  /** This process instance. */
  readonly owner = randomUUID();
  /** Ids of the entries found when this process first read the file: those of earlier processes. */
  private readonly inherited: ReadonlySet<string>;
  private entries = new Map<string, JournalEntry>();
  /** The file as far as it was read: inode and byte offset (other processes append; a compaction renames). */
  private read = { ino: -1, offset: 0 };
  private broken = false;
  /** The journal's folder exists (made once, not on every append: appends are on the create path). */
  private dirReady = false;

  /** Reads the file now (what it holds is what earlier processes left); compacts it when mostly spent or torn. */
  constructor(readonly file: string) {
    const lines = this.sync();
    this.inherited = new Set(this.entries.keys());
    const torn = this.read.ino !== -1 && fs.statSync(this.file, { throwIfNoEntry: false })?.size !== this.read.offset;
    if (torn || lines > 2 * this.entries.size + 20) this.compact();
  }

  /** Entries left by earlier processes for this kind and content, oldest first. */
  leftovers(kind: string, contentKey: string): JournalEntry[] {
    // Only entries found at the start can be left over: with none (the usual case), every create skips reading the
    // file and copying its entries, work that grew with the creates of the run (issue 55).
    if (this.inherited.size === 0) return [];
    return this.snapshot()
      .filter(
        (entry) =>
          entry.kind === kind && entry.contentKey === contentKey && isLeftover(entry, this.owner, this.inherited),
      )
      .sort((a, b) => a.startedAt - b.startedAt);
  }

  /** Records, durably, that a POST is about to be sent. */
  begin(kind: string, contentKey: string, startedAt = Date.now()): JournalEntry {
    const entry: JournalEntry = {
      id: randomBytes(8).toString("hex"),
      owner: this.owner,
      pid: process.pid,
      kind,
      contentKey,
      startedAt,
    };
    this.append({ op: "begin", ...entry });
    return { ...entry };
  }

  /** Records the id the POST returned (or that a create adopted), taking the entry over for this process. */
  created(entry: JournalEntry, id: string): void {
    this.append({ op: "created", id: entry.id, owner: this.owner, pid: process.pid, createdId: id });
  }

  /** Removes an entry (the create failed for certain, or its object is gone). */
  remove(entry: JournalEntry): void {
    this.append({ op: "remove", ids: [entry.id] });
  }

  /** The engine holds `id`: its entries are done. Writes only when there is one. */
  confirm(id: string): void {
    this.sync();
    const ids = [...this.entries.values()].filter((entry) => entry.createdId === id).map((entry) => entry.id);
    if (ids.length > 0) this.append({ op: "remove", ids });
  }

  /** The current entries (copies), those older than a day left out. */
  snapshot(): JournalEntry[] {
    this.sync();
    const now = Date.now();
    return [...this.entries.values()]
      .filter((entry) => now - entry.startedAt < JOURNAL_MAX_AGE_MS)
      .map((entry) => ({ ...entry }));
  }

  /** Appends one record in one write and applies it to the entries this process holds. */
  private append(record: JournalRecord): void {
    if (!this.broken) {
      try {
        if (!this.dirReady) {
          fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
          this.dirReady = true;
        }
        fs.appendFileSync(this.file, `${JSON.stringify(record)}\n`, { mode: 0o600 });
      } catch (error) {
        // No journal (read-only home…): creates still work, without protection against a kill.
        this.broken = true;
        process.stderr.write(
          `pulumi-tenant: cannot write the create journal ${this.file}: ${(error as Error).message}\n`,
        );
      }
    }
    // This process's own line is applied here; the next read of the file (a confirm, a snapshot) reads it again
    // with whatever others appended, in order, which gives the same entries. Reading it back at once cost each
    // create a stat, an open and a read twice (issue 55).
    replay(this.entries, JSON.stringify(record));
  }

  /** Reads what was appended since the last read (all of it after a compaction); returns the lines read. */
  private sync(): number {
    if (this.broken) return 0;
    // One stat per call, and no exception for a missing file: the engine's every diff and read confirms an id.
    let seen: fs.Stats | undefined;
    try {
      seen = fs.statSync(this.file, { throwIfNoEntry: false });
    } catch {
      seen = undefined; // A file where its folder should be, …: no journal to read.
    }
    if (!seen) {
      this.entries.clear();
      this.read = { ino: -1, offset: 0 };
      return 0;
    }
    if (seen.ino === this.read.ino && seen.size === this.read.offset) return 0;
    let fd: number;
    try {
      fd = fs.openSync(this.file, "r");
    } catch {
      this.entries.clear();
      this.read = { ino: -1, offset: 0 };
      return 0;
    }
    try {
      const { ino, size } = fs.fstatSync(fd);
      if (ino !== this.read.ino || size < this.read.offset) {
        this.entries.clear();
        this.read = { ino, offset: 0 };
      }
      if (size <= this.read.offset) return 0;
      const buffer = Buffer.alloc(size - this.read.offset);
      const got = fs.readSync(fd, buffer, 0, buffer.length, this.read.offset);
      // Only complete lines: a line being appended right now is read next time.
      const end = buffer.lastIndexOf(0x0a, got - 1) + 1;
      const text = buffer.subarray(0, end).toString("utf8");
      replay(this.entries, text);
      this.read.offset += end;
      return text.split("\n").length - 1;
    } finally {
      fs.closeSync(fd);
    }
  }

  /**
   * Rewrites the log as one line per live entry (temp file + rename). A line another
   * process appends in the moment between reading and renaming is lost (rare; at worst
   * a duplicate after a kill, as without a journal).
   */
  private compact(): void {
    try {
      const temp = `${this.file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
      fs.writeFileSync(temp, serialiseJournal(this.snapshot()), { mode: 0o600 });
      fs.renameSync(temp, this.file);
      this.sync();
    } catch {
      // Compaction is an optimisation: the log stays as it was.
    }
  }
}
