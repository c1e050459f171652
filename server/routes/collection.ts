/**
 * The routes of a collection from its table entry alone (api/kinds.ts): list (offset or
 * checkpoint paging, as the entry says), create (POST, the create schema; the id and
 * timestamps are the server's), get, update (PATCH, the update schema, merged into the
 * object) and delete, with the entry's scopes (and a global client for an Early Access
 * kind), id rule and not-found code. What a kind declared with `defineKind` gets (one
 * without secrets: sealing them at rest needs rules of its own); the
 * table's own kinds have route files with their rules (server/routes/<kinds>.ts).
 */
import type { FastifyInstance } from "fastify";
import { kindSpec, newId } from "../../api";
import type { TenantContext } from "../context";
import { checkpointPage, offsetPage } from "../paging";
import { notFound } from "../http-error";
import { isoMillis, isoMillisAfter } from "../time";
import { validKindBody, validPathId, type IdRoute } from "../validation";

type StoredObject = { id: string } & Record<string, unknown>;

/** Registers the routes of collection kind `kind`. */
export function registerCollectionRoutes(app: FastifyInstance, context: TenantContext, kind: string): void {
  const spec = kindSpec(kind);
  if (!spec?.id || !spec.paging || spec.shape !== "collection" || spec.secretPaths.length > 0) {
    throw new Error(
      `kind "${kind}" is not a collection with ids, paging and no secrets: it needs routes of its own (and rules to seal its secrets)`,
    );
  }
  const { scopes, label, notFoundCode, paging } = spec;
  const base = `/api/v2${spec.path}`;
  const table = spec.path.slice(1).replace(/[^a-z]+/g, "_");
  const objects = context.store.collection<StoredObject>(table);
  const auth = (scope: string | undefined) => ({
    config: { auth: { scope: scope ?? "", ...(spec.earlyAccess ? { requireGlobal: true } : {}) } },
  });
  const missing = (id: string) => notFound(`The ${label} with id ${id} does not exist.`, notFoundCode);
  const pathId = (params: { id: string }) => validPathId(kind, params.id);

  app.get(base, auth(scopes.list), async (request) => {
    return paging.style === "checkpoint"
      ? checkpointPage(kind, objects, request.query)
      : offsetPage(
          kind,
          request.query,
          (offset, limit) => objects.pageOffset(offset, limit),
          () => objects.count(),
        );
  });

  app.post(base, auth(scopes.create), async (request, reply) => {
    const body = validKindBody<Record<string, unknown>>(kind, "create", request.body);
    const now = isoMillis();
    const object: StoredObject = { id: newId(kind), ...body, created_at: now, updated_at: now };
    objects.insert(object.id, object);
    return reply.code(201).send(object);
  });

  app.get<IdRoute>(`${base}/:id`, auth(scopes.get), async (request) => {
    const id = pathId(request.params);
    const object = objects.get(id);
    if (!object) throw missing(id);
    return object;
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
        updated_at: isoMillisAfter(existing.updated_at as string | undefined),
      };
      objects.replace(id, updated);
      return updated;
    });
  });

  app.delete<IdRoute>(`${base}/:id`, auth(scopes.delete), async (request, reply) => {
    const id = pathId(request.params);
    if (!objects.delete(id)) throw missing(id);
    return reply.code(204).send();
  });
}
