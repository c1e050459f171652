/**
 * `pulumi-tenant drift`: is the tenant still what the code says? A refresh preview of a
 * stack of the Pulumi project in the current folder (or `--cwd`), with the backend and
 * secrets settings of the caller's environment, reporting each drifted resource and field.
 */
import * as path from "node:path";
import { parseArgs } from "node:util";
import * as fs from "node:fs";
import type { EngineEvent, Stack } from "@pulumi/pulumi/automation";
import {
  classifyPreview,
  describeDrift,
  describeProviderConfiguration,
  detectDrift,
  type DriftItem,
} from "./drift-report";
import { planOfEvents } from "./review/plan";
import { policyViolationsOf } from "./review/policies";
import { tenantPolicyEvents } from "./drift-policies";
import { renderReview } from "./review/render";
import { shellWord } from "./shell";
import { pulumiBinDir, pulumiCommand } from "./pulumi-command";
import { readStackIndex } from "../backend/stacks";
import { StackTenants } from "./stack-tenants";
import { describeUnmanaged, findUnmanaged } from "./unmanaged";

/** Exit codes of `pulumi-tenant drift`. */
export const DRIFT_EXIT = { clean: 0, error: 1, drift: 2, unmanaged: 4, policy: 8 } as const;

export const DRIFT_HELP = `Usage: pulumi-tenant drift [--stack NAME] [--cwd DIR] [--unmanaged] [--json] [--comment FILE]
                           [--policy-pack DIR [--policy-pack-config FILE]]...

Runs a refresh preview (\`pulumi preview --refresh\`) of a stack and reports every
resource whose tenant object no longer matches the code, with the fields that differ.
Nothing is changed, neither in the tenant nor in the stack's state.

To put the code's values back afterwards: \`pulumi up --refresh\` (or \`pulumi refresh\`,
then \`pulumi up\`). A plain \`pulumi up\` compares the code with the stack's state, not
with the tenant, so it changes nothing after drift.

Options:
  --stack NAME   the stack to check (default: the project's selected stack)
  --cwd DIR      the Pulumi project folder (default: the current folder)
  --unmanaged    also list the objects of the stack's tenants that no stack manages (made
                 by hand in the dashboard), each with the line that adopts it: every stack
                 of the backend is read (pulumi stack ls --all, pulumi stack export), and the
                 sibling backends named by tenant:ownershipBackends or
                 PULUMI_TENANT_OWNERSHIP_BACKENDS
  --json         print the drift as JSON instead of lines
  --comment FILE also write the drift as the review comment renders a preview (Markdown: what
                 \`pulumi up --refresh\` would change, by identity, graphs drawn, secrets masked)
  --policy-pack DIR
                 also run this policy pack (repeatable) on the refresh preview: the engine
                 judges the code's values, and the pack's library rules (pulumi-tenant-policy's)
                 judge what each drifted object holds now in the tenant; violations are listed
                 (JSON: \`policies\`) and in the comment
  --policy-pack-config FILE
                 the configuration of the policy pack of the same position
  -h, --help     this text

The Pulumi CLI is taken from PULUMI_TENANT_BIN, PATH, or ~/.pulumi/versions/<pinned>/bin.
The backend, passphrase and credentials are the environment's (PULUMI_BACKEND_URL,
PULUMI_CONFIG_PASSPHRASE, ...), as for \`pulumi preview\`.

A change of the provider's own settings (tenant:domain, tenant:clientId, tenant:clientSecret, ...
moved from the stack file to the environment, or a rotated secret) is not drift of the tenant:
it is reported on a line of its own ("Provider configuration changed ...", JSON:
\`providerConfiguration\`) and leaves the exit code 0 until the next \`pulumi up\` records it.

Exit codes: 0 no drift, 2 drift found, 4 unmanaged objects found (with --unmanaged), 6 both,
8 added when a mandatory policy rule is broken (with --policy-pack), 1 error (the program's or
the preview's error on stderr, once).`;

/** The alternative named beside the default command. */
const REFRESH_THEN_UP = "or `pulumi refresh`, then `pulumi up`";

/**
 * What to do about drift, and why the command is not a plain `pulumi up`: the engine
 * compares the code with the stack's state, not with the tenant, unless it refreshes
 * first. `command` is how this stack is brought back (`pulumi up --refresh --stack NAME`),
 * `aside` what is said next to it.
 */
export function remedyLines(command: string, aside = REFRESH_THEN_UP): string[] {
  return [
    `To put the code's values back, run \`${command}\` (${aside}).`,
    "A plain `pulumi up` compares the code with the stack's state, not with the tenant, so it would",
    "change nothing: refreshing reads the tenant first. To keep the tenant's values, change the code instead.",
  ];
}

/** Options of {@link reportDrift}. */
export interface DriftReportOptions {
  /** Print the drift as JSON. */
  json?: boolean;
  /** The command that puts the code's values back (default `pulumi up --refresh --stack <label>`). */
  remedy?: string;
  /** Said next to `remedy` (default: the `pulumi refresh`, then `pulumi up` alternative). */
  remedyAside?: string;
  /** More to report after the drift: keys of the JSON report, and lines for people. */
  extra?: { json: Record<string, unknown>; lines: string[] };
  /** Also write the drift to this file as the review comment renders a preview. */
  comment?: string;
  /** Policy packs to run on what the tenant holds now, and their configurations. */
  policyPacks?: string[];
  policyPackConfigs?: string[];
}

