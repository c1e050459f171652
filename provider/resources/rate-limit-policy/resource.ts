/**
 * The `RateLimitPolicy` resource (`pulumi-nodejs:dynamic/tenant:RateLimitPolicy`): the
 * collection lifecycle over `/rate-limit-policies` (an Early Access API; the client must
 * be global). Only `configuration` can change in place (PATCH, replaced whole); `resource`,
 * `consumer` and `consumer_selector` are fixed at creation, so changing one replaces the policy.
 */
import * as pulumi from "@pulumi/pulumi";
import * as dynamic from "@pulumi/pulumi/dynamic";
import {
  KINDS,
  rateLimitPolicyCreateSchema,
  type RateLimitConfiguration,
  type RateLimitPolicy as RateLimitPolicyObject,
} from "../../../api";
import type { DeepInput } from "../../inputs";
import { collectionResource, listCheckpoint, payloadOf, type CollectionSpec } from "../../lifecycle/collection";
import { providerFor } from "../../shim";
import { deepEqual, type JsonObject, withoutProvider } from "../shared";
import { TYPE_MODULE, TYPE_NAMES } from "../tokens";
import { noteTenantResource, tenantInputs, type TenantArgs } from "../tenant";
import type { ResourceImplementation } from "../types";
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
  label: "rate limit policy",
  path: "/rate-limit-policies",
  idSchema: KINDS.rateLimitPolicy.id.schema,
  createSchema: rateLimitPolicyCreateSchema,
  fields: FIELDS,
  list: (client, target) => listCheckpoint(client, "/rate-limit-policies", "rate_limit_policies", target),
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

/** Arguments of a {@link RateLimitPolicy}: the API's own field names (body of `POST /rate-limit-policies`). */
export interface RateLimitPolicyArgs extends TenantArgs {
  /** The API the policy protects: `oauth_authentication_api`. Changing it replaces the policy. */
  resource: pulumi.Input<"oauth_authentication_api">;
  /** What consumes the API: `client`. Changing it replaces the policy. */
  consumer: pulumi.Input<"client">;
  /**
   * Which consumers: `client_id:<client_id>`, `client_id:<https URI of a CIMD client>`,
   * `cimd_clients`, `third_party_clients` or `default` (at most 255 characters; one policy
   * per selector). Changing it replaces the policy.
   */
  consumer_selector: pulumi.Input<string>;
  /**
   * What happens past the limit, exactly one of `{ action: "allow" }`,
   * `{ action: "block" | "log", limit }`, `{ action: "redirect", limit, redirect_uri }`
   * (`limit` 0–10000 requests per second, `redirect_uri` https). Updated in place.
   */
  configuration: DeepInput<RateLimitConfiguration>;
  /** Bring an existing policy (`rlp_…`) under management instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

/** A rate limit policy of the tenant (`/api/v2/rate-limit-policies`, Early Access; needs a global client). */
export class RateLimitPolicy extends dynamic.Resource {
  /** The protected API. */
  declare public readonly resource: pulumi.Output<"oauth_authentication_api">;
  /** What consumes the API. */
  declare public readonly consumer: pulumi.Output<"client">;
  /** Which consumers. */
  declare public readonly consumer_selector: pulumi.Output<string>;
  /** What happens past the limit. */
  declare public readonly configuration: pulumi.Output<RateLimitConfiguration>;
  /** The adopted policy's id, when `adoptId` was given. */
  declare public readonly adoptId: pulumi.Output<string | undefined>;
  /** When the policy was created (ISO-8601, microseconds). */
  declare public readonly created_at: pulumi.Output<string>;
  /** When the policy was last updated. */
  declare public readonly updated_at: pulumi.Output<string>;

  /** Creates (or, with `adoptId`, adopts) a rate limit policy. */
  constructor(name: string, args: RateLimitPolicyArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      providerFor("rateLimitPolicy"),
      name,
      {
        ...args,
        ...tenantInputs(args, name, "rateLimitPolicy", opts),
        created_at: undefined,
        updated_at: undefined,
      },
      opts,
      TYPE_MODULE,
      TYPE_NAMES.rateLimitPolicy,
    );
    noteTenantResource(this, args.tenant);
  }
}
