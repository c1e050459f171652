/**
 * `node dist/bench/action-runs.js [--runs=N] [--cold=N] [--label=NAME]`: what one local test run of
 * an action costs (`POST /actions/actions/{id}/test` without the HTTP around it): the server's
 * sandbox (server/sandbox) running the example's post-login action, and an action that requires
 * `axios` against a fixture.
 *
 * - cold: the first run of a fresh Node process's sandbox (what a CI job's first test pays),
 *   measured inside that process from the call to the answer; one process per sample. The
 *   dependency cache (a temporary folder of the bench's) already holds axios: its one fetch from
 *   the registry is `first_fetch_ms`.
 * - warm: the next runs of one sandbox, one after another.
 *
 * Prints p50/p95 per workload and writes them under `label` into bench/action-runs.json (kept
 * beside the other labels, so "before" and "after" a change sit side by side).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { codeSandbox } from "../server/sandbox";
import { actionRunJob, type ActionRun } from "../api/kinds/action/tenant-runtime";
import { parseScriptArgs } from "../scripts/lib/args";
import { REPO_ROOT } from "../scripts/lib/pulumi";

/** The example's post-login action (examples/realistic), with its form id filled in. */
const POST_LOGIN: ActionRun = {
  trigger: "post-login",
  code: `exports.onExecutePostLogin = async (event, api) => {
  if (!event.user.user_metadata.company) {
    api.prompt.render("ap_form", { vars: { email: event.user.email } });
  }
};`,
  payload: { user: { email: "ann@example.com", user_metadata: {} } },
};

/** Reads the axios version installed beside the repository (the npm cache has it). */
function axiosVersion(): string {
  const file = path.join(REPO_ROOT, "node_modules", "axios", "package.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
}

/** An action that looks a company up with axios, answered by a fixture. */
function axiosRun(): ActionRun & { fixtures: unknown[] } {
  return {
    trigger: "post-login",
    code: `const axios = require("axios");
exports.onExecutePostLogin = async (event, api) => {
  const { data } = await axios.get("https://crm.example.com/companies?email=" + encodeURIComponent(event.user.email));
  api.user.setAppMetadata("company", data.name);
};`,
    dependencies: [{ name: "axios", version: axiosVersion() }],
    payload: { user: { email: "ann@example.com" } },
    fixtures: [
      {
        request: { method: "GET", url: "https://crm.example.com/companies?email=ann%40example.com" },
        response: { status: 200, body: { name: "Acme" } },
      },
    ],
  } as unknown as ActionRun & { fixtures: unknown[] };
}

const WORKLOADS: Record<string, () => ActionRun> = { "post-login": () => POST_LOGIN, axios: axiosRun };

/** Runs `workload` once on `sandbox`; answers its wall time in ms, or throws the run's error. */
async function timeRun(sandbox: ReturnType<typeof codeSandbox>, workload: string): Promise<number> {
  // The job's shape follows the code under measurement: the dependency list is names only before.
  const job = actionRunJob(WORKLOADS[workload]!() as ActionRun);
  const started = process.hrtime.bigint();
  const result = await sandbox.run(job);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.error) throw new Error(`${result.error.name}: ${result.error.message}`);
  return ms;
}

/** Run from the sources (ts-node), the cold children load them the same way. */
const TS_LOADER = __filename.endsWith(".ts") ? ["-r", "ts-node/register/transpile-only"] : [];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

async function main(): Promise<void> {
  const { values } = parseScriptArgs("node dist/bench/action-runs.js", {
    runs: { type: "string" },
    cold: { type: "string" },
    label: { type: "string" },
    "cold-child": { type: "string" },
  });
  if (values["cold-child"]) {
    const sandbox = codeSandbox();
    process.stdout.write(`${await timeRun(sandbox, values["cold-child"])}\n`);
    await sandbox.close?.();
    return;
  }
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), "bench-action-deps-"));
  process.env.PULUMI_TENANT_ACTION_CACHE = cache;
  const runs = Number(values.runs ?? 40);
  const coldRuns = Number(values.cold ?? 8);
  const label = values.label ?? "current";
  const figures: Record<string, unknown> = {};
  for (const workload of Object.keys(WORKLOADS)) {
    try {
      const fetchStarted = Date.now();
      const first = codeSandbox();
      await timeRun(first, workload);
      await first.close?.();
      const firstFetch = Date.now() - fetchStarted;
      const cold = Array.from({ length: coldRuns }, () =>
        Number(
          execFileSync(process.execPath, [...TS_LOADER, __filename, `--cold-child=${workload}`], {
            encoding: "utf8",
          }).trim(),
        ),
      );
      const sandbox = codeSandbox();
      await timeRun(sandbox, workload);
      const warm: number[] = [];
      for (let i = 0; i < runs; i++) warm.push(await timeRun(sandbox, workload));
      await sandbox.close?.();
      figures[workload] = {
        cold: { p50: round(percentile(cold, 50)), p95: round(percentile(cold, 95)), n: cold.length },
        warm: { p50: round(percentile(warm, 50)), p95: round(percentile(warm, 95)), n: warm.length },
        ...(workload === "axios" ? { first_fetch_ms: firstFetch } : {}),
      };
    } catch (error) {
      figures[workload] = { error: String((error as Error).message).split("\n")[0] };
    }
    console.log(`${label} ${workload}: ${JSON.stringify(figures[workload])}`);
  }
  fs.rmSync(cache, { recursive: true, force: true });
  const out = path.join(REPO_ROOT, "bench", "action-runs.json");
  const previous = fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, "utf8")) as Record<string, unknown>) : {};
  const machine = { cpus: os.cpus().length, loadAverage: os.loadavg().map(round), node: process.version };
  previous[label] = { figures, machine, at: new Date().toISOString() };
  fs.writeFileSync(out, `${JSON.stringify(previous, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
