/**
 * `pulumi-tenant recover`: finishes what a killed `pulumi up` left, from any runner, before
 * the next `up`.
 *
 * Why: the engine writes a pending `creating` operation (with the resource's inputs) into the
 * stack's state before it calls create, and keeps it when the run dies. Forms and event
 * streams get their ids from the server and have no idempotency key, so the next `up` would
 * create the object again (a duplicate, the first an orphan). The state backend is shared by
 * every runner; this command reads it, finds each interrupted create's object in the tenant
 * (same content, held by no stack of the backend), waits for a POST still in flight when the
 * run died recently, and hands the result to the engine through the state: the objects found
 * join it as the resources they were made for (then a targeted refresh reads them), and the
 * pending creates are dropped (the next `up` creates what is still missing).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { kindSpec, singletonIdIn } from "../../api";
import { readStackIndex } from "../backend/stacks";
import { readStackState, type PendingCreate } from "../backend/stack-state";
import { PulumiCommandError, runPulumi } from "../backend/pulumi-cli";
import { sleep } from "../client/limiter";
import { kindModule } from "../lifecycle/kind-modules";
import { configureFromSettings, sharedClient } from "../runtime";
import { reveal } from "../schema/envelope";
import { StackTenants } from "./stack-tenants";

/** Exit codes of `pulumi-tenant recover`. */
export const RECOVER_EXIT = { done: 0, error: 1 } as const;

/** How long after the killed run's last write a create may still commit (the client's timeouts and retries). */
export const IN_FLIGHT_MS = 90_000;
/** Interval between looks while waiting for a create in flight. */
const POLL_MS = 2_000;

export const RECOVER_HELP = `Usage: pulumi-tenant recover [--stack NAME] [--cwd DIR] [--dry-run] [--wait-seconds N]

Finishes the creates a killed \`pulumi up\` left pending in the stack's state, so that the
next \`pulumi up\` neither duplicates their objects nor leaves orphans. Run it before
\`pulumi up\` on any runner: it reads only the shared state backend and the tenant.

For each pending create of a tenant resource it looks for the object in the tenant (same
content, managed by no stack of the backend), waiting while the killed run's request may
still be in flight (up to ${IN_FLIGHT_MS / 1000} s after the run's last state write). Then, through the engine's own commands:
  pulumi stack import     the objects found join the state as the resources they were made
                          for, and every pending create is dropped
  pulumi refresh --target each recorded resource is read from the tenant
Nothing to do (no pending create): exits at once, changing nothing.

Options:
  --stack NAME        the stack (default: the project's selected stack)
  --cwd DIR           the Pulumi project folder (default: the current folder)
  --dry-run           say what would be done, change nothing
  --wait-seconds N    how long to wait for a create in flight (default ${IN_FLIGHT_MS / 1000})
  -h, --help          this text

Needs what \`pulumi up\` needs: the backend (PULUMI_BACKEND_URL), the secrets passphrase
(PULUMI_CONFIG_PASSPHRASE, to read the tenant's settings and the creates' inputs) and the
tenant's credentials (stack configuration, or the AUTH0_* variables).

Exit codes: 0 done (or nothing to do), 1 error.`;

/** What recovery found for one interrupted create. */
export interface Recovery {
  urn: string;
  kind: string;
  /** The object's id, when it exists; undefined when the create made nothing. */
  id?: string;
}

/** The id the interrupted create of `pending` has in the tenant, or undefined (looks once). */
async function lookFor(pending: PendingCreate, namespace: string, taken: (id: string) => boolean) {
  const adoptId = pending.inputs.adoptId;
  if (typeof adoptId === "string" && adoptId) return adoptId;
  const spec = kindSpec(pending.kind);
  const singleton = spec && singletonIdIn(spec, pending.inputs);
  if (singleton !== undefined) return singleton;
  const implementation = kindModule(pending.kind).implementation;
  return implementation.findLeftover?.({ client: () => sharedClient(namespace) }, pending.inputs, taken);
}

