/**
 * The shape of a kind's entry in the table of kinds ({@link KindSpec}) and the helpers its
 * entries are built with (id rules, lookups by id or name). Each kind's room declares its
 * own entry with these (api/kinds/<kind>/contract.ts); api/kinds/index.ts composes the entries
 * into the table.
 */
import { BASE58_ALPHABET, idPatternOf, type IdFormat } from "../ids";
import { string, type JsonSchema } from "../schema/builder";
import type { FormatDefinition } from "../schema/formats";
import type { ValidationIssue } from "../validate";
import { schemaFacts } from "../schema/facts";
import type { SecretPath } from "../schema/secret-paths";
import type { KindObject, ProviderHooks, TenantReader } from "./provider-hooks";
import type { KindOperation, TenantRecords } from "./operations";

export * from "./provider-hooks";
export * from "./operations";

/** How a collection lists its objects. */
export type Paging =
  /**
   * `?page=&per_page=&include_totals=` → `{<key>: [...], total}` or a bare array; with
   * `answers: "page"`, always `{<key>: [...], total, page, per_page}` (the actions' list).
   */
  | { readonly style: "offset"; readonly listKey: string; readonly maxPageSize: number; readonly answers?: "page" }
  /** `?from=&take=` → `{<key>: [...], next?}`. */
  | { readonly style: "checkpoint"; readonly listKey: string; readonly maxPageSize: number };

/** A property of a lookup's arguments. */
export interface LookupArg {
  readonly name: string;
  readonly description: string;
}

/** A lookup function (a data source) of a kind: `getForm({ id | name, tenant })`. */
export interface LookupSpec {
  /** Function name, e.g. `getForm` (its Pulumi token is `tenant:index:getForm`). */
  readonly name: string;
  readonly description: string;
  /** Its arguments besides `tenant` (each optional; `oneOf` names those of which exactly one is given). */
  readonly args: readonly LookupArg[];
  readonly oneOf?: readonly string[];
  /** What it returns: `"object"` (one object of the kind) or `"list"` (an array of them under `listKey`). */
  readonly result: "object" | "list";
  /** For a list result, the key of the array. */
  readonly listKey?: string;
  /** The arguments of its example (the package schema's "Example Usage"), in the API's names. */
  readonly example?: Readonly<Record<string, string>>;
  /**
   * The TypeScript lookup also takes `tenant` in its options, where an earlier release took it
   * (the arguments' `tenant` wins): kept so that programs written then still compile.
   */
  readonly tenantOption?: boolean;
}

export type { KindObject } from "./provider-hooks";

/**
 * A kind's own rules where its schemas cannot say them, as hooks beside its entry (in its api
 * file or one beside it): what the tenant server applies on top of the generic collection
 * routes. Plain data and functions of JSON, so the api floor imports nothing above it.
 */