/** Reports the drift of `stack` on stdout; returns the exit code. */
export async function reportDrift(stack: Stack, label: string, options: DriftReportOptions = {}): Promise<number> {
  const json = options.json ?? false;
  if (!json) process.stdout.write(`Checking stack '${label}' for drift (refresh preview)...\n`);
  const events: EngineEvent[] = [];
  const packs = { policyPacks: options.policyPacks ?? [], policyPackConfigs: options.policyPackConfigs ?? [] };
  const drift: DriftItem[] = await detectDrift(stack, events, packs);
  // The engine judged the program's values; the pack's rules also judge what the tenant holds now.
  if (packs.policyPacks.length > 0)
    events.push(...(await tenantPolicyEvents(events, packs, new Set(drift.map((item) => item.name)))));
  // Credentials moved to the environment (or rotated) change the provider, not the tenant: said apart, exit 0.
  const { providerConfiguration } = classifyPreview(events);
  const policies = policyViolationsOf(events);
  const remedy = options.remedy ?? `pulumi up --refresh --stack ${label}`;
  if (options.comment) {
    const plan = { ...planOfEvents(events), policies };
    const title = `Drift of stack \`${label}\`: what \`${remedy}\` would change`;
    fs.writeFileSync(options.comment, renderReview(plan, { title, secrets: plan.secrets }));
  }
  if (json) {
    const fix = drift.length === 0 ? {} : { remedy };
    const found = packs.policyPacks.length > 0 ? { policies } : {};
    const configuration = providerConfiguration.length > 0 ? { providerConfiguration } : {};
    const report = { stack: label, drift, ...fix, ...configuration, ...found, ...options.extra?.json };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else if (drift.length === 0) {
    process.stdout.write("No drift: the tenant matches the code.\n");
  } else {
    process.stdout.write(`Drift in ${drift.length} resource(s):\n${describeDrift(drift).join("\n")}\n`);
    process.stdout.write(`${remedyLines(remedy, options.remedyAside).join("\n")}\n`);
  }
  if (!json && providerConfiguration.length > 0)
    process.stdout.write(`${describeProviderConfiguration(providerConfiguration).join("\n")}\n`);
  if (!json && policies.length > 0) {
    const lines = policies.map((v) => `  [${v.level}] ${v.policy}: ${v.message.split("\n").join(" ")}`);
    process.stdout.write(`Policy violations of what the tenant holds now:\n${lines.join("\n")}\n`);
  }
  if (!json && options.extra) process.stdout.write(`${options.extra.lines.join("\n")}\n`);
  const violated = policies.some((violation) => violation.level === "mandatory") ? DRIFT_EXIT.policy : 0;
  return (drift.length === 0 ? DRIFT_EXIT.clean : DRIFT_EXIT.drift) | violated;
}

/** Runs the `drift` subcommand with its arguments; returns the exit code. */
export async function driftCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      stack: { type: "string" },
      cwd: { type: "string" },
      json: { type: "boolean" },
      unmanaged: { type: "boolean" },
      comment: { type: "string" },
      "policy-pack": { type: "string", multiple: true },
      "policy-pack-config": { type: "string", multiple: true },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(`${DRIFT_HELP}\n`);
    return DRIFT_EXIT.clean;
  }
  const workDir = path.resolve(values.cwd ?? ".");
  const { LocalWorkspace } = await import("@pulumi/pulumi/automation");
  const { command, env } = await pulumiCommand(pulumiBinDir());
  const workspace = await LocalWorkspace.create({ workDir, pulumiCommand: command, envVars: env });
  const stackName = values.stack ?? (await workspace.stack())?.name;
  if (!stackName) {
    throw new Error(`No stack selected in ${workDir}: pass --stack NAME (see \`pulumi stack ls\`).`);
  }
  const stack = await LocalWorkspace.selectStack({ stackName, workDir }, { pulumiCommand: command, envVars: env });
  // The command runs where the user is: it names the project folder when drift was told one.
  const where = values.cwd === undefined ? "" : ` --cwd ${shellWord(values.cwd)}`;
  return checkStack(stack, stackName, workDir, {
    json: values.json ?? false,
    unmanaged: values.unmanaged ?? false,
    remedy: `pulumi up --refresh --stack ${shellWord(stackName)}${where}`,
    ...(values.comment !== undefined ? { comment: values.comment } : {}),
    policyPacks: (values["policy-pack"] ?? []).map((pack) => path.resolve(pack)),
    policyPackConfigs: (values["policy-pack-config"] ?? []).map((file) => path.resolve(file)),
  });
}

/** Options of {@link checkStack}. */
export interface CheckStackOptions extends Omit<DriftReportOptions, "extra"> {
  /** Also list the tenant objects no stack manages (exit code bit {@link DRIFT_EXIT.unmanaged}). */
  unmanaged?: boolean;
}

/**
 * The drift check of `stack` (named `stackName`, its project in `workDir`), and with
 * `unmanaged` the objects no stack manages: what `pulumi-tenant drift` and `npm run drift` print.
 * The Pulumi CLI finds the stack's backend in this process's environment.
 */
export async function checkStack(
  stack: Stack,
  stackName: string,
  workDir: string,
  options: CheckStackOptions = {},
): Promise<number> {
  const { unmanaged, ...report } = options;
  let extra: DriftReportOptions["extra"];
  let unmanagedCount = 0;
  if (unmanaged) {
    const tenants = await StackTenants.read(["--stack", stackName], workDir);
    const index = await readStackIndex(tenants.siblings(), { cwd: workDir });
    if (index.failures.length > 0) throw new Error(`cannot read every backend: ${index.failures.join("; ")}`);
    const { objects, skipped } = await findUnmanaged(tenants, index);
    unmanagedCount = objects.length;
    extra = { json: { unmanaged: objects, notChecked: skipped }, lines: describeUnmanaged(objects, skipped) };
  }
  const code = await reportDrift(stack, stackName, { ...report, extra });
  return code | (unmanagedCount > 0 ? DRIFT_EXIT.unmanaged : DRIFT_EXIT.clean);
}
