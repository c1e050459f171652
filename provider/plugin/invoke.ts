/**
 * The lookups as plugin functions (`tenant:index:get<Kind>`), from the table of kinds: each
 * lookup's token, arguments and result shape are the table's; each kind's readers (the same
 * as the program-side lookups') run with the client of the configured provider.
 */
import { kindNames, kindSpec, type JsonSchema, type LookupSpec } from "../../api";
import { PACKAGE_NAME } from "../schema/package-schema";
import { schemaName } from "../schema/names";
import { kindModule } from "../lifecycle/kind-modules";
import * as runtime from "../runtime";

/** A function's token: `tenant:index:getForm`. */
const tokenOf = (lookup: LookupSpec) => `${PACKAGE_NAME}:index:${lookup.name}`;

/** The kind and table lookup that function `token` is, if any: every lookup of every kind (declared kinds too). */
function lookupOf(token: string): { kind: string; lookup: LookupSpec } | undefined {
  for (const kind of kindNames()) {
    const lookup = kindSpec(kind)!.lookups.find((candidate) => tokenOf(candidate) === token);
    if (lookup) return { kind, lookup };
  }
  return undefined;
}

/**
 * Runs function `token` with `args` (strings only, named as the package schema names them:
 * `consumerSelector`; a missing one of a single `oneOf` is refused); an unknown token is
 * named with the ones served. The result is in the API's names.
 */
export async function invokeFunction(token: string, args: Record<string, unknown>): Promise<unknown> {
  const found = lookupOf(token);
  if (!found) {
    const served = kindNames().flatMap((kind) => kindSpec(kind)!.lookups.map(tokenOf));
    throw new Error(`pulumi-tenant: unknown function "${token}"; this plugin serves ${served.join(", ")}`);
  }
  const { kind, lookup } = found;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const plain = Object.fromEntries(lookup.args.map((arg) => [arg.name, text(args[schemaName(arg.name)])]));
  const required = lookup.oneOf?.length === 1 ? lookup.oneOf[0] : undefined;
  if (required !== undefined && plain[required] === undefined) {
    throw new Error(`pulumi-tenant: ${token} needs an "${schemaName(required)}" argument`);
  }
  const value = await kindModule(kind).readers[lookup.name](runtime.sharedClient(), plain);
  // The schema's result is an object (functions return objects): a list sits under its API key.
  return lookup.result === "list" ? { [lookup.listKey!]: value } : value;
}

/**
 * The kind whose one object function `token` answers (its secrets are sealed in the result),
 * from the table's lookups; undefined for a list function.
 */
export function kindOfFunction(token: string): string | undefined {
  const found = lookupOf(token);
  return found && found.lookup.result !== "list" ? found.kind : undefined;
}

/**
 * The JSON Schema (API names) of what function `token` answers: one object of its kind, or an
 * object holding the list under the table's key. Guides the renaming to the package schema's names.
 */
export function functionResultSchema(token: string): JsonSchema | undefined {
  const found = lookupOf(token);
  if (!found) return undefined;
  const item = kindSpec(found.kind)!.responseSchema;
  const { lookup } = found;
  return lookup.result === "list"
    ? { type: "object", properties: { [lookup.listKey!]: { type: "array", items: item } } }
    : item;
}
