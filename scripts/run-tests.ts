/**
 * `npm test` after the build: type check, lint, format, the Pulumi CLI and language hosts, then jest — unit, server
 * and provider suites in parallel workers, the end-to-end and package suites two at a time, then
 * the fault suites and the engine suites with bounds in seconds one at a time.
 * Ends with one line `N passed, N failed`. `--full` (`npm run test:full`) runs instead what is
 * costly and changes rarely: the suites named `*.full.test.ts` (installs and builds per language,
 * the release, registry-shaped installs), two at a time, after the same set-up, then the unit,
 * server and provider suites and one engine suite per door on Node.js 24 with the newest
 * `@pulumi/pulumi` and Pulumi CLI; CI runs `npm test`, then `npm run test:full`. TENANT_FULL=1 runs the fault suites at full size. Every child gets PULUMI_TENANT_TEST_RUN=<id>; at the end a process still
 * carrying that marker (a server or dynamic provider a test failed to end) is named, killed and
 * fails the run.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { endLeftovers } from "./lib/process-tree";
import { NEWEST_PULUMI_CLI, REPO_ROOT, ensureLanguages, ensurePulumiCli, ensurePulumiCliVersion } from "./lib/pulumi";
import { ensurePostgres } from "./lib/postgres";
import { parseScriptArgs } from "./lib/args";
import { ensureChromium } from "./lib/chromium";
import { ensureActionlint } from "./lib/actionlint";
import {
  durationsReport,
  lastRunFile,
  readDurations,
  recordOf,
  suitesOfReport,
  writeDurations,
  type SuiteDuration,
} from "./lib/test-durations";
import { appendHistory, commitLabel, sourceState } from "../bench/lib/history";
import { node24Jest, prepareNode24Checkout, type Node24Checkout } from "./lib/node24";
import {
  compareSnapshots,
  describeCheckoutChanges,
  isUnchanged,
  plantUserFiles,
  removePlanted,
  snapshotCheckout,
} from "./lib/checkout-guard";

const RUN_MARKER = "PULUMI_TENANT_TEST_RUN";
const RUN_ID = `${process.pid}-${Date.now()}`;
process.env[RUN_MARKER] = RUN_ID;

/**
 * End-to-end suites that run alone: they assert how long a failure takes (errors: a silent
 * host gives up within its settings). The fault suites run alone too (floods, storms,
 * crashes and listing stalls measured against the server's own pace), but for those that
 * measure nothing against the clock, which run two at a time with the engine suites.
 */
const SUITES_ALONE = ["test/e2e/errors.test.ts"];
/** Fault suites with no bound in time (secrets in plaintext, duplicates and orphans counted). */
const FAULTS_BESIDE = ["test/faults/secrets.test.ts", "test/faults/ambiguous-creates.test.ts"];
/** The engine suites of the Node.js 24 stage: each door's lifecycle (create, update, replace, drift, no change, import). */
const NODE24_ENGINE_SUITES = ["test/e2e/lifecycle.test.ts", "test/e2e/plugin-lifecycle.test.ts"];

/** The suites of `npm run test:full` only: costly installs and builds that change rarely. */
const FULL_ONLY = /\.full\.test\.ts$/;

/** A path as a regular expression matching it literally. */
const pathPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const bin = (name: string) => path.join(REPO_ROOT, "node_modules", ".bin", name);

/** Each stage's seconds, in order, and each suite file's (the report at the end). */
const stageSeconds: Record<string, number> = {};
const suiteSeconds: SuiteDuration[] = [];

/** The committed figures the sequencer orders a fresh clone's suites by (`--record` rewrites them). */
const COMMITTED_DURATIONS = path.join(REPO_ROOT, "test", "durations.json");

function stage(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const started = Date.now();
  process.stdout.write(`\n==> ${title}\n`);
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: "inherit", env });
  stageSeconds[title] = Math.round((Date.now() - started) / 1000);
  const seconds = stageSeconds[title].toFixed(0);
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
  testResults?: Parameters<typeof suitesOfReport>[0]["testResults"];
}

function jestStage(
  title: string,
  projects: string[],
  extra: string[],
  env: NodeJS.ProcessEnv,
  node24?: Node24Checkout,
): JestSummary {
  const outputFile = path.join(os.tmpdir(), `jest-${process.pid}-${projects.join("-")}.json`);
  const started = Date.now();
  process.stdout.write(`\n==> ${title}\n`);
  const args = ["--selectProjects", ...projects, "--json", "--outputFile", outputFile, ...extra];
  const run = node24 ? node24Jest(node24, args, env) : { command: bin("jest"), args, cwd: REPO_ROOT, env };
  const result = spawnSync(run.command, run.args, { cwd: run.cwd, stdio: "inherit", env: run.env });
  if (result.signal === "SIGINT" || result.signal === "SIGTERM" || result.status === 130) {
    process.stdout.write(`\n${title}: interrupted.\n`);
    process.exit(130);
  }
  const summary: JestSummary = fs.existsSync(outputFile)
    ? (JSON.parse(fs.readFileSync(outputFile, "utf8")) as JestSummary)
    : { numPassedTests: 0, numFailedTests: 1, success: false };
  fs.rmSync(outputFile, { force: true });
  stageSeconds[title] = Math.round((Date.now() - started) / 1000);
  suiteSeconds.push(...suitesOfReport(summary, run.cwd, title));
  const seconds = stageSeconds[title].toFixed(0);
  process.stdout.write(
    `--- ${title}: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed (${seconds} s, exit ${result.status})\n`,
  );
  if (result.status !== 0 && summary.numFailedTests === 0) summary.numFailedTests = 1;
  return summary;
}

