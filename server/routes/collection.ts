/**
 * The routes of a collection from its table entry (api/kinds/index.ts): list (offset or
 * checkpoint paging, as the entry says), create (POST, the create schema; the id and
 * timestamps are the server's), get, update (PATCH, the update schema, merged into the
 * object) and delete, with the entry's scopes (and a global client for an Early Access
 * kind), id rule and not-found code. Secrets follow the entry's secret paths: sealed at
 * rest by the store, never answered when they are write-only (and redacted in the log,
 * server/logger.ts). A kind whose entry has a `summarySchema` (flows, vault connections)
 * lists summaries: the store keeps each object's summary beside it (the summary schema's
 * fields), so a list never reads whole objects. A PATCH replaces whole top-level keys, and
 * `null` clears one. What a kind needs beyond its entry comes as {@link CollectionRules}
 * (the rate limit policies: filters, a conflict check, microsecond timestamps; a vault
 * connection: the fields the server makes from its credentials).
 */
import type { FastifyInstance } from "fastify";
import { ERROR_CODES, kindSpec, newId, type KindOperation, type KindRules, type TenantRecords } from "../../api";
import { tenantRules } from "../../api/kinds/tenant";
import type { TenantContext } from "../context";
import { beforeDeleteOf, recordsOf, registerRecords, servedOperations, tablesOf } from "./relations";
import { checkpointPage, filteredOffsetPage, offsetPage } from "../paging";
import { HttpError, invalidBody, invalidQuery, notFound } from "../http-error";
import { publicObject } from "../public-object";
import { bodyKindOf, type BodyKind } from "../body";
import type { Collection } from "../store";
import { isoMicros, isoMillis, isoMillisAfter } from "../time";
import { queryList, queryValue, validKindBody, validPathId, type IdRoute } from "../validation";
import type { FastifyRequest } from "fastify";
import type { ValidationIssue } from "../../api";

/** An object of a collection as stored. */
export type StoredObject = { id: string } & Record<string, unknown>;

/** A kind's own rules on top of its table entry's routes, as the server applies them (made from its entry's `rules`). */
export interface CollectionRules {
  /** Fields the list filters on by equality (`?consumer_selector=default`); a checkpoint-paged kind only. */
  readonly listFilters?: readonly string[];
  /** The timestamp of a write; `previous` is the object's `updated_at` before an update. Default: milliseconds, moving on. */
  now?(previous?: string): string;
  /** Checked in the transaction that inserts `object`: a rule across objects; throws an HttpError to refuse. */
  beforeInsert?(object: StoredObject, objects: Collection<StoredObject>): void;
  /**
   * A body rule no schema states, checked before the entry's schema so that the kind's
   * precise word comes first (a vault connection's setup against its app); `existing` is
   * the object an update changes. It must expect any JSON.
   */
  check?(body: unknown, existing?: StoredObject): ValidationIssue | undefined;
  /** A body rule only the tenant applies, checked after the schema (an event stream's known event types). */
  tenantCheck?(body: unknown): ValidationIssue | undefined;
  /**
   * The object to store after a create (`existing` undefined) or an update: `object` is the
   * merged result, `change` the body. Adds what the server makes (a connection's `ready`,
   * `fingerprint`); throws an HttpError to refuse.
   */
  stored?(object: StoredObject, change: Record<string, unknown>, existing?: StoredObject): StoredObject;
  /** The `hydrate` values the list and a GET accept (anything else is 400 `invalid_query`). */
  readonly hydrate?: { readonly list: readonly string[]; readonly get: readonly string[] };
  /** The create also takes a form-encoded body. */
  readonly urlEncodedCreate?: boolean;
  /** A change of `existing` refused outright (400 `invalid_body` with these words), whatever the schema says. */
  refuse?(change: Record<string, unknown>, existing: StoredObject): string | undefined;
  /** An object refused as it would be stored (400 `invalid_body` with these words). */
  refuseStored?(object: StoredObject): string | undefined;
  /** Query parameters an offset-paged list filters on: each a test of one object against the parameter's value. */
  readonly listQuery?: Readonly<Record<string, (object: StoredObject, value: string) => boolean>>;
  /** A step after a create or an update, in its transaction: answers the object to answer (the entry's `afterWrite`). */
  afterWrite?(object: StoredObject, body: Record<string, unknown>, tenant: TenantRecords): StoredObject;
  /**
   * Checked before a delete, and what goes with it (the entry's relations, then its
   * `beforeDelete`: relations.ts): throws to refuse.
   */
  beforeDelete?(object: StoredObject, query: unknown, tenant: TenantRecords): void;
  /** Routes beyond create, read, list, update and delete (the entry's `operations`). */
  readonly operations?: readonly KindOperation[];
  /** An object as the API answers it, where more than its write-only secrets go (the entry's `answer`). */
  answer?(object: StoredObject, tenant: TenantRecords): Record<string, unknown>;
  /** An object as another kind's answer summarises it (the entry's `summary`; default: as answered). */
  summary?(object: StoredObject, tenant: TenantRecords): Record<string, unknown>;
  /** Whether an object is in service for a kind that holds it (the entry's `inService`; default: always). */
  inService?(object: StoredObject): boolean;
  /** Tables of its own, made at start (the entry's `tables`, and those of the kinds it serves). */
  readonly tables?: readonly string[];
  /** Its 404 on one object, where the words are its own. */
  readonly notFound?: { readonly message: string; readonly errorCode: string };
}

