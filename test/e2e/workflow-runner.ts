/**
 * Runs a GitHub Actions workflow of examples/ci on this machine, as a runner would: the `run:`
 * steps in order, with bash as GitHub runs them (`bash -e -o pipefail`), `${{ … }}` filled in from
 * a map of secrets, variables and `github` facts (an expression the map lacks fails the run), and
 * the `uses:` steps replaced by local equivalents that accept only what the real action accepts.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { ensurePulumiCli, isSupportedPulumiVersion } from "../../scripts/lib/pulumi";

/** One step of a job. */
export interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  with?: Record<string, unknown>;
  run?: string;
  env?: Record<string, string>;
}

/** A workflow as the YAML says it. */
export interface Workflow {
  name: string;
  on: unknown;
  /** The workflow's own environment, under each job's. */
  env?: Record<string, string>;
  jobs: Record<string, { "runs-on": string; env?: Record<string, string>; steps: Step[] }>;
}

/** What `${{ … }}` may read: `secrets.X`, `vars.X`, `github.…`, `inputs.X` by their full name. */
export type Expressions = Record<string, string>;

/** How one step went. */
export interface StepResult {
  step: string;
  status: "ok" | "failed" | "skipped";
  output: string;
}

/** Reads a workflow file. */
export function readWorkflow(file: string): Workflow {
  return parse(fs.readFileSync(file, "utf8")) as Workflow;
}

/** Every `secrets.X` and `vars.X` a workflow reads. */
export function namesRead(file: string): { secrets: string[]; vars: string[] } {
  const text = fs.readFileSync(file, "utf8");
  const names = (kind: string) =>
    [...new Set([...text.matchAll(new RegExp(`\\b${kind}\\.([A-Za-z0-9_]+)`, "g"))].map((m) => m[1]))].sort();
  return { secrets: names("secrets"), vars: names("vars") };
}

/**
 * `text` with every `${{ expression }}` replaced from `values`; an unknown expression throws.
 * `a || 'text'` is GitHub's default: the first operand that is not empty (a variable that is not
 * set reads as empty: give it as `""` in the map), a quoted literal as written.
 */
export function substitute(text: string, values: Expressions): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
    const operands = expression.split("||").map((operand) => operand.trim());
    const read = (operand: string): string => {
      const literal = /^'((?:[^']|'')*)'$/.exec(operand);
      if (literal) return literal[1].replace(/''/g, "'");
      if (!(operand in values)) throw new Error(`no value for \${{ ${operand} }} (the test's map lacks it)`);
      return values[operand];
    };
    return operands.map(read).find((value) => value !== "") ?? "";
  });
}

/** One segment of a glob as a regular expression: `*` any characters but `/`, `?` one of them. */
function segmentPattern(segment: string): RegExp {
  const source = segment
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, "[^/]*")
    .replace(/\?/g, "[^/]");
  return new RegExp(`^${source}$`);
}

/**
 * The files under `dir` a glob of GitHub's `hashFiles` matches (`*` and `?` within a folder's
 * name, `**` any folders), relative to `dir` and sorted. Folders match nothing: hashFiles hashes files.
 */
export function globFiles(pattern: string, dir: string): string[] {
  const found = new Set<string>();
  const entries = (at: string) => (fs.existsSync(at) ? fs.readdirSync(at, { withFileTypes: true }) : []);
  const walk = (at: string, rest: string[]): void => {
    const [head, ...tail] = rest;
    if (head === "**") {
      walk(at, tail.length > 0 ? tail : ["*"]); // no folder in between
      for (const entry of entries(at)) if (entry.isDirectory()) walk(path.join(at, entry.name), rest);
      return;
    }
    const match = segmentPattern(head);
    for (const entry of entries(at)) {
      if (!match.test(entry.name)) continue;
      const full = path.join(at, entry.name);
      if (tail.length === 0 && entry.isFile()) found.add(path.relative(dir, full));
      if (tail.length > 0 && entry.isDirectory()) walk(full, tail);
    }
  };
  const segments = pattern.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.length > 0) walk(dir, segments);
  return [...found].sort();
}

