/**
 * Deliberate breaks of the behaviours only the engine can show (test/README.md, "Behaviours
 * only the engine can show"): each break is a small change of the provider's (or the policy
 * pack's) source that keeps it compiling but breaks the behaviour of one row of the map; the
 * engine test the map names for that row must then fail. This script applies one break at a
 * time to a checkout, rebuilds what the test loads, runs that one test (`npx jest <file> -t`,
 * with the tests it needs to run first), records whether it failed and its first failure line,
 * and puts the file back, also when the run fails or is interrupted (Ctrl-C).
 *
 *   npx ts-node scripts/check-breaks.ts                     every break against this checkout
 *   npx ts-node scripts/check-breaks.ts --only update,lookups
 *   npx ts-node scripts/check-breaks.ts --baseline          the same tests with no break (the control)
 *   npx ts-node scripts/check-breaks.ts --list              each break's source text found exactly once?
 *   npx ts-node scripts/check-breaks.ts --checkout ../old --variant before   an older checkout
 *
 * A break names its source text exactly; where an older checkout (`--variant NAME`) differs, the
 * break's `variants[NAME]` says that checkout's file, text and test. The script refuses to run in
 * a checkout with uncommitted changes to tracked files: it writes those files, and must never
 * lose a person's edits. Programs of the end-to-end tests load the provider from
 * `provider/dist` (the `pulumi-tenant` package's build; the plugin runs
 * `provider/dist/provider/plugin/server.js`) and the policy pack from `policy/dist`, so each
 * break rebuilds that package with `tsc` (a few tens of seconds), and so does each restore
 * before the next run of another package or at the end.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseScriptArgs } from "./lib/args";
import type { Break, BreakSite, Package } from "./lib/break-types";
import { MORE_BREAKS } from "./lib/breaks-more";
import { REPO_ROOT } from "./lib/pulumi";

export type { Break, BreakSite, Package } from "./lib/break-types";

const DEFAULT_TIMEOUT_S = 900;

const LIFECYCLE = "test/e2e/lifecycle.test.ts";
const UP_FIRST = ["up creates every resource and the lookup reaches the outputs"];

/** The breaks, one per row of the map that a small change of the source can break. */
export const BREAKS: Break[] = [
  {
    id: "update",
    behaviour: "a changed field is an update, planned by preview, applied by up",
    what: "every changed field replaces the object",
    file: "provider/lifecycle/collection-check.ts",
    search: "const replaces = changes ? (kit.spec.replaces?.(desired, current) ?? []) : [];",
    replace: "const replaces = changes ? Object.keys(desired).filter((k) => !deepEqual(desired[k], current[k])) : [];",
    rebuild: "provider",
    testFile: LIFECYCLE,
    test: "changing one field is an update of that resource",
    runFirst: UP_FIRST,
  },
  {
    id: "replace",
    behaviour: "a replace-on-change field replaces",
    what: "no change replaces (a destination type is sent as an update)",
    file: "provider/lifecycle/collection-check.ts",
    search: "const replaces = changes ? (kit.spec.replaces?.(desired, current) ?? []) : [];",
    replace: "const replaces: string[] = [];",
    rebuild: "provider",
    testFile: LIFECYCLE,
    test: "changing the destination type replaces the event stream",
    runFirst: UP_FIRST,
  },
  {
    id: "preview-reads",
    behaviour: "preview writes nothing and reads only what check needs",
    what: "check lists the kind's objects",
    file: "provider/lifecycle/collection-check.ts",
    search: "  const checked = checkCollectionInputs(kit.spec, news);",
    replace:
      '  if (ctx) await kit.spec.list(ctx.client(), kit.target("check"));\n' +
      "  const checked = checkCollectionInputs(kit.spec, news);",
    rebuild: "provider",
    testFile: LIFECYCLE,
    test: "preview of a fresh stack lists the creates and writes nothing to the tenant",
  },
  {
    id: "invalid-input",
    behaviour: "invalid input fails the preview naming the property (dynamic / plugin)",
    what: "check validates nothing",
    file: "provider/lifecycle/shared.ts",
    search: "  if (value === UNKNOWN) return [];\n  if (!containsUnknown(value)) {",
    replace: "  if (value === UNKNOWN || Date.now() > 0) return [];\n  if (!containsUnknown(value)) {",
    rebuild: "provider",
    testFile: LIFECYCLE,
    test: "invalid input fails the preview naming the property, and writes nothing",
  },
  {
    id: "invalid-input-plugin",
    behaviour: "invalid input fails the preview naming the property (dynamic / plugin): the plugin's door",
    what: "check validates nothing",
    file: "provider/lifecycle/shared.ts",
    search: "  if (value === UNKNOWN) return [];\n  if (!containsUnknown(value)) {",
    replace: "  if (value === UNKNOWN || Date.now() > 0) return [];\n  if (!containsUnknown(value)) {",
    rebuild: "provider",
    testFile: "test/e2e/languages-nodejs.test.ts",
    test: "preview names the invalid input and writes nothing",
  },
  {
    id: "second-up",
    behaviour: "a second up changes and writes nothing",
    what: "diff always reports a change",
    file: "provider/lifecycle/collection-check.ts",
    search: "  const changes = !deepEqual(desired, current);",
    replace: "  const changes = !deepEqual(desired, current) || Date.now() > 0;",
    rebuild: "provider",
    testFile: LIFECYCLE,
    test: "a second up with no edits changes nothing and writes nothing",
    runFirst: UP_FIRST,
  },
  {
    id: "drift",
    behaviour: "refresh reports an edit or a delete out of band; up puts the code back",
    what: "a refresh answers the state, never the tenant's object",
    file: "provider/lifecycle/collection-update.ts",
    search:
      "    (await readFromList(ctx.lists?.(), kit.spec, id, props)) ??\n" +
      '    (await unlessGone(kit.getObject(ctx.client(), id, "read")));',
    replace:
      "    ((props as unknown as T | undefined) ?? (await readFromList(ctx.lists?.(), kit.spec, id, props))) ??\n" +
      '    (await unlessGone(kit.getObject(ctx.client(), id, "read")));',
    rebuild: "provider",
    testFile: LIFECYCLE,
    test: "a change made out of band is drift: refresh reports it and up puts the code's value back",
    // Its last step expects the name the update test gives the form.
    runFirst: [...UP_FIRST, "changing one field is an update of that resource"],
  },
  {
    id: "state-secret",
    behaviour:
      "webhook secrets, credentials and API tokens absent from state files, `pulumi stack export`, engine output and errors",
    what: "an event stream outputs its destination, secret included, under a key no input has (not marked secret)",
    file: "api/kinds/event-stream/provider.ts",
    search:
      '  for (const field of SERVER_FIELDS) if (typeof stream[field] === "string") outputs[field] = stream[field];\n' +
      "  return outputs;",
    replace:
      '  for (const field of SERVER_FIELDS) if (typeof stream[field] === "string") outputs[field] = stream[field];\n' +
      "  return { ...outputs, destinationEcho: JSON.stringify(previous?.destination ?? null) };",
    rebuild: "provider",
    testFile: "test/faults/secrets.test.ts",
    test: "round trips with every secret leave none in state, logs, engine output or error messages",
    timeoutSeconds: 1500,
  },
  {
    id: "provider-credential",
    behaviour: "`__provider` holds no credential (and stays under 130 bytes)",
    what: "the stack's configuration, secrets decrypted, written into every `__provider`",
    file: "provider/lifecycle/shim.ts",
    search: ".attach(this,${q(kind)},r.config,1)}});`;",
    replace: '.attach(this,${q(kind)},r.config,1)}});/*${process.env.PULUMI_CONFIG ?? ""}*/`;',
    rebuild: "provider",
    testFile: LIFECYCLE,
    test: "state holds no webhook secret and no credential in plaintext",
    runFirst: UP_FIRST,
  },
  {
    id: "provider-size",
    behaviour: "`__provider` stays under 130 bytes (and holds no credential)",
    what: "200 bytes of padding in every `__provider`",
    file: "provider/lifecycle/shim.ts",
    search: ".attach(this,${q(kind)},r.config,1)}});`;",
    replace: '.attach(this,${q(kind)},r.config,1)}});/*${"x".repeat(200)}*/`;',
    rebuild: "provider",
    testFile: "test/e2e/state-compat.test.ts",
    test: "today's __provider is under 130 bytes for every kind, without a path; the stored stack trace is the program's, short",
  },
  {
    id: "provider-path",
    behaviour: "`__provider` names no path where the program resolves the package",
    what: "the text always carries this build's absolute path (the package is never found from the program's folder)",
    file: "provider/lifecycle/shim.ts",
    search: "    const runtime = packageResolvesFromProgram()",
    replace: "    const runtime = false && packageResolvesFromProgram()",
    rebuild: "provider",
    testFile: "test/e2e/state-compat.test.ts",
    test: "today's __provider is under 130 bytes for every kind, without a path; the stored stack trace is the program's, short",
  },
  {
    id: "list-per-pass",
    behaviour: "one list per kind per pass (each pass its own provider process), no GET per object",
    what: "every read is a GET (the pass's list is never used)",
    file: "provider/lifecycle/list-read.ts",
    search: "  if (!lists) return undefined;",
    replace: "  if (!lists || Date.now() > 0) return undefined;",
    rebuild: "provider",
    testFile: "test/e2e/refresh-cost.test.ts",
    test: "`pulumi refresh` with its preview pass lists each kind once per pass",
    timeoutSeconds: 1500,
  },
  {
    id: "errors-once",
    behaviour: "one clear error per failure: one diagnostic, no stack trace, no warning (default namespace)",
    what: "the dynamic provider host's echo of an expected error (with its stack) is printed again",
    file: "provider/dispatch/host-echo.ts",
    search: 'if (args.length === 1 && typeof args[0] === "string" && echoes.delete(args[0])) return;',
    replace: 'if (args.length === 1 && typeof args[0] === "string" && echoes.delete(args[0])) original(...args);',
    rebuild: "provider",
    testFile: "test/e2e/errors.test.ts",
    test: "a refresh against a tenant that went away: once in full, pointers for the rest, no stack trace",
  },
  {
    id: "lookups",
    behaviour: "lookups in a program, as promises and Outputs, by id and name",
    what: "a lookup by name answers the first object listed",
    file: "provider/lookups/by-name.ts",
    search: "  if (matches.length === 1) return matches[0];",
    replace: "  if (matches.length === 1) return items[0];",
    rebuild: "provider",
    testFile: "test/e2e/generate.test.ts",
    test: "getForm, getEventStream, getLoginTemplate and getRateLimitPolicies read the tenant, by id and by name",
  },
  {
    id: "plugin-diff",
    behaviour: "the plugin's diff reaches `preview --json` (`diffReasons`, `detailedDiff`)",
    what: "the plugin's diff names no changed property (`diffs` empty)",
    file: "provider/plugin/server.ts",
    search: "response.setDiffsList(changedProperties(detail, olds, news).map((key) => schemaKey(kind, key)));",
    replace: "response.setDiffsList([]);",
    rebuild: "provider",
    testFile: "test/e2e/plugin-lifecycle.test.ts",
    test: "up, no-op up, update and destroy",
  },
  {
    id: "import",
    behaviour: "`pulumi import` by id, every kind, then no change",
    what: "a read without state (an import) answers another name",
    file: "provider/lifecycle/collection-update.ts",
    search: "  const outputs = withAdoptId(kit.spec.outputs(object as unknown as JsonObject, props), props?.adoptId);",
    replace:
      "  const outputs = withAdoptId(kit.spec.outputs({ ...(object as unknown as JsonObject), " +
      '...(props ? {} : { name: "imported-wrongly" }) }, props), props?.adoptId);',
    rebuild: "provider",
    testFile: "test/e2e/plugin-lifecycle.test.ts",
    test: "pulumi import adopts an event stream, the template, a policy, a trigger's bindings, the theme and a custom text by id; the matching program previews no change",
    // The test took the theme and a custom text since.
    variants: {
      before: {
        test: "pulumi import adopts an event stream, the template, a policy and a trigger's bindings by id; the matching program previews no change",
      },
    },
  },
  {
    id: "state-0.2.0",
    behaviour: "states written by 0.2.0 refresh, no-op, update and destroy",
    what: "the runtime's `dispatch` (what 0.2.0's `__provider` calls) drops the engine's arguments",
    file: "provider/runtime.ts",
    search: "registry[RUNTIME_GLOBAL] ??= { protocol: PROTOCOL_VERSION, configure, dispatch, attach: attachHere };",
    replace:
      "registry[RUNTIME_GLOBAL] ??= {\n" +
      "  protocol: PROTOCOL_VERSION,\n" +
      "  configure,\n" +
      "  dispatch: (kind: string, method: string) => dispatch(kind, method, []),\n" +
      "  attach: attachHere,\n" +
      "};",
    rebuild: "provider",
    testFile: "test/e2e/state-compat.test.ts",
    test: "state with 0.2.0's providers: refresh reads, a no-op up writes nothing, an update applies, destroy deletes",
    runFirst: [
      "today's __provider is under 130 bytes for every kind, without a path; the stored stack trace is the program's, short",
    ],
  },
  {
    id: "ownership",
    behaviour: "another stack's object: adoption refused at preview, `force` takes it over, destroy leaves it",
    what: "no other stack is ever found holding an object",
    file: "provider/lifecycle/ownership.ts",
    search:
      "  const others = await otherHolders(source, kind, id, origin, stack);\n" +
      "  if (others.length === 0) return undefined;",
    replace:
      "  const others = await otherHolders(source, kind, id, origin, stack);\n" +
      "  if (others.length >= 0) return undefined;",
    rebuild: "provider",
    testFile: "test/e2e/trial-ownership.test.ts",
    test: "the first stack creates a form; the second stack's adoption of it fails at preview, naming the first",
  },
  {
    id: "ambiguous-creates",
    behaviour: "every create ambiguous (5xx after commit, dropped connection): up converges, no duplicate",
    what: "the look-back after a lost answer never recognises the object it made",
    file: "provider/lifecycle/collection-create.ts",
    search: "    if (full && kit.sameContent(full, body)) return full;",
    replace: "    if (full && kit.sameContent(full, body) && Date.now() < 0) return full;",
    rebuild: "provider",
    testFile: "test/faults/ambiguous-creates.test.ts",
    test: "up with every create ambiguous converges with no duplicate and no orphan",
  },
  {
    id: "tenants",
    behaviour: "two tenants in one stack: one token per tenant per provider process; moving an object replaces it",
    what: "every resource goes to the default tenant, whatever its `tenant` names",
    file: "provider/dispatch/envelope.ts",
    search: 'return typeof value === "string" && value !== "" && value !== UNKNOWN ? value : DEFAULT_NAMESPACE;',
    replace: 'return typeof value === "string" && value === "\\u0000" ? value : DEFAULT_NAMESPACE;',
    rebuild: "provider",
    testFile: "test/e2e/tenants.test.ts",
    test: "up puts each object in its own tenant, with one token per tenant and no credential in state",
  },
  {
    id: "adoption-line",
    behaviour: "adoption, secret rotation and missing references told on the resource's own preview line",
    what: "check's warnings are sent without the resource's URN (they show under the stack)",
    file: "provider/dispatch/check.ts",
    search: "result = await forResource(urnOf(isObject(news) ? news : undefined), () =>",
    replace: "result = await forResource(undefined, () =>",
    rebuild: "provider",
    testFile: "test/e2e/trial-tenant.test.ts",
    test: "an adoption says so on the resource's own line of the preview",
  },
  {
    id: "rate-limit",
    behaviour: "429 storms and a slow server: up, refresh, destroy complete",
    what: "the first 429 fails the request (no wait, no retry)",
    file: "provider/client/transport.ts",
    search: "if (options.now() + wait - started > options.rateLimitBudgetMs) {",
    replace: "if (options.now() + wait - started > options.rateLimitBudgetMs || Date.now() > 0) {",
    rebuild: "provider",
    testFile: "test/faults/rate-limit-storm.test.ts",
    test: "up, refresh and destroy of 9 resources at 2 requests/s with latency all complete",
  },
  {
    id: "policy",
    behaviour: "policy events: each rule's outcome, both doors",
    what: "the rule form-paths-end judges nothing",
    file: "policy/src/rules/forms.ts",
    search:
      "export function pathsEnd(resource: TenantResource): Violation[] {\n" +
      '  if (resource.typeName !== "Form") return [];',
    replace:
      "export function pathsEnd(resource: TenantResource): Violation[] {\n" +
      '  if (resource.typeName !== "Form" || Date.now() > 0) return [];',
    rebuild: "policy",
    testFile: "test/e2e/policy.test.ts",
    test: "a program that breaks them fails its preview, each rule naming its resource, field and fix",
  },
  // The other rows' breaks (what a user reads, the plugin, the backends, the CLI commands, the pack's stop).
  ...MORE_BREAKS,
];

