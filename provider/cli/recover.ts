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
 * run died recently, and hands the result to the engine: `pulumi refresh
 * --import-pending-creates URN ID` for the objects found, `--clear-pending-creates` for the
 * creates that made nothing (the next `up` creates those).
 */
import { parseArgs } from "node:util";
import { kindSpec } from "../../api";
import { readStackIndex } from "../backend/stacks";
import { readStackState, type PendingCreate } from "../backend/stack-state";
import { runPulumi } from "../backend/pulumi-cli";
import { sleep } from "../client/limiter";
import { kindModule } from "../resources";
import { configureFromSettings, sharedClient } from "../runtime";
import { revealExported } from "./exported";
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
still be in flight (up to ${IN_FLIGHT_MS / 1000} s after the run's last state write). Then:
  pulumi refresh --import-pending-creates URN ID ...   the objects found join the state
  pulumi refresh --clear-pending-creates                the creates that made nothing are dropped
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
  const singleton = kindSpec(pending.kind)?.singletonId;
  if (singleton !== undefined) return singleton;
  const implementation = kindModule(pending.kind).implementation;
  return implementation.findLeftover?.({ client: () => sharedClient(namespace) }, pending.inputs, taken);
}

/** Runs the `recover` subcommand; returns the exit code. */
export async function recoverCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
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
  const stack = await StackTenants.read(stackArgs, cwd);
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
  const imports = recoveries.filter((recovery) => recovery.id).flatMap(({ urn, id }) => [urn, id!]);
  const refreshArgs = ["refresh", ...stackArgs, "--yes", "--skip-preview", "--clear-pending-creates"];
  if (imports.length > 0) refreshArgs.push("--import-pending-creates", ...imports);
  if (values["dry-run"]) {
    process.stdout.write(`Dry run: would run \`pulumi ${refreshArgs.join(" ")}\`.\n`);
    return RECOVER_EXIT.done;
  }
  process.stdout.write(`Running \`pulumi ${refreshArgs.join(" ")}\`...\n`);
  await runPulumi(refreshArgs, { cwd, timeoutMs: 30 * 60_000 });
  process.stdout.write("Recovered: the next `pulumi up` creates only what is still missing.\n");
  return RECOVER_EXIT.done;
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
    pending.inputs = revealExported(pending.inputs) as Record<string, unknown>;
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