/** `npm test`'s jest stages. */
function testStages(env: NodeJS.ProcessEnv): JestSummary[] {
  const fast = jestStage("unit, server and provider tests", ["unit", "server", "provider"], ["--maxWorkers=2"], env);
  // Each engine suite has its own servers, state backend and PULUMI_HOME, and spends much of
  // its time waiting on the engine's processes: two run side by side. The fault suites and the
  // suites that assert a bound in seconds run alone after them.
  const faultsAlone = `test/faults/(?!(${FAULTS_BESIDE.map((file) => pathPattern(path.basename(file))).join("|")})$)`;
  const alone = `${faultsAlone}|${SUITES_ALONE.map(pathPattern).join("|")}`;
  const engine = jestStage(
    "end-to-end and package tests (real Pulumi engine, two at a time)",
    ["e2e", "package", "faults"],
    ["--maxWorkers=2", "--testPathPatterns", `^(?!.*(${alone}|${FULL_ONLY.source})).*$`],
    env,
  );
  const timed = jestStage(
    "fault tests and the suites with bounds in seconds (real Pulumi engine, one at a time)",
    ["e2e", "faults"],
    ["--runInBand", "--testPathPatterns", `(${alone})`],
    env,
  );
  return [fast, engine, timed];
}

/** `npm run test:full`'s jest stage: the costly suites, two at a time. */
function fullStages(env: NodeJS.ProcessEnv): JestSummary[] {
  return [
    jestStage(
      "costly suites: installs and builds per language, the release (real Pulumi engine, two at a time)",
      ["unit", "server", "provider", "e2e", "package"],
      ["--maxWorkers=2", "--testPathPatterns", FULL_ONLY.source],
      env,
    ),
  ];
}

/**
 * What users run today, beside the pin: the unit, server and provider suites on Node.js 24 (found,
 * or installed from the PyPI wheel) in a cached copy of the checkout with the newest
 * `@pulumi/pulumi` (scripts/lib/node24.ts), then one engine suite per door there, on the newest
 * Pulumi CLI ({@link NEWEST_PULUMI_CLI}): the dynamic providers' lifecycle and the plugin's.
 */
function node24Stages(env: NodeJS.ProcessEnv): JestSummary[] {
  let node24: Node24Checkout;
  let newestCli: string;
  try {
    node24 = setup("Node.js 24 and a copy of the checkout with the newest @pulumi/pulumi", () =>
      prepareNode24Checkout(),
    );
    newestCli = setup(`Pulumi CLI ${NEWEST_PULUMI_CLI} (the newest tested)`, () =>
      ensurePulumiCliVersion(NEWEST_PULUMI_CLI),
    );
  } catch (error) {
    process.stdout.write(`\nThe Node.js 24 stages could not start: ${(error as Error).message}\n`);
    return [{ numPassedTests: 0, numFailedTests: 1, success: false }];
  }
  const on = `on Node.js ${node24.nodeVersion} with @pulumi/pulumi ${node24.sdkVersion}`;
  return [
    jestStage(`unit, server and provider tests ${on}`, ["unit", "server", "provider"], ["--maxWorkers=2"], env, node24),
    jestStage(
      `one engine suite per door ${on} and the Pulumi CLI ${NEWEST_PULUMI_CLI}`,
      ["e2e"],
      ["--maxWorkers=2", "--testPathPatterns", NODE24_ENGINE_SUITES.map(pathPattern).join("|")],
      { ...env, PULUMI_TENANT_BIN: newestCli },
      node24,
    ),
  ];
}

/** A set-up step (an install or a build that is cached after the first run), timed as a stage. */
function setup<T>(title: string, run: () => T): T {
  const started = Date.now();
  process.stdout.write(`\n==> ${title}\n`);
  const result = run();
  stageSeconds[title] = Math.round((Date.now() - started) / 1000);
  return result;
}

