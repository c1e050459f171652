/**
 * What a test run did to the checkout. `npm test` must not write, move or delete anything a user
 * has there: stack files (`Pulumi.<stack>.yaml`), the tarballs the README has them pack, the local
 * tenants' data (`.tenant/`, `.pulumi-demo/`), `dist/release/`. The run records every file of the
 * checkout before the suites and after them ({@link snapshotCheckout}), and fails naming each path
 * created, removed or changed ({@link compareSnapshots}, {@link describeCheckoutChanges}). To prove
 * the suites leave a user's files alone, it first plants the files such a user has where they are
 * absent ({@link plantUserFiles}), and removes exactly those at the end ({@link removePlanted}).
 *
 * Not recorded: `.git`, every `node_modules`, the build outputs (`dist/` but `dist/release/`,
 * `provider/dist`, `server/dist`, `policy/dist`, `bench/programs/<program>/bin`) and the ignored
 * folders tests write for people (`test-artifacts/`, `coverage/`). A folder holding a running
 * tenant server's lock (`server.lock`, server/data-dir-lock.ts) naming a process this run did not start
 * is a user's server at work: its files may change and new ones appear, but none may disappear.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { DATA_DIR_LOCK_FILE, dataDirHolder } from "../../server/data-dir-lock";
import { descendantsOf } from "./process-tree";

/** One file of the checkout as recorded. */
export interface CheckoutEntry {
  /** `sha256:<hex>` of a file's bytes, or `link:<target>` of a symbolic link. */
  digest: string;
  /** In the data folder of a tenant server a user runs (not this run): it may change, not disappear. */
  live: boolean;
}

/** Every recorded file of a checkout, by its path relative to the root (`/` separators). */
export interface CheckoutSnapshot {
  root: string;
  files: Map<string, CheckoutEntry>;
  /** The data folders of running servers not started by this run (relative; `""` is the root). */
  liveFolders: string[];
}

/** What happened between two snapshots: checkout-relative paths, sorted. */
export interface CheckoutChanges {
  created: string[];
  removed: string[];
  changed: string[];
}

/** Options of {@link snapshotCheckout}. */
export interface SnapshotOptions {
  /**
   * The process whose descendants are this run's (default: this process): a server among them
   * is the run's own, not a user's.
   */
  runPid?: number;
  /**
   * The environment variable every process of the run carries (`PULUMI_TENANT_TEST_RUN=<id>`):
   * a server with it is the run's own even when its parent is gone (a detached server).
   */
  runMarker?: { name: string; value: string };
}

/** Paths (checkout-relative) never recorded. */
const SKIPPED = [
  /^\.git$/,
  /(^|\/)node_modules$/,
  /^(provider|server|policy)\/dist$/,
  /^bench\/programs\/[^/]+\/bin$/,
  /^(test-artifacts|coverage)$/,
];

function skipped(relative: string): boolean {
  if (SKIPPED.some((pattern) => pattern.test(relative))) return true;
  // dist/ holds the build's output, and the release artifacts a user made with `npm run release`.
  return relative.startsWith("dist/") && relative !== "dist/release" && !relative.startsWith("dist/release/");
}

/** Whether `pid`'s environment carries `marker` (readable only for our own user's processes). */
function carries(pid: number, marker: { name: string; value: string } | undefined): boolean {
  if (!marker) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`${marker.name}=${marker.value}`);
  } catch {
    return false;
  }
}

