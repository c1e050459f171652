/**
 * `npm run demo`: starts the local tenant server (state in .tenant/), then `pulumi up
 * --refresh` of the root Pulumi.yaml project (examples/realistic) on a local state backend.
 * Running it again changes nothing and says so; after a change made by hand in the tenant
 * (drift) it puts the code's values back, because it refreshes first.
 *
 *   npm run demo                    create or converge the demo tenant (the server keeps running)
 *   npm run demo -- --stop-server   stop the server, keep its data and the stack (the next demo restarts it)
 *   npm run demo -- --stop          destroy the demo stack, stop the server, remove .tenant/ and .pulumi-demo/
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { ensurePulumiCli, openStack, REPO_ROOT } from "./lib/pulumi";
import { DEMO, demoPlace } from "./lib/demo-place";
import { ensureTenantServer, readCredentials, stopTenantServer } from "./lib/tenant-process";
import { ensureDefaultRateLimitPolicy } from "./lib/admin-api";
import { parseScriptArgs } from "./lib/args";

function say(line = ""): void {
  process.stdout.write(`${line}\n`);
}

async function stop(): Promise<void> {
  const credentials = readCredentials(DEMO.dataDir);
  if (credentials && fs.existsSync(DEMO.pulumiDir)) {
    say("Destroying the demo stack...");
    const stack = await openStack({
      workDir: REPO_ROOT,
      stackName: DEMO.stackName,
      binDir: ensurePulumiCli(),
      place: demoPlace(),
    });
    await stack.destroy({ onOutput: (out) => process.stdout.write(out) });
  }
  say((await stopTenantServer(DEMO.dataDir)) ? "Stopped the tenant server." : "No tenant server was running.");
  fs.rmSync(DEMO.dataDir, { recursive: true, force: true });
  fs.rmSync(DEMO.pulumiDir, { recursive: true, force: true });
  say("Removed .tenant/ and .pulumi-demo/.");
}

/** Stops the server only: the tenant's data and the stack stay, and the next `npm run demo` starts it on them. */
async function stopServer(): Promise<void> {
  say(
    (await stopTenantServer(DEMO.dataDir))
      ? "Stopped the tenant server; its data (.tenant/) and the demo stack (.pulumi-demo/) are kept."
      : "No tenant server was running.",
  );
}

async function run(): Promise<void> {
  say("==> Pulumi CLI");
  const binDir = ensurePulumiCli();

  say("==> Tenant server");
  const { credentials, started } = await ensureTenantServer({ dataDir: DEMO.dataDir, port: DEMO.port });
  say(
    `${started ? "Started" : "Reusing"} the tenant server at ${credentials.domain} (data in .tenant/, log in .tenant/server.log)`,
  );
  const policyId = await ensureDefaultRateLimitPolicy(credentials);

  say("==> pulumi up --refresh (stack 'demo', local backend in .pulumi-demo/)");
  const stack = await openStack({
    workDir: REPO_ROOT,
    stackName: DEMO.stackName,
    binDir,
    place: demoPlace(),
    tenant: {
      domain: credentials.domain,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      audience: credentials.audience,
    },
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
  say();
  say("Try next:");
  say("  npm run demo                 again: nothing changes");
  say("  npm run drift                is the tenant still what the code says? (exit 0 = yes)");
  say("  npm run demo                 after a change by hand: puts the code's values back (up --refresh)");
  say(`  edit examples/realistic/index.ts (e.g. a form name), then npm run demo`);
  say("  npm run tenant -- token      a management API token of the demo tenant (curl, fetch, tests)");
  say();
  say(`Left running: the tenant server at ${credentials.domain} (pid in .tenant/).`);
  say("  npm run demo -- --stop-server   stop it and keep its data; the next npm run demo starts it again");
  say("  npm run demo -- --stop          destroy the demo stack, stop it and delete .tenant/ and .pulumi-demo/");
  if (DEMO.port === 4010) say("  TENANT_PORT=4011 npm run demo   another port, when 4010 is taken");
}

const { values: flags } = parseScriptArgs("npm run demo", {
  stop: { type: "boolean" },
  "stop-server": { type: "boolean" },
});
const main = flags.stop ? stop : flags["stop-server"] ? stopServer : run;
main().catch((error: unknown) => {
  process.stderr.write(`\ndemo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
