/**
 * The `RateLimitPolicy` resource and its lookups.
 * Generated from the table of kinds by `npm run classes` (scripts/classes.ts): do not edit.
 */

import type * as pulumi from "@pulumi/pulumi";
import type { DeepInput } from "../inputs";
import {
  kindListLookups,
  kindLookups,
  kindResourceInputs,
  type AdoptArgs,
  type CreateOf,
  type NamedTypeOf,
  type ObjectOf,
  type TenantOptionLookupOptions,
} from "../lifecycle/resource-class";
import { TYPE_MODULE, TYPE_NAMES } from "../lifecycle/tokens";
import type { LookupOptions, TenantSelector } from "../lookups/client";
import { noteTenantResource } from "../lookups/registered";
import { DynamicResource } from "../lifecycle/dynamic-resource";

/** A rate limit policy as the API answers it (`GET /api/v2/rate-limit-policies/{id}`). */
export type RateLimitPolicyObject = ObjectOf<"rateLimitPolicy">;

/** The `RateLimitConfiguration` type of the package schema, as the rate limit policy's schema types it. */
export type RateLimitConfiguration = NamedTypeOf<"rateLimitPolicy", "RateLimitConfiguration">;

/** Arguments of a {@link RateLimitPolicy}: the API's own field names (body of `POST /rate-limit-policies`). */
export interface RateLimitPolicyArgs extends AdoptArgs {
  /** The API the policy limits: `oauth_authentication_api`. Changing it replaces the policy. */
  resource: DeepInput<CreateOf<"rateLimitPolicy">["resource"]>;
  /** Who is limited: `client`. Changing it replaces the policy. */
  consumer: DeepInput<CreateOf<"rateLimitPolicy">["consumer"]>;
  /**
   * Which clients the policy applies to: `client_id:<id>`, `client_id:<https CIMD URI>`, `cimd_clients`,
   * `third_party_clients` or `default`; at most 255 characters, one policy per selector. Changing it replaces the
   * policy.
   */
  consumer_selector: DeepInput<CreateOf<"rateLimitPolicy">["consumer_selector"]>;
  /**
   * What happens past the limit, exactly one of `{ action: allow }`, `{ action: block | log, limit }` or
   * `{ action: redirect, limit, redirect_uri }` (`limit` 0 to 10000 requests per second, `redirect_uri` an `https://`
   * URL). Updated in place.
   */
  configuration: DeepInput<CreateOf<"rateLimitPolicy">["configuration"]>;
}

/**
 * A rate limit policy (Early Access; the client must be global). Only `configuration` changes in place; the other
 * fields replace the policy (`/api/v2/rate-limit-policies`), type `pulumi-nodejs:dynamic/tenant:RateLimitPolicy`.
 */
export class RateLimitPolicy extends DynamicResource {
  /** The API the policy limits: `oauth_authentication_api`. Changing it replaces the policy. */
  declare public readonly resource: pulumi.Output<ObjectOf<"rateLimitPolicy">["resource"]>;
  /** Who is limited: `client`. Changing it replaces the policy. */
  declare public readonly consumer: pulumi.Output<ObjectOf<"rateLimitPolicy">["consumer"]>;
  /**
   * Which clients the policy applies to: `client_id:<id>`, `client_id:<https CIMD URI>`, `cimd_clients`,
   * `third_party_clients` or `default`; at most 255 characters, one policy per selector. Changing it replaces the
   * policy.
   */
  declare public readonly consumer_selector: pulumi.Output<ObjectOf<"rateLimitPolicy">["consumer_selector"]>;
  /**
   * What happens past the limit, exactly one of `{ action: allow }`, `{ action: block | log, limit }` or
   * `{ action: redirect, limit, redirect_uri }` (`limit` 0 to 10000 requests per second, `redirect_uri` an `https://`
   * URL). Updated in place.
   */
  declare public readonly configuration: pulumi.Output<ObjectOf<"rateLimitPolicy">["configuration"]>;
  /** When the policy was created (ISO-8601, with microseconds). */
  declare public readonly created_at: pulumi.Output<ObjectOf<"rateLimitPolicy">["created_at"]>;
  /** When the policy was last updated (ISO-8601). */
  declare public readonly updated_at: pulumi.Output<ObjectOf<"rateLimitPolicy">["updated_at"]>;
  /** The adopted object's id, when `adoptId` was given. */
  declare public readonly adoptId: pulumi.Output<string | undefined>;

  /** Creates (or, with `adoptId`, adopts) a rate limit policy. */
  constructor(name: string, args: RateLimitPolicyArgs, opts?: pulumi.CustomResourceOptions) {
    const inputs = kindResourceInputs("rateLimitPolicy", args, name, opts);
    super("rateLimitPolicy", name, inputs, opts, TYPE_MODULE, TYPE_NAMES.rateLimitPolicy);
    noteTenantResource(this, args.tenant);
  }
}

const lookups = kindLookups("rateLimitPolicy");

/** Arguments of {@link getRateLimitPolicy}. */
export interface GetRateLimitPolicyArgs extends TenantSelector {
  /** The policy's id: `rlp_` + 21 base58 characters (at most 26). */
  id: string;
}

/** Arguments of {@link getRateLimitPolicyOutput}. */
export interface GetRateLimitPolicyOutputArgs extends TenantSelector {
  /** The policy's id: `rlp_` + 21 base58 characters (at most 26). */
  id: pulumi.Input<string>;
}

/** Options of {@link getRateLimitPolicy}. */
export type GetRateLimitPolicyOptions = TenantOptionLookupOptions;

/** Reads one rate limit policy by id. Rejects when none has the id, naming the tenant. */
export const getRateLimitPolicy: (
  args: GetRateLimitPolicyArgs,
  opts?: GetRateLimitPolicyOptions,
) => Promise<RateLimitPolicyObject> = lookups.get;

/** {@link getRateLimitPolicy} as an Output, for ids that are themselves Outputs. */
export const getRateLimitPolicyOutput: (
  args: GetRateLimitPolicyOutputArgs,
  opts?: GetRateLimitPolicyOptions,
) => pulumi.Output<RateLimitPolicyObject> = lookups.getOutput;

/** Arguments of {@link getRateLimitPolicies}. */
export interface GetRateLimitPoliciesArgs extends TenantSelector {
  /** Only the policy of this consumer selector (`default`, `client_id:<id>`, `third_party_clients`, …). */
  consumer_selector?: string;
}

/** Arguments of {@link getRateLimitPoliciesOutput}. */
export interface GetRateLimitPoliciesOutputArgs extends TenantSelector {
  /** Only the policy of this consumer selector (`default`, `client_id:<id>`, `third_party_clients`, …). */
  consumer_selector?: pulumi.Input<string>;
}

const getRateLimitPoliciesLookups = kindListLookups<"rateLimitPolicy", { consumer_selector?: string }>(
  "rateLimitPolicy",
);

/** Reads every rate limit policy of the tenant, optionally only that of one consumer selector. Follows the pages. */
export const getRateLimitPolicies: (
  args?: GetRateLimitPoliciesArgs,
  opts?: LookupOptions,
) => Promise<RateLimitPolicyObject[]> = getRateLimitPoliciesLookups.get;

/** {@link getRateLimitPolicies} as an Output. */
export const getRateLimitPoliciesOutput: (
  args?: GetRateLimitPoliciesOutputArgs,
  opts?: LookupOptions,
) => pulumi.Output<RateLimitPolicyObject[]> = getRateLimitPoliciesLookups.getOutput;
