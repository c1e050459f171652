/**
 * The benchmark's plugin program run the two ways a TypeScript user can run it:
 * `plugin` (bench/programs/plugin: `main: index.ts`, compiled by ts-node at every run, as
 * `pulumi new typescript` sets it up) and `plugin-js` (the same index.ts compiled ahead of
 * time with `tsc` into bench/programs/plugin-js/bin and run as JavaScript:
 * `runtime: {name: nodejs, options: {typescript: false}}`, `main: bin/…/index.js`), which
 * the README recommends for a big stack.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { renameResource } from "../../provider/schema/names";
import { REPO_ROOT } from "../../scripts/lib/pulumi";
import { formInputs, type Scenario, scenarioPlan, streamInputs, TEMPLATE } from "../programs/scenario";

const PLUGIN_JS = path.join(REPO_ROOT, "bench", "programs", "plugin-js");

/**
 * Compiles bench/programs/plugin/index.ts (and what it imports: the generated SDK's sources
 * and the schema's names) into bench/programs/plugin-js/bin. `sourceMap: false` compiles
 * without source maps (the probe measures what mapping the SDK's stack traces costs).
 */
export function compilePluginJs(options: { sourceMap?: boolean } = {}): void {
  const bin = path.join(PLUGIN_JS, "bin");
  fs.rmSync(bin, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [
      path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc"),
      "-p",
      path.join(PLUGIN_JS, "tsconfig.json"),
      ...(options.sourceMap === false ? ["--sourceMap", "false"] : []),
    ],
    { stdio: "inherit" },
  );
  // The generated SDK reads its version from its package.json (`require('./package.json')`),
  // which the published package has next to its compiled files; tsc does not copy it.
  fs.copyFileSync(
    path.join(REPO_ROOT, "sdk", "nodejs", "package.json"),
    path.join(bin, "sdk", "nodejs", "package.json"),
  );
}

/** The scenario's resources in the package schema's names (what a program without the TypeScript scenario declares). */
function pluginInputs(scenario: Scenario, hookPassword: string) {
  const schema = (kind: string, inputs: object) => renameResource(kind, inputs as Record<string, unknown>, "toSchema");
  const password = hookPassword as unknown as Parameters<typeof streamInputs>[1];
  // A form would name its flow by reference, which these writers do not spell: refuse rather than drop the flows.
  if (scenario.flows)
    throw new Error("the YAML and Go bench programs declare no flows: measure flows with tenant, plugin or plugin-js");
  return {
    forms: Array.from({ length: scenario.forms ?? 0 }, (_, i) => schema("form", formInputs(scenario, i))),
    streams: Array.from({ length: scenario.streams ?? 0 }, (_, i) => schema("eventStream", streamInputs(i, password))),
    template: scenario.template ? TEMPLATE : "",
  };
}

/** A bench plugin project's Pulumi.yaml (the project of bench/programs/plugin, so it runs the same stack). */
function writeProject(dir: string, runtime: unknown, rest: Record<string, unknown> = {}): void {
  const project = {
    name: "tenant-bench-plugin",
    description: "The benchmark's plugin program, written by bench/lib/programs.ts.",
    runtime,
    plugins: { providers: [{ name: "tenant", path: path.join(REPO_ROOT, "provider", "bin") }] },
    ...rest,
  };
  fs.mkdirSync(dir, { recursive: true });
  // JSON is YAML.
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `${JSON.stringify(project, null, 1)}\n`);
}

/**
 * Writes into `dir` the benchmark's plugin program for `scenario` as a YAML program (no SDK,
 * no program process of Node.js: the YAML language host registers the resources), with the
 * same resource names, types and inputs as bench/programs/plugin. YAML has no loops, so every
 * resource is written out.
 */
export function writePluginYaml(dir: string, scenario: Scenario): void {
  // The config value, by YAML interpolation (a secret there as in the stack's config).
  const inputs = pluginInputs(scenario, "${hookPassword}");
  const resources: Record<string, unknown> = {};
  inputs.forms.forEach((properties, i) => (resources[`form-${i}`] = { type: "tenant:index:Form", properties }));
  inputs.streams.forEach(
    (properties, i) => (resources[`stream-${i}`] = { type: "tenant:index:EventStream", properties }),
  );
  if (inputs.template)
    resources.login = { type: "tenant:index:LoginTemplate", properties: { template: inputs.template } };
  writeProject(dir, "yaml", {
    config: { hookPassword: { type: "string", secret: true }, scenario: { type: "string" } },
    resources,
    outputs: { formCount: inputs.forms.length, streamCount: inputs.streams.length },
  });
}

/**
 * Writes into `dir` the benchmark's plugin program for `scenario` in Go
 * (bench/programs/plugin-go/main.go on the generated sdk/go, its inputs in `inputs.json`) and
 * builds it ahead (`runtime.options.binary`), as a Go user with a big stack would.
 */
export function writePluginGo(dir: string, scenario: Scenario): void {
  const source = path.join(REPO_ROOT, "bench", "programs", "plugin-go");
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(source, "main.go"), path.join(dir, "main.go"));
  fs.copyFileSync(path.join(source, "go.sum"), path.join(dir, "go.sum"));
  const goMod = fs.readFileSync(path.join(source, "go.mod"), "utf8");
  fs.writeFileSync(
    path.join(dir, "go.mod"),
    goMod.replace("=> ../../../sdk/go", `=> ${path.join(REPO_ROOT, "sdk", "go")}`),
  );
  fs.writeFileSync(path.join(dir, "inputs.json"), JSON.stringify(pluginInputs(scenario, "")));
  execFileSync("go", ["build", "-o", path.join("bin", "tenant-bench"), "."], {
    cwd: dir,
    env: { ...process.env, GOFLAGS: "-mod=mod" },
    stdio: "inherit",
  });
  writeProject(dir, { name: "go", options: { binary: path.join("bin", "tenant-bench") } });
}

/**
 * Writes into `dir` the benchmark's plugin program for `scenario` in Python
 * (bench/programs/plugin-py/__main__.py on the generated SDK `pulumi_tenant`, its resources in
 * `plan.json`: {@link scenarioPlan}, references included), run by the virtual environment `venv`
 * (which has the `pulumi` package; the program finds `pulumi_tenant` on PYTHONPATH).
 */
export function writePluginPython(dir: string, scenario: Scenario, venv: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(REPO_ROOT, "bench", "programs", "plugin-py", "__main__.py"), path.join(dir, "__main__.py"));
  fs.writeFileSync(path.join(dir, "plan.json"), JSON.stringify(scenarioPlan(scenario)));
  writeProject(dir, { name: "python", options: { virtualenv: venv } });
}
