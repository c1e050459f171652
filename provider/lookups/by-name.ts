/**
 * Finding one object by id or by name. Names are not unique in the API: a name that
 * several objects share is an error that lists their ids, so the program can pick one.
 */
import type * as pulumi from "@pulumi/pulumi";
import { kindSpec, type KindSpec } from "../../api";
import { explainNotEnabled, featureNotEnabled, notEnabledError } from "../client/early-access";
import { AmbiguousNameError, type ErrorTarget, NotFoundError } from "../client/errors";

export { AmbiguousNameError } from "../client/errors";
import type { TenantClient } from "../client/http";
import { listKind } from "../client/paging";
import { inProgram, lookupClient, lookupOutput, type LookupOptions, type TenantSelector } from "./client";
import { readKind } from "./read";

/** What a lookup by id or name was given, validated. */
export type IdOrName = { id: string; name?: undefined } | { name: string; id?: undefined };

/** Checks that exactly one of `id` and `name` is a non-empty string. */
export function idOrName(kind: string, args: { id?: unknown; name?: unknown }): IdOrName {
  const hasId = typeof args.id === "string" && args.id !== "";
  const hasName = typeof args.name === "string" && args.name !== "";
  if (hasId === hasName) {
    throw new TypeError(
      `Looking up a ${kind} needs exactly one of \`id\` and \`name\` (got ${hasId ? "both" : "neither"}).`,
    );
  }
  return hasId ? { id: args.id as string } : { name: args.name as string };
}

/**
 * The one item named `name`: a {@link NotFoundError} when none is (naming the domain),
 * an {@link AmbiguousNameError} listing the ids when several are.
 */
export function pickByName<T extends { id: string; name?: string }>(
  items: readonly T[],
  name: string,
  kind: string,
  domain: string,
): T {
  const target: ErrorTarget = { kind, name, action: "look up" };
  const matches = items.filter((item) => item.name === name);
  if (matches.length === 1) return matches[0];
  if (matches.length === 0) {
    throw new NotFoundError(
      target,
      `no ${kind} of the tenant ${domain} is named "${name}" (${items.length} ${kind}s read)`,
      "Check the name (it is compared exactly, case included) or look it up by id",
    );
  }
  throw new AmbiguousNameError(
    target,
    matches.map((item) => item.id),
  );
}

/**
 * Rewords a lookup's failure by id: a 404 of the object is "form ap_… not found" in the tenant;
 * for an Early Access kind, a 404 of the whole API or a 403 not about a scope says the feature
 * is off.
 */
export function notFoundById(error: unknown, spec: KindSpec, id: string, domain: string): unknown {
  if (featureNotEnabled(spec, error)) {
    return notEnabledError(
      spec,
      { kind: spec.label, id, action: "look up" },
      error,
      domain,
      `looking up ${spec.label} ${id}`,
    );
  }
  if (!(error instanceof NotFoundError)) return error;
  const kind = spec.label;
  return new NotFoundError({ kind, id, action: "look up" }, "not found", undefined, {
    status: error.status,
    errorCode: error.errorCode,
    message:
      `${kind} ${id} not found: no ${kind} with this id exists in the tenant ${domain}. ` +
      `Check the id (GET /api/v2${spec.path} lists them).`,
  });
}

/** Arguments of a lookup by id or by name (`getForm`, `getEventStream`): exactly one of `id` and `name`. */
export interface IdOrNameArgs extends TenantSelector {
  /** The object's id (`ap_…` for a form, `est_…` for an event stream). */
  id?: string;
  /** The object's name, compared exactly. Several objects with this name are an error listing their ids. */
  name?: string;
}

/** {@link IdOrNameArgs} of a lookup's Output form. */
export interface IdOrNameOutputArgs extends TenantSelector {
  /** The object's id. */
  id?: pulumi.Input<string>;
  /** The object's name, compared exactly. */
  name?: pulumi.Input<string>;
}

/**
 * One object of collection `kind` with `client`: by id one GET; by name the list, then the
 * match (one more GET when the list holds summaries, as the forms list does).
 */
export async function findByIdOrName<T extends { id: string; name?: string }>(
  client: TenantClient,
  kind: string,
  args: { id?: string; name?: string },
): Promise<T> {
  const spec = kindSpec(kind);
  if (!spec) throw new Error(`no kind "${kind}"`);
  const wanted = idOrName(spec.label, args);
  const domain = client.settings.domain;
  let id = wanted.id;
  if (wanted.name !== undefined) {
    const listed = await explainNotEnabled(spec, () => domain, listKind<T>(client, kind), `looking up a ${spec.label}`);
    const match = pickByName(listed, wanted.name, spec.label, domain);
    if (!spec.summarySchema) return match;
    id = match.id;
  }
  try {
    return await readKind<T>(client, kind, id!, "look up");
  } catch (error) {
    throw notFoundById(error, spec, id!, domain);
  }
}

/**
 * Every object of collection `kind` with `client`, or those whose fields equal `filter`'s
 * values (a list lookup's arguments: `consumer_selector`); the fields the kind's list filters
 * on go in the query too. A filter is also applied here: a service that ignores the query must
 * not widen the answer.
 */
export async function listByFields<T>(
  client: TenantClient,
  kind: string,
  filter: Readonly<Record<string, string | undefined>> = {},
): Promise<T[]> {
  const spec = kindSpec(kind);
  if (!spec) throw new Error(`no kind "${kind}"`);
  const given = Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const query = Object.fromEntries(given.filter(([field]) => spec.rules?.listFilters?.includes(field)));
  const listed = await explainNotEnabled(
    spec,
    () => client.settings.domain,
    listKind<T>(client, kind, { filter: query }),
    `listing ${spec.plural}`,
  );
  return listed.filter((object) =>
    given.every(([field, value]) => (object as Record<string, unknown>)[field] === value),
  );
}

/** A program's lookup of one object by id or by name, and its Output form. */
export interface IdOrNameLookups<T> {
  get(args: IdOrNameArgs, opts?: LookupOptions): Promise<T>;
  getOutput(args: IdOrNameOutputArgs, opts?: LookupOptions): pulumi.Output<T>;
}

/**
 * The program's lookups of collection `kind` by id or by name: by id one GET; by name the
 * list, then the match (one more GET when the list holds summaries). The Output is secret
 * when `secretIf` says the object holds a secret.
 */
export function idOrNameLookups<T extends { id: string; name?: string }>(
  kind: string,
  secretIf?: (value: T) => boolean,
): IdOrNameLookups<T> {
  const get = (args: IdOrNameArgs, opts?: LookupOptions): Promise<T> =>
    inProgram(args.tenant, () => findByIdOrName<T>(lookupClient(args.tenant, opts?.settings), kind, args));
  return {
    get,
    getOutput(args, opts) {
      const { tenant, ...query } = args;
      return lookupOutput(query, (plain: { id?: string; name?: string }) => get({ ...plain, tenant }, opts), secretIf);
    },
  };
}
