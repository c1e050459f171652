/**
 * The engine's calls as typed requests. The dynamic provider host calls a provider's
 * methods with positional arguments (`diff(id, olds, news)`, `read(id, props)`, …);
 * {@link requestOf} is the one place that reads those positions. Everything after it
 * names what it uses: the id, the state's outputs, the new inputs, and where the
 * resource's tenant is named ({@link tenantCarrier}).
 */
import type { CheckResult, CreateResult, DiffResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";

/** `check(olds, news)`: the previous inputs (empty on a create) and the program's new ones. */
export interface CheckRequest {
  readonly method: "check";
  readonly olds: unknown;
  readonly news: unknown;
}
/** `diff(id, olds, news)`: the state's outputs against the checked new inputs. */
export interface DiffRequest {
  readonly method: "diff";
  readonly id: string;
  readonly olds: unknown;
  readonly news: unknown;
}
/** `create(inputs)`. */
export interface CreateRequest {
  readonly method: "create";
  readonly inputs: unknown;
}
/** `read(id, props)`: the state's outputs, or undefined for an import (no state). */
export interface ReadRequest {
  readonly method: "read";
  readonly id: string;
  readonly props: unknown;
}
/** `update(id, olds, news)`: the state's outputs and the checked new inputs. */
export interface UpdateRequest {
  readonly method: "update";
  readonly id: string;
  readonly olds: unknown;
  readonly news: unknown;
}
/** `delete(id, props)`: the state's outputs. */
export interface DeleteRequest {
  readonly method: "delete";
  readonly id: string;
  readonly props: unknown;
}

export type ProviderRequest = CheckRequest | DiffRequest | CreateRequest | ReadRequest | UpdateRequest | DeleteRequest;

/** The engine's methods, in the order the dynamic provider host knows them. */
export const PROVIDER_METHODS = ["check", "diff", "create", "read", "update", "delete"] as const;

/** What each method answers. */
export interface ProviderResults {
  check: CheckResult;
  diff: DiffResult;
  create: CreateResult;
  read: ReadResult;
  update: UpdateResult;
  delete: void;
}

/** The answer to `request`. */
export type ResultOf<R extends ProviderRequest> = ProviderResults[R["method"]];

/** The request of the engine's call `method(...args)` (the dynamic provider host's argument order). */
export function requestOf(method: string, args: readonly unknown[]): ProviderRequest {
  const id = () => (typeof args[0] === "string" ? args[0] : "");
  switch (method) {
    case "check":
      return { method, olds: args[0], news: args[1] };
    case "diff":
      return { method, id: id(), olds: args[1], news: args[2] };
    case "create":
      return { method, inputs: args[0] };
    case "read":
      return { method, id: id(), props: args[1] };
    case "update":
      return { method, id: id(), olds: args[1], news: args[2] };
    case "delete":
      return { method, id: id(), props: args[1] };
    default:
      throw new Error(`pulumi-tenant: unknown provider method "${method}"`);
  }
}

/**
 * Where `request` names the tenant it works in: the new inputs of check, create and update;
 * the state's outputs of diff (the tenant the object lives in), read and delete.
 */
export function tenantCarrier(request: ProviderRequest): unknown {
  switch (request.method) {
    case "check":
    case "update":
      return request.news;
    case "create":
      return request.inputs;
    case "diff":
      return request.olds;
    case "read":
    case "delete":
      return request.props;
  }
}
