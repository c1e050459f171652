/**
 * A kind's module made from its table entry alone: the collection lifecycle over the
 * table's path, id rule and schemas (every create field managed, the update schema's fields
 * changed in place by PATCH, the others replaced), lookups by id or name, and `generate`'s
 * reading and writing. Secrets follow the table's secret paths: kept out of messages and
 * of the create journal, write-only ones carried from the inputs into the outputs (the API
 * never answers them; a changed one is still a difference), never written by `generate`.
 * What a collection with no rules of its own needs: a kind declared with `defineKind` (a
 * test's own, or one being tried out) registers `defineKindModule(name, tableKindModule(name))`
 * and nothing else. A kind whose list holds summaries (`summarySchema`: flows, vault
 * connections) is read by GET where the summary cannot speak for it, as forms are
 * (list-read.ts), and `generate` reads each object by GET. A kind with rules the schemas do
 * not state writes its own files instead; its lookups by id or by name still take their
 * readers from here ({@link tableReaders}).
 */
import {
  ERROR_CODES,
  schemaFacts,
  kindSpec,
  secretPlaces,
  withoutSecrets,
  withSecretsOf,
  type JsonSchema,
  type KindName,
  type KINDS,
  type KindSpec,
} from "../../api";
import type { TenantClient } from "../client/http";
import { listKind } from "../client/paging";
import { ForbiddenError, NotFoundError } from "../client/errors";
import { mapLimited, readKind } from "../lookups/read";
import {
  clone,
  commentSafe,
  setPath,
  counter,
  type KindGenerator,
  without,
  SERVER_FIELDS,
  writeOnlyFieldsOf,
  writeOnlyPlaceholders,
} from "./generator";
import { findByIdOrName, listByFields } from "../lookups/by-name";
import { earlyAccessSkipReason, explainNotEnabled } from "../client/early-access";
import { tenantWriter, withKindHooks } from "./kind-hooks";
import { TABLE_OUTPUT_FIELDS } from "./outputs";
import { collectionResource, type CollectionSpec } from "./collection";
import { deepEqual, type JsonObject, UNKNOWN } from "./shared";
import type { AnyKindModule, LookupReader } from "./types";

type TableObject = { id: string; name?: string; created_at?: string } & Record<string, unknown>;

/** The properties of an object schema, or of every branch of a union of them (`oneOf`, `anyOf`). */
function propertiesOf(schema: JsonSchema): string[] {
  const branches = [...((schema.oneOf ?? []) as JsonSchema[]), ...((schema.anyOf ?? []) as JsonSchema[])];
  return [...new Set([...Object.keys((schema.properties ?? {}) as object), ...branches.flatMap(propertiesOf)])];
}

/** Fields a list summary carries that the server makes and may move without a write (a flow's `executed_at`). */
const summaryFieldsOf = (spec: KindSpec, fields: readonly string[]): string[] =>
  spec.summarySchema
    ? propertiesOf(spec.summarySchema).filter((field) => !fields.includes(field) && !SERVER_FIELDS.includes(field))
    : [];

/** The values of `keys` in `value` that are set. */
function pick(value: JsonObject | undefined, keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of keys) if (value?.[key] !== undefined && value[key] !== null) out[key] = value[key];
  return out;
}

/** The facts of collection `name`, refused when the table alone cannot serve it. */
function collectionFacts(name: string): KindSpec & Required<Pick<KindSpec, "id" | "paging">> {
  const spec = kindSpec(name);
  if (!spec) throw new Error(`no kind "${name}": declare it with defineKind first`);
  const missing = [
    spec.shape !== "collection" ? "it is not a collection" : undefined,
    !spec.id || !spec.paging ? "it has no id rule or paging" : undefined,
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new Error(`kind "${name}" needs files of its own (${missing.join(", ")}): the table alone cannot serve it`);
  }
  return spec as KindSpec & Required<Pick<KindSpec, "id" | "paging">>;
}

/** The names of kind `K`'s lookups (any name for a kind declared beyond the table). */
type LookupName<K extends string> = K extends KindName ? (typeof KINDS)[K]["lookups"][number]["name"] : string;

/**
 * The readers of kind `kind`'s lookups, by name (what the plugin's functions run), from its
 * table entry: a list lookup reads the list; one by id or by name finds the object.
 */
