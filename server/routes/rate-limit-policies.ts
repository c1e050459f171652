/**
 * `/api/v2/rate-limit-policies` (Early Access): list, create, get, update, delete.
 * Every operation needs a global client. `resource`, `consumer` and `consumer_selector`
 * are fixed at creation (the update schema only admits `configuration`), and one policy
 * per (resource, consumer, consumer_selector) may exist.
 */
import type { FastifyInstance } from "fastify";
import { ERROR_CODES, KINDS, newId, type RateLimitPolicy, type RateLimitPolicyCreate } from "../../api";
import type { TenantContext } from "../context";
import { checkpointPage } from "../paging";
import { HttpError, notFound } from "../http-error";
import { isoMicros } from "../time";
import { queryValue, validKindBody, validPathId, type IdRoute } from "../validation";

/** Base path of the collection. */
export const RATE_LIMIT_POLICIES_PATH = "/api/v2/rate-limit-policies";

const scopes = KINDS.rateLimitPolicy.scopes;
const FILTERS = ["resource", "consumer", "consumer_selector"] as const;

const policyNotFound = (id: string) =>
  notFound(`The rate limit policy with id ${id} does not exist.`, KINDS.rateLimitPolicy.notFoundCode);

/** Registers the rate limit policy routes. */
export function registerRateLimitPolicyRoutes(app: FastifyInstance, context: TenantContext): void {
  const policies = context.store.collection<RateLimitPolicy>("rate_limit_policies");

  app.get(
    RATE_LIMIT_POLICIES_PATH,
    { config: { auth: { scope: scopes.list, requireGlobal: true } } },
    async (request) => {
      const where: Record<string, string> = {};
      for (const filter of FILTERS) {
        const value = queryValue(request.query, filter);
        if (value !== undefined && value !== "") where[filter] = value;
      }
      return checkpointPage("rateLimitPolicy", policies, request.query, { where });
    },
  );

  app.post(
    RATE_LIMIT_POLICIES_PATH,
    { config: { auth: { scope: scopes.create, requireGlobal: true } } },
    async (request, reply) => {
      const body = validKindBody<RateLimitPolicyCreate>("rateLimitPolicy", "create", request.body);
      const now = isoMicros();
      const policy: RateLimitPolicy = {
        id: newId("rateLimitPolicy"),
        resource: body.resource,
        consumer: body.consumer,
        consumer_selector: body.consumer_selector,
        configuration: body.configuration,
        created_at: now,
        updated_at: now,
      };
      // Check and insert in one transaction so two concurrent creates cannot both pass the check.
      context.store.transaction(() => {
        const clash = policies.findWhere({
          resource: policy.resource,
          consumer: policy.consumer,
          consumer_selector: policy.consumer_selector,
        });
        if (clash.length > 0) {
          throw new HttpError(
            409,
            `A rate limit policy for ${policy.resource}, ${policy.consumer} and ${policy.consumer_selector} already exists (${clash[0].id}).`,
            ERROR_CODES.conflict,
          );
        }
        policies.insert(policy.id, policy);
      });
      return reply.code(201).send(policy);
    },
  );

  app.get<IdRoute>(
    `${RATE_LIMIT_POLICIES_PATH}/:id`,
    { config: { auth: { scope: scopes.get, requireGlobal: true } } },
    async (request) => {
      const id = validPathId("rateLimitPolicy", request.params.id);
      const policy = policies.get(id);
      if (!policy) throw policyNotFound(id);
      return policy;
    },
  );

  app.patch<IdRoute>(
    `${RATE_LIMIT_POLICIES_PATH}/:id`,
    { config: { auth: { scope: scopes.update, requireGlobal: true } } },
    async (request) => {
      const id = validPathId("rateLimitPolicy", request.params.id);
      const body = validKindBody<Pick<RateLimitPolicy, "configuration">>("rateLimitPolicy", "update", request.body);
      return context.store.transaction(() => {
        const policy = policies.get(id);
        if (!policy) throw policyNotFound(id);
        const updated: RateLimitPolicy = { ...policy, configuration: body.configuration, updated_at: isoMicros() };
        policies.replace(id, updated);
        return updated;
      });
    },
  );

  app.delete<IdRoute>(
    `${RATE_LIMIT_POLICIES_PATH}/:id`,
    { config: { auth: { scope: scopes.delete, requireGlobal: true } } },
    async (request, reply) => {
      const id = validPathId("rateLimitPolicy", request.params.id);
      if (!policies.delete(id)) throw policyNotFound(id);
      return reply.code(204).send();
    },
  );
}