/** One run's outcome. */
export interface BreakResult {
  id: string;
  behaviour: string;
  testFile: string;
  test: string;
  /** `yes`: the test failed; `no`: it passed; `not run`: the break or the run could not be made. */
  failed: "yes" | "no" | "not run";
  /** Why a run is `not run`, or the first failure line of the test (or of the first failed test). */
  detail: string;
  /** The tests of the run that failed, besides the named one. */
  otherFailures: string[];
  seconds: number;
  log?: string;
}

/** The break with an older checkout's site where it has one. */
function siteOf(broken: Break, variant: string | undefined): Break {
  return variant && broken.variants?.[variant] ? { ...broken, ...broken.variants[variant] } : broken;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function occurrences(text: string, search: string): number {
  return text.split(search).length - 1;
}

function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}

/**
 * The gist of a Jest failure message, on one line: its first line, then what it expected and
 * received, or the CLI's own `error:` lines (a failed `pulumi` command prints its whole output).
 */
export function firstFailureLine(message: string): string {
  const lines = stripAnsi(message)
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const stack = lines.findIndex((line) => line.startsWith("at "));
  const body = stack < 0 ? lines : lines.slice(0, stack);
  const telling = body
    .slice(1)
    .filter((line) => /^(Expected|Received|error:|Error:|- Expected|\+ Received)/.test(line))
    .slice(0, 3);
  const joined = [body[0] ?? "", ...new Set(telling)].join(" / ");
  return joined.length > 300 ? `${joined.slice(0, 297)}...` : joined;
}