/**
 * Whether `hashFiles(<arguments>)` would hash anything in `dir`: the arguments are quoted globs,
 * comma-separated; one starting with `!` takes its matches out again, as GitHub's does.
 */
export function hashFilesFinds(args: string, dir: string): boolean {
  const globs = [...args.matchAll(/\s*'((?:[^']|'')*)'\s*(?:,|$)/g)].map((m) => m[1].replace(/''/g, "'"));
  if (globs.length === 0 || globs.join("").length === 0)
    throw new Error(`hashFiles(${args}): give one or more quoted patterns`);
  const files = new Set<string>();
  for (const glob of globs) {
    if (glob.startsWith("!")) for (const file of globFiles(glob.slice(1), dir)) files.delete(file);
    else for (const file of globFiles(glob, dir)) files.add(file);
  }
  return files.size > 0;
}

/**
 * Whether a step's `if:` lets it run, after a job that has `failed` so far, by GitHub's rules for
 * the forms these workflows use: terms joined by `&&`, each a status function (`always()`,
 * `success()`, `failure()`), `hashFiles(…) != ''` (or `== ''`) on the checkout `dir`, or a name
 * of `values` read as `'true'`. Any other term throws (the runner has no meaning for it).
 */
export function shouldRun(condition: string | undefined, failed: boolean, values: Expressions, dir: string): boolean {
  if (condition === undefined) return !failed;
  const expression = condition.replace(/^\s*\$\{\{\s*|\s*\}\}\s*$/g, "");
  const terms = expression.split("&&").map((term) => term.trim());
  // Without a status function a condition holds only while the job succeeds (an implicit `success() &&`).
  const statusGiven = terms.some((term) => /^(always|failure|success)\(\)$/.test(term));
  const holds = terms.every((term) => {
    if (term === "always()") return true;
    if (term === "failure()") return failed;
    if (term === "success()") return !failed;
    const hash = /^hashFiles\((.*)\)\s*(!=|==)\s*''$/.exec(term);
    if (hash) return hashFilesFinds(hash[1], dir) === (hash[2] === "!=");
    if (term in values) return values[term] === "true";
    throw new Error(`no local meaning for the condition term "${term}"`);
  });
  return holds && (statusGiven || !failed);
}

/** The inputs pulumi/actions@v6 declares (its action.yml, v6.6.1), and what it does with `command` (src/config.ts). */
const PULUMI_ACTION_INPUTS = new Set(
  (
    "command stack-name pulumi-version pulumi-version-file work-dir comment-on-pr comment-on-pr-number " +
    "comment-on-summary github-token cloud-url secrets-provider parallel message config-map expect-no-changes " +
    "diff replace exclude exclude-dependents target target-dependents policyPacks policyPackConfigs refresh " +
    "upsert remove edit-pr-comment color exclude-protected plan suppress-outputs suppress-progress " +
    "always-include-summary continue-on-error log-verbosity log-flow debug"
  ).split(" "),
);
const PULUMI_ACTION_COMMANDS = ["up", "update", "refresh", "destroy", "preview", "output"];
/** actions/upload-artifact@v4's inputs (its action.yml). */
const UPLOAD_ARTIFACT_INPUTS = new Set(
  "name path if-no-files-found retention-days compression-level overwrite include-hidden-files".split(" "),
);

/**
 * The local equivalent of a `uses:` step: what the real action would accept, checked, and its
 * effect on the job's PATH (the folders to put first). Throws as the action would fail.
 */
