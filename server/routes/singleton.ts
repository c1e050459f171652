/**
 * The routes of a singleton from its table entry (`shape: "singleton"`): one object per
 * tenant at the entry's path. GET answers it (404 with the entry's not-found code when the
 * tenant has none); PUT validates the body against the entry's response schema (the object
 * the PUT takes) and answers 201 (an empty JSON object) when it created the object and 204
 * (no body) when it replaced it, as the real service does; DELETE answers 204, whether or
 * not there was one. What a singleton needs beyond its entry comes as its rules'
 * `singleton` facts (api/table/kind-spec.ts `SingletonRules`, from the kind's tenant.ts): the login page template takes its
 * markup bare (a JSON string, `text/html`) or form encoded, and needs a custom domain. A singleton
 * written by PATCH (the branding settings, the prompts' settings) or made by POST with an id of the
 * tenant's (the branding theme) has the routes below instead; one keyed by path fields (a prompt's
 * custom text, its partials) has those of ./singleton-keyed.ts.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ERROR_CODES, kindSpec, newIdOf, type JsonSchema } from "../../api";
import { isObject } from "../../api/json";
import { bodyKindOf } from "../body";
import type { TenantContext } from "../context";
import { HttpError, invalidBody, notFound } from "../http-error";
import { compileSchema, validBody } from "../validation";
import { tenantRules } from "../../api/kinds/tenant";
import { requireCustomDomain } from "./custom-domains";
import { registerKeyedRoutes } from "./singleton-keyed";
import { recordIdOf, singletonRecordsOf, wordsOf, type SingletonRecords } from "./singleton-records";

/** Registers the routes of singleton kind `kind`, with its own rules. */
export function registerSingletonRoutes(app: FastifyInstance, context: TenantContext, kind: string): void {
  const spec = kindSpec(kind);
  const own = tenantRules(kind).singleton;
  if (!spec || spec.shape !== "singleton" || !own) {
    throw new Error(`kind "${kind}" is not a singleton with its rules (shape, rules.singleton)`);
  }
  const records = singletonRecordsOf(context, kind);
  if (spec.singletonMadeId) return registerMadeIdRoutes(app, context, kind, records);
  if (spec.singletonKey) return registerKeyedRoutes(app, context, kind, records);
  if (spec.singletonWrites?.method === "PATCH") return registerMergingRoutes(app, context, kind, records);
  const words = wordsOf(kind);
  const path = `/api/v2${spec.path}`;
  const recordId = recordIdOf(spec.singletonId);
  const objectSchema = spec.responseSchema;
  const objectValidator = compileSchema(objectSchema);
  const bareSchema =
    own.bareField === undefined
      ? undefined
      : ((objectSchema.properties ?? {}) as Record<string, JsonSchema>)[own.bareField];
  const bareValidator = bareSchema ? compileSchema(bareSchema) : undefined;
  const precondition = () => {
    if (own.requiresCustomDomain) requireCustomDomain(context.store);
  };

  /** The object a PUT body means, whichever of the forms the singleton takes it came in. */
  function objectOf(request: FastifyRequest): Record<string, unknown> {
    const body = request.body;
    if (
      own!.bareField !== undefined &&
      (bodyKindOf(request.headers["content-type"]) === "html" || typeof body === "string")
    ) {
      return { [own!.bareField]: validBody<unknown>(body ?? "", bareValidator!, bareSchema!, false) };
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw invalidBody(words.expected);
    return validBody<Record<string, unknown>>(body, objectValidator, objectSchema, false);
  }

  app.get(path, { config: { auth: { scope: spec.scopes.get! } } }, async () => {
    precondition();
    const record = records.get(recordId);
    if (!record) {
      if (own.absent) return own.absent;
      throw notFound(words.notFound, spec.notFoundCode);
    }
    return own.answer ? own.answer(record) : record;
  });

  app.put(
    path,
    {
      config: {
        auth: { scope: spec.scopes.update! },
        ...(own.htmlAndUrlEncoded ? { bodyKinds: ["json" as const, "html" as const, "urlencoded" as const] } : {}),
      },
    },
    async (request, reply) => {
      precondition();
      const fields = objectOf(request);
      const refused = tenantRules(kind).refuseStored?.({ id: recordId, ...fields });
      if (refused) throw new HttpError(400, refused, ERROR_CODES.invalidBody);
      const stored = own.stored ? own.stored(fields) : fields;
      const created = records.upsert(recordId, stored);
      if (own.putAnswersStored) return own.answer ? own.answer(stored) : stored;
      // 204 has no body; 201 answers an empty JSON object (every other success of the server is JSON).
      if (!created) return reply.code(204).send();
      return reply.code(201).send({});
    },
  );

  app.delete(path, { config: { auth: { scope: spec.scopes.delete! } } }, async (_request, reply) => {
    precondition();
    records.delete(recordId);
    return reply.code(204).send();
  });
}

/**
 * `patch` merged into `existing`: a field set where given, removed where `null`, kept where
 * absent; nested objects merged likewise (an object left empty is removed), anything else
 * (a colour replacing a gradient) replaced whole.
 */
export function mergedPatch(
  existing: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...existing };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else if (isObject(value) && isObject(existing[key])) {
      const inner = mergedPatch(existing[key], value);
      if (Object.keys(inner).length > 0) result[key] = inner;
      else delete result[key];
    } else if (isObject(value)) {
      const inner = mergedPatch({}, value);
      if (Object.keys(inner).length > 0) result[key] = inner;
      else delete result[key];
    } else result[key] = value;
  }
  return result;
}