export function tableReaders<K extends string>(kind: K): { readonly [L in LookupName<K>]: LookupReader } {
  const spec = kindSpec(kind);
  if (!spec) throw new Error(`no kind "${kind}"`);
  return Object.fromEntries(
    spec.lookups.map((lookup) => [
      lookup.name,
      lookup.result === "list"
        ? (client: TenantClient, args: Readonly<Record<string, string | undefined>>) =>
            listByFields(client, kind, Object.fromEntries(lookup.args.map((arg) => [arg.name, args[arg.name]])))
        : (client: TenantClient, args: Readonly<Record<string, string | undefined>>) =>
            findByIdOrName(client, kind, args),
    ]),
  ) as { readonly [L in LookupName<K>]: LookupReader };
}

/** The module of collection kind `name` from its table entry. */
/**
 * The collection policy of kind `name` from its table entry: every create field managed, the
 * update schema's fields changed in place by PATCH, the others replaced; the kind's own
 * comparison policy and checks (its entry's `provider` hooks) where it has them.
 */
export function tableCollectionSpec(name: string): CollectionSpec<TableObject> {
  const spec = collectionFacts(name);
  const fields = propertiesOf(spec.createSchema);
  // A field the update cannot send, or one its schema marks replace-on-change, replaces the object.
  const fixed = new Set(schemaFacts(spec.createSchema).replaceOnChange);
  const updatable = new Set(propertiesOf(spec.updateSchema).filter((field) => !fixed.has(field)));
  const { secretPaths } = spec;
  const writeOnly = spec.secretsAre === "write-only" && secretPaths.length > 0;
  const changed = (desired: JsonObject, current: JsonObject) =>
    fields.filter((field) => !deepEqual(desired[field], current[field]));

  const summaries = spec.summarySchema !== undefined;
  const own = spec.provider?.lifecycle ?? {};
  const ownCheck = spec.provider?.check;
  const generic: CollectionSpec<TableObject> = {
    kind: name,
    fields,
    ...(ownCheck ? { extraChecks: (inputs: JsonObject) => ownCheck(inputs, (value) => value === UNKNOWN) } : {}),
    list: (client, target) => listKind<TableObject>(client, name, { target }),
    listIsComplete: !summaries,
    summaryFields: summaryFieldsOf(spec, fields),
    normalise: (value) => pick(value, fields),
    patch: (desired, current) =>
      pick(
        desired,
        changed(desired, current).filter((field) => updatable.has(field)),
      ),
    // The program's shape: the fields it set (a server default it did not set is not a difference), and the timestamps.
    outputs: (server, previous) => {
      const outputs = {
        ...pick(
          server,
          fields.filter((field) => previous === undefined || previous[field] !== undefined),
        ),
        ...pick(server, TABLE_OUTPUT_FIELDS),
      };
      // The API never answers a write-only secret: carry it from the inputs or the old outputs.
      return writeOnly && previous ? withSecretsOf(outputs, previous, secretPaths) : outputs;
    },
    inputsFromOutputs: (outputs) => pick(outputs, fields),
    replaces: (desired, current) => changed(desired, current).filter((field) => !updatable.has(field)),
  };
  // The kind's own comparison policy beside its entry, where it has one, in place of the generic rule.
  const collection: CollectionSpec<TableObject> = {
    ...generic,
    ...(own.normalise ? { normalise: own.normalise } : {}),
    ...(own.comparable ? { comparable: own.comparable } : {}),
    ...(own.patch ? { patch: own.patch } : {}),
    ...(own.outputs ? { outputs: own.outputs } : {}),
    ...(own.inputsFromOutputs ? { inputsFromOutputs: own.inputsFromOutputs } : {}),
    ...(own.replaces ? { replaces: own.replaces } : {}),
    ...(own.afterWrite
      ? {
          afterWrite: async (client: TenantClient, object: TableObject, inputs: JsonObject, write) =>
            (await own.afterWrite!(object, inputs, tenantWriter(client, spec.label), write)) as TableObject,
        }
      : {}),
    ...(own.createPayload ? { createPayload: own.createPayload } : {}),
  };
  return collection;
}

