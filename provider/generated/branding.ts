/**
 * The `Branding` resource and its lookup.
 * Generated from the table of kinds by `npm run classes` (scripts/classes.ts): do not edit.
 */

import type * as pulumi from "@pulumi/pulumi";
import type { DeepInput } from "../inputs";
import {
  singletonLookups,
  singletonResourceInputs,
  type SingletonArgs,
  type SingletonOf,
} from "../lifecycle/resource-class";
import { TYPE_MODULE, TYPE_NAMES } from "../lifecycle/tokens";
import type { LookupOptions, TenantSelector } from "../lookups/client";
import { noteTenantResource } from "../lookups/registered";
import { DynamicResource } from "../lifecycle/dynamic-resource";

/** Arguments of a {@link Branding}. */
export interface BrandingArgs extends SingletonArgs {
  /** The login pages' colours; only the ones set are managed. */
  colors?: DeepInput<SingletonOf<"branding">["colors"]>;
  /** The favicon's URL (https). */
  favicon_url?: DeepInput<SingletonOf<"branding">["favicon_url"]>;
  /** The logo's URL (https), shown above the login box. */
  logo_url?: DeepInput<SingletonOf<"branding">["logo_url"]>;
  /** The login pages' font. */
  font?: DeepInput<SingletonOf<"branding">["font"]>;
}

/**
 * The tenant's branding settings (colours, logo, favicon, font) shown on its login pages. The resource manages the
 * fields it sets and leaves the others as the tenant has them; deleting it removes the fields it set
 * (`/api/v2/branding`), type `pulumi-nodejs:dynamic/tenant:Branding`. Its id is always `branding`. The branding
 * settings is a singleton of the tenant. Creating a Branding over a tenant that already has a *different* one fails at
 * preview unless `adopt: true` says to take it over (then it is replaced); deleting the resource (`pulumi destroy`, or
 * removing it from the program) removes the fields it set from the tenant's branding settings and leaves the others.
 * Declare at most one per tenant, in one stack. If you rename the resource, use an `aliases` option: a new name would
 * otherwise create the new one and then delete "the old one", which is the same object.
 */
export class Branding extends DynamicResource {
  /** The login pages' colours; only the ones set are managed. */
  declare public readonly colors: pulumi.Output<SingletonOf<"branding">["colors"]>;
  /** The favicon's URL (https). */
  declare public readonly favicon_url: pulumi.Output<SingletonOf<"branding">["favicon_url"]>;
  /** The logo's URL (https), shown above the login box. */
  declare public readonly logo_url: pulumi.Output<SingletonOf<"branding">["logo_url"]>;
  /** The login pages' font. */
  declare public readonly font: pulumi.Output<SingletonOf<"branding">["font"]>;

  /** Sets the tenant's branding settings. */
  constructor(name: string, args: BrandingArgs, opts?: pulumi.CustomResourceOptions) {
    const inputs = singletonResourceInputs("branding", args, name, opts);
    super("branding", name, inputs, opts, TYPE_MODULE, TYPE_NAMES.branding);
    noteTenantResource(this, args.tenant);
  }
}

/** Arguments of {@link getBranding}. */
export type GetBrandingArgs = TenantSelector;

/** The branding settings as {@link getBranding} answers it: the fields of the `Branding` resource. */
export type BrandingResult = SingletonOf<"branding">;

const getBrandingLookups = singletonLookups("branding", "getBranding");

/** Reads the tenant's branding settings (only the fields set; `{}` when none is). An empty list when it has none. */
export const getBranding: (args?: GetBrandingArgs, opts?: LookupOptions) => Promise<BrandingResult> =
  getBrandingLookups.get;

/** {@link getBranding} as an Output. */
export const getBrandingOutput: (args?: GetBrandingArgs, opts?: LookupOptions) => pulumi.Output<BrandingResult> =
  getBrandingLookups.getOutput;