function main(): void {
  const { values: flags } = parseScriptArgs("npm test", {
    full: { type: "boolean" },
    // `npm run test:full -- --node24`: only the Node.js 24 stages.
    node24: { type: "boolean" },
    record: { type: "boolean" },
  });
  const full = flags.full ?? false;
  if (!full) {
    stage("type check (tsc --noEmit)", bin("tsc"), ["--noEmit", "-p", "."]);
    stage("lint (eslint)", bin("eslint"), ["."]);
    stage("format (prettier --check)", bin("prettier"), ["--check", "--log-level", "warn", "."]);
  }
  const pulumiBin = setup("Pulumi CLI", () => ensurePulumiCli());
  setup("Python and Go language hosts, SDK generator", () => ensureLanguages());
  // The GitOps tests start their own cluster as the shared state backend (installed here when missing).
  setup("PostgreSQL (the shared state backend of the GitOps tests)", () =>
    process.stdout.write(`PostgreSQL server binaries in ${ensurePostgres()}\n`),
  );
  // The review test renders the comment's Mermaid drawings in a real browser (installed here when missing).
  setup("Chromium (renders the review comment's Mermaid drawings)", () =>
    process.stdout.write(`Chromium at ${ensureChromium()}\n`),
  );
  // The workflows test checks examples/ci/*.yml with actionlint (built here from its Go module when missing).
  setup("actionlint (checks the CI workflows of examples/ci)", () =>
    process.stdout.write(`actionlint at ${ensureActionlint()}\n`),
  );
  // Every test file's private PULUMI_HOME (test/setup-env.ts) goes under one folder of this run, removed at its end.
  const testRoot = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-test-run-"));
  const env = {
    ...process.env,
    PULUMI_TENANT_BIN: pulumiBin,
    PULUMI_TENANT_TEST_ROOT: testRoot,
    // The heaviest suites first (test/sequencer.js): by the last run here, else by the committed figures.
    PULUMI_TENANT_TEST_ORDER: fs.existsSync(lastRunFile()) ? lastRunFile() : COMMITTED_DURATIONS,
  };
  // Tests never touch a user's files: a user's files are planted where absent, the checkout is
  // recorded, and whatever the suites created, changed or removed in it fails the run.
  const runMarker = { name: RUN_MARKER, value: RUN_ID };
  const planted = plantUserFiles(REPO_ROOT);
  // Ctrl-C or a kill ends the run (jestStage exits): the planted files go with it.
  let plantedRemoved = false;
  process.on("exit", () => {
    if (!plantedRemoved) removePlanted(planted);
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => process.exit(130));
  const before = snapshotCheckout(REPO_ROOT, { runMarker });
  process.stdout.write(
    `\nThe checkout is recorded (${before.files.size} files, ${planted.files.length} of a user's planted where absent): the suites may not change it.\n`,
  );
  const summaries = full && flags.node24 ? [] : full ? fullStages(env) : testStages(env);
  // `npm run test:full` ends with what users run today: Node.js 24, the newest SDK and CLI.
  if (full) summaries.push(...node24Stages(env));
  fs.rmSync(testRoot, { recursive: true, force: true });
  const passed = summaries.reduce((sum, summary) => sum + summary.numPassedTests, 0);
  let failed = summaries.reduce((sum, summary) => sum + summary.numFailedTests, 0);
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
  const changes = compareSnapshots(before, snapshotCheckout(REPO_ROOT, { runMarker }));
  removePlanted(planted);
  plantedRemoved = true;
  if (!isUnchanged(changes)) {
    process.stdout.write(
      `\nThe suites changed the checkout, where a user's files live (tests work in temporary copies: test/scratch.ts):\n${describeCheckoutChanges(
        changes,
      )
        .map((line) => `  ${line}`)
        .join("\n")}\n`,
    );
    failed++;
  }
  const last = readDurations(lastRunFile());
  process.stdout.write(durationsReport(stageSeconds, suiteSeconds, last));
  const record = recordOf(stageSeconds, suiteSeconds);
  // `npm test` and `npm run test:full` run different suites: the file keeps the latest figure of each.
  writeDurations(lastRunFile(), {
    at: record.at,
    stages: { ...last?.stages, ...record.stages },
    suites: { ...last?.suites, ...record.suites },
  });
  if (flags.record) {
    if (failed > 0) process.stdout.write("--record: a run with failures is not recorded.\n");
    else {
      writeDurations(COMMITTED_DURATIONS, record);
      appendHistory(path.join(REPO_ROOT, "bench", "history.jsonl"), {
        startedAt: new Date(Date.now() - Object.values(stageSeconds).reduce((a, b) => a + b, 0) * 1000).toISOString(),
        commit: commitLabel(sourceState(REPO_ROOT)),
        mode: full ? "test-full" : "test",
        sections: ["test-suite"],
        load: [os.loadavg()[0], os.loadavg()[0]],
        figures: Object.fromEntries([
          ...Object.entries(stageSeconds).map(([title, value]) => [`test.stage.${title}`, { value, unit: "s" }]),
          ...suiteSeconds.map((suite) => [`test.suite.${suite.file}`, { value: suite.seconds, unit: "s" }]),
        ]),
      });
      process.stdout.write(`Recorded: ${path.relative(REPO_ROOT, COMMITTED_DURATIONS)} and bench/history.jsonl.\n`);
    }
  }
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exit(failed === 0 ? 0 : 1);
}

main();
