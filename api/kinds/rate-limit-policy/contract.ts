/**
 * Rate limit policies (`/api/v2/rate-limit-policies`, Early Access), as the seed
 * states them (the published schema slice has no rate limit policy paths).
 */
import type { IdFormat } from "../../ids";
import { atMostIdRule, type CheckIssue, type KindSpec, type TenantReader } from "../../table/kind-spec";
import { discriminated, enumOf, integer, literal, object, string, type Static } from "../../schema/builder";
import { collectionScopes } from "../../scopes";

/** Maximum of a rate limit policy's `configuration.limit` (requests per second). */
export const POLICY_LIMIT_MAX = 10000;
/** Minimum of a rate limit policy's `configuration.limit`. */
export const POLICY_LIMIT_MIN = 0;
/** Maximum length of a rate limit policy id. */
const POLICY_ID_MAX = 26;
/** The id the service makes for a rate limit policy. */
/** The fields that say which requests a policy governs: fixed at creation, one policy per combination. */
export const RATE_LIMIT_POLICY_KEYS = ["resource", "consumer", "consumer_selector"] as const;

const POLICY_ID_FORMAT = { prefix: "rlp_", length: 21 } as const satisfies IdFormat;
/** Maximum length of `consumer_selector`. */
export const CONSUMER_SELECTOR_MAX = 255;

/** An `https://` URI (format `strict-https-uri`). */
export const HTTPS_URI = string({ format: "strict-https-uri", maxLength: 2048 });

const limitField = () => integer({ minimum: POLICY_LIMIT_MIN, maximum: POLICY_LIMIT_MAX });

/** `configuration` of a rate limit policy: exactly one variant, no extra keys. */
export const rateLimitConfigurationSchema = discriminated("action", [
  object({ action: literal("allow") }, { required: ["action"] }),
  object({ action: literal("block"), limit: limitField() }, { required: ["action", "limit"] }),
  object({ action: literal("log"), limit: limitField() }, { required: ["action", "limit"] }),
  object(
    { action: literal("redirect"), limit: limitField(), redirect_uri: HTTPS_URI },
    { required: ["action", "limit", "redirect_uri"] },
  ),
]);

/** `consumer_selector`: one of the five accepted forms. */
export const consumerSelectorSchema = string({
  maxLength: CONSUMER_SELECTOR_MAX,
  pattern: "^(client_id:(https://\\S+|[A-Za-z0-9_.~-]+)|cimd_clients|third_party_clients|default)$",
});

const policyFields = {
  /** The API protected by the policy. */
  resource: enumOf(["oauth_authentication_api"]),
  /** What consumes the API. */
  consumer: enumOf(["client"]),
  /** `client_id:<client_id>`, `client_id:<cimd_uri>`, `cimd_clients`, `third_party_clients` or `default`. */
  consumer_selector: consumerSelectorSchema,
  /** What happens when the limit is exceeded. */
  configuration: rateLimitConfigurationSchema,
};

/** Body of `POST /rate-limit-policies`. */
export const rateLimitPolicyCreateSchema = object(policyFields, {
  required: ["resource", "consumer", "consumer_selector", "configuration"],
});

/** Body of `PATCH /rate-limit-policies/{id}`: the configuration, replaced whole. */
export const rateLimitPolicyUpdateSchema = object(
  { configuration: rateLimitConfigurationSchema },
  { required: ["configuration"] },
);

/** A rate limit policy as returned (seed 2.1). */
export const rateLimitPolicySchema = object(
  {
    /** Unique id, `rlp_` + 21 base58 characters (at most 26). */
    id: string({ maxLength: POLICY_ID_MAX, format: "rate-limit-policy-id" }),
    ...policyFields,
    created_at: string({ format: "date-time" }),
    updated_at: string({ format: "date-time" }),
  },
  { required: ["id", "resource", "consumer", "consumer_selector", "configuration"] },
);

/** What happens when a rate limit is exceeded, and the limit. Exactly one variant. */
export type RateLimitConfiguration = Static<typeof rateLimitConfigurationSchema>;
/** A rate limit policy (seed 2.1). */
export type RateLimitPolicy = Static<typeof rateLimitPolicySchema>;
/** Body of `POST /rate-limit-policies`. */
export type RateLimitPolicyCreate = Static<typeof rateLimitPolicyCreateSchema>;

/** What each field of a rate limit policy means (the table's `fieldDocs`; see form-docs.ts for the paths). */
const RATE_LIMIT_POLICY_FIELD_DOCS: Readonly<Record<string, string>> = {
  id: "The policy's id (`rlp_…`), made by the tenant.",
  resource: "The API the policy limits: `oauth_authentication_api`. Changing it replaces the policy.",
  consumer: "Who is limited: `client`. Changing it replaces the policy.",
  consumer_selector:
    "Which clients the policy applies to: `client_id:<id>`, `client_id:<https CIMD URI>`, `cimd_clients`, `third_party_clients` or `default`; at most 255 characters, one policy per selector. Changing it replaces the policy.",
  configuration:
    "What happens past the limit, exactly one of `{ action: allow }`, `{ action: block | log, limit }` or `{ action: redirect, limit, redirect_uri }` (`limit` 0 to 10000 requests per second, `redirect_uri` an `https://` URL). Updated in place.",
  action: "What the policy does: `allow`, `block`, `log` or `redirect`.",
  limit: "Requests allowed before the action applies, 0 to 10000.",
  redirect_uri: "Where a limited request is redirected (`https://…`).",
  created_at: "When the policy was created (ISO-8601, with microseconds).",
  updated_at: "When the policy was last updated (ISO-8601).",
};

