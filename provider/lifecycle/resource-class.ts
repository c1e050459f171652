/**
 * What every resource class made from the table of kinds shares (provider/generated/, written
 * by `npm run classes`): its argument and output types read off the kind's schemas, the
 * inputs it registers, and its lookups by id or by name. A generated class is a list of
 * typed fields and one call to {@link kindResourceInputs}; everything a kind's fields
 * declare of themselves (secrets, output-only fields) is applied here, once.
 */
import * as pulumiRuntime from "@pulumi/pulumi";
import type * as pulumi from "@pulumi/pulumi";
import { kindSpec, secretValues, type JsonSchema, type KindName, type KINDS, type Static } from "../../api";
import type { DeepInput } from "../inputs";
import { markSecrets } from "./secrets";
import { TABLE_OUTPUT_FIELDS } from "./outputs";
import { tenantInputs, type TenantArgs } from "./tenant";
import {
  idOrNameLookups,
  listByFields,
  type IdOrNameArgs,
  type IdOrNameLookups,
  type IdOrNameOutputArgs,
} from "../lookups/by-name";
import { inProgram, lookupClient, lookupOutput, type LookupOptions, type TenantSelector } from "../lookups/client";
import { kindModule } from "./kind-modules";

/** The body of kind `K`'s create, as its schema types it (`CreateOf<"flow">["actions"]`: typed actions). */
export type CreateOf<K extends KindName> = Static<(typeof KINDS)[K]["createSchema"]>;

/**
 * The arguments of kind `K` whose field `F` another, `Tag`, chooses (a vault connection's
 * `setup` by its `app_id`): a union by `Tag`'s values, each with its own `F`, so a Slack
 * connection given an HTTP setup does not compile. `Tag` takes its literal values.
 */
export type ChosenBy<K extends KindName, Tag extends string, F extends string> = ChosenIn<CreateOf<K>, Tag, F>;

/** {@link ChosenBy} over each member of a union body `C`. */
type ChosenIn<C, Tag extends string, F extends string> = C extends unknown
  ? { [X in keyof C as X extends Tag | F ? X : never]: X extends Tag ? C[X] : DeepInput<C[X]> }
  : never;

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

/** A singleton `K` as the API answers it, in its object shape (the fields its resource declares). */
export type SingletonOf<K extends KindName> = Extract<Static<(typeof KINDS)[K]["responseSchema"]>, object>;

/** Arguments every generated singleton class adds to its kind's fields. */
export interface SingletonArgs extends TenantArgs {
  /**
   * Take over the one the tenant already has. Without it, creating this resource on a
   * tenant whose one differs fails at preview (`pulumi preview` names `adopt`): it is a
   * singleton, and another stack may manage it — this resource would then overwrite it,
   * and delete it on destroy.
   */
  adopt?: pulumi.Input<boolean>;
}

/**
 * The inputs a resource of singleton `kind` registers: the fields of its response (what its
 * PUT takes as an object), `adopt`, and the tenant and ownership inputs.
 */
export function singletonResourceInputs(
  kind: KindName,
  args: SingletonArgs,
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const field of propertiesOf(kindSpec(kind)!.responseSchema))
    fields[field] = (args as unknown as Record<string, unknown>)[field];
  return { ...fields, adopt: args.adopt, ...tenantInputs(args, name, kind, opts) };
}

/**
 * The lookup `lookup` of singleton `kind` (`getLoginTemplate`; a keyed singleton's by its key,
 * `getTriggerBindings({trigger_id})`): its kind's reader, in the program's tenant.
 */
export function singletonLookups<K extends KindName, A extends Record<string, string> = Record<never, string>>(
  kind: K,
  lookup: string,
): {
  get(args?: A & TenantSelector, opts?: LookupOptions): Promise<SingletonOf<K>>;
  getOutput(
    args?: { [F in keyof A]: pulumi.Input<A[F]> } & TenantSelector,
    opts?: LookupOptions,
  ): pulumi.Output<SingletonOf<K>>;
} {
  const get = (args: A & TenantSelector = {} as A & TenantSelector, opts?: LookupOptions): Promise<SingletonOf<K>> =>
    inProgram(args.tenant, async () => {
      const { tenant, ...query } = args;
      const reader = kindModule(kind).readers[lookup]!;
      return (await reader(lookupClient(tenant, opts?.settings), query as Record<string, string>)) as SingletonOf<K>;
    });
  return {
    get,
    getOutput(args, opts) {
      const { tenant, ...query } = args ?? {};
      return lookupOutput(query as { [F in keyof A]: pulumi.Input<A[F]> }, (plain: A) =>
        get({ ...plain, tenant }, opts),
      );
    },
  };
}

/**
 * The fields of kind `kind` that only the tenant sets and its resource outputs (its
 * timestamps, {@link TABLE_OUTPUT_FIELDS}): the class declares each as an output.
 */
