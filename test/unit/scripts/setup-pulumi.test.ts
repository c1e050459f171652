/**
 * scripts/setup-pulumi.sh on any laptop: the official archive for the machine it runs on (faked `uname`),
 * a `pulumi` already on PATH used when it is a supported version (3.248.0 or any newer 3.x) and said why
 * or why not, Windows told to use WSL2. Nothing is downloaded: `--dry-run` says what it would fetch.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { isSupportedPulumiVersion, REPO_ROOT } from "../../../scripts/lib/pulumi";

const SCRIPT = path.join(REPO_ROOT, "scripts", "setup-pulumi.sh");
/**
 * The CLI version the script sets up: the installed @pulumi/pulumi's (the pinned one; the newest in
 * `npm run test:full`'s Node.js 24 stage).
 */
const SDK_VERSION = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8")) as {
    version: string;
  }
).version;
const PLATFORM_LIB = path.join(REPO_ROOT, "scripts", "lib", "pulumi-platform.sh");

let tmp: string;
/** A folder with `node` alone, so that no `pulumi` of this machine is on the scripts' PATH. */
let nodeDir: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "setup-pulumi-test-"));
  nodeDir = path.join(tmp, "node-bin");
  fs.mkdirSync(nodeDir);
  fs.symlinkSync(process.execPath, path.join(nodeDir, "node"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A fake `pulumi` printing `version` (with a Node.js language host beside it unless told otherwise). */
function fakePulumi(version: string, withHost = true): string {
  const dir = fs.mkdtempSync(path.join(tmp, "pulumi-"));
  fs.writeFileSync(path.join(dir, "pulumi"), `#!/bin/sh\necho ${version}\n`, { mode: 0o755 });
  if (withHost) fs.writeFileSync(path.join(dir, "pulumi-language-nodejs"), "#!/bin/sh\n", { mode: 0o755 });
  return dir;
}

/** Runs the script with an empty cache and tools folder, faked `uname`, and PATH = `pathDirs` + node + the system's. */
function setup(options: { args?: string[]; kernel?: string; machine?: string; pathDirs?: string[] } = {}) {
  const place = fs.mkdtempSync(path.join(tmp, "place-"));
  const result = spawnSync("bash", [SCRIPT, ...(options.args ?? ["--dry-run"])], {
    encoding: "utf8",
    env: {
      HOME: place,
      PATH: [...(options.pathDirs ?? []), nodeDir, "/usr/bin", "/bin"].join(":"),
      PULUMI_TENANT_CLI_ROOT: path.join(place, "cache"),
      PULUMI_TENANT_TOOLS: path.join(place, "tools"),
      PULUMI_TENANT_UNAME_S: options.kernel ?? "Linux",
      PULUMI_TENANT_UNAME_M: options.machine ?? "x86_64",
    },
  });
  const lines = result.stdout.trim().split("\n");
  return { status: result.status, out: lines[lines.length - 1], stderr: result.stderr, place };
}

describe("setup-pulumi.sh: the archive for the machine", () => {
  const release = `https://get.pulumi.com/releases/sdk/pulumi-v${SDK_VERSION}`;
  test.each([
    ["Linux", "x86_64", `${release}-linux-x64.tar.gz`],
    ["Linux", "amd64", `${release}-linux-x64.tar.gz`],
    ["Linux", "aarch64", `${release}-linux-arm64.tar.gz`],
    ["Linux", "arm64", `${release}-linux-arm64.tar.gz`],
    ["Darwin", "x86_64", `${release}-darwin-x64.tar.gz`],
    ["Darwin", "arm64", `${release}-darwin-arm64.tar.gz`],
  ])("%s %s fetches %s", (kernel, machine, url) => {
    const run = setup({ kernel, machine });
    expect([run.status, run.out]).toEqual([0, url]);
    expect(run.stderr).toContain("no pulumi on PATH");
    expect(fs.existsSync(path.join(run.place, "cache"))).toBe(false);
  });

  test.each(["MINGW64_NT-10.0-19045", "MSYS_NT-10.0", "CYGWIN_NT-10.0"])(
    "Windows (%s) is told to use WSL2",
    (kernel) => {
      const run = setup({ kernel });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("run them in WSL2");
    },
  );

  test("another processor or system is named, with what to do", () => {
    const odd = setup({ machine: "riscv64" });
    expect(odd.status).toBe(1);
    expect(odd.stderr).toContain("No Pulumi CLI archive for the processor 'riscv64' (x86_64 and arm64 only)");
    expect(setup({ kernel: "FreeBSD" }).stderr).toContain("install the Pulumi CLI (3.248.0 or any newer 3.x) yourself");
  });
});

describe("setup-pulumi.sh: a pulumi already on PATH", () => {
  test("a newer 3.x (e.g. Homebrew's) is used, through links in a folder of ours", () => {
    const found = fakePulumi("v3.250.1");
    const run = setup({ args: [], pathDirs: [found] });
    expect(run.stderr).toContain(
      `found pulumi v3.250.1 at ${found}/pulumi: supported (3.248.0 or any newer 3.x), using it`,
    );
    const bin = path.join(run.place, "tools", "pulumi-on-path", "v3.250.1", "bin");
    expect([run.status, run.out]).toEqual([0, bin]);
    expect(fs.readlinkSync(path.join(bin, "pulumi"))).toBe(path.join(found, "pulumi"));
    expect(fs.readlinkSync(path.join(bin, "pulumi-language-nodejs"))).toBe(path.join(found, "pulumi-language-nodejs"));
    // The dynamic-provider launcher of node_modules/@pulumi/pulumi beside it, and nothing written where it was found.
    expect(fs.existsSync(path.join(bin, "pulumi-resource-pulumi-nodejs"))).toBe(true);
    expect(fs.readdirSync(found).sort()).toEqual(["pulumi", "pulumi-language-nodejs"]);
    expect(fs.existsSync(path.join(run.place, "cache"))).toBe(false);
  });

  test("the pinned version is used through the pinned cache folder", () => {
    const found = fakePulumi(`v${SDK_VERSION}`);
    const run = setup({ pathDirs: [found] });
    expect([run.status, run.out]).toEqual([0, path.join(run.place, "cache", "bin")]);
    expect(run.stderr).toContain(`found pulumi v${SDK_VERSION} at ${found}/pulumi: supported`);
  });

  test.each([
    ["v3.247.0", "it is not a supported version (3.248.0 or any newer 3.x)"],
    ["v4.0.0", "it is not a supported version (3.248.0 or any newer 3.x)"],
    ["v3.250.0-alpha.1", "it is not a supported version (3.248.0 or any newer 3.x)"],
  ])("%s is not used, and the archive is fetched instead", (version, why) => {
    const found = fakePulumi(version);
    const run = setup({ pathDirs: [found] });
    expect(run.stderr).toContain(`found pulumi ${version} at ${found}/pulumi: not used, ${why}`);
    expect([run.status, run.out]).toEqual([
      0,
      `https://get.pulumi.com/releases/sdk/pulumi-v${SDK_VERSION}-linux-x64.tar.gz`,
    ]);
  });

  test("a CLI without its Node.js language host beside it is not used", () => {
    const found = fakePulumi("v3.250.1", false);
    const run = setup({ pathDirs: [found] });
    expect(run.stderr).toContain("not used, its Node.js language host (pulumi-language-nodejs) is not beside it");
    expect(run.out).toMatch(/linux-x64\.tar\.gz$/);
  });
});

describe("the supported range", () => {
  const versions = ["v3.248.0", "3.248.1", "v3.249.0", "v3.300.12", "v3.247.9", "v3.9.0", "v2.999.0", "v4.0.0"];
  versions.push("v3.250.0-alpha.1", "v3.250.0-dev.0", "", "garbage");

  test("ensurePulumiCli (scripts/lib/pulumi.ts) and the shell script agree on every version", () => {
    const shell = spawnSync(
      "bash",
      [
        "-c",
        `source ${JSON.stringify(PLATFORM_LIB)}; for v in "$@"; do pulumi_version_supported "$v" && echo yes || echo no; done`,
        "check",
        ...versions,
      ],
      { encoding: "utf8" },
    );
    const answers = shell.stdout.trim().split("\n");
    expect(answers.map((answer, i) => [versions[i], answer])).toEqual(
      versions.map((version) => [version, isSupportedPulumiVersion(version) ? "yes" : "no"]),
    );
    expect(versions.filter(isSupportedPulumiVersion)).toEqual(["v3.248.0", "3.248.1", "v3.249.0", "v3.300.12"]);
  });
});