function digestOf(file: string, stat: fs.Stats): string | undefined {
  try {
    if (stat.isSymbolicLink()) return `link:${fs.readlinkSync(file)}`;
    return `sha256:${createHash("sha256").update(fs.readFileSync(file)).digest("hex")}`;
  } catch (error) {
    // Gone between listing and reading: not there.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Every file and symbolic link under `root` (a checkout) with its digest, but what is never
 * recorded (see the module's comment); links are recorded by their target, never followed.
 */
export function snapshotCheckout(root: string, options: SnapshotOptions = {}): CheckoutSnapshot {
  const runPid = options.runPid ?? process.pid;
  const marker =
    options.runMarker ??
    (process.env.PULUMI_TENANT_TEST_RUN
      ? { name: "PULUMI_TENANT_TEST_RUN", value: process.env.PULUMI_TENANT_TEST_RUN }
      : undefined);
  const ours = new Set([runPid, ...descendantsOf(runPid)]);
  const usersServer = (pid: number) => !ours.has(pid) && !carries(pid, marker);

  const files = new Map<string, CheckoutEntry>();
  const liveFolders: string[] = [];
  const walk = (relative: string, live: boolean): void => {
    const dir = path.join(root, relative);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    // The server's own lock says who runs there (a holder that is gone is no holder).
    const holder = entries.some((entry) => entry.name === DATA_DIR_LOCK_FILE) ? dataDirHolder(dir) : undefined;
    const serving = holder !== undefined && usersServer(holder.pid);
    if (serving) liveFolders.push(relative);
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (skipped(child)) continue;
      if (entry.isDirectory()) walk(child, live || serving);
      else if (entry.isFile() || entry.isSymbolicLink()) {
        const full = path.join(root, child);
        let stat: fs.Stats;
        try {
          stat = fs.lstatSync(full);
        } catch {
          continue;
        }
        const digest = digestOf(full, stat);
        if (digest) files.set(child, { digest, live: live || serving });
      }
    }
  };
  walk("", false);
  return { root, files, liveFolders };
}

/**
 * What changed from `before` to `after`. A file of a running user's server data folder (in either
 * snapshot) may change, and files may appear there; one that disappears is reported.
 */
export function compareSnapshots(before: CheckoutSnapshot, after: CheckoutSnapshot): CheckoutChanges {
  const changes: CheckoutChanges = { created: [], removed: [], changed: [] };
  for (const [file, was] of before.files) {
    const now = after.files.get(file);
    if (!now) changes.removed.push(file);
    else if (now.digest !== was.digest && !(was.live || now.live)) changes.changed.push(file);
  }
  for (const [file, now] of after.files) if (!before.files.has(file) && !now.live) changes.created.push(file);
  for (const list of Object.values(changes) as string[][]) list.sort();
  return changes;
}

/** Whether nothing was created, removed or changed. */
export function isUnchanged(changes: CheckoutChanges): boolean {
  return changes.created.length + changes.removed.length + changes.changed.length === 0;
}

/** One line per path of `changes` ("removed: examples/real-tenant/Pulumi.production.yaml"), removals first. */
export function describeCheckoutChanges(changes: CheckoutChanges): string[] {
  return [
    ...changes.removed.map((file) => `removed: ${file}`),
    ...changes.changed.map((file) => `changed: ${file}`),
    ...changes.created.map((file) => `created: ${file}`),
  ];
}

/** What {@link plantUserFiles} made: remove it with {@link removePlanted}. */
export interface PlantedFiles {
  root: string;
  /** The files planted (checkout-relative). */
  files: string[];
  /** The folders it created for them (checkout-relative), deepest first. */
  folders: string[];
}

/** The first line of every planted file (a tarball's bytes too: it is not a real one). */
export const PLANTED_MARK = "planted by scripts/lib/checkout-guard.ts: a user's file, which tests must leave as it is";

function versionOf(root: string, workspace: string): string {
  const file = path.join(root, workspace, "package.json");
  const version = (JSON.parse(fs.readFileSync(file, "utf8")) as { version?: unknown }).version;
  if (typeof version !== "string") throw new Error(`${file} has no version: the planted tarballs are named after it`);
  return version;
}

/**
 * The files a user who followed the README and the guides has in a checkout, checkout-relative,
 * with their content: stack files of the quickstart, the demo, the adoption example and a
 * generated program's `dev`; the packed tarballs; the local tenants' data; release artifacts;
 * and stack files at the names the test programs' stacks use.
 */
export function userFiles(root: string): Record<string, string> {
  const stack = (what: string) =>
    `# ${PLANTED_MARK}\n# ${what}\nconfig:\n  tenant:domain: https://planted.example.com\n  planted:value: "keep me"\n`;
  return {
    // The quickstart's stack (docs/guides/quickstart.md) and the demo's (npm run demo).
    "examples/real-tenant/Pulumi.production.yaml": stack("the quickstart's production stack"),
    "Pulumi.demo.yaml": stack("the demo's stack"),
    "examples/adopt/Pulumi.dev.yaml": stack("a dev stack of the adoption example"),
    // The tarballs the README and the policies guide have users pack in the checkout.
    [`pulumi-tenant-${versionOf(root, "provider")}.tgz`]: `${PLANTED_MARK}\n`,
    [`pulumi-tenant-policy-${versionOf(root, "policy")}.tgz`]: `${PLANTED_MARK}\n`,
    // The local tenant servers' data (npm run tenant, npm run demo) and the demo's state.
    ".tenant/credentials.json": `${JSON.stringify({ planted: PLANTED_MARK, domain: "http://127.0.0.1:4010" }, null, 2)}\n`,
    ".pulumi-demo/state/x": `${PLANTED_MARK}\n`,
    // What `npm run release` wrote.
    "dist/release/x": `${PLANTED_MARK}\n`,
    // Stack files where the tests' programs and stacks are (a user may run them by hand).
    "test/e2e/program/Pulumi.e2e.yaml": stack("a stack of the end-to-end program, run by hand"),
    "test/e2e/drift-program/Pulumi.drift.yaml": stack("a stack of the drift program, run by hand"),
    "test/e2e/trial-program/Pulumi.owner-b.yaml": stack("a stack of the trial program, run by hand"),
    "Pulumi.examples-realistic.yaml": stack("a stack of the root project"),
    "bench/programs/tenant/Pulumi.bench.yaml": stack("a stack of the bench's program"),
  };
}

/**
 * Creates each of {@link userFiles} that is absent (never over an existing file or link) and
 * returns what it created. `.tenant/` and `.pulumi-demo/`, when created, are owner-only, as the
 * tenant server wants its data folder.
 */
export function plantUserFiles(root: string): PlantedFiles {
  const planted: PlantedFiles = { root, files: [], folders: [] };
  for (const [relative, content] of Object.entries(userFiles(root))) {
    const file = path.join(root, relative);
    if (fs.existsSync(file) || isLink(file)) continue;
    const missing: string[] = [];
    for (let dir = path.dirname(relative); dir !== "." && !fs.existsSync(path.join(root, dir)); dir = path.dirname(dir))
      missing.push(dir);
    for (const dir of missing.reverse()) {
      fs.mkdirSync(path.join(root, dir), { mode: 0o700 });
      planted.folders.unshift(dir.split(path.sep).join("/"));
    }
    fs.writeFileSync(file, content, { flag: "wx", mode: 0o600 });
    planted.files.push(relative);
  }
  return planted;
}

function isLink(file: string): boolean {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Removes exactly the files {@link plantUserFiles} planted, then the folders it created when they are empty. */
export function removePlanted(planted: PlantedFiles): void {
  for (const relative of planted.files) fs.rmSync(path.join(planted.root, relative), { force: true });
  const deepestFirst = [...planted.folders].sort((a, b) => b.split("/").length - a.split("/").length);
  for (const relative of deepestFirst) {
    const dir = path.join(planted.root, relative);
    try {
      if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}