export interface KindRules {
  /** Fields the list filters on by equality (`?consumer_selector=default`); a checkpoint-paged kind only. */
  readonly listFilters?: readonly string[];
  /**
   * Query parameters the list filters on, an offset-paged kind's (`?triggerId=post-login`):
   * each a test of one object against the parameter's value; an object is listed when it
   * passes every parameter given.
   */
  readonly listQuery?: Readonly<Record<string, (object: KindObject, value: string) => boolean>>;
  /** The precision of the timestamps the tenant writes (default milliseconds). */
  readonly timestamps?: "milliseconds" | "microseconds";
  /**
   * At most one object per combination of these fields' values: a create that would make a
   * second is 409 `conflict`, with `message(object, existingId)`.
   */
  readonly unique?: {
    readonly fields: readonly string[];
    message(object: KindObject, existingId: string): string;
  };
  /**
   * A body rule no schema states, checked before the schema so that the kind's precise word
   * comes first (a vault connection's setup against its app); `existing` is the object an
   * update changes. It must expect any JSON. The provider applies it at preview too.
   */
  check?(body: unknown, existing?: KindObject): ValidationIssue | undefined;
  /**
   * A body rule only the tenant applies, after the schema: the provider lets it through
   * (an event stream's event types: the set grows on the service before this package
   * learns of it). It must expect any JSON the schema accepts.
   */
  tenantCheck?(body: unknown): ValidationIssue | undefined;
  /**
   * The object to store after a create (`existing` undefined) or an update: `object` is the
   * merged result, `change` the body. Adds what the tenant makes (a connection's `ready`,
   * `fingerprint`).
   */
  stored?(object: KindObject, change: Record<string, unknown>, existing?: KindObject): KindObject;
  /** The `hydrate` values the list and a GET accept (anything else is 400 `invalid_query`). */
  readonly hydrate?: { readonly list: readonly string[]; readonly get: readonly string[] };
  /** The create also takes a form-encoded body (`application/x-www-form-urlencoded`), as the service does. */
  readonly urlEncodedCreate?: boolean;
  /**
   * A change of `existing` the tenant refuses outright, whatever the schema says (an event
   * stream's destination type): the words of the 400 `invalid_body`, or undefined.
   */
  refuse?(change: Record<string, unknown>, existing: KindObject): string | undefined;
  /** An object the tenant refuses to store, as it would be after the write (400 `invalid_body` with these words). */
  refuseStored?(object: KindObject): string | undefined;
  /** A singleton's own facts on the tenant server (a kind whose `shape` is `singleton`). */
  readonly singleton?: SingletonRules;
  /**
   * A step after a create or an update, in its transaction (an action's deploy when the create
   * asks for it): `object` as stored, `body` the request's; answers the object to answer.
   */
  afterWrite?(object: KindObject, body: Record<string, unknown>, tenant: TenantRecords): KindObject;
  /**
   * Checked before a delete, and what goes with it of the kind's own (an action's versions):
   * throws an ApiFailure to refuse. What other kinds' objects it takes or is held by is its
   * entry's {@link KindRelations}, applied by the table first.
   */
  beforeDelete?(object: KindObject, query: unknown, tenant: TenantRecords): void;
  /** Its routes beyond create, read, list, update and delete (an action's deploy, versions, bindings). */
  readonly operations?: readonly KindOperation[];
  /**
   * An object as the service answers it, where that is more than the stored object without its
   * write-only secrets (an action: its build's status by the clock, its live version, the
   * service's field order); `tenant` reaches the kind's other tables.
   */
  answer?(object: KindObject, tenant: TenantRecords): Record<string, unknown>;
  /**
   * The tables of its own beside its objects (`TenantRecords.table`: an action's `versions`),
   * made when the server starts, so that no write's roll-back can take one away.
   */
  readonly tables?: readonly string[];
  /** A 404 on one object in the service's words, where they are not the generic ones (an empty code is left out). */
  readonly notFound?: { readonly message: string; readonly errorCode: string };
  /**
   * An object as the service summarises it inside another kind's answer (a binding's action:
   * no code, no secrets); default: as the API answers it.
   */
  summary?(object: KindObject, tenant: TenantRecords): Record<string, unknown>;
  /**
   * Whether an object is in service, for a kind that holds it ({@link KindRelations.holds}: a
   * trigger binds only an action that is deployed); default: always.
   */
  inService?(object: KindObject): boolean;
  /**
   * What a kind that holds objects of another ({@link KindRelations.holds}) does when one of
   * them is deleted: the table's delete asks it (api/table/relations.ts).
   */
  readonly holding?: HoldingRules;
}

/** The tenant's side of {@link KindRelations.holds}: what holds an object, and letting go of it. */
export interface HoldingRules {
  /**
   * The words of the 400 refusing the delete of object `id` of kind `held` without
   * `?force=true`, while this kind holds it (the triggers an action is bound to); undefined
   * when nothing holds it.
   */
  refusal(held: string, id: string, tenant: TenantRecords): string | undefined;
  /** Takes object `id` of kind `held` out of everything of this kind that holds it (a forced delete of it). */
  release(held: string, id: string, tenant: TenantRecords): void;
}

/**
 * How a kind's objects stand to other kinds' objects, beyond the ids its fields name (each such
 * field says `references: "<kind>"` itself). Each kind named here is named by a `references:`
 * field of the create schema (the table checks it), and the table's machinery and the tenant
 * server's generic routes act on it (api/table/relations.ts): no kind's own code names another.
 */
