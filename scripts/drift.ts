/**
 * `npm run drift`: the drift check of the demo stack (the CLI's `pulumi-tenant drift`
 * against the local demo backend). `--stack NAME --dir PROJECT_DIR` checks another stack
 * with the environment's backend. Exit 0: no drift; 2: drift; 1: error.
 */
import * as path from "node:path";
import { driftCommand, reportDrift } from "../provider/cli/drift";
import { ensurePulumiCli, openStack, REPO_ROOT } from "./lib/pulumi";
import { DEMO, demoPlace } from "./lib/demo-place";

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<number> {
  const binDir = ensurePulumiCli();
  const stackName = option("--stack");
  if (stackName) {
    process.env.PULUMI_TENANT_BIN = binDir;
    return driftCommand(["--stack", stackName, "--cwd", path.resolve(option("--dir") ?? ".")]);
  }
  const stack = await openStack({ workDir: REPO_ROOT, stackName: DEMO.stackName, binDir, place: demoPlace() });
  // The demo's `up` refreshes first (scripts/demo.ts), so it is the command that undoes drift here.
  return reportDrift(stack, DEMO.stackName, { remedy: "npm run demo", remedyAside: "its `pulumi up` refreshes first" });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`drift check failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
