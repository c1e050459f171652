/**
 * The lookups as plugin functions (`tenant:index:get<Kind>`), from the table of kinds: each
 * lookup's token, arguments and result shape are the table's; each kind's readers (the same
 * as the program-side lookups') run with the client of the configured provider.
 */
import { kindNames, kindSpec, type LookupSpec } from "../../api";
import type { LookupReader } from "../lifecycle/types";
import { kindModule } from "../resources";
import * as runtime from "../runtime";

type Reader = (args: Record<string, unknown>) => Promise<unknown>;

/** A plugin function from a table lookup and its reader: string arguments only, a missing one of a single `oneOf` refused. */
function functionOf(token: string, lookup: LookupSpec, read: LookupReader): Reader {
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const required = lookup.oneOf?.length === 1 ? lookup.oneOf[0] : undefined;
  return async (args) => {
    const plain = Object.fromEntries(lookup.args.map((arg) => [arg.name, text(args[arg.name])]));
    if (required !== undefined && plain[required] === undefined) {
      throw new Error(`pulumi-tenant: ${token} needs an "${required}" argument`);
    }
    const value = await read(runtime.sharedClient(), plain);
    // The schema's result is an object (functions return objects): a list sits under its API key.
    return lookup.result === "list" ? { [lookup.listKey!]: value } : value;
  };
}

/** The functions the plugin serves, by token: every lookup of every kind (declared kinds too). */
function functions(): Record<string, Reader> {
  return Object.fromEntries(
    kindNames().flatMap((kind) =>
      kindSpec(kind)!.lookups.map((lookup: LookupSpec) => {
        const token = `tenant:index:${lookup.name}`;
        return [token, functionOf(token, lookup, kindModule(kind).readers[lookup.name])];
      }),
    ),
  );
}

/** Runs function `token` with `args`; an unknown token is named with the ones served. */
export async function invokeFunction(token: string, args: Record<string, unknown>): Promise<unknown> {
  const served = functions();
  const reader = served[token];
  if (!reader) {
    throw new Error(`pulumi-tenant: unknown function "${token}"; this plugin serves ${Object.keys(served).join(", ")}`);
  }
  return reader(args);
}

/**
 * The kind whose one object function `token` answers (its secrets are sealed in the result),
 * from the table's lookups; undefined for a list function.
 */
export function kindOfFunction(token: string): string | undefined {
  const name = token.split(":").pop();
  return kindNames().find((kind) =>
    kindSpec(kind)!.lookups.some((lookup) => lookup.name === name && lookup.result !== "list"),
  );
}