export interface KindRelations {
  /**
   * The kinds whose objects an object owns, by the fields that reference them: they are deleted
   * with it (an event stream delivering to an action: the service deletes the action with the
   * stream), as a forced delete of each deletes it.
   */
  readonly owns?: readonly string[];
  /**
   * The kinds whose objects an object holds in use, by the fields that reference them (a
   * trigger's bindings hold actions): the delete of one still held is refused unless forced
   * (`?force=true`), and a forced one takes it out of every holder (the holder's tenant rules'
   * {@link KindRules.holding}). A held object must be in service ({@link KindRules.inService})
   * and a holder's answer shows its summary ({@link KindRules.summary}).
   */
  readonly holds?: readonly string[];
  /**
   * The kind whose routes serve this kind's, in place of the generic ones: its operations are
   * registered among the serving kind's, with the serving kind's records (a trigger's bindings
   * are the actions' `/actions/triggers/{id}/bindings`, their writes checked against the
   * actions), and its tables kept beside the serving kind's.
   */
  readonly servedBy?: string;
  /**
   * Generic: the singleton kinds whose object a singleton needs before the tenant takes a write of
   * it (a prompt's partials are inserted into the login page template), checked at preview: the
   * tenant's object, or one the same program declares (registered before it, or depended on).
   */
  readonly needs?: readonly string[];
}

/**
 * A singleton's own facts on the tenant server, on top of the generic singleton routes
 * (server/routes/singleton.ts: GET, PUT answering 201 when it created and 204 when it
 * replaced, DELETE answering 204; the entry's scopes and not-found code). A singleton written by
 * PATCH (`singletonWrites.method`) has GET and a merging PATCH instead; one whose id the tenant
 * makes (`singletonMadeId`) has POST, GET at its current path, and GET, its write method and
 * DELETE by id; one keyed by path fields (`singletonKey`) has GET and PUT at its keyed path
 * (server/routes/singleton-keyed.ts).
 */
