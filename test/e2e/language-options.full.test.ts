/**
 * A project's `runtime.options` through the CLI and the language hosts built here (sdk/v3
 * v3.66.0 Go, v3.68.0 Python and the Node.js fallback), which take them from the launcher of
 * scripts/language-options (its flags are checked in language-options.test.ts): a Go program's
 * prebuilt `binary` runs while its source does not even compile, a Python program runs in the
 * `virtualenv` it names, and a Node.js program gets `typescript: false` and its `nodeargs`.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ensureLanguages, openStack, REPO_ROOT, type PulumiPlace } from "../../scripts/lib/pulumi";
import { E2E_TIMEOUT_MS } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

let binDir: string;
let pythonVenv: string;
let work: string;
let place: PulumiPlace;
beforeAll(() => {
  ({ binDir, pythonVenv } = ensureLanguages());
  work = fs.mkdtempSync(path.join(os.tmpdir(), "language-options-"));
  place = { stateDir: path.join(work, "state"), homeDir: path.join(work, "home"), passphrase: "options" };
});
afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe("runtime.options through the CLI", () => {
  test("a Go program's prebuilt binary runs: the host does not build its source", async () => {
    const dir = path.join(work, "go");
    fs.mkdirSync(dir);
    const source = [
      "package main",
      "",
      'import "github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
      "",
      "func main() {",
      "\tpulumi.Run(func(ctx *pulumi.Context) error {",
      '\t\tctx.Export("ran", pulumi.String("prebuilt"))',
      "\t\treturn nil",
      "\t})",
      "}",
      "",
    ].join("\n");
    fs.writeFileSync(path.join(dir, "main.go"), source);
    fs.writeFileSync(
      path.join(dir, "go.mod"),
      "module options-go\n\ngo 1.24\n\nrequire github.com/pulumi/pulumi/sdk/v3 v3.248.0\n",
    );
    fs.copyFileSync(path.join(REPO_ROOT, "test", "e2e", "languages", "go", "go.sum"), path.join(dir, "go.sum"));
    execFileSync("go", ["build", "-o", path.join("bin", "program"), "."], {
      cwd: dir,
      env: { ...process.env, GOFLAGS: "-mod=mod" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    // Built ahead; a build now would fail.
    fs.writeFileSync(path.join(dir, "main.go"), "package main\n\nthis does not compile\n");
    fs.writeFileSync(
      path.join(dir, "Pulumi.yaml"),
      "name: options-go\nruntime:\n  name: go\n  options:\n    binary: bin/program\n",
    );
    const stack = await openStack({ workDir: dir, stackName: "options", binDir, place, freshConfig: true });
    const up = await stack.up();
    expect(up.outputs.ran?.value).toBe("prebuilt");
  });

  test("a Python program runs in its virtualenv without it being activated", async () => {
    const dir = path.join(work, "python");
    fs.mkdirSync(dir);
    fs.writeFileSync(
      path.join(dir, "__main__.py"),
      "import sys\nimport pulumi\n\npulumi.export('prefix', sys.prefix)\n",
    );
    fs.writeFileSync(
      path.join(dir, "Pulumi.yaml"),
      `name: options-python\nruntime:\n  name: python\n  options:\n    virtualenv: ${pythonVenv}\n`,
    );
    // The CLI's PATH holds no virtual environment: only the option names it.
    const stack = await openStack({ workDir: dir, stackName: "options", binDir, place, freshConfig: true });
    const up = await stack.up();
    expect(up.outputs.prefix?.value).toBe(pythonVenv);
  });

  test("a Node.js program compiled into bin/ runs with typescript: false and its nodeargs", async () => {
    const dir = path.join(work, "nodejs");
    fs.mkdirSync(dir);
    // The program's own node_modules: @pulumi/pulumi of this repository.
    fs.mkdirSync(path.join(dir, "node_modules", "@pulumi"), { recursive: true });
    fs.symlinkSync(
      path.join(REPO_ROOT, "node_modules", "@pulumi", "pulumi"),
      path.join(dir, "node_modules", "@pulumi", "pulumi"),
    );
    // Compiled ahead into a folder of its own, as `main:` names it: the CLI starts the host there.
    fs.mkdirSync(path.join(dir, "bin"));
    fs.writeFileSync(
      path.join(dir, "bin", "index.js"),
      [
        'exports.typescript = process.env.PULUMI_NODEJS_TYPESCRIPT ?? "unset";',
        'exports.tsNode = Object.keys(require.cache).some((file) => file.includes("/ts-node/"));',
        'exports.heapLimit = process.execArgv.find((arg) => arg.startsWith("--max-old-space-size")) ?? "none";',
        "",
      ].join("\n"),
    );
    fs.writeFileSync(path.join(dir, "package.json"), '{"name": "options-nodejs", "main": "bin/index.js"}\n');
    fs.writeFileSync(
      path.join(dir, "Pulumi.yaml"),
      [
        "name: options-nodejs",
        "main: bin/index.js",
        "runtime:",
        "  name: nodejs",
        "  options:",
        "    typescript: false",
        '    nodeargs: "--max-old-space-size=300"',
        "",
      ].join("\n"),
    );
    const stack = await openStack({ workDir: dir, stackName: "options", binDir, place, freshConfig: true });
    const up = await stack.up();
    // The host sets PULUMI_NODEJS_TYPESCRIPT=true for TypeScript only; ts-node is then not registered.
    expect(up.outputs.typescript?.value).toBe("unset");
    expect(up.outputs.tsNode?.value).toBe(false);
    expect(up.outputs.heapLimit?.value).toBe("--max-old-space-size=300");
  });
});