/** Runs the `recover` subcommand; returns the exit code. */
export async function recoverCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      stack: { type: "string" },
      cwd: { type: "string" },
      "dry-run": { type: "boolean" },
      "wait-seconds": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(`${RECOVER_HELP}\n`);
    return RECOVER_EXIT.done;
  }
  const cwd = values.cwd;
  const stackArgs = values.stack ? ["--stack", values.stack] : [];
  const waitMs = values["wait-seconds"] === undefined ? IN_FLIGHT_MS : Number(values["wait-seconds"]) * 1000;
  if (!Number.isFinite(waitMs) || waitMs < 0) throw new Error("--wait-seconds must be a number of seconds, 0 or more");
  let stack: StackTenants;
  try {
    stack = await StackTenants.read(stackArgs, cwd);
  } catch (error) {
    // The first deploy of a stack: nothing can be pending yet.
    if (!(error instanceof PulumiCommandError) || !/no stack named/i.test(error.stderr)) throw error;
    process.stdout.write(
      `Stack ${values.stack ?? "(selected)"} does not exist yet: no interrupted create to recover.\n`,
    );
    return RECOVER_EXIT.done;
  }
  const state = readStackState(stack.exported);
  const label = values.stack ?? state.stack;
  if (state.pendingCreates.length === 0) {
    process.stdout.write(`Stack ${label}: no interrupted create to recover.\n`);
    return RECOVER_EXIT.done;
  }
  process.stdout.write(`Stack ${label}: ${state.pendingCreates.length} create(s) interrupted by a killed run.\n`);
  const recoveries = await findObjects(state.pendingCreates, stack, cwd, state.writtenAt, waitMs);
  for (const { urn, id } of recoveries) {
    process.stdout.write(id ? `  ${urn}: found ${id} in the tenant\n` : `  ${urn}: nothing was created\n`);
  }
  const found = recoveries.filter((recovery) => recovery.id);
  if (values["dry-run"]) {
    process.stdout.write(
      `Dry run: would record ${found.length} object(s) in the state, drop ${recoveries.length - found.length} ` +
        "pending create(s), and refresh the recorded ones.\n",
    );
    return RECOVER_EXIT.done;
  }
  await settle(stackArgs, cwd, recoveries);
  process.stdout.write("Recovered: the next `pulumi up` creates only what is still missing.\n");
  return RECOVER_EXIT.done;
}

/**
 * Hands the recoveries to the engine through the state: each object found becomes the
 * resource its pending create was making (id and the create's inputs, then a targeted
 * `pulumi refresh` reads its real outputs through the provider), and every pending create is
 * dropped. (`pulumi refresh --import-pending-creates` of CLI 3.248 marks the operations but
 * records no resource, so the next `up` would create the objects again.)
 */
async function settle(stackArgs: string[], cwd: string | undefined, recoveries: Recovery[]): Promise<void> {
  const raw = JSON.parse(await runPulumi(["stack", "export", ...stackArgs], { cwd })) as RawExport;
  const deployment = raw.deployment;
  const byUrn = new Map(recoveries.map((recovery) => [recovery.urn, recovery]));
  const kept: RawOperation[] = [];
  for (const operation of deployment.pending_operations ?? []) {
    const recovery = operation.type === "creating" ? byUrn.get(operation.resource.urn) : undefined;
    if (!recovery) {
      kept.push(operation);
      continue;
    }
    if (recovery.id) {
      const { inputs } = operation.resource;
      deployment.resources = [
        ...(deployment.resources ?? []),
        { ...operation.resource, custom: true, id: recovery.id, inputs, outputs: inputs },
      ];
    }
  }
  deployment.pending_operations = kept;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tenant-recover-")), "state.json");
  try {
    fs.writeFileSync(file, JSON.stringify(raw), { mode: 0o600 });
    process.stdout.write("Recording the recovered objects in the stack's state (pulumi stack import)...\n");
    await runPulumi(["stack", "import", ...stackArgs, "--file", file], { cwd });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  const targets = recoveries.filter((recovery) => recovery.id).flatMap(({ urn }) => ["--target", urn]);
  if (targets.length > 0) {
    process.stdout.write("Reading them from the tenant (pulumi refresh --target ...)...\n");
    await runPulumi(["refresh", ...stackArgs, "--yes", "--skip-preview", ...targets], { cwd, timeoutMs: 30 * 60_000 });
  }
}

/** The parts of a raw `pulumi stack export` that recovery edits; everything else is written back as read. */
interface RawOperation {
  type: string;
  resource: { urn: string; inputs?: Record<string, unknown> } & Record<string, unknown>;
}
interface RawExport {
  deployment: { resources?: Record<string, unknown>[]; pending_operations?: RawOperation[] } & Record<string, unknown>;
}

/** Finds each pending create's object, waiting for creates that may still be in flight. */
async function findObjects(
  pendingCreates: PendingCreate[],
  stack: StackTenants,
  cwd: string | undefined,
  writtenAt: number | undefined,
  waitMs: number,
): Promise<Recovery[]> {
  const index = await readStackIndex(stack.siblings(), { cwd });
  if (index.failures.length > 0) throw new Error(`cannot read every backend: ${index.failures.join("; ")}`);
  const found = new Set<string>();
  const deadline = (writtenAt ?? Date.now()) + waitMs;
  const recoveries: Recovery[] = [];
  for (const pending of pendingCreates) {
    const { namespace, input } = stack.tenantOf(pending.inputs, pending.provider);
    configureFromSettings(input, {}, namespace);
    // Held by a stack (this one included) or found for another pending create: not this create's object.
    const taken = (id: string) => found.has(id) || index.holders(pending.kind, id, undefined).length > 0;
    pending.inputs = reveal(pending.inputs) as Record<string, unknown>;
    let id = await lookFor(pending, namespace, taken);
    while (!id && Date.now() < deadline) {
      process.stdout.write(`  ${pending.urn}: not in the tenant yet; the killed run's request may still land...\n`);
      await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
      id = await lookFor(pending, namespace, taken);
    }
    if (id) found.add(id);
    recoveries.push({ urn: pending.urn, kind: pending.kind, ...(id ? { id } : {}) });
  }
  return recoveries;
}