/**
 * The routes of a singleton written by PATCH (`singletonWrites.method`: the branding settings,
 * the prompts' settings), which merges: GET answers the record, `{}` before any write (never a
 * 404); PATCH checks the body (the rules' `bodyIssue` in the service's words, else the entry's
 * update schema), merges it ({@link mergedPatch}) and answers the result. Both answer the
 * rules' `answer` of it where they have one (the prompts' settings over their defaults).
 */
export function registerMergingRoutes(
  app: FastifyInstance,
  context: TenantContext,
  kind: string,
  records: SingletonRecords,
): void {
  const spec = kindSpec(kind)!;
  const path = `/api/v2${spec.path}`;
  const recordId = recordIdOf(spec.singletonId);
  const own = tenantRules(kind).singleton!;
  const validator = own.bodyIssue ? undefined : compileSchema(spec.updateSchema);
  const answer = (record: Record<string, unknown>) => (own.answer ? own.answer(record) : record);
  const patchOf = (body: unknown) => {
    if (!own.bodyIssue) return validBody<Record<string, unknown>>(body, validator!, spec.updateSchema, false);
    const issue = own.bodyIssue(body);
    if (issue) throw invalidBody(issue);
    return body as Record<string, unknown>;
  };
  app.get(path, { config: { auth: { scope: spec.scopes.get! } } }, async () => answer(records.get(recordId) ?? {}));
  app.patch(path, { config: { auth: { scope: spec.scopes.update! } } }, async (request) => {
    const patch = patchOf(request.body);
    return context.store.transaction(() => {
      const updated = mergedPatch((records.get(recordId) ?? {}) as Record<string, unknown>, patch);
      records.upsert(recordId, updated);
      return answer(updated);
    });
  });
}

/** The length of an id the tenant makes for a singleton (a theme's `themeId`). */
const MADE_ID = { prefix: "", length: 32 } as const;

/**
 * The routes of a singleton whose one object the tenant makes with an id of its own
 * (`singletonMadeId`: the branding theme): POST at its create path answers 200 with the object
 * and its new id (409 with the rules' `conflictMessage` while one exists); GET at its current
 * path answers it whatever its id (404 before one exists); GET, the entry's write method
 * (answering the object) and DELETE (204) at the entry's path by id, a malformed id being 400
 * `invalid_uri` and another well-formed one 404.
 */
export function registerMadeIdRoutes(
  app: FastifyInstance,
  context: TenantContext,
  kind: string,
  records: SingletonRecords,
): void {
  const spec = kindSpec(kind)!;
  const made = spec.singletonMadeId!;
  const own = tenantRules(kind).singleton!;
  const validator = compileSchema(spec.createSchema);
  const idPattern = new RegExp(made.pattern);
  const byIdPath = `/api/v2${spec.path.replace(`{${made.field}}`, `:${made.field}`)}`;
  const answer = (record: Record<string, unknown>) => (own.answer ? own.answer(record) : record);
  const words = wordsOf(kind);
  const missing = () => notFound(words.notFound, spec.notFoundCode);
  const current = () => records.findWhere({})[0];
  const bodyOf = (request: FastifyRequest) => {
    if (!isObject(request.body)) throw invalidBody(words.expected);
    return validBody<Record<string, unknown>>(request.body, validator, spec.createSchema, false);
  };
  /** The object named by the path's id: 400 for an id of no valid form, 404 for another object's. */
  const named = (request: FastifyRequest) => {
    const id = (request.params as Record<string, string>)[made.field] ?? "";
    if (!idPattern.test(id)) {
      const words =
        own.invalidIdMessage?.replace("{id}", id) ?? `Path validation error: '${id}' on property ${made.field}.`;
      throw new HttpError(400, words, ERROR_CODES.invalidUri);
    }
    const record = records.get(id);
    if (!record) throw missing();
    return record;
  };
  const scope = (operation: string) => ({ config: { auth: { scope: spec.scopes[operation] ?? spec.scopes.update! } } });

  app.post(`/api/v2${made.createPath}`, scope("create"), async (request) => {
    const fields = bodyOf(request);
    return context.store.transaction(() => {
      if (current()) throw new HttpError(409, own.conflictMessage ?? "It exists already.", ERROR_CODES.conflict);
      const id = newIdOf(MADE_ID);
      const record = { ...fields, [made.field]: id };
      records.insert(id, record);
      return answer(record);
    });
  });

  app.get(`/api/v2${made.currentPath}`, scope("get"), async () => {
    const record = current();
    if (!record) throw missing();
    return answer(record);
  });

  app.get(byIdPath, scope("get"), async (request) => answer(named(request)));

  const write = async (request: FastifyRequest) => {
    const fields = bodyOf(request);
    return context.store.transaction(() => {
      const existing = named(request);
      const id = existing[made.field] as string;
      // Every section is required; the optional ones left out keep what the object has.
      const record = { ...existing, ...fields, [made.field]: id };
      records.replace(id, record);
      return answer(record);
    });
  };
  if (spec.singletonWrites?.method === "PUT") app.put(byIdPath, scope("update"), write);
  else app.patch(byIdPath, scope("update"), write);

  app.delete(byIdPath, scope("delete"), async (request, reply) => {
    records.delete(named(request)[made.field] as string);
    return reply.code(204).send();
  });
}
