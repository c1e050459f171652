/**
 * The hooks a kind's entry may give the provider (`provider` of a `KindSpec`): its own
 * rules on top of the lifecycle the provider makes from the entry, beside the entry in its api
 * file. Plain functions of JSON and of a {@link TenantReader}, so the api floor imports
 * nothing above it.
 */
import type { JsonSchema } from "../schema/builder";

/** An object of a collection as the tenant stores it. */
export type KindObject = { id: string } & Record<string, unknown>;

/** A failure of a resource's inputs that `check` reports: the property and why, in words a person can act on. */
export interface CheckIssue {
  readonly property: string;
  readonly reason: string;
}

/**
 * A list of the tenant that is not a kind of the table (the actions an event stream's `action`
 * destination names), paged by offset: `?page=&per_page=` answers `{<listKey>: [...], total}`.
 */
export interface OffsetList {
  /** Its path under `/api/v2`. */
  readonly path: string;
  /** The key of the page's items. */
  readonly listKey: string;
  /** The largest `per_page` it serves. */
  readonly maxPageSize: number;
}

/**
 * What a kind's provider hooks may read of the tenant a resource lives in: the provider hands
 * it in, so the hooks stay plain functions of JSON on the api floor.
 */
export interface TenantReader {
  /** The tenant's domain, for messages. */
  readonly domain: string;
  /** The tenant's origin: what a hook keeps per-tenant memos by. */
  readonly origin: string;
  /** Every object of collection kind `kind` (the table's paging); rejects as the request does. */
  list(kind: string): Promise<KindObject[]>;
  /** Every object of `list`, a list that is not a kind of the table, page by page; rejects as the request does. */
  listOf(list: OffsetList): Promise<KindObject[]>;
  /** What `GET /api/v2<path>` answers (a neighbour of the kinds: the custom domains); rejects as the request does. */
  get(path: string): Promise<unknown>;
}

/**
 * What a kind's step after a write may do in the tenant a resource lives in: read, and send a
 * POST (an action's deploy). The provider hands it in, as it does a {@link TenantReader}.
 */
export interface TenantWriter extends TenantReader {
  /** What `POST /api/v2<path>` with `body` answers; rejects as the request does. */
  post(path: string, body: unknown): Promise<unknown>;
}

/** A failure of the API a kind answers in its own words: what went wrong and what to do. */
export interface OwnFailure {
  /** A feature the tenant lacks (a plan, a custom domain), or a concurrent change. */
  readonly as: "unavailable" | "conflict";
  readonly problem: string;
  readonly remedy: string;
  /** `generate` leaves the kind out with a note saying so, instead of stopping. */
  readonly generateSkips?: boolean;
}

/**
 * A singleton's own rules on the provider's side (a kind whose `shape` is `singleton`: one
 * object per tenant, written by PUT, its id the entry's `singletonId`), on top of the
 * singleton lifecycle the provider makes from the entry (provider/lifecycle/singleton.ts).
 */
