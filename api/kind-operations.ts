/**
 * What a kind's own server hooks and operations reach in the tenant (the server hands it in),
 * declared here so that a kind whose API has more than create, read, list, update and delete
 * (an action's deploy, versions and trigger bindings; its local test runs) is still a
 * declaration in api/resources/: plain functions over these interfaces, served by the tenant
 * server's generic collection routes (server/routes/collection.ts).
 */
import { ApiFailure } from "./errors";
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
  /** The Node built-ins the code may require. */
  builtins: string[];
  /** Packages the code declares: refused by name when required (none is installed). */
  dependencies: string[];
}

/** What a run recorded: the handler, each call on `api` in order, the logs, the error, the time taken. */
export interface CodeRunResult {
  handler: string;
  calls: { method: string; args: unknown[] }[];
  logs: { level: string; message: string }[];
  error?: { name: string; message: string; stack?: string };
  duration_ms: number;
}

/** The server's sandbox for user code: a separate process per run, under limits. */
export interface CodeSandbox {
  /** Runs `job`; rejects with an {@link ApiFailure} of 429 when too many run already. */
  run(job: CodeRunJob): Promise<CodeRunResult>;
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

/** A query parameter's value (the last one when repeated), or undefined. */
export function queryParameter(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  if (Array.isArray(value)) return value.length > 0 ? String(value[value.length - 1]) : undefined;
  return value === undefined ? undefined : String(value);
}

/** An integer query parameter within bounds, or `fallback`; a 400 `invalid_query_string` otherwise. */
function queryInteger(query: unknown, name: string, min: number, max: number, fallback: number): number {
  const text = queryParameter(query, name);
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  const what = !/^-?\d+$/.test(text)
    ? "Expected type integer"
    : value < min
      ? `Value is below minimum ${min}`
      : value > max
        ? `Value exceeds maximum ${max}`
        : undefined;
  if (what) throw new ApiFailure(400, `Query validation error: '${what}' on property ${name}.`, "invalid_query_string");
  return value;
}

/**
 * One page of `items` as the offset-paged lists of an operation answer it (`?page=&per_page=`
 * → `{<listKey>: [...], total, page, per_page}`), 20 per page unless asked, at most 100.
 */
export function pageOf(items: readonly unknown[], query: unknown, listKey: string): Record<string, unknown> {
  const page = queryInteger(query, "page", 0, 1_000_000, 0);
  const perPage = queryInteger(query, "per_page", 1, 100, 20);
  return { [listKey]: items.slice(page * perPage, (page + 1) * perPage), total: items.length, page, per_page: perPage };
}
