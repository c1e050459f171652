/**
 * The routes of a collection from its table entry (api/kinds.ts): list (offset or
 * checkpoint paging, as the entry says), create (POST, the create schema; the id and
 * timestamps are the server's), get, update (PATCH, the update schema, merged into the
 * object) and delete, with the entry's scopes (and a global client for an Early Access
 * kind), id rule and not-found code. Secrets follow the entry's secret paths: sealed at
 * rest by the store, never answered when they are write-only (and redacted in the log,
 * server/logger.ts). What a kind needs beyond its entry comes as {@link CollectionRules}
 * (the rate limit policies: filters, a conflict check, microsecond timestamps).
 */
import type { FastifyInstance } from "fastify";
import { kindSpec, newId } from "../../api";
import type { TenantContext } from "../context";
import { checkpointPage, offsetPage } from "../paging";
import { notFound } from "../http-error";
import { publicObject } from "../public-object";
import type { Collection } from "../store";
import { isoMillis, isoMillisAfter } from "../time";
import { queryValue, validKindBody, validPathId, type IdRoute } from "../validation";

/** An object of a collection as stored. */
export type StoredObject = { id: string } & Record<string, unknown>;

/** A kind's own rules on top of its table entry's routes. */
export interface CollectionRules {
  /** Fields the list filters on by equality (`?consumer_selector=default`); a checkpoint-paged kind only. */
  readonly listFilters?: readonly string[];
  /** The timestamp of a write; `previous` is the object's `updated_at` before an update. Default: milliseconds, moving on. */
  now?(previous?: string): string;
  /** Checked in the transaction that inserts `object`: a rule across objects; throws an HttpError to refuse. */
  beforeInsert?(object: StoredObject, objects: Collection<StoredObject>): void;
}

/** Registers the routes of collection kind `kind`, with its own `rules`. */
export function registerCollectionRoutes(
  app: FastifyInstance,
  context: TenantContext,
  kind: string,
  rules: CollectionRules = {},
): void {
  const spec = kindSpec(kind);
  if (!spec?.id || !spec.paging || spec.shape !== "collection" || spec.summarySchema) {
    throw new Error(
      `kind "${kind}" is not a collection with ids, paging and whole objects in its list: it needs routes of its own`,
    );
  }
  const { scopes, label, notFoundCode, paging } = spec;
  const base = `/api/v2${spec.path}`;
  const table = spec.path.slice(1).replace(/[^a-z]+/g, "_");
  const objects = context.store.collection<StoredObject>(
    table,
    spec.secretPaths.length > 0 ? { secretPaths: spec.secretPaths } : undefined,
  );
  const now = (previous?: string) => rules.now?.(previous) ?? (previous ? isoMillisAfter(previous) : isoMillis());
  const show = (object: StoredObject) => publicObject(kind, object);
  const auth = (scope: string | undefined) => ({
    config: { auth: { scope: scope ?? "", ...(spec.earlyAccess ? { requireGlobal: true } : {}) } },
  });
  const missing = (id: string) => notFound(`The ${label} with id ${id} does not exist.`, notFoundCode);
  const pathId = (params: { id: string }) => validPathId(kind, params.id);

  app.get(base, auth(scopes.list), async (request) => {
    if (paging.style === "offset") {
      return offsetPage(
        kind,
        request.query,
        (offset, limit) => objects.pageOffset(offset, limit).map(show),
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

  app.post(base, auth(scopes.create), async (request, reply) => {
    const body = validKindBody<Record<string, unknown>>(kind, "create", request.body);
    const created = now();
    const object: StoredObject = { id: newId(kind), ...body, created_at: created, updated_at: created };
    // Check and insert in one transaction, so two concurrent creates cannot both pass a rule.
    context.store.transaction(() => {
      rules.beforeInsert?.(object, objects);
      objects.insert(object.id, object);
    });
    return reply.code(201).send(show(object));
  });

  app.get<IdRoute>(`${base}/:id`, auth(scopes.get), async (request) => {
    const id = pathId(request.params);
    const object = objects.get(id);
    if (!object) throw missing(id);
    return show(object);
  });

  app.patch<IdRoute>(`${base}/:id`, auth(scopes.update), async (request) => {
    const id = pathId(request.params);
    const body = validKindBody<Record<string, unknown>>(kind, "update", request.body);
    return context.store.transaction(() => {
      const existing = objects.get(id);
      if (!existing) throw missing(id);
      const updated: StoredObject = {
        ...existing,
        ...body,
        id,
        updated_at: now(existing.updated_at as string | undefined),
      };
      objects.replace(id, updated);
      return show(updated);
    });
  });

  app.delete<IdRoute>(`${base}/:id`, auth(scopes.delete), async (request, reply) => {
    const id = pathId(request.params);
    if (!objects.delete(id)) throw missing(id);
    return reply.code(204).send();
  });
}
