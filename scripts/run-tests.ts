/**
 * `npm test` after the build: type check, lint, format, the Pulumi CLI and language hosts, then jest — unit, server
 * and provider suites in parallel workers, the end-to-end and package suites two at a time, then
 * the fault suites and the engine suites with bounds in seconds one at a time.
 * Ends with one line `N passed, N failed`. `--full` (or TENANT_FULL=1) runs the fault
 * suites at full size. Every child gets PULUMI_TENANT_TEST_RUN=<id>; at the end a process still
 * carrying that marker (a server or dynamic provider a test failed to end) is named, killed and
 * fails the run.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { endLeftovers } from "./lib/process-tree";
import { REPO_ROOT, ensureLanguages, ensurePulumiCli } from "./lib/pulumi";
import { ensurePostgres } from "./lib/postgres";
import { parseScriptArgs } from "./lib/args";
import { ensureChromium } from "./lib/chromium";
import { ensureActionlint } from "./lib/actionlint";

const RUN_MARKER = "PULUMI_TENANT_TEST_RUN";
const RUN_ID = `${process.pid}-${Date.now()}`;
process.env[RUN_MARKER] = RUN_ID;

/**
 * End-to-end suites that run alone: they assert how long a failure takes (errors: a silent
 * host gives up within its settings). Every fault suite runs alone too (floods, storms,
 * crashes and listing stalls measured against the server's own pace).
 */
const SUITES_ALONE = ["test/e2e/errors.test.ts"];

/** A path as a regular expression matching it literally. */
const pathPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const bin = (name: string) => path.join(REPO_ROOT, "node_modules", ".bin", name);

function stage(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const started = Date.now();
  process.stdout.write(`\n==> ${title}\n`);
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: "inherit", env });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (result.status !== 0) {
    process.stdout.write(`\n${title} failed after ${seconds} s (exit ${result.status}).\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`--- ${title}: ok (${seconds} s)\n`);
}

interface JestSummary {
  numPassedTests: number;
  numFailedTests: number;
  success: boolean;
}

function jestStage(title: string, projects: string[], extra: string[], env: NodeJS.ProcessEnv): JestSummary {
  const outputFile = path.join(os.tmpdir(), `jest-${process.pid}-${projects.join("-")}.json`);
  const started = Date.now();
  process.stdout.write(`\n==> ${title}\n`);
  const result = spawnSync(
    bin("jest"),
    ["--selectProjects", ...projects, "--json", "--outputFile", outputFile, ...extra],
    { cwd: REPO_ROOT, stdio: "inherit", env },
  );
  const summary: JestSummary = fs.existsSync(outputFile)
    ? (JSON.parse(fs.readFileSync(outputFile, "utf8")) as JestSummary)
    : { numPassedTests: 0, numFailedTests: 1, success: false };
  fs.rmSync(outputFile, { force: true });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stdout.write(
    `--- ${title}: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed (${seconds} s, exit ${result.status})\n`,
  );
  if (result.status !== 0 && summary.numFailedTests === 0) summary.numFailedTests = 1;
  return summary;
}

function main(): void {
  const { values: flags } = parseScriptArgs("npm test", { full: { type: "boolean" } });
  const full = (flags.full ?? false) || process.env.TENANT_FULL === "1";
  stage("type check (tsc --noEmit)", bin("tsc"), ["--noEmit", "-p", "."]);
  stage("lint (eslint)", bin("eslint"), ["."]);
  stage("format (prettier --check)", bin("prettier"), ["--check", "--log-level", "warn", "."]);
  process.stdout.write("\n==> Pulumi CLI\n");
  const pulumiBin = ensurePulumiCli();
  process.stdout.write("\n==> Python and Go language hosts, SDK generator\n");
  ensureLanguages();
  // The GitOps tests start their own cluster as the shared state backend (installed here when missing).
  process.stdout.write("\n==> PostgreSQL (the shared state backend of the GitOps tests)\n");
  process.stdout.write(`PostgreSQL server binaries in ${ensurePostgres()}\n`);
  // The review test renders the comment's Mermaid drawings in a real browser (installed here when missing).
  process.stdout.write("\n==> Chromium (renders the review comment's Mermaid drawings)\n");
  process.stdout.write(`Chromium at ${ensureChromium()}\n`);
  // The workflows test checks examples/ci/*.yml with actionlint (built here from its Go module when missing).
  process.stdout.write("\n==> actionlint (checks the CI workflows of examples/ci)\n");
  process.stdout.write(`actionlint at ${ensureActionlint()}\n`);
  // Every test file's private PULUMI_HOME (test/setup-env.ts) goes under one folder of this run, removed at its end.
  const testRoot = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-test-run-"));
  const env = {
    ...process.env,
    PULUMI_TENANT_BIN: pulumiBin,
    PULUMI_TENANT_TEST_ROOT: testRoot,
    ...(full ? { TENANT_FULL: "1" } : {}),
  };
  const fast = jestStage("unit, server and provider tests", ["unit", "server", "provider"], ["--maxWorkers=2"], env);
  // Each engine suite has its own servers, state backend and PULUMI_HOME, and spends much of
  // its time waiting on the engine's processes: two run side by side. The fault suites and the
  // suites that assert a bound in seconds run alone after them.
  const alone = ["test/faults/", ...SUITES_ALONE];
  const engine = jestStage(
    "end-to-end and package tests (real Pulumi engine, two at a time)",
    ["e2e", "package"],
    ["--maxWorkers=2", "--testPathPatterns", `^(?!.*(${alone.map(pathPattern).join("|")})).*$`],
    env,
  );
  const timed = jestStage(
    "fault tests and the suites with bounds in seconds (real Pulumi engine, one at a time)",
    ["e2e", "faults"],
    ["--runInBand", "--testPathPatterns", `(${alone.map(pathPattern).join("|")})`],
    env,
  );
  fs.rmSync(testRoot, { recursive: true, force: true });
  const passed = fast.numPassedTests + engine.numPassedTests + timed.numPassedTests;
  let failed = fast.numFailedTests + engine.numFailedTests + timed.numFailedTests;
  const leftovers = endLeftovers(RUN_MARKER, RUN_ID);
  for (const { pid, command } of leftovers) {
    process.stdout.write(`\nLeft running by the tests (now killed): pid ${pid}: ${command.slice(0, 300)}\n`);
  }
  if (leftovers.length > 0) {
    process.stdout.write(
      `${leftovers.length} process(es) outlived the tests that started them: find the test that starts this command and stop it (with its children) in its afterAll.\n`,
    );
    failed++;
  }
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exit(failed === 0 ? 0 : 1);
}

main();