/** Tracked files of `checkout` with uncommitted changes (`git status`), one a line. */
function uncommitted(checkout: string): string {
  return execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: checkout, encoding: "utf8" });
}

/** The breaks applied now and the packages whose `dist/` no longer matches the sources. */
class Workbench {
  private readonly applied = new Map<string, string>();
  private readonly stale = new Set<Package>();
  child: ChildProcess | undefined;

  constructor(private readonly checkout: string) {}

  /** Applies `site`'s change; throws, changing nothing, unless its text occurs exactly once. */
  apply(site: BreakSite): void {
    const file = path.join(this.checkout, site.file);
    if (!fs.existsSync(file)) throw new Error(`${site.file} does not exist`);
    const original = fs.readFileSync(file, "utf8");
    const count = occurrences(original, site.search);
    if (count !== 1) throw new Error(`the break's text occurs ${count} times in ${site.file} (must be exactly once)`);
    this.applied.set(file, original);
    fs.writeFileSync(
      file,
      original.replace(site.search, () => site.replace),
    );
  }

  /** Puts back every file changed, synchronously (also from a signal handler); true when all match git again. */
  restore(): boolean {
    let clean = true;
    for (const [file, original] of this.applied) {
      fs.writeFileSync(file, original);
      this.applied.delete(file);
      try {
        execFileSync("git", ["diff", "--quiet", "--", file], { cwd: this.checkout, stdio: "ignore" });
      } catch {
        clean = false;
        process.stderr.write(`check-breaks: ${file} differs from git after its restore: look at it\n`);
      }
    }
    return clean;
  }

