/**
 * `npm run drift`: is the tenant still what the code says? Runs a refresh preview of the
 * demo stack (or `--stack NAME --dir PROJECT_DIR` with the environment's Pulumi backend)
 * and prints each drifted resource and field. Exit 0: no drift; 2: drift; 1: error.
 * Made for a scheduled CI job.
 */
import * as path from "node:path";
import { LocalWorkspace, PulumiCommand } from "@pulumi/pulumi/automation";
import { describeDrift, detectDrift } from "./lib/drift";
import { ensurePulumiCli, openStack, REPO_ROOT } from "./lib/pulumi";
import { DEMO, demoPlace } from "./lib/demo-place";

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<number> {
  const binDir = ensurePulumiCli();
  const stackName = option("--stack");
  const stack = stackName
    ? await LocalWorkspace.selectStack(
      { stackName, workDir: path.resolve(option("--dir") ?? ".") },
      { pulumiCommand: await PulumiCommand.get({ root: path.dirname(binDir) }), envVars: { PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}` } },
    )
    : await openStack({ workDir: REPO_ROOT, stackName: DEMO.stackName, binDir, place: demoPlace() });
  process.stdout.write(`Checking stack '${stackName ?? DEMO.stackName}' for drift (refresh preview)...\n`);
  const drift = await detectDrift(stack);
  if (drift.length === 0) {
    process.stdout.write("No drift: the tenant matches the code.\n");
    return 0;
  }
  process.stdout.write(`Drift in ${drift.length} resource(s):\n${describeDrift(drift).join("\n")}\n`);
  process.stdout.write("Run `pulumi up` to put the code's values back, or change the code to accept them.\n");
  return 2;
}

main().then((code) => process.exit(code), (error: unknown) => {
  process.stderr.write(`drift check failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
