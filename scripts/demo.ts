/**
 * `npm run demo`: starts the demo's own tenant server (port 4020, data in .pulumi-demo/tenant/),
 * then `pulumi up --refresh` of examples/realistic as the stack `demo` on a local state backend
 * in .pulumi-demo/. Everything of the demo lives in .pulumi-demo/; `npm run tenant` keeps its
 * own tenant in .tenant/ on port 4010, so the two run side by side. Running the demo again
 * changes nothing and says so; after a change made by hand in the tenant (drift) it puts the
 * code's values back, because it refreshes first.
 *
 *   npm run demo                    create or converge the demo tenant (the server keeps running)
 *   npm run demo -- --stop-server   stop the server, keep its data and the stack (the next demo restarts it)
 *   npm run demo -- --stop          destroy the demo stack, stop the server, remove .pulumi-demo/
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { ensurePulumiCli, failureInWords, openStack } from "./lib/pulumi";
import { DEMO, DEMO_PORT, demoPlace, demoTenantEnv, ensureDemoProject, shown } from "./lib/demo-place";
import { ensureTenantServer, readCredentials, runningServer, stopTenantServer } from "./lib/tenant-process";
import { ensureDefaultRateLimitPolicy } from "./lib/admin-api";
import { parseScriptArgs } from "./lib/args";

function say(line = ""): void {
  process.stdout.write(`${line}\n`);
}

/**
 * A demo stack of an earlier version: its state here, but no project folder, and its tenant in
 * the repository's `.tenant/`, now `npm run tenant`'s alone.
 */
function earlierDemo(): boolean {
  return stackStateExists() && !fs.existsSync(DEMO.projectDir);
}

const EARLIER_DEMO_TENANT =
  "If .tenant/ holds only that demo's data, stop a server still running on it (kill $(cat .tenant/server.pid)) " +
  "and delete it (rm -rf .tenant): it is npm run tenant's alone now.";

/** The demo stack's state file, when the stack was ever created. */
function stackStateExists(): boolean {
  return fs.existsSync(path.join(demoPlace().stateDir, ".pulumi", "stacks"));
}

/**
 * The destroy's output without the CLI's closing advice to `pulumi stack rm` the stack (its
 * history and configuration): `--stop` removes them with the rest of .pulumi-demo/.
 */
function withoutStackRmAdvice(): { write: (out: string) => void; end: () => void } {
  let pending = "";
  const advice = /history and configuration associated with the stack|remove the stack completely/;
  const flush = (lines: string[]) => {
    for (const line of lines) if (!advice.test(line)) process.stdout.write(`${line}\n`);
  };
  return {
    write: (out) => {
      const lines = (pending + out).split("\n");
      pending = lines.pop() ?? "";
      flush(lines);
    },
    end: () => {
      if (pending) flush([pending]);
      pending = "";
    },
  };
}

/**
 * Destroys the demo stack, starting the server on the kept data when it is not running (stopped,
 * killed). Returns what happened in words; never throws: `--stop` removes everything anyway.
 */
async function destroyStack(): Promise<string> {
  if (!stackStateExists()) return "There was no demo stack to destroy.";
  if (earlierDemo())
    return `Did not destroy the demo stack of an earlier version (its tenant was .tenant/). ${EARLIER_DEMO_TENANT}`;
  if (!readCredentials(DEMO.dataDir))
    return `Did not destroy the demo stack: its tenant's data (${shown(DEMO.dataDir)}) is gone, so there is nothing to delete from it.`;
  try {
    // Any free port when the demo's own is taken: the stack reads the tenant's address from this run's environment.
    const { credentials, started } = await ensureTenantServer({ dataDir: DEMO.dataDir, port: DEMO.port }).catch(() =>
      ensureTenantServer({ dataDir: DEMO.dataDir, port: 0 }),
    );
    if (started)
      say(`Started the demo's tenant server on its kept data at ${credentials.domain}, to destroy the stack.`);
    say("Destroying the demo stack...");
    const stack = await openStack({
      workDir: ensureDemoProject(),
      stackName: DEMO.stackName,
      binDir: ensurePulumiCli(),
      place: demoPlace(),
      env: demoTenantEnv(credentials),
    });
    const output = withoutStackRmAdvice();
    await stack.destroy({ onOutput: output.write }).finally(output.end);
    return "Destroyed the demo stack.";
  } catch (error) {
    return `Could not destroy the demo stack (${failureInWords(error)}); its state goes with the rest.`;
  }
}

async function stop(): Promise<void> {
  if (!fs.existsSync(DEMO.root)) {
    say(`Nothing to remove: there is no ${shown(DEMO.root)}.`);
    return;
  }
  say(await destroyStack());
  const pid = await stopTenantServer(DEMO.dataDir);
  say(pid ? `Stopped the demo's tenant server (pid ${pid}).` : "No demo tenant server was running.");
  fs.rmSync(DEMO.root, { recursive: true, force: true });
  say(`Removed ${shown(DEMO.root)} (the demo tenant's data, the stack's state and configuration).`);
}

