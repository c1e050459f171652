/**
 * The table of kinds: every kind of tenant object the project manages, with its wire facts
 * (path, id rule, schemas, secrets, scopes, paging, shape), its words and its lookups, in
 * one place. Other lists of kinds (the Pulumi package schema, labels in messages, …) are
 * derived from it. Adding a kind starts with one entry here; the `satisfies` below makes a
 * missing entry a compile error.
 */
import { BASE58_ALPHABET, idPatternOf, newIdOf, type IdFormat } from "./ids";
import { string, type JsonSchema } from "./schema/builder";
import { FORMATS, type FormatDefinition } from "./schema/formats";
import type { SecretPath } from "./schema/secret-paths";
import {
  EVENT_STREAMS_API_PATH,
  EVENT_STREAM_ID_FORMAT,
  EVENT_STREAM_SCOPES,
  INEXISTENT_EVENT_STREAM,
  EVENT_STREAM_SECRET_PATHS,
  eventStreamCreateSchema,
  eventStreamDestinationSchema,
  eventStreamSchema,
  eventStreamUpdateSchema,
} from "./resources/event-stream";
import { EVENT_STREAM_EXAMPLE, EVENT_STREAM_FIELD_DOCS } from "./resources/event-stream-docs";
import { FORM_EXAMPLE, FORM_FIELD_DOCS } from "./resources/form-docs";
import {
  FORMS_API_PATH,
  FORM_ID_FORMAT,
  FORM_ID_MAX,
  FORM_FORMATS,
  FORM_SCOPES,
  INEXISTENT_FORM,
  FORM_SECRET_PATHS,
  formComponentSchema,
  formCreateSchema,
  formNodeSchema,
  formSchema,
  formSummarySchema,
  formUpdateSchema,
} from "./resources/form";
import {
  INEXISTENT_TEMPLATE,
  LOGIN_TEMPLATE_FIELD_DOCS,
  TEMPLATE_SCOPES,
  UNIVERSAL_LOGIN_TEMPLATE_API_PATH,
  templateObjectSchema,
  templatePutSchema,
} from "./resources/login-template";
import {
  INEXISTENT_POLICY,
  POLICY_ID_FORMAT,
  POLICY_ID_MAX,
  POLICY_SCOPES,
  RATE_LIMIT_POLICIES_API_PATH,
  RATE_LIMIT_POLICY_FIELD_DOCS,
  rateLimitConfigurationSchema,
  rateLimitPolicyCreateSchema,
  rateLimitPolicySchema,
  rateLimitPolicyUpdateSchema,
} from "./resources/rate-limit-policy";

/** The name of a kind: the key the serialized providers pass to the runtime (stored in state, never renamed). */
export type KindName = "form" | "eventStream" | "loginTemplate" | "rateLimitPolicy";

/** How a collection lists its objects. */
export type Paging =
  /** `?page=&per_page=&include_totals=` → `{<key>: [...], total}` or a bare array. */
  | { readonly style: "offset"; readonly listKey: string; readonly maxPageSize: number }
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
  /** Body of the create (POST, or PUT of a singleton). */
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
  /** Sub-schemas that are named object types in the Pulumi package schema (`FormNode`, …). */
  readonly namedTypes?: readonly (readonly [JsonSchema, string])[];
  /** Named string formats its schemas use, besides the shared ones (api/schema/formats.ts). */
  readonly formats?: Readonly<Record<string, FormatDefinition>>;
  /** A singleton's fixed id: what `pulumi import` takes and what `adopt: true` adopts. */
  readonly singletonId?: string;
  /**
   * What each field means, in one place (the package schema's descriptions, hence every SDK's
   * docs and the API reference): by property path in the API's names, arrays and unions left
   * out (`nodes.config.next_node`); the longest suffix of a field's path that is here describes
   * it, so `label` covers every component's label and `options.label` an option's.
   */
  readonly fieldDocs?: Readonly<Record<string, string>>;
  /** The inputs of its example (the package schema's "Example Usage"), in the API's names. */
  readonly example?: Readonly<Record<string, unknown>>;
}

const BASE58_RUN = `[${BASE58_ALPHABET}]`;

/**
 * The id rule of a kind whose ids the seed gives as "at most `maxLength`": the generated
 * format, and in a path any prefix-plus-base58 id up to that length (unknown ones are 404).
 */
