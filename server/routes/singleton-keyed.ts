/**
 * The routes of a singleton keyed by path fields (`singletonKey`: a prompt's custom text in one
 * language at `/prompts/{prompt}/custom-text/{language}`, a prompt's partials at
 * `/prompts/{prompt}/partials`): one object per value of its key, its record's key the values
 * joined as the object's id (`login-id:en`). Each key field is checked against the values its
 * rules name (`keyValues`: 400 `invalid_uri` for another). GET answers the object (the rules'
 * `absent` while there is none, else 404); PUT checks the body (the rules' `bodyIssue` where the
 * wire's body is not the entry's object, else the entry's update schema), stores it (the rules'
 * `stored` of it; an object left empty removes the record), first asking for what a write storing
 * anything needs (`writeNeeds`), and answers as the rules say (`putAnswersStored`: 200 with it;
 * else 201 when it created and 204 when it replaced). There is no DELETE: such an object is
 * removed by writing it empty (the entry's `singletonWrites.deleteWrites`).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ERROR_CODES, kindSpec, SINGLETON_KEY_SEPARATOR, singletonKeyFields, type SingletonRules } from "../../api";
import { tenantRules } from "../../api/kinds/tenant";
import { isObject } from "../../api/json";
import type { TenantContext } from "../context";
import { HttpError, invalidBody, invalidUri, notFound } from "../http-error";
import { compileSchema, validBody } from "../validation";
import { requireCustomDomain } from "./custom-domains";
import { hasSingleton, wordsOf, type SingletonRecords } from "./singleton-records";

/** What a write of singleton kind `kind` needs first, per its rules' `writeNeeds` (throws the 400 it answers). */
function requireWriteNeeds(context: TenantContext, kind: string, own: SingletonRules): void {
  if (!own.writeNeeds) return;
  if (own.writeNeeds.customDomain) requireCustomDomain(context.store);
  for (const needed of kindSpec(kind)!.relations?.needs ?? []) {
    if (!hasSingleton(context, needed))
      throw new HttpError(400, own.writeNeeds.missingMessage, ERROR_CODES.invalidBody);
  }
}

/** Registers the GET and PUT of keyed singleton kind `kind`, its objects in `records`. */
export function registerKeyedRoutes(
  app: FastifyInstance,
  context: TenantContext,
  kind: string,
  records: SingletonRecords,
): void {
  const spec = kindSpec(kind)!;
  const own = tenantRules(kind).singleton!;
  const fields = singletonKeyFields(spec);
  const path = `/api/v2${fields.reduce((path, field) => path.replace(`{${field}}`, `:${field}`), spec.path)}`;
  const words = wordsOf(kind);
  const validator = own.bodyIssue ? undefined : compileSchema(spec.updateSchema);
  const answer = (record: Readonly<Record<string, unknown>>) => (own.answer ? own.answer(record) : record);

  /** The record's key for the request's path: 400 `invalid_uri` for a key value the service lacks. */
  const idOf = (request: FastifyRequest) => {
    const params = request.params as Record<string, string>;
    const values = fields.map((field) => {
      const value = params[field] ?? "";
      const valid = own.keyValues?.[field];
      if (valid && !valid.includes(value)) throw invalidUri(field, `No enum match for: ${JSON.stringify(value)}`);
      return value;
    });
    return values.join(SINGLETON_KEY_SEPARATOR);
  };

  /** The body as the write takes it: the rules' check in the service's words, else the entry's schema. */
  const bodyOf = (request: FastifyRequest): Record<string, unknown> => {
    if (own.bodyIssue) {
      const issue = own.bodyIssue(request.body);
      if (issue) throw invalidBody(issue);
      return request.body as Record<string, unknown>;
    }
    if (!isObject(request.body)) throw invalidBody(words.expected);
    return validBody<Record<string, unknown>>(request.body, validator!, spec.updateSchema, false);
  };

  app.get(path, { config: { auth: { scope: spec.scopes.get! } } }, async (request) => {
    const record = records.get(idOf(request));
    if (record) return answer(record);
    if (own.absent) return own.absent;
    throw notFound(words.notFound, spec.notFoundCode);
  });

  app.put(path, { config: { auth: { scope: spec.scopes.update! } } }, async (request, reply) => {
    const id = idOf(request);
    const body = bodyOf(request);
    const stored = own.stored ? own.stored(body) : body;
    const empty = Object.keys(stored).length === 0;
    const created = context.store.transaction(() => {
      if (empty) {
        records.delete(id);
        return false;
      }
      requireWriteNeeds(context, kind, own);
      return records.upsert(id, stored);
    });
    if (own.putAnswersStored) return answer(stored);
    // 204 has no body; 201 answers an empty JSON object (every other success of the server is JSON).
    return created ? reply.code(201).send({}) : reply.code(204).send();
  });
}
