/**
 * The routes of a singleton from its table entry (`shape: "singleton"`): one object per
 * tenant at the entry's path. GET answers it (404 with the entry's not-found code when the
 * tenant has none); PUT validates the body against the entry's response schema (the object
 * the PUT takes) and answers 201 (an empty JSON object) when it created the object and 204
 * (no body) when it replaced it, as the real service does; DELETE answers 204, whether or
 * not there was one. What a singleton needs beyond its entry comes as its rules'
 * `singleton` facts (api/table/kind-spec.ts `SingletonRules`, from the kind's tenant.ts): the login page template takes its
 * markup bare (a JSON string, `text/html`) or form encoded, and needs a custom domain.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ERROR_CODES, kindSpec, type JsonSchema } from "../../api";
import { bodyKindOf } from "../body";
import type { TenantContext } from "../context";
import { HttpError, invalidBody, notFound } from "../http-error";
import { compileSchema, validBody } from "../validation";
import { tenantRules } from "../../api/kinds/tenant";
import { requireCustomDomain } from "./custom-domains";

/** The key of the one record in the singleton's table. */
const recordIdOf = (singletonId: string | undefined) => singletonId ?? "singleton";

/** Registers the routes of singleton kind `kind`, with its own rules. */
export function registerSingletonRoutes(app: FastifyInstance, context: TenantContext, kind: string): void {
  const spec = kindSpec(kind);
  const own = tenantRules(kind).singleton;
  if (!spec || spec.shape !== "singleton" || !own) {
    throw new Error(`kind "${kind}" is not a singleton with its rules (shape, rules.singleton)`);
  }
  const path = `/api/v2${spec.path}`;
  const recordId = recordIdOf(spec.singletonId);
  const records = context.store.collection<Record<string, unknown>>(
    own.table ?? spec.path.slice(1).replace(/[^a-z]+/g, "_"),
  );
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
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw invalidBody(own!.expected);
    return validBody<Record<string, unknown>>(body, objectValidator, objectSchema, false);
  }

  app.get(path, { config: { auth: { scope: spec.scopes.get! } } }, async () => {
    precondition();
    const record = records.get(recordId);
    if (!record) throw notFound(own.notFoundMessage, spec.notFoundCode);
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
      const created = records.upsert(recordId, own.stored ? own.stored(fields) : fields);
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
