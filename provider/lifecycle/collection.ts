/**
 * The lifecycle every "collection" resource shares: objects the server gives ids to
 * (forms, event streams, rate limit policies), under `<path>/{id}`, created by POST,
 * changed by PATCH, removed by DELETE. A resource declares its policy as a
 * {@link CollectionSpec}; its words, path, id and create schemas and secret paths are its
 * table entry's (api/kinds.ts). This module does check, diff, create-once, adoption, read,
 * update and delete for all of them.
 */
import type { CheckFailure, CheckResult, DiffResult } from "@pulumi/pulumi/dynamic";
import { kindSpec, secretValues, withoutSecrets, type JsonSchema, type SecretPath } from "../../api";
import { ConflictError, NotFoundError, PartialCreateError, unlessGone, type ErrorTarget } from "../client/errors";
import type { TenantClient } from "../client/http";
import { claim, createOnce, isClaimed, isGone } from "./create-once";
import { contentHash } from "./journal";
import {
  containsUnknown,
  deepEqual,
  type JsonObject,
  UNKNOWN,
  payloadOf,
  prepareValidator,
  validateTree,
  withoutProvider,
} from "./shared";

export { payloadOf } from "./shared";
import { warn } from "../diagnostics";
import { readFromList, unchangedSinceListed } from "./list-read";
import { rotatedSecretFields, ROTATED_SECRETS_KEY, secretChange } from "./secret-changes";
import type { ProviderContext, ResourceImplementation } from "./types";

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
interface CollectionFacts {
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
function collectionFactsOf(kind: string): CollectionFacts {
  const spec = kindSpec(kind);
  if (!spec?.id) throw new Error(`kind "${kind}" is not a collection of the table of kinds`);
  const { label, path, createSchema, secretPaths } = spec;
  return { label, path, idSchema: spec.id.schema, createSchema, secretPaths };
}

const objectPath = (facts: CollectionFacts, id: string) => `${facts.path}/${encodeURIComponent(id)}`;

function targetOf(facts: CollectionFacts, action: string, id?: string, name?: unknown): ErrorTarget {
  return { kind: facts.label, action, id, name: typeof name === "string" ? name : undefined };
}

/** Builds the provider implementation of a collection resource from its spec. */
export function collectionResource<T extends { id: string; created_at?: string }>(
  spec: CollectionSpec<T>,
): ResourceImplementation {
  const facts = collectionFactsOf(spec.kind);
  const target = (action: string, id?: string, name?: unknown) => targetOf(facts, action, id, name);
  const secretsOf = (body: JsonObject) => secretValues(body, facts.secretPaths);
  const secretFields = { fields: spec.fields, secretsOf };
  const comparable = (olds: JsonObject, news: JsonObject) =>
    spec.comparable?.(olds, news) ?? {
      desired: spec.normalise(payloadOf(spec.fields, news)),
      current: spec.normalise(olds),
    };
  const getObject = async (client: TenantClient, id: string, action: string) =>
    (await client.get<T>(objectPath(facts, id), target(action, id))).data as T;
  const sameContent = (object: T, body: JsonObject) =>
    deepEqual(spec.normalise(spec.outputs(object as unknown as JsonObject, body)), spec.normalise(body));

  async function adopt(client: TenantClient, id: string, body: JsonObject): Promise<T> {
    let current: T;
    try {
      current = await getObject(client, id, "adopt");
    } catch (error) {
      if (error instanceof NotFoundError) {
        throw new NotFoundError(
          target("adopt", id),
          `there is no ${facts.label} with the id given in adoptId`,
          `Correct adoptId or remove it to create a new ${facts.label}`,
        );
      }
      throw error;
    }
    if (isClaimed(id)) {
      throw new ConflictError(
        target("adopt", id),
        `another resource of this stack already manages ${facts.label} ${id}`,
        "Remove adoptId here, or remove the other resource from the program",
      );
    }
    claim(id);
    // The API cannot tell whether a write-only secret matches: the content decides, and an
    // adoption that changes nothing else writes nothing (see the README on adoption).
    const currentOutputs = spec.outputs(current as unknown as JsonObject, body);
    const { desired, current: currentComparable } = comparable(currentOutputs, body);
    const patch = spec.patch(desired, currentComparable, body);
    if (Object.keys(patch).length === 0) return current;
    try {
      return (
        await client.request<T>({
          method: "PATCH",
          path: objectPath(facts, id),
          body: patch,
          target: target("adopt", id),
          secrets: secretsOf(body),
        })
      ).data;
    } catch (error) {
      // The object exists and is ours now: record it so the next `up` finishes the update.
      throw new PartialCreateError(id, currentOutputs, error as Error);
    }
  }

  async function findCreated(
    client: TenantClient,
    body: JsonObject,
    sinceMs: number,
    isClaimed: (id: string) => boolean,
  ) {
    const candidates = (await spec.list(client, target("create")))
      .filter((object) => !isClaimed(object.id) && Date.parse(object.created_at ?? "") >= sinceMs)
      // Names are not unique, but a different name rules a candidate out without a GET.
      .filter((object) => typeof body.name !== "string" || (object as unknown as JsonObject).name === body.name)
      .sort((a, b) => Date.parse(b.created_at ?? "") - Date.parse(a.created_at ?? ""));
    for (const candidate of candidates) {
      // A list may abridge objects: compare the full one.
      const full = spec.listIsComplete
        ? candidate
        : await getObject(client, candidate.id, "create").catch(() => undefined);
      if (full && sameContent(full, body)) return full;
    }
    return undefined;
  }

  async function create(ctx: ProviderContext, inputs: JsonObject) {
    const news = withoutProvider(inputs);
    const payload = payloadOf(spec.fields, news);
    const body = spec.createPayload ? spec.createPayload(payload) : payload;
    const client = ctx.client();
    const adoptId = typeof news.adoptId === "string" ? news.adoptId : undefined;
    // An adopted object this run's refresh found deleted out of band: like any managed object, it is created again.
    if (adoptId && !isGone(adoptId)) {
      ctx.lists?.()?.wrote(spec.kind, adoptId);
      const adopted = await adopt(client, adoptId, body);
      return { id: adopted.id, outs: withAdoptId(spec.outputs(adopted as unknown as JsonObject, news), adoptId) };
    }
    const journal = ctx.journal?.();
    const secretFree = withoutSecrets(body, facts.secretPaths);
    const created = await createOnce<T>(
      {
        contentKey: `${facts.label}:${JSON.stringify(spec.normalise(body))}`,
        post: async () =>
          (
            await client.request<T>({
              method: "POST",
              path: facts.path,
              body,
              target: target("create", undefined, body.name),
              secrets: secretsOf(body),
            })
          ).data,
        find: (since, isClaimed) => findCreated(client, body, since, isClaimed),
        // The journal is a plain file: its key is hashed from the content without write-only secrets.
        journal: journal && { store: journal, kind: spec.kind, contentKey: contentHash(spec.normalise(secretFree)) },
        getSame: async (id) => {
          const object = await unlessGone(getObject(client, id, "create"));
          if (!object) return undefined;
          return sameContent(object, body) ? object : "other";
        },
      },
      { lingerMs: Math.max(2 * client.timeoutMs, 10_000) },
    );
    ctx.lists?.()?.wrote(spec.kind, created.id);
    if (!spec.afterWrite) return { id: created.id, outs: spec.outputs(created as unknown as JsonObject, news) };
    try {
      const after = await spec.afterWrite(client, created, news, "create");
      return { id: created.id, outs: spec.outputs(after as unknown as JsonObject, news) };
    } catch (error) {
      // The object exists: recorded with what it is, so the next `up` finishes the step.
      throw new PartialCreateError(created.id, spec.outputs(created as unknown as JsonObject, news), error as Error);
    }
  }

  /**
   * At preview, says what an adoption will do (a warning naming the object and the fields
   * `up` will change), and refuses one that cannot work: no such object, or one that
   * another resource of this stack already manages.
   */
  async function previewAdoption(ctx: ProviderContext, id: string, body: JsonObject): Promise<CheckFailure[]> {
    if (isGone(id)) {
      await warn(
        `adoptId: the ${facts.label} ${id} that this resource adopted was deleted outside Pulumi; ` +
          `the update creates a new ${facts.label} in its place (adoptId can then be removed from the code).`,
      );
      return [];
    }
    if (isClaimed(id)) {
      return [
        {
          property: "adoptId",
          reason:
            `${facts.label} ${id} is already managed by another resource of this stack; ` +
            "remove adoptId here, or remove the other resource from the program",
        },
      ];
    }
    let client: TenantClient;
    try {
      client = ctx.client();
    } catch {
      return []; // Not configured: the configuration error is reported once, elsewhere.
    }
    let object: T | undefined;
    try {
      object = await unlessGone(getObject(client, id, "adopt"));
    } catch {
      return []; // Unreachable or refused now: create reports it, with its own words.
    }
    if (!object) {
      return [
        {
          property: "adoptId",
          reason:
            `there is no ${facts.label} ${id} in the tenant ${client.settings.domain}; ` +
            `correct adoptId or remove it to create a new ${facts.label}`,
        },
      ];
    }
    const { desired, current } = comparable(spec.outputs(object as unknown as JsonObject, body), body);
    const changed = Object.keys(spec.patch(desired, current, body));
    const named =
      typeof (object as unknown as JsonObject).name === "string"
        ? ` ("${String((object as unknown as JsonObject).name)}")`
        : "";
    const unknown = containsUnknown(body) ? " (some values are known only at apply)" : "";
    await warn(
      changed.length === 0
        ? `adoptId: \`pulumi up\` adopts the existing ${facts.label} ${id}${named} as it is: no change to it.`
        : `adoptId: \`pulumi up\` adopts the existing ${facts.label} ${id}${named} and changes ${changed.join(", ")}${unknown}.`,
    );
    return [];
  }

  return {
    prepare() {
      prepareValidator(facts.createSchema);
    },

    async check(olds, news, ctx): Promise<CheckResult> {
      const checked = checkCollectionInputs(spec, news);
      const adoptId = withoutProvider(news).adoptId;
      const creating = Object.keys(withoutProvider(olds)).length === 0;
      if (checked.failures?.length === 0 && creating && typeof adoptId === "string" && adoptId !== UNKNOWN && ctx) {
        return {
          inputs: news,
          failures: await previewAdoption(ctx, adoptId, payloadOf(spec.fields, withoutProvider(news))),
        };
      }
      const rotated = creating ? [] : rotatedSecretFields(secretFields, withoutProvider(olds), withoutProvider(news));
      return rotated.length === 0 ? checked : { ...checked, inputs: { ...news, [ROTATED_SECRETS_KEY]: rotated } };
    },

    diff(_id, olds, news): DiffResult {
      const { desired, current } = comparable(olds, withoutProvider(news));
      const changes = !deepEqual(desired, current);
      if (changes) secretChange(secretFields, olds, withoutProvider(news), desired, current);
      const replaces = changes ? (spec.replaces?.(desired, current) ?? []) : [];
      return replaces.length > 0 ? { changes, replaces } : { changes };
    },

    create,

    async findLeftover(ctx, inputs, isTaken) {
      const body = payloadOf(spec.fields, withoutProvider(inputs));
      return (await findCreated(ctx.client(), body, Number.NEGATIVE_INFINITY, isTaken))?.id;
    },

    async read(ctx, id, props) {
      const object =
        (await readFromList(ctx.lists?.(), spec, id, props)) ?? (await unlessGone(getObject(ctx.client(), id, "read")));
      // Deleted out of band: no id tells the engine to drop it; the next `up` re-creates it.
      if (!object) return {};
      const outputs = withAdoptId(spec.outputs(object as unknown as JsonObject, props), props?.adoptId);
      return { id, props: outputs, inputs: withAdoptId(spec.inputsFromOutputs(outputs), props?.adoptId) };
    },

    async update(ctx, id, olds, news) {
      const inputs = withoutProvider(news);
      const body = payloadOf(spec.fields, inputs);
      const { desired, current } = comparable(olds, inputs);
      const patch = spec.patch(desired, current, body);
      if (Object.keys(patch).length === 0 && spec.afterWrite) {
        // Only the step after the write differs (an action's draft to deploy): run it alone.
        const client = ctx.client();
        const after = await spec.afterWrite(client, await getObject(client, id, "update"), inputs, "update");
        return { outs: withAdoptId(spec.outputs(after as unknown as JsonObject, inputs), inputs.adoptId) };
      }
      if (Object.keys(patch).length === 0) {
        return { outs: withAdoptId(spec.outputs(withoutProvider(olds), inputs), inputs.adoptId) };
      }
      try {
        await unchangedSinceListed(
          ctx.lists?.(),
          { kind: spec.kind, ...facts },
          ctx.client(),
          id,
          olds,
          target("update", id),
        );
        ctx.lists?.()?.wrote(spec.kind, id);
        const { data: patched } = await ctx.client().request<T>({
          method: "PATCH",
          path: objectPath(facts, id),
          body: patch,
          target: target("update", id),
          secrets: secretsOf(body),
        });
        const data = spec.afterWrite ? await spec.afterWrite(ctx.client(), patched, inputs, "update") : patched;
        return { outs: withAdoptId(spec.outputs(data as unknown as JsonObject, inputs), inputs.adoptId) };
      } catch (error) {
        if (error instanceof NotFoundError) {
          throw new NotFoundError(
            target("update", id),
            `the ${facts.label} no longer exists (deleted outside Pulumi)`,
            "Run `pulumi refresh` and then `pulumi up` to create it again",
            { status: 404 },
          );
        }
        throw error;
      }
    },

    async delete(ctx, id) {
      ctx.lists?.()?.wrote(spec.kind, id);
      await unlessGone(
        ctx.client().request({ method: "DELETE", path: objectPath(facts, id), target: target("delete", id) }),
      );
    },
  };
}

/**
 * The pure part of `check`: the create schema (unknown values skipped), `adoptId`'s
 * format, no unknown top-level key, and the spec's own checks.
 */
export function checkCollectionInputs<T extends { id: string }>(
  spec: CollectionSpec<T>,
  news: JsonObject,
): CheckResult {
  const { adoptId, ...fields } = withoutProvider(news);
  const failures: CheckFailure[] = [];
  const { idSchema, createSchema } = collectionFactsOf(spec.kind);
  if (adoptId !== undefined) failures.push(...validateTree(adoptId, idSchema, "adoptId"));
  const payload = payloadOf(spec.fields, fields);
  failures.push(...validateTree(payload, createSchema));
  // The kind's own rule beside its entry (the tenant applies it too), once every value is known.
  const rule = kindSpec(spec.kind)?.rules?.check;
  if (rule && failures.length === 0 && !containsUnknown(payload)) {
    const issue = rule(payload);
    if (issue) failures.push({ property: issue.property, reason: issue.message });
  }
  for (const key of Object.keys(fields)) {
    if (!spec.fields.includes(key) && fields[key] !== undefined && !CONTROL_INPUTS.has(key)) {
      failures.push({ property: key, reason: "Additional properties not allowed" });
    }
  }
  failures.push(...(spec.extraChecks?.(fields) ?? []));
  return { inputs: news, failures };
}

/** Inputs every resource takes besides the API's fields. */
export const CONTROL_INPUTS: ReadonlySet<string> = new Set(["adoptId", "tenant", "rotatedSecrets"]);

function withAdoptId(outputs: JsonObject, adoptId: unknown): JsonObject {
  return typeof adoptId === "string" ? { ...outputs, adoptId } : outputs;
}