/**
 * The server's form of a kind's own rules (its entry's `rules`, api/table/kind-spec.ts `KindRules`, and its room's tenant rules):
 * its timestamps' precision as the clock, its uniqueness as a check in the insert's
 * transaction (409 `conflict`).
 */
export function collectionRulesOf(
  rules: KindRules | undefined,
  served: readonly KindOperation[] = [],
  tables: readonly string[] = rules?.tables ?? [],
  beforeDelete: KindRules["beforeDelete"] = rules?.beforeDelete,
): CollectionRules {
  if (!rules) {
    return { ...(served.length > 0 ? { operations: served } : {}), ...(beforeDelete ? { beforeDelete } : {}), tables };
  }
  const { unique } = rules;
  return {
    ...(rules.listFilters ? { listFilters: rules.listFilters } : {}),
    ...(rules.timestamps === "microseconds" ? { now: () => isoMicros() } : {}),
    ...(rules.check ? { check: rules.check } : {}),
    ...(rules.tenantCheck ? { tenantCheck: rules.tenantCheck } : {}),
    ...(rules.stored ? { stored: rules.stored } : {}),
    ...(rules.hydrate ? { hydrate: rules.hydrate } : {}),
    ...(rules.urlEncodedCreate ? { urlEncodedCreate: true } : {}),
    ...(rules.refuse ? { refuse: rules.refuse } : {}),
    ...(rules.refuseStored ? { refuseStored: rules.refuseStored } : {}),
    ...(rules.listQuery ? { listQuery: rules.listQuery } : {}),
    ...(rules.afterWrite ? { afterWrite: rules.afterWrite as CollectionRules["afterWrite"] } : {}),
    ...(beforeDelete ? { beforeDelete } : {}),
    ...(rules.operations || served.length > 0 ? { operations: [...(rules.operations ?? []), ...served] } : {}),
    ...(rules.answer ? { answer: rules.answer } : {}),
    ...(rules.summary ? { summary: rules.summary } : {}),
    ...(rules.inService ? { inService: rules.inService } : {}),
    ...(rules.notFound ? { notFound: rules.notFound } : {}),
    tables,
    ...(unique
      ? {
          beforeInsert(object: StoredObject, objects: Collection<StoredObject>) {
            const clash = objects.findWhere(
              Object.fromEntries(unique.fields.map((field) => [field, String(object[field])])),
            );
            if (clash.length > 0) throw new HttpError(409, unique.message(object, clash[0].id), ERROR_CODES.conflict);
          },
        }
      : {}),
  };
}

/** The `hydrate` values of `request` must be among `allowed` (when the kind declares any). */
function checkHydrate(request: FastifyRequest, allowed: readonly string[] | undefined): void {
  if (!allowed) return;
  for (const value of queryList(request.query, "hydrate")) {
    if (!allowed.includes(value)) throw invalidQuery("hydrate", `Must be one of: ${allowed.join(", ")}`);
  }
}

/** The properties a schema names (a summary schema is an object schema). */
const propertiesOf = (schema: Record<string, unknown>): string[] => Object.keys((schema.properties ?? {}) as object);

