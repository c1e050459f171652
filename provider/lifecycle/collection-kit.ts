/**
 * The parts of a collection resource's lifecycle that every step shares: its spec (the kind's
 * policy), the table's facts of the kind, and the helpers built from them (error targets, the
 * secrets of a body, the comparison, a GET of one object). Each step of the lifecycle
 * (collection-create.ts, collection-adopt.ts, collection-update.ts, collection-read.ts,
 * collection-check.ts) is a plain function of a {@link CollectionKit}.
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { kindSpec, secretValues, type JsonSchema, type SecretPath } from "../../api";
import type { ErrorTarget } from "../client/errors";
import type { TenantClient } from "../client/http";
import { withUnreadSecretsTaken, type SecretFields } from "./secret-changes";
import { deepEqual, type JsonObject, payloadOf } from "./shared";

/**
 * One kind of server-id object and the provider's policy for it: what the table of kinds
 * does not state (the table's facts of the kind are {@link CollectionFacts}).
 */
export interface CollectionSpec<T extends { id: string } = { id: string; created_at?: string }> {
  /** The kind's name in the table (`form`, `eventStream`): also its create-journal kind. */
  kind: string;
  /** The managed top-level fields, in the API's names. */
  fields: readonly string[];
  /** Checks no schema states (references between nodes…), on the inputs without `adoptId`. */
  extraChecks?(fields: JsonObject): CheckFailure[];
  /** Every object of the tenant (follows the collection's paging). */
  list(client: TenantClient, target: ErrorTarget): Promise<T[]>;
  /** Canonical managed content, for comparison: server defaults applied, server-made parts dropped. */
  normalise(value: JsonObject): JsonObject;
  /**
   * Desired and current canonical content for comparison. Default: every managed field.
   * Resources whose fields may be left out unmanaged drop them from `current`.
   */
  comparable?(olds: JsonObject, news: JsonObject): { desired: JsonObject; current: JsonObject };
  /** The PATCH body that brings `current` to `desired` (only what differs); `payload` is the create body. */
  patch(desired: JsonObject, current: JsonObject, payload: JsonObject): JsonObject;
  /**
   * Stored outputs from a server object: the program's shape (no server default the
   * program did not set), write-only secrets carried from `previous` (inputs or old
   * outputs), server timestamps added.
   */
  outputs(server: JsonObject, previous: JsonObject | undefined): JsonObject;
  /** Inputs in the program's shape that reproduce stored outputs (what `read` reports). */
  inputsFromOutputs(outputs: JsonObject): JsonObject;
  /** Properties whose change needs a replacement (the API cannot update them). */
  replaces?(desired: JsonObject, current: JsonObject): string[];
  /**
   * The list returns whole objects: no GET per candidate on the look-back after an ambiguous
   * create, and a refresh reads the listed object (else summaries: see list-read.ts).
   */
  listIsComplete?: boolean;
  /** Server-made fields of a list summary that change without a write (forms: `embedded_at`, `submitted_at`). */
  summaryFields?: readonly string[];
  /**
   * A step every create and update ends with (an action's deploy): answers the object as it is
   * after it. An update whose PATCH would be empty runs it alone (a `deploy` to do).
   */
  afterWrite?(client: TenantClient, object: T, inputs: JsonObject, write: "create" | "update"): Promise<T>;
  /** The create body from the inputs' payload, where the kind adds to it (an action's `deploy: true`). */
  createPayload?(payload: JsonObject): JsonObject;
}

/** What the lifecycle takes from a collection's table entry. */
export interface CollectionFacts {
  /** The kind in words, for messages and the create journal: `form`, `event stream`. */
  label: string;
  /** Collection path under `/api/v2`: `/forms`. */
  path: string;
  /** Schema of an id (checks `adoptId`). */
  idSchema: JsonSchema;
  /** Schema of the create body (checks the inputs at preview). */
  createSchema: JsonSchema;
  /** Where its secrets sit: kept out of every message and of the create journal. */
  secretPaths: readonly SecretPath[];
}

/** The table's facts of collection `kind`; throws for a kind that is no collection with ids. */
export function collectionFactsOf(kind: string): CollectionFacts {
  const spec = kindSpec(kind);
  if (!spec?.id) throw new Error(`kind "${kind}" is not a collection of the table of kinds`);
  const { label, path, createSchema, secretPaths } = spec;
  return { label, path, idSchema: spec.id.schema, createSchema, secretPaths };
}

/** A collection resource's spec, its table facts, and the helpers every step of its lifecycle uses. */
export interface CollectionKit<T extends { id: string; created_at?: string } = { id: string; created_at?: string }> {
  readonly spec: CollectionSpec<T>;
  readonly facts: CollectionFacts;
  /** The error target of `action` on the object `id` (named `name`). */
  target(action: string, id?: string, name?: unknown): ErrorTarget;
  /** The path of object `id` under `/api/v2`. */
  objectPath(id: string): string;
  /** The secret values of a body (kept out of every message the client writes). */
  secretsOf(body: JsonObject): string[];
  /** The managed fields and their secrets, for the rotation of write-only secrets (secret-changes.ts). */
  readonly secretFields: SecretFields;
  /**
   * Desired and current canonical content: the spec's, or every managed field; a write-only
   * secret an import could not read taken from `desired` (secret-changes.ts).
   */
  comparable(olds: JsonObject, news: JsonObject): { desired: JsonObject; current: JsonObject };
  /** GET of object `id` (a `NotFoundError` when it is gone). */
  getObject(client: TenantClient, id: string, action: string): Promise<T>;
  /** Whether `object`, as the tenant holds it, has the content of create body `body`. */
  sameContent(object: T, body: JsonObject): boolean;
}

/** The kit of collection resource `spec`. */
export function collectionKit<T extends { id: string; created_at?: string }>(
  spec: CollectionSpec<T>,
): CollectionKit<T> {
  const facts = collectionFactsOf(spec.kind);
  const writeOnly = kindSpec(spec.kind)?.secretsAre === "write-only" && facts.secretPaths.length > 0;
  const target = (action: string, id?: string, name?: unknown): ErrorTarget => ({
    kind: facts.label,
    action,
    id,
    name: typeof name === "string" ? name : undefined,
  });
  const objectPath = (id: string) => `${facts.path}/${encodeURIComponent(id)}`;
  return {
    spec,
    facts,
    target,
    objectPath,
    secretsOf: (body) => secretValues(body, facts.secretPaths),
    secretFields: { fields: spec.fields, secretsOf: (body: JsonObject) => secretValues(body, facts.secretPaths) },
    comparable: (olds, news) => {
      const { desired, current } = spec.comparable?.(olds, news) ?? {
        desired: spec.normalise(payloadOf(spec.fields, news)),
        current: spec.normalise(olds),
      };
      return writeOnly
        ? { desired, current: withUnreadSecretsTaken(current, desired, olds, news, facts.secretPaths) }
        : { desired, current };
    },
    getObject: async (client, id, action) => (await client.get<T>(objectPath(id), target(action, id))).data as T,
    sameContent: (object, body) =>
      deepEqual(spec.normalise(spec.outputs(object as unknown as JsonObject, body)), spec.normalise(body)),
  };
}

/** `outputs` with the resource's `adoptId` kept, when it has one. */
export function withAdoptId(outputs: JsonObject, adoptId: unknown): JsonObject {
  return typeof adoptId === "string" ? { ...outputs, adoptId } : outputs;
}
