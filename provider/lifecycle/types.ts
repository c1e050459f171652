/**
 * The shape every resource implementation has. The serialized provider objects stored
 * in state delegate to these through the runtime; they receive the engine's arguments
 * unchanged (with `__provider` still present) plus a context for HTTP.
 */
import type { CheckResult, CreateResult, DiffResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import type { TenantClient } from "../client/http";
import type { KindGenerator } from "./generator";
import type { CreateJournal } from "./journal";
import type { ListSnapshots } from "./list-snapshot";
import type { JsonObject } from "./shared";

/**
 * What create/read/update/delete may use: the connection to the tenant the resource
 * lives in. The runtime picks it from the resource's `tenant` input (or, for read and
 * delete, the state's outputs) and removes `tenant` from what the implementation sees;
 * implementations never read settings themselves.
 */
export interface ProviderContext {
  /** The tenant's client (token, limiter, retries); throws the settings error, once in full, when they are missing. */
  client(): TenantClient;
  /** The create journal of that tenant (see journal.ts); absent in some tests. */
  journal?(): CreateJournal | undefined;
  /** That tenant's list snapshots of this process (list-snapshot.ts); absent when reads are one GET each. */
  lists?(): ListSnapshots | undefined;
}

/**
 * One resource's provider logic. `diff` never makes a request; `check` makes one only to
 * show (and vet) an adoption or a takeover before it happens, when a client is configured.
 */
export interface ResourceImplementation {
  /**
   * Validates new inputs (unknowns skipped); returns them with failures naming properties.
   * (The runtime then checks the tenant's settings and token.)
   */
  check(olds: JsonObject, news: JsonObject, ctx?: ProviderContext): CheckResult | Promise<CheckResult>;
  /**
   * Does ahead the work its first `check` needs (compiling the input schema): the runtime
   * calls it after the kind's first read, while the process waits for the tenant (a refresh
   * reads every resource before the program's checks begin).
   */
  prepare?(): void;
  /** Compares old outputs with new checked inputs; always a boolean `changes`. */
  diff(id: string, olds: JsonObject, news: JsonObject): DiffResult;
  /** Creates (or adopts) the object; returns its id and full outputs. */
  create(ctx: ProviderContext, inputs: JsonObject): Promise<CreateResult>;
  /**
   * The id of an object a killed create of `inputs` may have left: same content, not taken
   * (`isTaken`: held by a stack, or found for another interrupted create). Collections only;
   * kinds with fixed or given ids need no search.
   */
  findLeftover?(
    ctx: ProviderContext,
    inputs: JsonObject,
    isTaken: (id: string) => boolean,
  ): Promise<string | undefined>;
  /** Outputs and inputs from the live object (its GET, or this pass's list), or no id when it is gone. */
  read(ctx: ProviderContext, id: string, props: JsonObject | undefined): Promise<ReadResult>;
  /** Applies the changes; returns full outputs. */
  update(ctx: ProviderContext, id: string, olds: JsonObject, news: JsonObject): Promise<UpdateResult>;
  /** Deletes the object; an object already gone is success. */
  delete(ctx: ProviderContext, id: string, props: JsonObject): Promise<void>;
}

/** A lookup's reader with a connected client: the arguments of the table's lookup, as strings. */
export type LookupReader = (
  client: TenantClient,
  args: Readonly<Record<string, string | undefined>>,
) => Promise<unknown>;

/** What a kind registers (resources/index.ts): its implementation, a reader per lookup (by name), its part in `generate`. */
export interface AnyKindModule {
  implementation: ResourceImplementation;
  readers: Readonly<Record<string, LookupReader>>;
  generator: KindGenerator<unknown>;
}