export interface SingletonHooks {
  /**
   * Its fields from what GET answers (which may be other than an object: the template's bare
   * markup). A singleton whose entry has `paging` is read page by page: `answer` is then
   * `{<listKey>: [every item]}`; `key` is a keyed singleton's key value (the trigger).
   */
  fromResponse?(answer: unknown, key?: string): Record<string, unknown>;
  /** The body of its write from its fields (default: the fields): a trigger's bindings by reference. */
  toRequest?(fields: Readonly<Record<string, unknown>>): unknown;
  /**
   * `current` as far as `desired` manages it, for comparison (default: as it is): what the
   * tenant fills in where the program left a field out (a binding's display name) dropped.
   */
  comparable?(desired: Readonly<Record<string, unknown>>, current: Record<string, unknown>): Record<string, unknown>;
  /** Whether fields read say the tenant has none (an empty template is the default page). */
  isEmpty?(fields: Readonly<Record<string, unknown>>): boolean;
  /** Words for the tenant's current one in messages (`1234 characters`). */
  describe(fields: Readonly<Record<string, unknown>>): string;
  /** What having none means, in `generate`'s progress (`the tenant shows the default page`). */
  readonly noneMeans?: string;
  /** The API's failures it answers in its own words; `undefined` for any other. */
  failure?(answer: { status: number; errorCode?: string; message: string }, domain: string): OwnFailure | undefined;
  /**
   * Failures of inputs `check` is about to let `up` write (a create, or a changed field), found
   * by asking the tenant (the template needs a custom domain); unknown values left out.
   */
  checkWrite?(inputs: Readonly<Record<string, unknown>>, tenant: TenantReader): Promise<CheckIssue[]>;
  /**
   * The not-found words of its lookup: why the tenant has none and what to do. Absent: having
   * none is an answer (a trigger binding no action), which the lookup returns.
   */
  readonly noneFound?: { readonly problem: string; readonly remedy: string };
  /** `generate` writes these fields to files beside the program, by field (`template` → `login.html`). */
  readonly files?: Readonly<Record<string, string>>;
}

/** Where `generate` puts a write-only secret's placeholder: its place in the arguments and the object holding it. */
export interface PlaceholderSiteOf {
  readonly place: readonly (string | number)[];
  readonly parent: Readonly<Record<string, unknown>>;
}

/**
 * The comparison policy of a kind whose fields the lifecycle's generic rules cannot compare
 * (a server default, a server-made field inside an input, a secret carried by method): pure
 * functions of JSON, each replacing the generic rule of the same name
 * (provider/lifecycle/collection.ts `CollectionSpec`).
 */
export interface LifecycleHooks {
  /** Canonical managed content, for comparison: server defaults applied, server-made parts dropped. */
  normalise?(value: Record<string, unknown>): Record<string, unknown>;
  /** Desired and current canonical content for comparison (fields left out unmanaged dropped from `current`). */
  comparable?(
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): { desired: Record<string, unknown>; current: Record<string, unknown> };
  /** The PATCH body that brings `current` to `desired`; `payload` is the create body. */
  patch?(
    desired: Record<string, unknown>,
    current: Record<string, unknown>,
    payload: Record<string, unknown>,
  ): Record<string, unknown>;
  /** Stored outputs from a server object, in the program's shape (write-only secrets carried from `previous`). */
  outputs?(server: Record<string, unknown>, previous: Record<string, unknown> | undefined): Record<string, unknown>;
  /** Inputs in the program's shape that reproduce stored outputs. */
  inputsFromOutputs?(outputs: Record<string, unknown>): Record<string, unknown>;
  /** The fields whose change replaces the object. */
  replaces?(desired: Record<string, unknown>, current: Record<string, unknown>): string[];
  /**
   * A step every create and update ends with, after the write (an action's deploy): `object` is
   * what the tenant answered, `inputs` the resource's; answers the object as it is after the
   * step. An update that changes only what this step sees (an action's `deploy`) runs the step
   * alone. A create whose step fails leaves the object in the state, for the next `up`.
   */
  afterWrite?(
    object: KindObject,
    inputs: Record<string, unknown>,
    tenant: TenantWriter,
    write: "create" | "update",
  ): Promise<KindObject>;
  /** The create body from the payload the inputs make (an action's `deploy: true`, so the create is one request). */
  createPayload?(payload: Record<string, unknown>): Record<string, unknown>;
}

/** An output a resource derives from its stored outputs, in the program (not stored: it is inside another). */
export interface DerivedOutput {
  readonly description: string;
  of(outputs: { readonly [field: string]: unknown }): unknown;
}

/** How `generate` names a kind's resources, where its `name` and type name do not serve. */
export interface GenerateNaming {
  /** Words the resource's name is made of (`client 1Ol4lXiA rate limit`); default the object's `name`. */
  words?(object: KindObject): string;
  /** The suffix a name gets when the words alone would clash with a keyword (`Policy`); default the type name. */
  readonly suffix?: string;
  /** The field that tells objects apart in the program's comments and the adoption file; default `name`. */
  readonly labelField?: string;
}

