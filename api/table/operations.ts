/**
 * What a kind's own server hooks and operations reach in the tenant (the server hands it in),
 * declared here so that a kind whose API has more than create, read, list, update and delete
 * (an action's deploy, versions and test runs; a trigger's bindings) is still a declaration in
 * its room (api/kinds/<kind>/tenant.ts): plain functions over these interfaces, served by the
 * tenant server's generic collection routes (server/routes/collection.ts).
 */
import type { KindObject } from "./provider-hooks";

/** A table of the tenant's store as a kind's hooks see it (secrets opened). */
export interface StoredRecords<T = KindObject> {
  get(id: string): T | undefined;
  insert(id: string, record: T): void;
  replace(id: string, record: T): boolean;
  upsert(id: string, record: T): boolean;
  delete(id: string): boolean;
  /** The records whose top-level fields equal these values, in insertion order. */
  findWhere(where: Record<string, string>): T[];
}

/** One run of user code, as a kind's operation asks the server's sandbox for it. */
export interface CodeRunJob {
  /** A CommonJS module exporting the handler. */
  code: string;
  /** The handler's first argument. */
  event: Record<string, unknown>;
  /** The export to call. */
  handler: string;
  /** What the code runs for (an action's trigger): the sandbox's file name. */
  trigger: string;
  /** The `api` object the handler gets: namespace → method → what the recorded call answers. */
  api: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The Node built-ins the code may require (bare names). */
  builtins: string[];
  /** The npm packages the code declares: fetched once, cached by name and version, loadable by `require`. */
  dependencies: { name: string; version: string }[];
  /** What answers the code's network requests (none is made). */
  fixtures?: NetworkFixture[];
}

/** One answer a test gives for the network requests it matches. */
export interface NetworkFixture {
  request: {
    /** Upper case; absent: any method. */
    method?: string;
    /** The full URL, as `new URL(url).href` writes it. */
    url: string;
  };
  response?: {
    status?: number;
    headers?: Record<string, string>;
    /** The body as it is sent. */
    body?: string;
  };
}

/** One network request the code attempted. */
export interface RecordedRequest {
  method: string;
  url: string;
  /** What it sent (cut at a few KiB). */
  body?: string;
  /** The fixture's status; absent when no fixture answered. */
  status?: number;
  /** Why it failed (no fixture answers it). */
  error?: string;
}

/**
 * What a run recorded: the handler, each call on `api` in order, the logs, each network request,
 * the error, the time taken.
 */
export interface CodeRunResult {
  handler: string;
  calls: { method: string; args: unknown[] }[];
  logs: { level: string; message: string }[];
  requests: RecordedRequest[];
  error?: { name: string; message: string; stack?: string; code?: string };
  duration_ms: number;
}

/** The server's sandbox for user code: an engine of its own per run, under limits. */
export interface CodeSandbox {
  /** Runs `job`; rejects with an {@link ApiFailure} of 429 when too many run already. */
  run(job: CodeRunJob): Promise<CodeRunResult>;
  /** Ends what the sandbox keeps between runs (idle engines); runs in progress end with an error. */
  close?(): Promise<void>;
}

/** What a kind's server hooks and operations reach in its tenant. */
export interface TenantRecords {
  /** The kind's own objects (secrets opened). */
  readonly objects: StoredRecords;
  /** A table of the kind's own besides its objects (an action's `versions`), by name. */
  table<T = KindObject>(name: string): StoredRecords<T>;
  /** An object of this kind as the API answers it (write-only secrets left out). */
  shown(object: KindObject): KindObject;
  /** Now, as the tenant writes timestamps (ISO 8601, milliseconds). */
  now(): string;
  /** Runs `work` in one transaction of the store: all of its writes, or none. */
  transaction<T>(work: () => T): T;
  /** An object of this kind as the service summarises it in another kind's answer (the kind's `summary`). */
  summarised(object: KindObject): Record<string, unknown>;
  /** Whether an object of this kind is in service (the kind's `inService`; default always). */
  inService(object: KindObject): boolean;
  /**
   * The records of another kind of the table, as its own hooks get them (a kind served by
   * another gets the serving kind's): what the table's relations (api/table/relations.ts) reach
   * of the kinds a kind's entry names. A kind's own rules name no other kind.
   */
  recordsOf(kind: string): TenantRecords;
  /**
   * Deletes object `id` of this kind with what goes with it (the kind's `beforeDelete`, as a
   * forced delete: an action's bindings and versions); false when there is none.
   */
  remove(id: string): boolean;
  /** The server's sandbox, when it was started to run user code (`--run-actions`); undefined otherwise. */
  readonly sandbox?: CodeSandbox;
}

/** A request to a kind's operation: its path parameters, query and body. */
export interface OperationRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly query: unknown;
  readonly body: unknown;
}

/**
 * A route of a kind beyond create, read, list, update and delete (`POST
 * /actions/actions/{id}/deploy`): served by the generic collection routes, under the kind's
 * scopes, its answers in the API's shape and its failures thrown as {@link ApiFailure}.
 */
export interface KindOperation {
  readonly method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /**
   * Its path under `/api/v2`, with fastify's parameters: `{path}` stands for the kind's path
   * and `:id` for one of its objects' ids, checked as the generic routes check them
   * (`{path}/:id/deploy`); a path of its own otherwise (`/actions/triggers`).
   */
  readonly path: string;
  /** The operation of the kind's scopes it needs (`create`, `get`, `list`, `update`, `delete`). */
  readonly scope: string;
  /** Its status on success (default 200). */
  readonly status?: number;
  handle(request: OperationRequest, tenant: TenantRecords): unknown;
}