export interface SingletonRules {
  /** The words of its 404 (default: the entry's label, "The <label> does not exist."). */
  readonly notFoundMessage?: string;
  /** Every route answers the real service's 400 on a tenant without a custom domain. */
  readonly requiresCustomDomain?: boolean;
  /** The PUT also takes its one field as a bare value (a JSON string, `text/html`): that field. */
  readonly bareField?: string;
  /** The PUT takes `text/html` (the bare field) and `application/x-www-form-urlencoded` bodies besides JSON. */
  readonly htmlAndUrlEncoded?: boolean;
  /** The 400 words for a body of no shape the PUT takes (default: "Expected an object of <label>"). */
  readonly expected?: string;
  /**
   * Generic: the words of the 400 `invalid_body` for a write's body the service refuses, checked in
   * place of the entry's schema (whose object is the program's, not the wire's: a prompt's custom
   * text is sent as its screens alone); undefined when the body is taken. It must expect any JSON.
   */
  bodyIssue?(body: unknown): string | undefined;
  /**
   * Generic: the values each key field (`singletonKey.fields`) may take in a path (the service's
   * prompt names, from api/prompt-names.generated.ts), checked in the fields' order: any other is
   * 400 `invalid_uri`. A field not named here takes any value.
   */
  readonly keyValues?: Readonly<Record<string, readonly string[]>>;
  /**
   * Generic: what GET answers while the tenant has none (`{}`: the service's answer for a prompt's
   * custom text never written), in place of a 404 with {@link notFoundMessage}.
   */
  readonly absent?: Readonly<Record<string, unknown>>;
  /** Generic: PUT answers 200 with the object as stored (the {@link answer} of it), in place of 201 and 204. */
  readonly putAnswersStored?: boolean;
  /**
   * Generic: what a write storing anything (its stored object not empty) needs first, in this
   * order: a custom domain, when `customDomain` (the service's 400 without one), then the object
   * of each kind of the entry's `relations.needs` (else 400 `invalid_body` with `missingMessage`).
   * A write storing nothing (clearing) needs neither.
   */
  readonly writeNeeds?: { readonly customDomain?: boolean; readonly missingMessage: string };
  /** The store's table of its one record (named before the routes were generic: data directories keep working). */
  readonly table?: string;
  /** The record stored for its fields (default: the fields). */
  stored?(fields: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /** What GET (and a write that answers it) answers for the stored record (default: the record). */
  answer?(record: Readonly<Record<string, unknown>>): unknown;
  /**
   * The words of the 409 refusing a create while the tenant has its one object (a singleton
   * with `singletonMadeId`; the service's words for a second theme).
   */
  readonly conflictMessage?: string;
  /** The 400 `invalid_uri` words for an id in a path that is not one (`{id}` is the id given). */
  readonly invalidIdMessage?: string;
}

/**
 * A singleton of which the tenant has one per value of a key (a trigger's bindings: one list
 * per trigger), rather than one in all: the key is one of its fields, its value the object's
 * id (what `pulumi import` takes and `adopt: true` adopts) and a step of its path.
 */
export interface SingletonKey {
  /** The field (its API name) whose value names the object: `trigger_id`; `{trigger_id}` in the entry's path. */
  readonly field: string;
  /**
   * Every value whose object the tenant can read (the triggers that have a bindings list): what
   * `generate` reads, one GET each.
   */
  readonly values: readonly string[];
  /**
   * Generic, for a singleton keyed by several path parameters (a prompt's custom text in one
   * language: `/prompts/{prompt}/custom-text/{language}`): the key fields in their order, `field`
   * first. The object's id is their values joined by {@link SINGLETON_KEY_SEPARATOR}
   * (`login-id:en`), each in place of its `{field}` in the path; `values` are such ids.
   */
  readonly fields?: readonly string[];
  /**
   * Generic: the values worth reading on one tenant, where they depend on it (the languages it has
   * enabled), in place of {@link values} for `generate`: `requests` is how many requests choosing
   * them took, `words` says in a line what was chosen and why.
   */
  valuesFrom?(tenant: TenantReader): Promise<{ values: readonly string[]; requests: number; words: string }>;
}

/** What joins the values of a singleton key of several fields into the object's id (`login-id:en`). */
export const SINGLETON_KEY_SEPARATOR = ":";

/** The key fields of singleton `spec` (none for a singleton without a key). */
export function singletonKeyFields(spec: KindSpec): readonly string[] {
  const key = spec.singletonKey;
  return key === undefined ? [] : (key.fields ?? [key.field]);
}

/** The key fields' values of keyed singleton `spec`'s object `id` (`login-id:en` → `{prompt, language}`). */
export function singletonKeyValues(spec: KindSpec, id: string): Record<string, string> {
  const fields = singletonKeyFields(spec);
  if (fields.length <= 1) return fields.length === 0 ? {} : { [fields[0]!]: id };
  const parts = id.split(SINGLETON_KEY_SEPARATOR);
  return Object.fromEntries(fields.map((field, index) => [field, parts[index] ?? ""]));
}

/** The id of a singleton keyed by several fields (`SingletonKey.fields`) in `values`, when each is a string. */
function severalFieldsIdIn(spec: KindSpec, values?: Readonly<Record<string, unknown>>): string | undefined {
  const parts = singletonKeyFields(spec).map((field) => values?.[field]);
  return parts.every((part): part is string => typeof part === "string")
    ? parts.join(SINGLETON_KEY_SEPARATOR)
    : undefined;
}

/** The path of object `id` of a singleton keyed by several fields: each value in place of its `{<field>}`. */
function severalFieldsPathOf(spec: KindSpec, id: string): string {
  return Object.entries(singletonKeyValues(spec, id)).reduce(
    (path, [field, value]) => path.replace(`{${field}}`, encodeURIComponent(value)),
    spec.path,
  );
}

/**
 * How a singleton is written, where it is not the default (PUT of its fields, DELETE to remove
 * it): a trigger's bindings are set by PATCH of the whole list, and removed by writing none.
 */
export interface SingletonWrites {
  /** The method of a create and an update, each writing the whole object. */
  readonly method: "PUT" | "PATCH";
  /** Delete writes these fields (the object emptied: `{actions: []}`) instead of sending DELETE. */
  readonly deleteWrites?: Readonly<Record<string, unknown>>;
  /**
   * The PATCH merges into what the tenant has, nested objects too, a `null` removing a field (the
   * branding settings): a write sends only the program's fields, so an update also sends `null`
   * for each field (at any depth) the previous outputs held and the program no longer sets, and
   * delete sends `null` for each field the outputs hold (without `deleteWrites`): what others set
   * stays. On the tenant server, GET answers the record (`{}` with none) and PATCH answers it merged.
   */
  readonly merges?: boolean;
}

/**
 * A singleton whose one object the tenant makes with an id of its own (a branding theme): POST
 * to {@link createPath} creates it and answers its id in {@link field}; GET at
 * {@link currentPath} reads it whatever its id (404 while there is none); the entry's `path`,
 * with `{<field>}` in it, reads, writes (by `singletonWrites.method`) and deletes it by id. Its
 * resource's id is that id (what `pulumi import` takes); a create while one exists adopts it.
 */
export interface SingletonMadeId {
  /** The field of an answer holding its id (`themeId`); `{themeId}` in the entry's path. */
  readonly field: string;
  /** The path (under `/api/v2`) of the create (`/branding/themes`). */
  readonly createPath: string;
  /** The path (under `/api/v2`) that answers the tenant's one object (`/branding/themes/default`). */
  readonly currentPath: string;
  /** The pattern (source text) of a well-formed id: anything else in a path is 400 `invalid_uri`. */
  readonly pattern: string;
}

/** The wire facts and words of one kind. */
export interface KindSpec {
  /** Type name: with the module `tenant` it forms the type tokens (`pulumi-nodejs:dynamic/tenant:Form`, `tenant:index:Form`). */
  readonly typeName: string;
  /** The word for one object in messages. */
  readonly label: string;
  /** The word for several. */
  readonly plural: string;
  readonly description: string;
  /** Path under `/api/v2`. */
  readonly path: string;
  /** A singleton of the tenant (one object, no id) or a collection (ids the server generates). */
  readonly shape: "collection" | "singleton";
  /** The id rule of a collection: prefix, base58 length, the path parameter's schema. */
  readonly id?: IdFormat & {
    /** The id as the service generates it. */
    readonly schema: JsonSchema;
    /**
     * What the server accepts in a path before looking the object up (longer or malformed
     * is 400 `invalid_uri`; well formed but unknown is 404). The seed says "at most N" for
     * some kinds, so this can be wider than {@link schema}.
     */
    readonly path: { readonly pattern: string; readonly maxLength: number };
  };
  /**
   * Body of the create (POST, or PUT of a singleton). A singleton whose hooks make its body
   * (`provider.singleton.toRequest`: a trigger's bindings) declares its fields here instead,
   * in the program's words, as in {@link responseSchema}.
   */
  readonly createSchema: JsonSchema;
  /** Body of the update (PATCH, or PUT of a singleton). */
  readonly updateSchema: JsonSchema;
  /** What GET answers. */
  readonly responseSchema: JsonSchema;
  /** What the list answers per item, when it differs from {@link responseSchema}. */
  readonly summarySchema?: JsonSchema;
  /** Where its secrets sit (marked secret, redacted, sealed at rest, never written by `generate`). */
  readonly secretPaths: readonly SecretPath[];
  /** `"read-back"`: the API returns the secrets on GET; `"write-only"`: it never does. */
  readonly secretsAre: "read-back" | "write-only";
  /** Scopes per operation. */
  readonly scopes: { readonly [operation: string]: string };
  /** List paging of a collection. */
  readonly paging?: Paging;
  /** The error code of a 404 on one object. */
  readonly notFoundCode: string;
  /** An Early Access feature: the client must be global, and a tenant may not have it enabled. */
  readonly earlyAccess?: boolean;
  /** Its lookup functions. */
  readonly lookups: readonly LookupSpec[];
  /**
   * The fields the tenant makes that its resources output besides their inputs (default
   * `created_at` and `updated_at`; a form's `embedded_at` too).
   */
  readonly outputFields?: readonly string[];
  /**
   * Typed identity functions the TypeScript package exports, by function name, each of a
   * named or exported type (`formComponent` of `FormComponent`): a helper that builds one
   * is checked where it is written, in a short error.
   */
  readonly typeBuilders?: Readonly<Record<string, string>>;
  /** Sub-schemas that are named object types in the Pulumi package schema (`FormNode`, …). */
  readonly namedTypes?: readonly (readonly [JsonSchema, string])[];
  /**
   * Types the TypeScript package exports beside the kind's class, besides its named types:
   * `[schema, name]`, the type being the schema's static type (`EventStreamStatus`).
   */
  readonly typeExports?: readonly (readonly [JsonSchema, string])[];
  /** Named string formats its schemas use, besides the shared ones (api/schema/formats.ts). */
  readonly formats?: Readonly<Record<string, FormatDefinition>>;
  /** A singleton's fixed id: what `pulumi import` takes and what `adopt: true` adopts. */
  readonly singletonId?: string;
  /** A singleton with one object per value of a key field, in place of a fixed id (a trigger's bindings). */
  readonly singletonKey?: SingletonKey;
  /** A singleton's writes, where they are not PUT and DELETE. */
  readonly singletonWrites?: SingletonWrites;
  /**
   * Generic: at most one resource of a program manages each object (a prompt's partials: a second
   * resource for the same prompt would overwrite the first's screens): a second is refused at
   * preview, naming what the first writes.
   */
  readonly singletonOnePerProgram?: boolean;
  /**
   * Generic: a singleton's changes from `before` (the state's) to `after` (the tenant's), in words
   * by part (`login › title: "Welcome" → "Hello"`): a refresh that finds them warns with these
   * lines, so a drift check says what was edited by hand, not only which field differs.
   */
  readChanges?(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): string[];
  /** A singleton whose one object has an id the tenant makes, in place of a fixed id (a branding theme). */
  readonly singletonMadeId?: SingletonMadeId;
  /**
   * What each field means, in one place (the package schema's descriptions, hence every SDK's
   * docs and the API reference): by property path in the API's names, arrays and unions left
   * out (`nodes.config.next_node`); the longest suffix of a field's path that is here describes
   * it, so `label` covers every component's label and `options.label` an option's.
   */
  readonly fieldDocs?: Readonly<Record<string, string>>;
  /** The inputs of its example (the package schema's "Example Usage"), in the API's names. */
  readonly example?: Readonly<Record<string, unknown>>;
  /**
   * Its TypeScript resource class is written by hand rather than generated from this entry into
   * provider/generated/ by `npm run classes` (no kind of the table has one today).
   */
  readonly ownClass?: boolean;
  /** How its objects stand to other kinds' objects: what they own, hold, and which kind serves its routes. */
  readonly relations?: KindRelations;
  /** Its own rules on top of the generic collection routes, where its schemas cannot say them. */
  readonly rules?: KindRules;
  /** Its own rules on the provider's side, where its schemas cannot say them. */
  readonly provider?: ProviderHooks;
}

/**
 * A kind's entry as its api file writes it: {@link KindSpec} without what the table derives
 * from the fields' own facts (`secret`, `writeOnly` on the field: its secret paths and
 * whether the API answers them). An entry may still list `secretPaths` of its own (a secret
 * the schema cannot mark on one field); they are added to the derived ones.
 */
export type KindDeclaration = Omit<KindSpec, "secretPaths" | "secretsAre"> &
  Partial<Pick<KindSpec, "secretPaths" | "secretsAre">>;

/**
 * The entry `declaration` completed from its fields' facts: its secret paths (the explicit
 * ones and every field marked `secret` or `writeOnly` in the create schema) and
 * `secretsAre` (`"write-only"` when a field is marked `writeOnly`).
 */
export function completeKind<const D extends KindDeclaration>(
  declaration: D,
): D & Pick<KindSpec, "secretPaths" | "secretsAre"> {
  const facts = schemaFacts(declaration.createSchema);
  const referenced = new Set(facts.references.map((reference) => reference.kind));
  for (const [relation, kinds] of Object.entries({
    owns: declaration.relations?.owns ?? [],
    holds: declaration.relations?.holds ?? [],
  })) {
    const unnamed = kinds.filter((kind) => !referenced.has(kind));
    if (unnamed.length > 0) {
      throw new Error(
        `kind ${declaration.typeName} ${relation} ${unnamed.join(", ")}, but no field of its create schema ` +
          `references ${unnamed.length === 1 ? "it" : "them"}: mark the field that holds the id with ` +
          `\`references: "${unnamed[0]}"\`, or drop the relation`,
      );
    }
  }
  const byText = new Map<string, SecretPath>();
  for (const path of [...(declaration.secretPaths ?? []), ...facts.secretPaths]) byText.set(JSON.stringify(path), path);
  return {
    ...declaration,
    secretPaths: [...byText.values()],
    secretsAre: declaration.secretsAre ?? (facts.writeOnlyPaths.length > 0 ? "write-only" : "read-back"),
  };
}

/**
 * The id of a singleton's object: its fixed id, or (a keyed singleton) its key field's value in
 * `values` (inputs or outputs), when that is a string; undefined for a collection.
 */
export function singletonIdIn(spec: KindSpec, values?: Readonly<Record<string, unknown>>): string | undefined {
  if (spec.shape !== "singleton") return undefined;
  if (spec.singletonKey?.fields) return severalFieldsIdIn(spec, values);
  const field = spec.singletonKey?.field ?? spec.singletonMadeId?.field;
  if (field === undefined) return spec.singletonId;
  const value = values?.[field];
  return typeof value === "string" ? value : undefined;
}

/**
 * The path (under `/api/v2`) of singleton `spec`'s object `id`: its key's value (or the id the
 * tenant made) in place of `{<field>}`.
 */
export function singletonPathOf(spec: KindSpec, id: string): string {
  if (spec.singletonKey?.fields) return severalFieldsPathOf(spec, id);
  const field = spec.singletonKey?.field ?? spec.singletonMadeId?.field;
  return field === undefined ? spec.path : spec.path.replace(`{${field}}`, encodeURIComponent(id));
}

const BASE58_RUN = `[${BASE58_ALPHABET}]`;

/**
 * The id rule of a kind whose ids the seed gives as "at most `maxLength`": the generated
 * format, and in a path any prefix-plus-base58 id up to that length (unknown ones are 404).
 */
export const atMostIdRule = (format: IdFormat, maxLength: number) => ({
  ...format,
  schema: string({ maxLength, pattern: idPatternOf(format) }),
  path: { pattern: `^${format.prefix}${BASE58_RUN}+$`, maxLength },
});

/**
 * The id rule of a kind whose ids are exactly the generated format: in a path too, only a
 * well-formed id is looked up (longer or malformed is 400 `invalid_uri`).
 */
export const exactIdRule = (format: IdFormat) => ({
  ...format,
  schema: string({ pattern: idPatternOf(format) }),
  path: { pattern: idPatternOf(format), maxLength: format.prefix.length + format.length },
});

/** A lookup's arguments, by id or by name (exactly one), returning one object of the kind. */
export const lookupByIdOrName = (label: string, prefix: string): Pick<LookupSpec, "args" | "oneOf" | "result"> => ({
  args: [
    { name: "id", description: `The ${label}'s id (\`${prefix}…\`).` },
    {
      name: "name",
      description: `The ${label}'s name, compared exactly. Several with this name are an error listing their ids.`,
    },
  ],
  oneOf: ["id", "name"],
  result: "object",
});

/** Lookup `name` of one object of the kind, by id or by name (`getForm`), with its example's arguments. */
export const oneByIdOrName = <N extends string>(
  name: N,
  label: string,
  prefix: string,
  example: Readonly<Record<string, string>>,
): LookupSpec & { readonly name: N } => ({
  name,
  description: `Reads one ${label} of the tenant, by id or by name.`,
  ...lookupByIdOrName(label, prefix),
  example,
});
