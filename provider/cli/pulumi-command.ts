/**
 * Finds the Pulumi CLI for the `pulumi-tenant` commands: `PULUMI_TENANT_BIN`, then a
 * `pulumi` on PATH, then the pinned build that this project's setup script caches in
 * `~/.pulumi/versions/<version>/bin` (the folder the Automation API also uses).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { PulumiCommand } from "@pulumi/pulumi/automation";

/** The Pulumi version this package is built and tested with. */
export const PINNED_PULUMI_VERSION = "3.248.0";

/** Raised when no Pulumi CLI can be found; the message says how to get one. */
export class PulumiCliMissingError extends Error {}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, name))) return dir;
  }
  return undefined;
}

/** The folder holding the `pulumi` binary to use. */
export function pulumiBinDir(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [
    env.PULUMI_TENANT_BIN,
    onPath("pulumi"),
    path.join(env.PULUMI_HOME ?? path.join(os.homedir(), ".pulumi"), "versions", PINNED_PULUMI_VERSION, "bin"),
    path.join(os.homedir(), ".pulumi", "versions", PINNED_PULUMI_VERSION, "bin"),
  ];
  const found = candidates.find((dir) => dir && fs.existsSync(path.join(dir, "pulumi")));
  if (found) return found;
  throw new PulumiCliMissingError(
    `No Pulumi CLI found (looked at PULUMI_TENANT_BIN, PATH and ~/.pulumi/versions/${PINNED_PULUMI_VERSION}/bin). ` +
      `Install Pulumi CLI v${PINNED_PULUMI_VERSION} (https://www.pulumi.com/docs/install/) or set PULUMI_TENANT_BIN to its folder.`,
  );
}

/** A `PulumiCommand` for the CLI in `binDir`, with the dynamic-provider launcher beside it on PATH. */
export async function pulumiCommand(binDir: string): Promise<{ command: PulumiCommand; env: Record<string, string> }> {
  // Loaded on use: the Automation API costs seconds to load, and `--help` needs none of it.
  const { PulumiCommand: Command } = await import("@pulumi/pulumi/automation");
  const command = await Command.get({ root: path.dirname(binDir), skipVersionCheck: true });
  return { command, env: { PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}` } };
}