/** Registers the routes of collection kind `kind`, with its own `rules`. */
export function registerCollectionRoutes(
  app: FastifyInstance,
  context: TenantContext,
  kind: string,
  rules: CollectionRules = collectionRulesOf(
    tenantRules(kind),
    servedOperations(kind),
    tablesOf(kind),
    beforeDeleteOf(kind, tenantRules(kind).beforeDelete),
  ),
): void {
  const spec = kindSpec(kind);
  if (!spec?.id || !spec.paging || spec.shape !== "collection") {
    throw new Error(`kind "${kind}" is not a collection with ids and paging: it needs routes of its own`);
  }
  if (spec.summarySchema && spec.paging.style !== "offset") {
    throw new Error(`kind "${kind}" lists summaries with checkpoint paging: it needs routes of its own`);
  }
  const { scopes, label, notFoundCode, paging } = spec;
  const base = `/api/v2${spec.path}`;
  const table = spec.path.slice(1).replace(/[^a-z]+/g, "_");
  const summaryFields = spec.summarySchema ? propertiesOf(spec.summarySchema) : undefined;
  const summarise = summaryFields
    ? (object: StoredObject) =>
        Object.fromEntries(summaryFields.flatMap((key) => (key in object ? [[key, object[key]]] : [])))
    : undefined;
  const objects = context.store.collection<StoredObject>(table, {
    ...(spec.secretPaths.length > 0 ? { secretPaths: spec.secretPaths } : {}),
    ...(summarise ? { summarise } : {}),
  });
  const stored = (object: StoredObject, change: Record<string, unknown>, existing?: StoredObject) => {
    const made = rules.stored ? rules.stored(object, change, existing) : object;
    const refused = rules.refuseStored?.(made);
    if (refused) throw new HttpError(400, refused, ERROR_CODES.invalidBody);
    return made;
  };
  const bodyOf = (operation: "create" | "update", body: unknown, existing?: StoredObject, urlEncoded = false) => {
    const issue = rules.check?.(body, existing);
    if (issue) throw invalidBody(issue);
    const valid = validKindBody<Record<string, unknown>>(kind, operation, body, {
      urlEncoded,
      ...(rules.tenantCheck ? { check: rules.tenantCheck } : {}),
    });
    const refused = existing ? rules.refuse?.(valid, existing) : undefined;
    if (refused) throw new HttpError(400, refused, ERROR_CODES.invalidBody);
    return valid;
  };
  const now = (previous?: string) => rules.now?.(previous) ?? (previous ? isoMillisAfter(previous) : isoMillis());
  const show = (object: StoredObject) =>
    rules.answer ? (rules.answer(object, records) as StoredObject) : publicObject(kind, object);
  const auth = (scope: string | undefined) => ({
    config: { auth: { scope: scope ?? "", ...(spec.earlyAccess ? { requireGlobal: true } : {}) } },
  });
  const missing = (id: string) =>
    rules.notFound
      ? notFound(rules.notFound.message, rules.notFound.errorCode)
      : notFound(`The ${label} with id ${id} does not exist.`, notFoundCode);
  const pathId = (params: { id: string }) => validPathId(kind, params.id);
  // The kind's own tables, made now, outside any request: a refused write's roll-back cannot take them.
  for (const name of rules.tables ?? []) context.store.collection(`${table}_${name}`);
  // What the kind's own hooks and operations reach (api/table/operations.ts).
  const records: TenantRecords = {
    objects: objects as Collection<StoredObject>,
    table: <T>(name: string) => context.store.collection(`${table}_${name}`) as unknown as Collection<T>,
    shown: (object) => show(object as StoredObject) as StoredObject,
    now: () => isoMillis(),
    transaction: (work) => context.store.transaction(work),
    summarised: (object) =>
      rules.summary ? rules.summary(object as StoredObject, records) : show(object as StoredObject),
    inService: (object) => rules.inService?.(object as StoredObject) ?? true,
    recordsOf: (other) => recordsOf(context, other),
    remove: (id) => {
      const object = objects.get(id);
      if (!object) return false;
      rules.beforeDelete?.(object, { force: "true" }, records);
      return objects.delete(id);
    },
    ...(context.sandbox ? { sandbox: context.sandbox } : {}),
  };
  registerRecords(context, kind, records);

  app.get(base, auth(scopes.list), async (request) => {
    if (paging.style === "offset" && (paging.answers === "page" || rules.listQuery)) {
      return filteredOffsetPage(kind, request.query, objects, show, rules.listQuery ?? {});
    }
    if (paging.style === "offset") {
      checkHydrate(request, rules.hydrate?.list);
      return offsetPage(
        kind,
        request.query,
        (offset, limit) =>
          summarise ? objects.pageOffsetSummaries(offset, limit) : objects.pageOffset(offset, limit).map(show),
        () => objects.count(),
      );
    }
    const where: Record<string, string> = {};
    for (const filter of rules.listFilters ?? []) {
      const value = queryValue(request.query, filter);
      if (value !== undefined && value !== "") where[filter] = value;
    }
    return checkpointPage(kind, objects, request.query, { where, show });
  });

  const createOptions = rules.urlEncodedCreate
    ? { config: { ...auth(scopes.create).config, bodyKinds: ["json", "urlencoded"] as BodyKind[] } }
    : auth(scopes.create);
  app.post(base, createOptions, async (request, reply) => {
    const urlEncoded = rules.urlEncodedCreate === true && bodyKindOf(request.headers["content-type"]) === "urlencoded";
    const body = bodyOf("create", request.body, undefined, urlEncoded);
    const created = now();
    const object = stored({ id: newId(kind), ...body, created_at: created, updated_at: created }, body);
    // Check and insert in one transaction, so two concurrent creates cannot both pass a rule.
    const answer = context.store.transaction(() => {
      rules.beforeInsert?.(object, objects);
      objects.insert(object.id, object);
      return rules.afterWrite ? rules.afterWrite(object, body, records) : object;
    });
    return reply.code(201).send(show(answer));
  });

  app.get<IdRoute>(`${base}/:id`, auth(scopes.get), async (request) => {
    const id = pathId(request.params);
    checkHydrate(request, rules.hydrate?.get);
    const object = objects.get(id);
    if (!object) throw missing(id);
    return show(object);
  });

  app.patch<IdRoute>(`${base}/:id`, auth(scopes.update), async (request) => {
    const id = pathId(request.params);
    return context.store.transaction(() => {
      const existing = objects.get(id);
      if (!existing) throw missing(id);
      const body = bodyOf("update", request.body, existing);
      const merged: StoredObject = { ...existing, ...body, id };
      // Whole top-level keys are replaced, never deep-merged; null clears one.
      for (const [key, value] of Object.entries(body)) if (value === null) delete merged[key];
      const updated = stored({ ...merged, updated_at: now(existing.updated_at as string | undefined) }, body, existing);
      objects.replace(id, updated);
      return show(rules.afterWrite ? rules.afterWrite(updated, body, records) : updated);
    });
  });

  app.delete<IdRoute>(`${base}/:id`, auth(scopes.delete), async (request, reply) => {
    const id = pathId(request.params);
    const object = objects.get(id);
    if (object && rules.beforeDelete)
      context.store.transaction(() => rules.beforeDelete!(object, request.query, records));
    // Outside a transaction: the store then checkpoints after deleting a sealed secret, so that its
    // bytes leave the database files too (server/store.ts).
    if (!objects.delete(id)) throw missing(id);
    return reply.code(204).send();
  });

  for (const operation of rules.operations ?? []) registerOperation(app, kind, operation, records, auth);
}

/**
 * Registers `operation` of collection `kind` (its entry's `operations`): `{path}` becomes the
 * kind's path, an `:id` is checked as the generic routes check ids, and the handler gets the
 * kind's records.
 */
function registerOperation(
  app: FastifyInstance,
  kind: string,
  operation: KindOperation,
  records: TenantRecords,
  auth: (scope: string | undefined) => object,
): void {
  const spec = kindSpec(kind)!;
  const url = `/api/v2${operation.path.replace("{path}", spec.path)}`;
  app.route<{ Params: Record<string, string> }>({
    method: operation.method,
    url,
    ...auth(spec.scopes[operation.scope]),
    handler: async (request, reply) => {
      const params = { ...request.params };
      if (params.id !== undefined) params.id = validPathId(kind, params.id);
      const answer = await operation.handle({ params, query: request.query, body: request.body }, records);
      return reply.code(operation.status ?? 200).send(answer);
    },
  });
}
