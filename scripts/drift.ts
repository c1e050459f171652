/**
 * `npm run drift`: the drift check of the demo stack (the CLI's `pulumi-tenant drift`
 * against the local demo backend). `--stack NAME --dir PROJECT_DIR` checks another stack
 * with the environment's backend. `--unmanaged` also lists the tenant's objects no stack
 * manages and `--json` prints the report as JSON, as `pulumi-tenant drift` does.
 * Exit 0: no drift; bit 2: drift; bit 4: unmanaged objects; 1: error.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { checkStack, driftCommand } from "../provider/cli/drift";
import { parseScriptArgs } from "./lib/args";
import { ensurePulumiCli, failureInWords, openStack, pulumiEnv } from "./lib/pulumi";
import { DEMO, demoPlace, demoTenantEnv, ensureDemoProject, shown } from "./lib/demo-place";
import { isServing, readCredentials, runningServer } from "./lib/tenant-process";

const { values: flags } = parseScriptArgs("npm run drift", {
  stack: { type: "string" },
  dir: { type: "string" },
  unmanaged: { type: "boolean" },
  json: { type: "boolean" },
});

async function main(): Promise<number> {
  const binDir = ensurePulumiCli();
  const reportFlags = [...(flags.unmanaged ? ["--unmanaged"] : []), ...(flags.json ? ["--json"] : [])];
  if (flags.stack) {
    process.env.PULUMI_TENANT_BIN = binDir;
    return driftCommand(["--stack", flags.stack, "--cwd", path.resolve(flags.dir ?? "."), ...reportFlags]);
  }
  if (flags.dir !== undefined) throw new Error("--dir names the project of --stack: give --stack NAME too");
  const place = demoPlace();
  if (!fs.existsSync(path.join(place.stateDir, ".pulumi", "stacks")))
    throw new Error(`there is no demo stack in ${shown(DEMO.root)}: run \`npm run demo\` first`);
  // The demo stack reaches its tenant through this run's environment (see demoTenantEnv): the running server's.
  const server = runningServer(DEMO.dataDir);
  const credentials = readCredentials(DEMO.dataDir);
  if (!server?.url || !credentials || !(await isServing(server.url)))
    throw new Error(
      `the demo's tenant server is not running (data in ${shown(DEMO.dataDir)}): ` +
        "`npm run demo` starts it on its kept data (and puts back any drift); then run the check again",
    );
  const workDir = ensureDemoProject();
  const env = demoTenantEnv(credentials);
  const stack = await openStack({ workDir, stackName: DEMO.stackName, binDir, place, env });
  // --unmanaged asks the Pulumi CLI about the demo's stacks: it finds the demo backend and tenant in this environment.
  Object.assign(process.env, pulumiEnv(binDir, place), env, { PULUMI_TENANT_BIN: binDir });
  // The demo's `up` refreshes first (scripts/demo.ts), so it is the command that undoes drift here.
  return checkStack(stack, DEMO.stackName, workDir, {
    json: flags.json ?? false,
    unmanaged: flags.unmanaged ?? false,
    remedy: "npm run demo",
    remedyAside: "its `pulumi up` refreshes first",
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`drift check failed: ${failureInWords(error)}\n`);
    process.exit(1);
  },
);
