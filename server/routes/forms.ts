/**
 * `/api/v2/forms`: list (offset paging), create, get, update, delete.
 *
 * Behaviour copied from the real service: empty objects and arrays are not echoed,
 * `ending` defaults to `{resume_flow: true}` (also after a PATCH clears it, so a form
 * always has one), PATCH replaces whole top-level keys (`null` clears one), every
 * `next_node` must name a node or `$ending`, and the list returns summaries (id, name,
 * timestamps), not whole forms. Every write moves `updated_at` (by a millisecond at least).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  DEFAULT_FORM_ENDING,
  ERROR_CODES,
  KINDS,
  FORM_KEPT_EMPTY_KEYS,
  FORM_OPAQUE_KEYS,
  newId,
  unresolvedFormNodeReferences,
  type Form,
  type FormFields,
} from "../../api";
import { bodyKindOf } from "../body";
import type { TenantContext } from "../context";
import { offsetPage } from "../paging";
import { HttpError, invalidQuery, notFound } from "../http-error";
import { isoMillis, isoMillisAfter } from "../time";
import { queryList, validKindBody, validPathId, type IdRoute } from "../validation";

/** Base path of the collection. */
export const FORMS_PATH = "/api/v2/forms";

const scopes = KINDS.form.scopes;
const HYDRATE_VALUES = ["flow_count", "links"];

const formNotFound = (id: string) => notFound(`The form with id ${id} does not exist.`, KINDS.form.notFoundCode);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Drops empty objects and arrays, at any depth, the way the service does. STEP
 * components and router rule conditions are opaque: what a caller put in them comes
 * back as given (an empty `operands: []` included).
 */
export function pruneEmpty(value: unknown, key = ""): unknown {
  if (FORM_OPAQUE_KEYS.has(key)) return value;
  if (Array.isArray(value)) {
    return value.map((item) => pruneEmpty(item)).filter((item) => item !== undefined);
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [innerKey, inner] of Object.entries(value)) {
      const pruned = pruneEmpty(inner, innerKey);
      const empty =
        (Array.isArray(pruned) && pruned.length === 0) || (isPlainObject(pruned) && Object.keys(pruned).length === 0);
      if (pruned !== undefined && (!empty || FORM_KEPT_EMPTY_KEYS.has(innerKey))) out[innerKey] = pruned;
    }
    return out;
  }
  return value;
}

/** The `next_node` targets of a form (JUMP_BUTTON components included) that name neither a node nor `$ending`. */
export function unknownNodeTargets(form: FormFields): string[] {
  return [...new Set(unresolvedFormNodeReferences(form).map((reference) => String(reference.target)))];
}

function checkNodeTargets(form: FormFields): void {
  const unknown = unknownNodeTargets(form);
  if (unknown.length > 0) {
    throw new HttpError(400, `Some nodes point to unknown node IDs: ${unknown.join(", ")}`, ERROR_CODES.invalidBody);
  }
}

function checkHydrate(request: FastifyRequest): void {
  for (const value of queryList(request.query, "hydrate")) {
    if (!HYDRATE_VALUES.includes(value)) throw invalidQuery("hydrate", `Must be one of: ${HYDRATE_VALUES.join(", ")}`);
  }
}

/** The list item of a form: what the service's list returns. */
type FormSummary = Pick<Form, "id" | "name" | "created_at" | "updated_at" | "embedded_at" | "submitted_at">;

/** The list item of a form, kept beside it in the store so that listing never reads whole forms. */
function summary(form: Form): FormSummary {
  const { id, name, created_at, updated_at, embedded_at, submitted_at } = form;
  return {
    id,
    name,
    created_at,
    updated_at,
    ...(embedded_at ? { embedded_at } : {}),
    ...(submitted_at ? { submitted_at } : {}),
  };
}

/** Orders a form's keys as the service does: id, fields, timestamps. */
function storedForm(id: string, fields: FormFields, createdAt: string, updatedAt: string): Form {
  const { name, ...rest } = fields;
  return {
    id,
    name,
    ...rest,
    ending: rest.ending ?? DEFAULT_FORM_ENDING,
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

/** Registers the form routes. */
export function registerFormRoutes(app: FastifyInstance, context: TenantContext): void {
  const forms = context.store.collection<Form>("forms", { summarise: summary, secretPaths: KINDS.form.secretPaths });

  app.get(FORMS_PATH, { config: { auth: { scope: scopes.list } } }, async (request) => {
    return offsetPage(
      "form",
      request.query,
      (offset, limit) => {
        checkHydrate(request);
        return forms.pageOffsetSummaries<FormSummary>(offset, limit);
      },
      () => forms.count(),
    );
  });

  app.post(
    FORMS_PATH,
    { config: { auth: { scope: scopes.create }, bodyKinds: ["json", "urlencoded"] } },
    async (request, reply) => {
      const body = validKindBody<FormFields>("form", "create", request.body, {
        urlEncoded: bodyKindOf(request.headers["content-type"]) === "urlencoded",
      });
      const fields = pruneEmpty(body) as FormFields;
      checkNodeTargets(fields);
      const now = isoMillis();
      const form = storedForm(newId("form"), fields, now, now);
      forms.insert(form.id, form);
      return reply.code(201).send(form);
    },
  );

  app.get<IdRoute>(`${FORMS_PATH}/:id`, { config: { auth: { scope: scopes.get } } }, async (request) => {
    const id = validPathId("form", request.params.id);
    checkHydrate(request);
    const form = forms.get(id);
    if (!form) throw formNotFound(id);
    return form;
  });

  app.patch<IdRoute>(`${FORMS_PATH}/:id`, { config: { auth: { scope: scopes.update } } }, async (request) => {
    const id = validPathId("form", request.params.id);
    const body = validKindBody<Record<string, unknown>>("form", "update", request.body);
    return context.store.transaction(() => {
      const existing = forms.get(id);
      if (!existing) throw formNotFound(id);
      const { id: _id, created_at: createdAt, updated_at: updatedAt, ...fields } = existing;
      const merged: Record<string, unknown> = { ...fields };
      // Whole top-level keys are replaced, never deep-merged; null (or an empty value) clears.
      const changes = pruneEmpty(body) as Record<string, unknown>;
      for (const key of Object.keys(body)) {
        if (changes[key] === undefined || changes[key] === null) delete merged[key];
        else merged[key] = changes[key];
      }
      checkNodeTargets(merged as unknown as FormFields);
      const updated = storedForm(id, merged as unknown as FormFields, createdAt, isoMillisAfter(updatedAt));
      forms.replace(id, updated);
      return updated;
    });
  });

  app.delete<IdRoute>(`${FORMS_PATH}/:id`, { config: { auth: { scope: scopes.delete } } }, async (request, reply) => {
    const id = validPathId("form", request.params.id);
    if (!forms.delete(id)) throw formNotFound(id);
    return reply.code(204).send();
  });
}
