/**
 * The `RateLimitPolicy` resource (`pulumi-nodejs:dynamic/tenant:RateLimitPolicy`) that
 * programs construct; its provider side is `provider.ts`, its lookups `lookup.ts`.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { RateLimitConfiguration } from "../../../api";
import type { DeepInput } from "../../inputs";
import { tenantInputs, type TenantArgs } from "../../lifecycle/tenant";
import { noteTenantResource } from "../../lookups/registered";
import { TYPE_MODULE, TYPE_NAMES } from "../../lifecycle/tokens";
import { DynamicResource } from "../../lifecycle/dynamic-resource";

/** Arguments of a {@link RateLimitPolicy}: the API's own field names (body of `POST /rate-limit-policies`). */
export interface RateLimitPolicyArgs extends TenantArgs {
  /** The API the policy limits: `oauth_authentication_api`. Changing it replaces the policy. */
  resource: pulumi.Input<"oauth_authentication_api">;
  /** Who is limited: `client`. Changing it replaces the policy. */
  consumer: pulumi.Input<"client">;
  /**
   * Which clients the policy applies to: `client_id:<id>`, `client_id:<https CIMD URI>`, `cimd_clients`,
   * `third_party_clients` or `default`; at most 255 characters, one policy per selector. Changing it replaces the
   * policy.
   */
  consumer_selector: pulumi.Input<string>;
  /**
   * What happens past the limit, exactly one of `{ action: allow }`, `{ action: block | log, limit }` or
   * `{ action: redirect, limit, redirect_uri }` (`limit` 0 to 10000 requests per second, `redirect_uri` an `https://`
   * URL). Updated in place.
   */
  configuration: DeepInput<RateLimitConfiguration>;
  /** Bring an existing policy (`rlp_…`) under management instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

/** A rate limit policy of the tenant (`/api/v2/rate-limit-policies`, Early Access; needs a global client). */
export class RateLimitPolicy extends DynamicResource {
  /** The API the policy limits: `oauth_authentication_api`. Changing it replaces the policy. */
  declare public readonly resource: pulumi.Output<"oauth_authentication_api">;
  /** Who is limited: `client`. Changing it replaces the policy. */
  declare public readonly consumer: pulumi.Output<"client">;
  /**
   * Which clients the policy applies to: `client_id:<id>`, `client_id:<https CIMD URI>`, `cimd_clients`,
   * `third_party_clients` or `default`; at most 255 characters, one policy per selector. Changing it replaces the
   * policy.
   */
  declare public readonly consumer_selector: pulumi.Output<string>;
  /**
   * What happens past the limit, exactly one of `{ action: allow }`, `{ action: block | log, limit }` or
   * `{ action: redirect, limit, redirect_uri }` (`limit` 0 to 10000 requests per second, `redirect_uri` an `https://`
   * URL). Updated in place.
   */
  declare public readonly configuration: pulumi.Output<RateLimitConfiguration>;
  /** The adopted policy's id, when `adoptId` was given. */
  declare public readonly adoptId: pulumi.Output<string | undefined>;
  /** When the policy was created (ISO-8601, with microseconds). */
  declare public readonly created_at: pulumi.Output<string>;
  /** When the policy was last updated (ISO-8601). */
  declare public readonly updated_at: pulumi.Output<string>;

  /** Creates (or, with `adoptId`, adopts) a rate limit policy. */
  constructor(name: string, args: RateLimitPolicyArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "rateLimitPolicy",
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
