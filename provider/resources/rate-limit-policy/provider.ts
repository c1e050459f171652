/**
 * The provider side of the `RateLimitPolicy` resource: the
 * collection lifecycle over `/rate-limit-policies` (an Early Access API; the client must
 * be global). Only `configuration` can change in place (PATCH, replaced whole); `resource`,
 * `consumer` and `consumer_selector` are fixed at creation, so changing one replaces the policy.
 */
import type { RateLimitPolicy as RateLimitPolicyObject } from "../../../api";
import { listKind } from "../../client/paging";
import { collectionResource, payloadOf, type CollectionSpec } from "../../lifecycle/collection";
import { deepEqual, type JsonObject, withoutProvider } from "../../lifecycle/shared";
import type { ResourceImplementation } from "../../lifecycle/types";
import { policyConflicts } from "./conflicts";
import { explainPolicyError } from "./lookup";

const FIELDS = ["resource", "consumer", "consumer_selector", "configuration"] as const;
const FIXED_FIELDS = ["resource", "consumer", "consumer_selector"] as const;
const SERVER_FIELDS = ["created_at", "updated_at"] as const;

const pick = (value: JsonObject, fields: readonly string[]) => {
  const out: JsonObject = {};
  for (const field of fields) if (value[field] !== undefined && value[field] !== null) out[field] = value[field];
  return out;
};

/** The rate limit policy's policy: configuration by PATCH, everything else by replacement. */
export const rateLimitPolicySpec: CollectionSpec<RateLimitPolicyObject & { created_at?: string }> = {
  kind: "rateLimitPolicy",
  fields: FIELDS,
  list: (client, target) => listKind(client, "rateLimitPolicy", { target }),
  listIsComplete: true,
  normalise: (value) => pick(value, FIELDS),
  patch: (desired, current) =>
    deepEqual(desired.configuration, current.configuration) ? {} : { configuration: desired.configuration },
  outputs: (server) => ({ ...pick(server, FIELDS), ...pick(server, SERVER_FIELDS) }),
  inputsFromOutputs: (outputs) => pick(outputs, FIELDS),
  replaces: (desired, current) => FIXED_FIELDS.filter((field) => !deepEqual(desired[field], current[field])),
};

const lifecycle = collectionResource(rateLimitPolicySpec);

/** RateLimitPolicy: the lifecycle, with the lookup's words for a missing feature or a non-global client. */
export const rateLimitPolicyImplementation: ResourceImplementation = {
  async check(olds, news, ctx) {
    const result = await lifecycle.check(olds, news, ctx);
    const creating = Object.keys(withoutProvider(olds)).length === 0;
    if (!ctx || !creating || (result.failures ?? []).length > 0) return result;
    return { ...result, failures: await policyConflicts(ctx, withoutProvider(news)) };
  },
  diff: lifecycle.diff,
  create: (ctx, inputs) =>
    explainPolicyError(ctx, lifecycle.create(ctx, inputs), payloadOf(FIELDS, inputs).consumer_selector),
  read: (ctx, id, props) => explainPolicyError(ctx, lifecycle.read(ctx, id, props), id),
  update: (ctx, id, olds, news) => explainPolicyError(ctx, lifecycle.update(ctx, id, olds, news), id),
  delete: (ctx, id, props) => explainPolicyError(ctx, lifecycle.delete(ctx, id, props), id),
};
