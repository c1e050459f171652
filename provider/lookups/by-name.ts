/**
 * Finding one object by id or by name. Names are not unique in the API: a name that
 * several objects share is an error that lists their ids, so the program can pick one.
 */
import { type ErrorTarget, NotFoundError, TenantError } from "../client/errors";

/** Several objects have the name a lookup asked for. */
export class AmbiguousNameError extends TenantError {
  /** The ids of every object with that name. */
  readonly ids: string[];

  constructor(target: ErrorTarget, ids: string[]) {
    super(
      target,
      `${ids.length} ${target.kind}s are named "${target.name}": ${ids.join(", ")}`,
      `Look it up by id instead (e.g. { id: "${ids[0]}" })`,
    );
    this.ids = [...ids];
  }
}

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

/** Rewords a 404 of a lookup by id: "form ap_… not found in the tenant …". */
export function notFoundById(error: unknown, kind: string, id: string, domain: string): unknown {
  if (!(error instanceof NotFoundError)) return error;
  return new NotFoundError(
    { kind, id, action: "look up" },
    `not found: no ${kind} with this id exists in the tenant ${domain}`,
    "Check the id",
    { status: error.status, errorCode: error.errorCode },
  );
}