export function outputOnlyFields(kind: string): string[] {
  const spec = kindSpec(kind);
  if (!spec) throw new Error(`pulumi-tenant: unknown resource kind "${kind}"`);
  const inputs = new Set(propertiesOf(spec.createSchema));
  const made = spec.outputFields ?? TABLE_OUTPUT_FIELDS;
  return propertiesOf(spec.responseSchema).filter((field) => made.includes(field) && !inputs.has(field));
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

/** A named type of kind `K`'s entry (`namedTypes`), as its schema types it (`NamedTypeOf<"form", "FormNode">`). */
export type NamedTypeOf<K extends KindName, N extends string> = Static<
  Extract<NamedTypesOf<K>, readonly [unknown, N]>[0]
>;

/** A type kind `K`'s entry exports beside its class (`typeExports`), as its schema types it. */
export type ExportedTypeOf<K extends KindName, N extends string> = Static<
  Extract<ExportedTypesOf<K>, readonly [unknown, N]>[0]
>;

type ExportedTypesOf<K extends KindName> = (typeof KINDS)[K] extends {
  readonly typeExports: readonly (infer E)[];
}
  ? E
  : never;

/** The value of kind `K`'s derived output `F` (its entry's `provider.derivedOutputs`). */
export type DerivedOf<K extends KindName, F extends string> = (typeof KINDS)[K] extends {
  readonly provider: { readonly derivedOutputs: { readonly [P in F]: { of(outputs: never): infer R } } };
}
  ? R
  : unknown;

/**
 * Output `field` that `resource`, of kind `kind`, derives from its other outputs (its entry's
 * `provider.derivedOutputs`): computed in the program, never stored, so the state keeps the
 * value once, where it is (an EventBridge destination's partner event source).
 */
export function derivedOutput<K extends KindName, F extends string>(
  resource: pulumi.CustomResource,
  kind: K,
  field: F,
): pulumi.Output<DerivedOf<K, F>> {
  const spec = kindSpec(kind)!;
  const derive = spec.provider?.derivedOutputs?.[field];
  if (!derive) throw new Error(`kind "${kind}" derives no output "${field}"`);
  const fields = propertiesOf(spec.createSchema);
  const values = fields.map((name) => (resource as unknown as Record<string, pulumi.Output<unknown>>)[name]);
  return pulumiRuntime
    .all(values)
    .apply((resolved) => derive.of(Object.fromEntries(fields.map((name, i) => [name, resolved[i]])))) as pulumi.Output<
    DerivedOf<K, F>
  >;
}

/** The `[schema, name]` pairs of kind `K`'s named types. */
type NamedTypesOf<K extends KindName> = (typeof KINDS)[K] extends { readonly namedTypes: readonly (infer E)[] }
  ? E
  : never;

/** Options of a lookup whose entry says `tenantOption`: those of every lookup, and `tenant` where a release took it. */
export interface TenantOptionLookupOptions extends LookupOptions {
  /** Deprecated: give `tenant` in the arguments, as with every other lookup (the arguments win). */
  tenant?: string;
}

/**
 * The lookups by id or by name of kind `kind` (by id alone when its entry says so): the Output
 * is secret when the object holds a secret. A `tenant` in the options is read where the
 * arguments give none (see {@link TenantOptionLookupOptions}).
 */
export function kindLookups<K extends KindName>(kind: K): IdOrNameLookups<ObjectOf<K>> {
  const paths = kindSpec(kind)!.secretPaths;
  const lookups = idOrNameLookups<ObjectOf<K>>(
    kind,
    paths.length > 0 ? (value) => secretValues(value, paths).length > 0 : undefined,
  );
  const withTenant = <A extends IdOrNameArgs | IdOrNameOutputArgs>(args: A, opts?: TenantOptionLookupOptions): A => ({
    ...args,
    tenant: args.tenant ?? opts?.tenant,
  });
  return {
    get: (args, opts?: TenantOptionLookupOptions) => lookups.get(withTenant(args, opts), opts),
    getOutput: (args, opts?: TenantOptionLookupOptions) => lookups.getOutput(withTenant(args, opts), opts),
  };
}

/** A list lookup of a kind: every object, or those whose fields equal the arguments. */
export interface ListLookups<A, T> {
  get(args?: A & { tenant?: string }, opts?: LookupOptions): Promise<T[]>;
  getOutput(
    args?: { [F in keyof A]: pulumi.Input<A[F]> } & { tenant?: string },
    opts?: LookupOptions,
  ): pulumi.Output<T[]>;
}

/**
 * The list lookup of kind `kind` (`getRateLimitPolicies`): every object of the tenant,
 * following the pages, or those whose fields equal the arguments given. The Output is secret
 * when an object holds a secret.
 */
export function kindListLookups<K extends KindName, A extends Record<string, string | undefined>>(
  kind: K,
): ListLookups<A, ObjectOf<K>> {
  const paths = kindSpec(kind)!.secretPaths;
  const get = (args: A & { tenant?: string } = {} as A, opts?: LookupOptions): Promise<ObjectOf<K>[]> => {
    const { tenant, ...filter } = args;
    return inProgram(tenant, () =>
      listByFields<ObjectOf<K>>(lookupClient(tenant, opts?.settings), kind, filter as Record<string, string>),
    );
  };
  return {
    get,
    getOutput(args, opts) {
      const { tenant, ...query } = args ?? {};
      return lookupOutput(
        query as { [F in keyof A]: pulumi.Input<A[F]> },
        (plain: A) => get({ ...plain, tenant }, opts),
        paths.length > 0 ? (values) => values.some((value) => secretValues(value, paths).length > 0) : undefined,
      );
    },
  };
}