/**
 * Words for a consumer selector's identifier: `default`, `third_party_clients`; a client
 * id is cut to its first 8 characters (`client 1Ol4lXiA`), a CIMD client URI to its host.
 */
export function selectorWords(selector: string): string {
  const prefix = "client_id:";
  if (!selector.startsWith(prefix)) return selector;
  const client = selector.slice(prefix.length);
  try {
    if (/^https?:\/\//.test(client)) return `client ${new URL(client).hostname}`;
  } catch {
    // Not a URL after all: use the text.
  }
  return `client ${client.slice(0, 8)}`;
}

/** Each tenant's policies, by origin: listed once per provider process (undefined when they cannot be listed). */
const listedPolicies = new Map<string, Promise<readonly Record<string, unknown>[] | undefined>>();
/** The policies this run creates, by origin and identity. */
const plannedPolicies = new Set<string>();

/**
 * What the tenant would refuse with a 409, caught at preview: one policy per resource,
 * consumer and consumer selector. A policy about to be created is compared with the tenant's
 * policies (listed once per tenant and provider process) and with the other policies this
 * run creates in that tenant.
 */
export async function policyConflicts(
  inputs: Readonly<Record<string, unknown>>,
  tenant: TenantReader,
): Promise<CheckIssue[]> {
  const { resource, consumer, consumer_selector: selector } = inputs;
  const identity = [resource, consumer, selector];
  if (identity.some((value) => typeof value !== "string")) return [];
  const what = `resource ${String(resource)}, consumer ${String(consumer)} and consumer_selector "${String(selector)}"`;
  const key = JSON.stringify([tenant.origin, ...identity]);
  if (plannedPolicies.has(key)) {
    return [
      {
        property: "consumer_selector",
        reason:
          `another RateLimitPolicy of this program already creates the policy for ${what} in ${tenant.domain}, ` +
          "and the tenant allows one per resource, consumer and selector; keep one of the two resources",
      },
    ];
  }
  plannedPolicies.add(key);
  let policies = listedPolicies.get(tenant.origin);
  if (!policies) {
    // A tenant that cannot list (feature off, scope missing) is told by create, in its own words.
    policies = tenant.list("rateLimitPolicy").catch(() => undefined);
    listedPolicies.set(tenant.origin, policies);
  }
  const existing = (await policies)?.find(
    (policy) => policy.resource === resource && policy.consumer === consumer && policy.consumer_selector === selector,
  );
  if (!existing) return [];
  return [
    {
      property: "consumer_selector",
      reason:
        `the tenant ${tenant.domain} already has rate limit policy ${String(existing.id)} for ${what}, ` +
        `and allows one per resource, consumer and selector; adopt it with adoptId: "${String(existing.id)}", ` +
        "or choose another consumer_selector",
    },
  ];
}

/** The rate limit policies' entry in the table of kinds. */
export const rateLimitPolicyKind = {
  typeName: "RateLimitPolicy",
  label: "rate limit policy",
  plural: "rate limit policies",
  description:
    "A rate limit policy (Early Access; the client must be global). Only `configuration` changes in place; the other fields replace the policy.",
  path: "/rate-limit-policies",
  shape: "collection",
  id: atMostIdRule(POLICY_ID_FORMAT, POLICY_ID_MAX),
  createSchema: rateLimitPolicyCreateSchema,
  updateSchema: rateLimitPolicyUpdateSchema,
  responseSchema: rateLimitPolicySchema,
  secretPaths: [],
  secretsAre: "read-back",
  // Every operation also needs a global client.
  scopes: collectionScopes("rate_limit_policies"),
  paging: { style: "checkpoint", listKey: "rate_limit_policies", maxPageSize: 100 },
  notFoundCode: "inexistent_rate_limit_policy",
  earlyAccess: true,
  lookups: [
    {
      name: "getRateLimitPolicy",
      description: "Reads one rate limit policy by id.",
      args: [{ name: "id", description: "The policy's id: `rlp_` + 21 base58 characters (at most 26)." }],
      oneOf: ["id"],
      result: "object",
      example: { id: "rlp_2Nf7qL3mXcVbT8wRyK1pD" },
      // 0.2.0 took the tenant in the options.
      tenantOption: true,
    },
    {
      name: "getRateLimitPolicies",
      description: "Reads every rate limit policy of the tenant, optionally only that of one consumer selector.",
      args: [
        {
          name: "consumer_selector",
          description:
            "Only the policy of this consumer selector (`default`, `client_id:<id>`, `third_party_clients`, …).",
        },
      ],
      result: "list",
      listKey: "rate_limit_policies",
      example: { consumer_selector: "default" },
    },
  ],
  namedTypes: [[rateLimitConfigurationSchema, "RateLimitConfiguration"]],
  fieldDocs: RATE_LIMIT_POLICY_FIELD_DOCS,
  example: {
    resource: "oauth_authentication_api",
    consumer: "client",
    consumer_selector: "default",
    configuration: { action: "block", limit: 100 },
  },
  // One policy per (resource, consumer, consumer_selector), the list filters on them, and
  // microsecond timestamps, as on the real service.
  rules: {
    listFilters: RATE_LIMIT_POLICY_KEYS,
    timestamps: "microseconds",
  },
  provider: {
    checkCreate: policyConflicts,
    // Policies have no name: `generate` names each after its selector (`default rate limit`).
    naming: {
      words: (policy) => `${selectorWords(String(policy.consumer_selector))} rate limit`,
      suffix: "Policy",
      labelField: "consumer_selector",
    },
  },
} as const satisfies KindSpec;