const atMost = (format: IdFormat, maxLength: number) => ({
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

/** Every kind, by name. */
export const KINDS = {
  form: {
    typeName: "Form",
    label: "form",
    plural: "forms",
    description: "A form of the tenant: its nodes (steps, flows, routers), start and ending, style and translations.",
    path: FORMS_API_PATH,
    shape: "collection",
    id: atMost(FORM_ID_FORMAT, FORM_ID_MAX),
    createSchema: formCreateSchema,
    updateSchema: formUpdateSchema,
    responseSchema: formSchema,
    summarySchema: formSummarySchema,
    secretPaths: FORM_SECRET_PATHS,
    secretsAre: "read-back",
    scopes: FORM_SCOPES,
    paging: { style: "offset", listKey: "forms", maxPageSize: 100 },
    notFoundCode: INEXISTENT_FORM,
    lookups: [
      {
        name: "getForm",
        description: "Reads one form of the tenant, by id or by name.",
        ...lookupByIdOrName("form", "ap_"),
        example: { name: "Sign-up" },
      },
    ],
    formats: FORM_FORMATS,
    fieldDocs: FORM_FIELD_DOCS,
    example: FORM_EXAMPLE,
    namedTypes: [
      [formNodeSchema, "FormNode"],
      [formComponentSchema, "FormComponent"],
    ],
  },
  eventStream: {
    typeName: "EventStream",
    label: "event stream",
    plural: "event streams",
    description: "An event stream of the tenant: the event types it subscribes to and where it delivers them.",
    path: EVENT_STREAMS_API_PATH,
    shape: "collection",
    // Event stream ids are exactly 26 characters (seed 2.4): the full format is required.
    id: exactIdRule(EVENT_STREAM_ID_FORMAT),
    createSchema: eventStreamCreateSchema,
    updateSchema: eventStreamUpdateSchema,
    responseSchema: eventStreamSchema,
    secretPaths: EVENT_STREAM_SECRET_PATHS,
    secretsAre: "write-only",
    scopes: EVENT_STREAM_SCOPES,
    paging: { style: "checkpoint", listKey: "eventStreams", maxPageSize: 100 },
    notFoundCode: INEXISTENT_EVENT_STREAM,
    lookups: [
      {
        name: "getEventStream",
        description: "Reads one event stream of the tenant, by id or by name.",
        ...lookupByIdOrName("event stream", "est_"),
        example: { name: "audit-log" },
      },
    ],
    namedTypes: [[eventStreamDestinationSchema, "EventStreamDestination"]],
    fieldDocs: EVENT_STREAM_FIELD_DOCS,
    example: EVENT_STREAM_EXAMPLE,
  },
  loginTemplate: {
    typeName: "LoginTemplate",
    label: "login page template",
    plural: "login page templates",
    description: "The hosted login page template (Liquid markup), a singleton of the tenant.",
    path: UNIVERSAL_LOGIN_TEMPLATE_API_PATH,
    shape: "singleton",
    createSchema: templatePutSchema,
    updateSchema: templatePutSchema,
    responseSchema: templateObjectSchema,
    secretPaths: [],
    secretsAre: "read-back",
    scopes: TEMPLATE_SCOPES,
    notFoundCode: INEXISTENT_TEMPLATE,
    singletonId: "universal-login",
    fieldDocs: LOGIN_TEMPLATE_FIELD_DOCS,
    example: {
      template: "<!DOCTYPE html><html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>",
    },
    lookups: [
      { name: "getLoginTemplate", description: "Reads the tenant's login page template.", args: [], result: "object" },
    ],
  },
  rateLimitPolicy: {
    typeName: "RateLimitPolicy",
    label: "rate limit policy",
    plural: "rate limit policies",
    description:
      "A rate limit policy (Early Access; the client must be global). Only `configuration` changes in place; the other fields replace the policy.",
    path: RATE_LIMIT_POLICIES_API_PATH,
    shape: "collection",
    id: atMost(POLICY_ID_FORMAT, POLICY_ID_MAX),
    createSchema: rateLimitPolicyCreateSchema,
    updateSchema: rateLimitPolicyUpdateSchema,
    responseSchema: rateLimitPolicySchema,
    secretPaths: [],
    secretsAre: "read-back",
    scopes: POLICY_SCOPES,
    paging: { style: "checkpoint", listKey: "rate_limit_policies", maxPageSize: 100 },
    notFoundCode: INEXISTENT_POLICY,
    earlyAccess: true,
    lookups: [
      {
        name: "getRateLimitPolicy",
        description: "Reads one rate limit policy by id.",
        args: [{ name: "id", description: "The policy's id: `rlp_` + 21 base58 characters (at most 26)." }],
        oneOf: ["id"],
        result: "object",
        example: { id: "rlp_2Nf7qL3mXcVbT8wRyK1pD" },
      },
      {
        name: "getRateLimitPolicies",
        description: "Reads every rate limit policy of the tenant, optionally only that of one consumer selector.",
        args: [
          {
            name: "consumer_selector",
            description:
              "Only the policy of this consumer selector (`default`, `client_id:<id>`, `third_party_clients`, …).",
          },
        ],
        result: "list",
        listKey: "rate_limit_policies",
        example: { consumer_selector: "default" },
      },
    ],
    namedTypes: [[rateLimitConfigurationSchema, "RateLimitConfiguration"]],
    fieldDocs: RATE_LIMIT_POLICY_FIELD_DOCS,
    example: {
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: "default",
      configuration: { action: "block", limit: 100 },
    },
  },
} as const satisfies Record<KindName, KindSpec>;

/** The kind names, in the table's order. */
export const KIND_NAMES = Object.keys(KINDS) as KindName[];

/** Kinds declared beyond the table by {@link defineKind}. */
const DEFINED_KINDS = new Map<string, KindSpec>();

/**
 * Declares a kind beyond the table: a test's own kind, or one being tried out before it
 * gets its entry. Whatever is derived from the table at call time includes it (the
 * server's routes, the provider's dispatch, lookups, `generate`, the package schema), so
 * it must be declared before the server starts or the program runs.
 */
export function defineKind(name: string, spec: KindSpec): void {
  if (kindSpec(name) !== undefined) throw new Error(`kind "${name}" is declared already`);
  if (!/^[a-z][A-Za-z]*$/.test(name)) throw new Error(`kind "${name}" must be a camelCase name`);
  DEFINED_KINDS.set(name, spec);
}

/** Every kind's name: the table's, then the declared ones. */
export function kindNames(): string[] {
  return [...KIND_NAMES, ...DEFINED_KINDS.keys()];
}

/** The names of the kinds declared beyond the table. */
export function definedKindNames(): string[] {
  return [...DEFINED_KINDS.keys()];
}

/** The facts of kind `name` (the table's, or a declared kind's); undefined for no such kind. */
export function kindSpec(name: string): KindSpec | undefined {
  return Object.hasOwn(KINDS, name) ? (KINDS as Readonly<Record<string, KindSpec>>)[name] : DEFINED_KINDS.get(name);
}

/** How the objects of kind `name` are named in messages (its table entry's `label`; the name itself for no such kind). */
export function kindLabel(name: string): string {
  return kindSpec(name)?.label ?? name;
}

/** The kind of a type name (`"Form"` → `"form"`), or `undefined`. */
export function kindOfTypeName(typeName: string): string | undefined {
  return kindNames().find((kind) => kindSpec(kind)!.typeName === typeName);
}

const ID_REGEXES = new Map<string, RegExp>();

/** The id format of kind `kind` (a collection); throws for a kind without ids. */
function idFormatOf(kind: string): IdFormat {
  const id = kindSpec(kind)?.id;
  if (!id) throw new Error(`kind "${kind}" has no ids`);
  return id;
}

/** Regular expression (source text) matching a well-formed id of `kind`, as the service makes them. */
export function idPattern(kind: string): string {
  return idPatternOf(idFormatOf(kind));
}

/** True when `id` is a well-formed id of `kind`, as the service makes them. */
export function isValidId(kind: string, id: string): boolean {
  let regex = ID_REGEXES.get(kind);
  if (!regex) ID_REGEXES.set(kind, (regex = new RegExp(idPattern(kind))));
  return regex.test(id);
}

/** A new random id of `kind`. */
export function newId(kind: string): string {
  return newIdOf(idFormatOf(kind));
}

/** `rateLimitPolicy` → `rate-limit-policy`. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The kinds' named string formats, for the schemas' `format`: each kind's own (`formats`)
 * and the format of each kind's ids (`form-id`, `event-stream-id`, …).
 */
/** Every named format of the contract: the shared ones and the table's (give it to `createAjv`). */
export function contractFormats(): Record<string, FormatDefinition> {
  return { ...FORMATS, ...kindFormatDefinitions() };
}

export function kindFormatDefinitions(): Record<string, FormatDefinition> {
  const specs = kindNames().map((kind) => [kind, kindSpec(kind)!] as const);
  const own = specs.flatMap(([, spec]) => Object.entries(spec.formats ?? {}));
  const ids = specs.flatMap(([kind, spec]): [string, FormatDefinition][] =>
    spec.id
      ? [
          [
            `${kebab(kind)}-id`,
            {
              validate: (value: string) => isValidId(kind, value),
              message: `Must be ${/^[aeiou]/.test(spec.label) ? "an" : "a"} ${spec.label} id (${spec.id.prefix}…)`,
            },
          ],
        ]
      : [],
  );
  return Object.fromEntries([...own, ...ids]);
}

/** Every scope of every kind (the declared ones too), sorted: what the admin client holds. */
export function allScopes(): string[] {
  return [...new Set(kindNames().flatMap((kind) => Object.values(kindSpec(kind)!.scopes)))].sort();
}