function localAction(step: Step): string[] {
  const uses = step.uses ?? "";
  const given = step.with ?? {};
  if (uses === "actions/checkout@v4") return []; // The scratch repository is the checkout.
  if (uses === "actions/setup-node@v4") {
    const major = process.versions.node.split(".")[0];
    if (String(given["node-version"]) !== major)
      throw new Error(`setup-node asks for Node.js ${String(given["node-version"])}; this machine runs ${major}`);
    return [path.dirname(process.execPath)];
  }
  if (uses === "pulumi/actions@v6") {
    const unknown = Object.keys(given).filter((input) => !PULUMI_ACTION_INPUTS.has(input));
    if (unknown.length > 0) throw new Error(`pulumi/actions@v6 has no input ${unknown.join(", ")}`);
    if (given.command !== undefined) {
      // Install-only mode is chosen when `command` is absent; with one, the action runs it and needs a stack.
      const command = String(given.command);
      if (!PULUMI_ACTION_COMMANDS.includes(command))
        throw new Error(
          `pulumi/actions@v6: input 'command' is '${command}', not one of ${PULUMI_ACTION_COMMANDS.join(", ")} ` +
            "(the action installs the CLI and stops only when 'command' is not given)",
        );
      if (!given["stack-name"]) throw new Error("pulumi/actions@v6: Input required and not supplied: stack-name");
      throw new Error(`pulumi/actions@v6 would run \`pulumi ${command}\` itself; these workflows only install with it`);
    }
    const version = String(given["pulumi-version"] ?? "");
    if (!isSupportedPulumiVersion(version))
      throw new Error(
        `pulumi/actions@v6 installs pulumi-version '${version}', not a supported CLI (3.248.0 or newer 3.x)`,
      );
    return [ensurePulumiCli()];
  }
  if (uses === "actions/upload-artifact@v4") {
    const unknown = Object.keys(given).filter((input) => !UPLOAD_ARTIFACT_INPUTS.has(input));
    if (unknown.length > 0) throw new Error(`actions/upload-artifact@v4 has no input ${unknown.join(", ")}`);
    if (!given.path) throw new Error("actions/upload-artifact@v4: Input required and not supplied: path");
    return []; // Nothing to upload to: the files stay in the checkout.
  }
  throw new Error(`no local equivalent for \`uses: ${uses}\``);
}

/** Runs `script` with bash as a GitHub runner does, in `dir`; resolves with its exit status and output. */
function bash(script: string, dir: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-e", "-o", "pipefail", "-c", script], {
      cwd: dir,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.once("close", (status) => resolve({ status, output }));
  });
}

/**
 * Runs every job of `workflow` in `dir` (the checkout), with `env` as the runner's environment.
 * Steps after a failure run only when their `if:` says so; a failing local action fails its step.
 */
export async function runWorkflow(
  workflow: Workflow,
  dir: string,
  values: Expressions,
  env: NodeJS.ProcessEnv,
): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const job of Object.values(workflow.jobs)) {
    let failed = false;
    let pathFirst: string[] = [];
    const jobEnv = Object.fromEntries(
      Object.entries({ ...workflow.env, ...job.env }).map(([k, v]) => [k, substitute(String(v), values)]),
    );
    for (const step of job.steps) {
      const label = step.uses ?? step.run!.split("\n")[0];
      if (!shouldRun(step.if, failed, values, dir)) {
        results.push({ step: label, status: "skipped", output: "" });
        continue;
      }
      if (step.uses) {
        try {
          pathFirst = [...localAction(step), ...pathFirst];
          results.push({ step: label, status: "ok", output: "" });
        } catch (error) {
          failed = true;
          results.push({ step: label, status: "failed", output: (error as Error).message });
        }
        continue;
      }
      const stepEnv = Object.fromEntries(
        Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(String(v), values)]),
      );
      const full = { ...env, ...jobEnv, ...stepEnv, PATH: [...pathFirst, env.PATH].join(path.delimiter) };
      const ran = await bash(substitute(step.run!, values), dir, full);
      if (ran.status !== 0) failed = true;
      results.push({ step: label, status: ran.status === 0 ? "ok" : "failed", output: ran.output });
    }
  }
  return results;
}
