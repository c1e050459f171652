/**
 * What every resource class made from the table of kinds shares (provider/generated/, written
 * by `npm run classes`): its argument and output types read off the kind's schemas, the
 * inputs it registers, and its lookups by id or by name. A generated class is a list of
 * typed fields and one call to {@link kindResourceInputs}; everything a kind's fields
 * declare of themselves (secrets, output-only fields) is applied here, once.
 */
import type * as pulumi from "@pulumi/pulumi";
import { kindSpec, secretValues, type JsonSchema, type KindName, type KINDS, type Static } from "../../api";
import { markSecrets } from "./secrets";
import { TABLE_OUTPUT_FIELDS } from "./outputs";
import { tenantInputs, type TenantArgs } from "./tenant";
import { idOrNameLookups, type IdOrNameLookups } from "../lookups/by-name";

/** The body of kind `K`'s create, as its schema types it (`CreateOf<"flow">["actions"]`: typed actions). */
export type CreateOf<K extends KindName> = Static<(typeof KINDS)[K]["createSchema"]>;

/** An object of kind `K` as the API answers it. */
export type ObjectOf<K extends KindName> = Static<(typeof KINDS)[K]["responseSchema"]> & { id: string };

/** Arguments every generated class adds to its kind's fields. */
export interface AdoptArgs extends TenantArgs {
  /**
   * Bring an existing object under management instead of creating one: its id. On create the
   * provider reads that object and updates it to these arguments (a write-only secret is
   * always re-sent, since it cannot be read). The engine cannot `pulumi import` dynamic
   * resources; this is the way to adopt one. Ignored after creation.
   */
  adoptId?: pulumi.Input<string>;
}

const propertiesOf = (schema: JsonSchema): string[] => Object.keys((schema.properties ?? {}) as object);

/**
 * The fields of kind `kind` that only the tenant sets and its resource outputs (its
 * timestamps, {@link TABLE_OUTPUT_FIELDS}): the class declares each as an output.
 */
export function outputOnlyFields(kind: string): string[] {
  const spec = kindSpec(kind);
  if (!spec) throw new Error(`pulumi-tenant: unknown resource kind "${kind}"`);
  const inputs = new Set(propertiesOf(spec.createSchema));
  return propertiesOf(spec.responseSchema).filter((field) => TABLE_OUTPUT_FIELDS.includes(field) && !inputs.has(field));
}

/**
 * The inputs a resource of kind `kind` registers: the kind's create fields the program set
 * (its secrets marked Pulumi secrets, even when given as plain strings), `adoptId`, the
 * tenant and ownership inputs, and each output-only field (so the class has its output).
 */
export function kindResourceInputs(
  kind: KindName,
  args: AdoptArgs,
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
): Record<string, unknown> {
  const spec = kindSpec(kind)!;
  const fields: Record<string, unknown> = {};
  for (const field of propertiesOf(spec.createSchema)) fields[field] = (args as Record<string, unknown>)[field];
  return {
    ...markSecrets(fields, spec.secretPaths),
    adoptId: args.adoptId,
    ...tenantInputs(args, name, kind, opts),
    ...Object.fromEntries(outputOnlyFields(kind).map((field) => [field, undefined])),
  };
}

/** The lookups by id or by name of kind `kind`: the Output is secret when the object holds a secret. */
export function kindLookups<K extends KindName>(kind: K): IdOrNameLookups<ObjectOf<K>> {
  const paths = kindSpec(kind)!.secretPaths;
  return idOrNameLookups<ObjectOf<K>>(
    kind,
    paths.length > 0 ? (value) => secretValues(value, paths).length > 0 : undefined,
  );
}