  markStale(pkg: Package): void {
    this.stale.add(pkg);
  }

  /** Builds `pkg` now (synchronously). */
  build(pkg: Package): void {
    const tsc = path.join(this.checkout, "node_modules", ".bin", "tsc");
    execFileSync(tsc, ["-p", `${pkg}/tsconfig.build.json`], { cwd: this.checkout, stdio: "inherit" });
    this.stale.delete(pkg);
  }

  /** Rebuilds every stale package but `except` (which the next run builds anyway). */
  rebuildStale(except?: Package): void {
    for (const pkg of [...this.stale]) if (pkg !== except) this.build(pkg);
  }

  /** Stops the running test and everything it started (its process group). */
  stopChild(signal: NodeJS.Signals = "SIGTERM"): void {
    const pid = this.child?.pid;
    if (pid === undefined || this.child?.exitCode !== null) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  }
}

/** Runs `npx jest <file> -t <pattern>` in the checkout's own Jest; resolves with its JSON report (or none). */
function runJest(
  bench: Workbench,
  checkout: string,
  site: BreakSite,
  timeoutSeconds: number,
  logFile: string,
): Promise<{ report?: JestReport; timedOut: boolean }> {
  const reportFile = `${logFile}.json`;
  const pattern = [...(site.runFirst ?? []), site.test].map(escapeRegExp).join("|");
  const jest = path.join(checkout, "node_modules", ".bin", "jest");
  const log = fs.openSync(logFile, "w");
  fs.writeSync(log, `$ jest ${site.testFile} -t '${pattern}'\n`);
  const child = spawn(
    jest,
    [site.testFile, "-t", pattern, "--json", "--outputFile", reportFile, "--colors", "false", "--forceExit"],
    { cwd: checkout, detached: true, stdio: ["ignore", log, log], env: process.env },
  );
  bench.child = child;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    bench.stopChild("SIGTERM");
    setTimeout(() => bench.stopChild("SIGKILL"), 10_000).unref();
  }, timeoutSeconds * 1000);
  return new Promise((resolve) => {
    child.on("close", () => {
      clearTimeout(timer);
      fs.closeSync(log);
      bench.child = undefined;
      // Whatever the test left behind in its group (a server, a provider): stopped.
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // None.
      }
      const report = fs.existsSync(reportFile)
        ? (JSON.parse(fs.readFileSync(reportFile, "utf8")) as JestReport)
        : undefined;
      resolve({ report, timedOut });
    });
  });
}