export function tableKindModule(name: string): AnyKindModule {
  const spec = collectionFacts(name);
  const fields = propertiesOf(spec.createSchema);
  const collection = tableCollectionSpec(name);
  const summaries = spec.summarySchema !== undefined;
  const { secretPaths } = spec;
  const placeholders = writeOnlyFieldsOf(spec);
  const naming = spec.provider?.naming;
  const hooks = spec.provider?.generate;
  const generator: KindGenerator<TableObject> = {
    async read(client, { progress, notes, concurrency }) {
      let listed: TableObject[];
      try {
        const listing = listKind<TableObject>(client, name, {
          onPage: (read, total) =>
            progress?.(`${spec.plural}: ${read}${typeof total === "number" ? ` of ${total}` : ""} listed`),
        });
        listed = await explainNotEnabled(spec, () => client.settings.domain, listing, `listing ${spec.plural}`);
      } catch (error) {
        // An Early Access kind the tenant has not enabled, or a client that is not global: the rest is worth writing.
        const skipped = earlyAccessSkipReason(spec, error);
        if (skipped) {
          notes.push(skipped);
          progress?.(`${spec.plural}: skipped (${skipped})`);
          return [];
        }
        // A client made before the kind was managed may lack its scope: the rest is still worth writing.
        const missingScope = error instanceof ForbiddenError && error.errorCode === ERROR_CODES.insufficientScope;
        if (!missingScope || hooks?.required) throw error;
        const scope = error.missingScope ?? spec.scopes.read;
        notes.push(
          `${spec.plural} were not read: the client lacks the scope ${scope}; grant it to include them ` +
            "(an id of one of them elsewhere is written as it is, with a note).",
        );
        return [];
      }
      if (!summaries) return listed;
      // The list holds summaries: one GET per object gives the whole of it.
      const tick = counter(progress, spec.plural, listed.length);
      const read = await mapLimited(listed, concurrency, async (summary) => {
        try {
          return await readKind<TableObject>(client, name, summary.id);
        } catch (error) {
          if (!(error instanceof NotFoundError)) throw error;
          notes.push(`${spec.label} ${summary.id} was deleted while the tenant was read: left out.`);
          return undefined;
        } finally {
          tick();
        }
      });
      return read.filter((object): object is TableObject => object !== undefined);
    },
    resource: (object, ctx) => {
      // Objects without a name are named by their kind's hook (a policy after its selector).
      const labelField = naming?.labelField ?? "name";
      const resourceName = ctx.name(
        naming?.words ? naming.words(object) : object.name,
        name,
        naming?.suffix ?? spec.typeName,
      );
      const label = object[labelField] === undefined ? undefined : String(object[labelField]);
      // The create's fields only (not what the tenant makes: `ready`, …). Never a secret in the
      // program: a read-back one the API answered is left out too.
      const picked = clone(pick(without(object, SERVER_FIELDS), fields));
      const cleaned = hooks?.args ? hooks.args(picked) : picked;
      // Never a secret in the program: the write-only ones from configuration (below), a read-back
      // one the API answered from configuration too, its value given for the stack's first set-up.
      // A kind naming its secrets' places itself replaces each where it is (siblings kept).
      const args = hooks?.secretPlaces ? clone(cleaned) : withoutSecrets(clone(cleaned), secretPaths);
      if (spec.secretsAre === "read-back") {
        for (const place of hooks?.secretPlaces?.(cleaned) ?? secretPlaces(cleaned, secretPaths)) {
          let value: unknown = cleaned;
          for (const step of place) value = (value as Record<string | number, unknown>)[step];
          if (typeof value !== "string") continue;
          const own = hooks?.secretWords?.(object, { place, parent: {} });
          const field = place.filter((step) => typeof step === "string").join(".");
          setPath(
            args,
            place,
            ctx.secret(
              `${resourceName} ${own?.name ?? field.replace(/[._]/g, " ")}`,
              own?.description ?? `\`${field}\` of ${spec.label} "${object.name ?? object.id}" (${object.id})`,
              value,
            ),
          );
        }
      }
      // The write-only ones come from the stack's configuration, so the program can create the object again.
      writeOnlyPlaceholders(
        args,
        placeholders,
        ctx,
        { name: resourceName, what: `${spec.label} "${object.name ?? object.id}" (${object.id})` },
        hooks?.secretWords ? (site) => hooks.secretWords!(object, site) : undefined,
      );
      const more = hooks?.comment ? `, ${hooks.comment(object)}` : "";
      return {
        name: resourceName,
        id: object.id,
        ...(label !== undefined ? { label } : {}),
        comment:
          labelField !== "name"
            ? `${spec.typeName} of ${labelField} "${commentSafe(label ?? object.id)}" (${object.id})${more}.`
            : `${spec.typeName} "${commentSafe(label ?? object.id)}" (${object.id})${more}.`,
        args,
      };
    },
  };

  return {
    implementation: withKindHooks(spec, fields, collectionResource(collection)),
    readers: tableReaders(name),
    generator: generator as KindGenerator<unknown>,
  };
}
