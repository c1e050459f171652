/**
 * The Pulumi CLI for the `pulumi-tenant` commands, through the Automation API. Which binary is
 * found, and how, is `backend/pulumi-cli.ts`'s business.
 */
import * as path from "node:path";
import type { PulumiCommand } from "@pulumi/pulumi/automation";

export { PINNED_PULUMI_VERSION, PulumiCliMissingError, pulumiBinDir } from "../backend/pulumi-cli";

/** A `PulumiCommand` for the CLI in `binDir`, with the dynamic-provider launcher beside it on PATH. */
export async function pulumiCommand(binDir: string): Promise<{ command: PulumiCommand; env: Record<string, string> }> {
  // Loaded on use: the Automation API costs seconds to load, and `--help` needs none of it.
  const { PulumiCommand: Command } = await import("@pulumi/pulumi/automation");
  const command = await Command.get({ root: path.dirname(binDir), skipVersionCheck: true });
  return { command, env: { PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}` } };
}
