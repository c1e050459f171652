/**
 * A project's `runtime.options` reach the language hosts built here. Those hosts (sdk/v3
 * v3.66.0 Go, v3.68.0 Python and the Node.js fallback) read the options only as command-line
 * flags, which CLI 3.248 no longer passes; the launcher of scripts/language-options stands in
 * front of them and passes them. Here the launcher's flags for each language, with a stand-in
 * host that prints what it was given; language-options.full.test.ts (`npm run test:full`) runs
 * the options through the CLI and the real hosts.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ensureLanguages } from "../../scripts/lib/pulumi";
import { E2E_TIMEOUT_MS } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

let binDir: string;
let work: string;
beforeAll(() => {
  ({ binDir } = ensureLanguages());
  work = fs.mkdtempSync(path.join(os.tmpdir(), "language-options-"));
});
afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe("the launcher in front of the older language hosts", () => {
  /** Where setup puts it: beside the real hosts, outside the CLI's bin folder. */
  const launcher = () => path.join(path.dirname(binDir), "hosts", "language-options");

  /**
   * Runs the launcher as `pulumi-language-<language>` in a project holding `project` (no file
   * when undefined), from the project's folder or from `sub`, a folder inside it (`main: sub/`).
   */
  function launch(language: string, project: string | undefined, args = ["127.0.0.1:4567"], sub = "") {
    const dir = fs.mkdtempSync(path.join(work, "launch-"));
    fs.mkdirSync(path.join(dir, "bin"));
    fs.mkdirSync(path.join(dir, "hosts"));
    fs.mkdirSync(path.join(dir, "project"));
    const name = `pulumi-language-${language}`;
    fs.copyFileSync(launcher(), path.join(dir, "bin", name));
    fs.chmodSync(path.join(dir, "bin", name), 0o755);
    // The stand-in host prints each argument on a line of its own.
    fs.writeFileSync(path.join(dir, "hosts", name), '#!/bin/sh\nfor a in "$@"; do echo "$a"; done\n', { mode: 0o755 });
    if (project !== undefined) fs.writeFileSync(path.join(dir, "project", "Pulumi.yaml"), project);
    fs.mkdirSync(path.join(dir, "project", sub), { recursive: true });
    const cwd = path.join(dir, "project", sub);
    const result = spawnSync(path.join(dir, "bin", name), args, { cwd, encoding: "utf8" });
    const printed = result.stdout.split("\n").filter(Boolean);
    // The project's folder, which differs per call, as <project>.
    return {
      status: result.status,
      args: printed.map((arg) => arg.replace(fs.realpathSync(path.join(dir, "project")), "<project>")),
      stderr: result.stderr,
    };
  }

  beforeAll(() => {
    if (!fs.existsSync(launcher())) {
      throw new Error(`${launcher()} is missing: scripts/setup-languages.sh installs it beside the hosts it fronts`);
    }
  });

  test("Go: binary and buildTarget become the host's flags, before the CLI's own arguments", () => {
    const project = "name: p\nruntime:\n  name: go\n  options:\n    binary: bin/program\n    buildTarget: out/p\n";
    expect(launch("go", project)).toEqual({
      status: 0,
      args: ["-binary=bin/program", "-buildTarget=out/p", "127.0.0.1:4567"],
      stderr: "",
    });
  });

  test("Python: virtualenv; Node.js: typescript, tsconfig and nodeargs; other options are left out", () => {
    const python = "name: p\nruntime:\n  name: python\n  options:\n    virtualenv: venv\n    toolchain: pip\n";
    expect(launch("python", python).args).toEqual(["-root=<project>", "-virtualenv=venv", "127.0.0.1:4567"]);
    const nodejs = [
      "name: p",
      "runtime:",
      "  name: nodejs",
      "  options:",
      "    typescript: false",
      "    tsconfig: tsconfig.prod.json",
      '    nodeargs: "--max-old-space-size=200 --no-warnings"',
      "    packagemanager: npm",
    ].join("\n");
    expect(launch("nodejs", nodejs, ["-tracing=x", "127.0.0.1:1"]).args).toEqual([
      "-typescript=false",
      "-tsconfig=tsconfig.prod.json",
      "-nodeargs=--max-old-space-size=200 --no-warnings",
      "-tracing=x",
      "127.0.0.1:1",
    ]);
  });

  test("from a program folder inside the project (main: bin/), the project's options still apply", () => {
    const project = "name: p\nmain: bin/app/\nruntime:\n  name: nodejs\n  options:\n    typescript: false\n";
    expect(launch("nodejs", project, undefined, "bin/app").args).toEqual(["-typescript=false", "127.0.0.1:4567"]);
    const python = "name: p\nmain: src/\nruntime:\n  name: python\n  options:\n    virtualenv: venv\n";
    expect(launch("python", python, undefined, "src").args).toEqual([
      "-root=<project>",
      "-virtualenv=venv",
      "127.0.0.1:4567",
    ]);
  });

  test("a runtime named alone, a project without options and a folder without a project pass through", () => {
    expect(launch("go", "name: p\nruntime: go\n").args).toEqual(["127.0.0.1:4567"]);
    expect(launch("go", "name: p\nruntime:\n  name: go\n").args).toEqual(["127.0.0.1:4567"]);
    expect(launch("nodejs", undefined).args).toEqual(["127.0.0.1:4567"]);
  });

  test("a project file that is not YAML stops the host with a message naming it", () => {
    const result = launch("go", "name: p\nruntime: [go\n");
    expect(result.status).toBe(1);
    expect(result.args).toEqual([]);
    expect(result.stderr).toMatch(
      /cannot read the project's runtime options: \S*\/project\/Pulumi\.yaml: yaml: line 1/,
    );
  });
});