interface JestReport {
  testResults: {
    message?: string;
    assertionResults: { title: string; fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

/** The outcome of one run from Jest's report. */
function judge(
  site: BreakSite,
  report: JestReport | undefined,
  timedOut: boolean,
): Pick<BreakResult, "failed" | "detail" | "otherFailures"> {
  if (timedOut) return { failed: "not run", detail: "timed out", otherFailures: [] };
  const file = report?.testResults[0];
  if (!file) return { failed: "not run", detail: "no Jest report (see the log)", otherFailures: [] };
  // A test of a `describe.each` runs once per row under the same title: it fails when any of them fails.
  const named = file.assertionResults.filter((result) => result.title === site.test);
  const failures = file.assertionResults.filter((result) => result.status === "failed");
  const otherFailures = failures.filter((result) => !named.includes(result)).map((result) => result.title);
  if (named.length === 0) {
    const why = file.message ? firstFailureLine(file.message) : "the test was not found by its title";
    return { failed: failures.length > 0 || file.message ? "yes" : "not run", detail: why, otherFailures };
  }
  const failed = named.find((result) => result.status === "failed");
  if (failed) return { failed: "yes", detail: firstFailureLine(failed.failureMessages[0] ?? ""), otherFailures };
  if (named.every((result) => result.status === "passed")) {
    // The suite still fails when a test run first fails, but the named test did not see the break.
    const detail = otherFailures.length > 0 ? `the test passed; only a test run first failed` : "";
    return { failed: otherFailures.length > 0 ? "yes" : "no", detail, otherFailures };
  }
  const status = named.find((result) => result.status !== "passed")!.status;
  return { failed: "not run", detail: `the test was ${status}`, otherFailures };
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** The results as a Markdown table. */
export function resultsTable(results: BreakResult[]): string {
  const rows = results.map((result) => {
    const failed =
      result.otherFailures.length > 0 ? `${result.failed} (also: ${result.otherFailures.join("; ")})` : result.failed;
    return `| ${cell(result.behaviour)} | \`${result.testFile.replace(/^test\//, "")}\` › "${cell(result.test)}" | ${cell(failed)} | ${cell(result.detail)} | ${result.seconds} |`;
  });
  return [
    "| Behaviour | The test | Failed? | First failure line | Seconds |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

async function main(): Promise<void> {
  const { values } = parseScriptArgs("check-breaks", {
    checkout: { type: "string" },
    variant: { type: "string" },
    only: { type: "string" },
    baseline: { type: "boolean" },
    list: { type: "boolean" },
    timeout: { type: "string" },
    json: { type: "string" },
  });
  const checkout = path.resolve(values.checkout ?? REPO_ROOT);
  const only = values.only?.split(",").map((id) => id.trim());
  const unknown = only?.filter((id) => !BREAKS.some((broken) => broken.id === id)) ?? [];
  if (unknown.length > 0) {
    process.stderr.write(
      `check-breaks: no break ${unknown.join(", ")}; the breaks: ${BREAKS.map((b) => b.id).join(", ")}\n`,
    );
    process.exit(1);
  }
  const selected = BREAKS.filter((broken) => !only || only.includes(broken.id)).map((broken) =>
    siteOf(broken, values.variant),
  );

  if (values.list) {
    for (const broken of selected) {
      const file = path.join(checkout, broken.file);
      const count = fs.existsSync(file) ? occurrences(fs.readFileSync(file, "utf8"), broken.search) : -1;
      const state = count === 1 ? "found once" : count < 0 ? "file missing" : `found ${count} times`;
      process.stdout.write(`${broken.id.padEnd(20)} ${broken.file}: text ${state}\n`);
    }
    return;
  }

  const dirty = uncommitted(checkout);
  if (dirty.trim() !== "") {
    process.stderr.write(
      `check-breaks: ${checkout} has uncommitted changes; commit or stash them first (this script edits tracked files):\n${dirty}`,
    );
    process.exit(1);
  }

  const bench = new Workbench(checkout);
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write(`\ncheck-breaks: ${signal}: stopping the test, restoring the sources and rebuilding\n`);
    bench.stopChild("SIGKILL");
    bench.restore();
    try {
      bench.rebuildStale();
    } finally {
      process.exit(130);
    }
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, onSignal);
  process.on("exit", () => bench.restore());

  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "check-breaks-"));
  process.stdout.write(
    `check-breaks: ${checkout}${values.baseline ? " (baseline: no break)" : ""}; logs in ${logDir}\n`,
  );
  const results: BreakResult[] = [];
  for (const broken of selected) {
    if (interrupted) break;
    const started = Date.now();
    const logFile = path.join(logDir, `${broken.id}${values.baseline ? "-baseline" : ""}.log`);
    let result: Pick<BreakResult, "failed" | "detail" | "otherFailures">;
    try {
      bench.rebuildStale(values.baseline ? undefined : broken.rebuild);
      if (!values.baseline) {
        bench.apply(broken);
        bench.markStale(broken.rebuild);
        bench.build(broken.rebuild);
        bench.markStale(broken.rebuild);
      }
      const timeout = Number(values.timeout ?? broken.timeoutSeconds ?? DEFAULT_TIMEOUT_S);
      if (!(timeout > 0)) throw new Error(`--timeout ${values.timeout} is no number of seconds`);
      process.stdout.write(`${broken.id}: running ${broken.testFile} › ${broken.test}\n`);
      const { report, timedOut } = await runJest(bench, checkout, broken, timeout, logFile);
      result = judge(broken, report, timedOut);
    } catch (error) {
      result = { failed: "not run", detail: error instanceof Error ? error.message : String(error), otherFailures: [] };
    } finally {
      bench.restore();
    }
    const entry: BreakResult = {
      id: broken.id,
      behaviour: broken.behaviour,
      testFile: broken.testFile,
      test: broken.test,
      ...result,
      seconds: Math.round((Date.now() - started) / 1000),
      log: logFile,
    };
    results.push(entry);
    process.stdout.write(`${broken.id}: failed ${entry.failed} in ${entry.seconds} s ${entry.detail}\n`);
    if (values.json) fs.writeFileSync(values.json, JSON.stringify(results, null, 2) + "\n");
  }
  bench.rebuildStale();
  process.stdout.write(`\n${resultsTable(results)}\n`);
  const leftDirty = uncommitted(checkout);
  if (leftDirty.trim() !== "") {
    process.stderr.write(`check-breaks: the checkout is not as it was:\n${leftDirty}`);
    process.exitCode = 1;
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`check-breaks: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
