/**
 * `npm run drift`: the drift check of the demo stack (the CLI's `pulumi-tenant drift`
 * against the local demo backend). `--stack NAME --dir PROJECT_DIR` checks another stack
 * with the environment's backend. `--unmanaged` also lists the tenant's objects no stack
 * manages and `--json` prints the report as JSON, as `pulumi-tenant drift` does.
 * Exit 0: no drift; bit 2: drift; bit 4: unmanaged objects; 1: error.
 */
import * as path from "node:path";
import { checkStack, driftCommand } from "../provider/cli/drift";
import { parseScriptArgs } from "./lib/args";
import { ensurePulumiCli, openStack, pulumiEnv, REPO_ROOT } from "./lib/pulumi";
import { DEMO, demoPlace } from "./lib/demo-place";

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
  const stack = await openStack({ workDir: REPO_ROOT, stackName: DEMO.stackName, binDir, place });
  // --unmanaged asks the Pulumi CLI about the demo's stacks: it finds the demo backend in this environment.
  Object.assign(process.env, pulumiEnv(binDir, place), { PULUMI_TENANT_BIN: binDir });
  // The demo's `up` refreshes first (scripts/demo.ts), so it is the command that undoes drift here.
  return checkStack(stack, DEMO.stackName, REPO_ROOT, {
    json: flags.json ?? false,
    unmanaged: flags.unmanaged ?? false,
    remedy: "npm run demo",
    remedyAside: "its `pulumi up` refreshes first",
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`drift check failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