/** Stops the server only: the tenant's data and the stack stay, and the next `npm run demo` starts it on them. */
async function stopServer(): Promise<void> {
  const pid = await stopTenantServer(DEMO.dataDir);
  say(
    pid
      ? `Stopped the demo's tenant server (pid ${pid}); its data and the demo stack are kept in ${shown(DEMO.root)}.`
      : "No demo tenant server was running.",
  );
}

async function run(): Promise<void> {
  if (earlierDemo()) {
    throw new Error(
      `${shown(DEMO.root)} holds a demo stack of an earlier version, whose tenant was .tenant/. ` +
        `Run \`npm run demo -- --stop\` to remove it, then npm run demo again. ${EARLIER_DEMO_TENANT}`,
    );
  }
  say("==> Pulumi CLI");
  const binDir = ensurePulumiCli();

  say("==> Tenant server");
  const wanted = runningServer(DEMO.dataDir) ? undefined : DEMO.port;
  const { credentials, started } = await ensureTenantServer({ dataDir: DEMO.dataDir, port: DEMO.port });
  say(
    `${started ? "Started" : "Reusing"} the demo's tenant server at ${credentials.domain} ` +
      `(data in ${shown(DEMO.dataDir)}, log in ${shown(path.join(DEMO.dataDir, "server.log"))})`,
  );
  if (wanted === undefined && process.env.TENANT_PORT && !credentials.domain.endsWith(`:${DEMO.port}`)) {
    say(`  (TENANT_PORT=${DEMO.port} applies when the server starts: npm run demo -- --stop-server first)`);
  }
  const policyId = await ensureDefaultRateLimitPolicy(credentials);

  say(`==> pulumi up --refresh (stack 'demo', local backend in ${shown(DEMO.root)})`);
  const stack = await openStack({
    workDir: ensureDemoProject(),
    stackName: DEMO.stackName,
    binDir,
    place: demoPlace(),
    env: demoTenantEnv(credentials),
    config: { rateLimitPolicyId: { value: policyId } },
  });
  const config = await stack.getAllConfig();
  // The example's secrets, made once per demo stack (a re-run keeps them: nothing changes).
  for (const key of ["hookPassword", "crmToken"]) {
    if (!config[`tenant-demo:${key}`]) {
      await stack.setConfig(key, { value: randomBytes(18).toString("base64url"), secret: true });
    }
  }
  // --refresh: a plain `up` compares the code with the state only, and would leave drift in place.
  const result = await stack.up({ refresh: true, onOutput: (out) => process.stdout.write(out) });

  const changes = Object.entries(result.summary.resourceChanges ?? {}).filter(
    ([op, n]) => op !== "same" && op !== "refresh" && n > 0,
  );
  say();
  if (changes.length === 0) {
    say("Nothing to change: the tenant already matches the code.");
  } else {
    say(`Done: ${changes.map(([op, n]) => `${n} ${op}`).join(", ")}.`);
  }
  say(
    `Form ${String(result.outputs.formId?.value)}, event stream ${String(result.outputs.eventStreamId?.value)}, login template set, rate limit policy ${policyId}.`,
  );
  const dataDir = shown(DEMO.dataDir);
  say();
  say("Try next:");
  say("  npm run demo                 again: nothing changes");
  say("  npm run drift                is the tenant still what the code says? (exit 0 = yes)");
  say("  npm run demo                 after a change by hand: puts the code's values back (up --refresh)");
  say(`  edit examples/realistic/index.ts (e.g. a form name), then npm run demo`);
  say(`  npm run -s tenant -- token --data-dir ${dataDir}`);
  say("                               a management API token of the demo tenant (curl, fetch, tests)");
  say();
  say(`Left running: the demo's tenant server at ${credentials.domain} (data in ${dataDir}).`);
  say("  npm run demo -- --stop-server   stop it and keep its data; the next npm run demo starts it again");
  say(`  npm run demo -- --stop          destroy the demo stack, stop it and delete ${shown(DEMO.root)}`);
  if (DEMO.port === DEMO_PORT) say(`  TENANT_PORT=4021 npm run demo   another port, when ${DEMO_PORT} is taken`);
}

const { values: flags } = parseScriptArgs("npm run demo", {
  stop: { type: "boolean" },
  "stop-server": { type: "boolean" },
});
const main = flags.stop ? stop : flags["stop-server"] ? stopServer : run;
main().catch((error: unknown) => {
  const words = failureInWords(error);
  const remedy = /incorrect passphrase/.test(words)
    ? ": the demo stack's secrets were made with another PULUMI_CONFIG_PASSPHRASE; run with that one, " +
      "or `npm run demo -- --stop` to start the demo over"
    : "";
  process.stderr.write(`\ndemo failed: ${words}${remedy}\n`);
  process.exit(1);
});