/**
 * A kind's own rules on the provider's side, as hooks beside its entry: what the provider runs
 * on top of the collection lifecycle it makes from the entry. Plain functions of JSON and of a
 * {@link TenantReader}, so the api floor imports nothing above it.
 */
export interface ProviderHooks {
  /**
   * Failures of an object `check` is about to let `up` create (no `adoptId`): what the tenant
   * would refuse, found at preview (a rate limit policy's conflicts). `inputs` are the API's
   * fields, unknowns as Pulumi's unknown marker; `tenant` reads the resource's tenant.
   */
  checkCreate?(inputs: Readonly<Record<string, unknown>>, tenant: TenantReader): Promise<CheckIssue[]>;
  /**
   * Warnings of an object `check` is about to let `up` create or change, found by asking the
   * tenant (a form pointing at a flow the tenant lacks): shown with the preview, on the
   * resource's line; the resource still goes ahead. `olds` are the inputs before the change
   * (undefined for a create), so that what did not change costs no request. Unknown values are
   * left out, as for {@link ProviderHooks.checkCreate}.
   */
  warnings?(
    inputs: Readonly<Record<string, unknown>>,
    olds: Readonly<Record<string, unknown>> | undefined,
    tenant: TenantReader,
  ): Promise<string[]>;
  /**
   * The kind's words for what an id its `references:` fields name means when the tenant lacks
   * it, by the referenced kind (`{flow: "the form would hand its data to no flow"}`): the table
   * warns of such ids at preview (api/table/missing-references.ts).
   */
  readonly referenceConsequences?: Readonly<Record<string, string>>;
  /** The kind judges its references itself (a trigger's bindings refuse a missing action): no table warning. */
  readonly ownReferenceChecks?: boolean;
  /**
   * Failures of the inputs no schema states, at every check, without asking the tenant (a
   * form's node graph). `isUnknown` tells a value not known yet at preview.
   */
  check?(fields: Readonly<Record<string, unknown>>, isUnknown: (value: unknown) => boolean): CheckIssue[];
  /** How `generate` names a resource of this kind, where the generic naming does not serve. */
  readonly naming?: GenerateNaming;
  /** Its comparison policy, where the generic one does not fit. */
  readonly lifecycle?: LifecycleHooks;
  /** A singleton's own rules (its entry's `shape` is `singleton`). */
  readonly singleton?: SingletonHooks;
  /** Outputs its resources derive from their outputs (the TypeScript class declares each). */
  readonly derivedOutputs?: Readonly<Record<string, DerivedOutput>>;
  /** What `generate` writes of an object beyond the generic rules. */
  readonly generate?: {
    /** The arguments with what the tenant made inside them dropped. */
    args?(args: Record<string, unknown>): Record<string, unknown>;
    /** The words of a write-only secret's placeholder (its config name and description). */
    secretWords?(
      object: KindObject,
      site: PlaceholderSiteOf,
    ):
      | {
          readonly name: string;
          readonly description: string;
          /** This object's shapes of the secret, where the field's schema is wider (a connection's setup: its app's). */
          readonly schema?: JsonSchema;
          /** The package's type of those shapes, for the TypeScript program (`HttpConnectionSetup`). */
          readonly typeName?: string;
        }
      | undefined;
    /**
     * Where a kind whose secrets are read back puts its secret placeholders (default: its
     * secret paths): each a string the API answered, its siblings kept (a payment component's
     * `credentials.private_key`, not the whole `credentials`). It must name every secret.
     */
    secretPlaces?(object: Readonly<Record<string, unknown>>): readonly (readonly (string | number)[])[];
    /**
     * A client that may not read the kind stops `generate` (a form, which the program's
     * other objects point at), instead of the note that leaves the kind out.
     */
    readonly required?: boolean;
    /** The comment above the resource, after its type and name. */
    comment?(object: KindObject): string;
  };
}
