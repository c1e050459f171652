/**
 * The stacks of the state backends a run can see, read through the Pulumi CLI: which stack
 * holds which object of a tenant, and what killed runs left pending. This is where the
 * provider's cross-run guarantees are decided (ownership, interrupted creates, unmanaged
 * objects): a CI runner keeps nothing between runs, the shared backend is the one record
 * every runner reads the same.
 *
 * Backends read: the run's own (`PULUMI_BACKEND_URL`, or the one `pulumi login` chose), then
 * the sibling backends the user names (`tenant:ownershipBackends` or
 * `PULUMI_TENANT_OWNERSHIP_BACKENDS`, comma-separated URLs): stacks in other backends that
 * share a tenant are seen only when named there.
 *
 * Cost: one `pulumi stack ls --all --json` per backend and one `pulumi stack export` per stack
 * with resources, once per process (a provider process serves one run), and only when a
 * decision needs it: an adoption at preview, a delete, an interrupted create.
 */
import { type HeldObject, type PendingCreate, readStackState, type StackExport, type StackState } from "./stack-state";
import { runPulumi } from "./pulumi-cli";

/** The environment variable naming sibling backends (comma-separated URLs). */
export const SIBLING_BACKENDS_ENV = "PULUMI_TENANT_OWNERSHIP_BACKENDS";
/** The configuration key (default namespace) naming sibling backends. */
export const SIBLING_BACKENDS_KEY = "ownershipBackends";

/** Exports run at once (each is a CLI process). */
const EXPORTS_AT_ONCE = 4;

/** One row of `pulumi stack ls --all --json`. */
interface StackListing {
  name?: string;
  resourceCount?: number;
}

/** `project/stack` of a listed stack name (`organization/project/stack`, `project/stack`), or undefined. */
export function projectStackOf(name: string): string | undefined {
  const parts = name.split("/");
  return parts.length >= 2 ? parts.slice(-2).join("/") : undefined;
}

/** The backend URLs named in `value` (comma- or space-separated), without empties and duplicates. */
export function parseBackendList(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? "")
        .split(/[,\s]+/)
        .map((url) => url.trim())
        .filter(Boolean),
    ),
  ];
}

/** Options of {@link readBackend}. */
export interface ReadBackendOptions {
  /** The backend's URL; undefined: the run's own. */
  url?: string;
  /** Working folder for the CLI (the project's). */
  cwd?: string;
  /** Stacks (`project/stack`) not to export (e.g. the caller's own, when only others matter). */
  skip?: ReadonlySet<string>;
  /** Export with secrets shown (needs each stack's secrets provider, e.g. PULUMI_CONFIG_PASSPHRASE). */
  showSecrets?: boolean;
}

/** Every stack of one backend that holds something, as {@link StackState}s. */
export async function readBackend(options: ReadBackendOptions = {}): Promise<StackState[]> {
  const env = options.url ? { PULUMI_BACKEND_URL: options.url } : {};
  const listed = JSON.parse(
    (await runPulumi(["stack", "ls", "--all", "--json"], { env, cwd: options.cwd })) || "[]",
  ) as StackListing[];
  const names = listed
    .filter((row) => typeof row.name === "string" && row.resourceCount !== 0)
    .map((row) => row.name!)
    .filter((name) => !options.skip?.has(projectStackOf(name) ?? name));
  const states: StackState[] = [];
  for (let start = 0; start < names.length; start += EXPORTS_AT_ONCE) {
    const batch = names.slice(start, start + EXPORTS_AT_ONCE);
    states.push(
      ...(await Promise.all(
        batch.map(async (name) => {
          const args = ["stack", "export", "--stack", name, ...(options.showSecrets ? ["--show-secrets"] : [])];
          const text = await runPulumi(args, { env, cwd: options.cwd });
          return readStackState(JSON.parse(text) as StackExport, projectStackOf(name));
        }),
      )),
    );
  }
  return states;
}

/** What the backends say about objects of tenants: who holds each, and pending creates. */
export class StackIndex {
  constructor(
    /** Every stack read. */
    readonly stacks: readonly StackState[],
    /** Backends that could not be read, each with why. */
    readonly failures: readonly string[] = [],
  ) {}

  /**
   * The stacks (`project/stack`) whose state holds object `id` of `kind` in the tenant at
   * `origin`. A stack whose state does not record its tenant (written before 0.3) counts
   * for every tenant: it may be this one.
   */
  holders(kind: string, id: string, origin: string | undefined): string[] {
    return [
      ...new Set(
        this.heldIn(kind, origin)
          .filter((held) => held.id === id)
          .map((held) => held.stack),
      ),
    ].sort();
  }

  /** Every id of `kind` held in the tenant at `origin`, by any stack. */
  heldIds(kind: string, origin: string | undefined): Set<string> {
    return new Set(this.heldIn(kind, origin).map((held) => held.id));
  }

  /** The objects of `kind` the stacks hold in the tenant at `origin` (or in a tenant their state does not name). */
  private heldIn(kind: string, origin: string | undefined): HeldObject[] {
    return this.stacks.flatMap((state) =>
      state.held.filter(
        (held) => held.kind === kind && (!origin || !held.tenantOrigin || held.tenantOrigin === origin),
      ),
    );
  }

  /** The creates a killed run of `stack` left pending. */
  pendingCreatesOf(stack: string): PendingCreate[] {
    return this.stacks.find((state) => state.stack === stack)?.pendingCreates ?? [];
  }
}

/** Reads the run's backend and `siblings`; a backend that cannot be read is named in `failures`. */
export async function readStackIndex(siblings: readonly string[] = [], options: ReadBackendOptions = {}) {
  const stacks: StackState[] = [];
  const failures: string[] = [];
  for (const url of [undefined, ...siblings]) {
    try {
      stacks.push(...(await readBackend({ ...options, url })));
    } catch (error) {
      failures.push(`${url ?? "the run's backend"}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return new StackIndex(stacks, failures);
}

/** The index of this process, by what it was read with (read once: never older than the run). */
const cached = new Map<string, Promise<StackIndex>>();

/**
 * The stacks of the run's backend and `siblings` but `self` (`project/stack`, whose own state
 * the caller has: a provider process serves one stack), read once per process.
 */
export function stackIndex(siblings: readonly string[] = [], self?: string): Promise<StackIndex> {
  const key = `${self ?? ""}\u0000${siblings.join(",")}`;
  let index = cached.get(key);
  if (!index) {
    index = readStackIndex(siblings, self ? { skip: new Set([self]) } : {});
    cached.set(key, index);
  }
  return index;
}

/** Forgets what was read (tests; a new process starts empty). */
export function forgetStackIndex(): void {
  cached.clear();
}
