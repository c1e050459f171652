/**
 * The `BrandingTheme` resource and its lookup.
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

/** Arguments of a {@link BrandingTheme}. */
export interface BrandingThemeArgs extends SingletonArgs {
  /** The theme's name in the dashboard. Left out: the tenant keeps the one it has (none on a new theme). */
  displayName?: DeepInput<SingletonOf<"brandingTheme">["displayName"]>;
  /** The login box's borders and corners. */
  borders: DeepInput<SingletonOf<"brandingTheme">["borders"]>;
  /** The login box's colours (`#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`). */
  colors: DeepInput<SingletonOf<"brandingTheme">["colors"]>;
  /** The login box's fonts: each text's weight and size (a percentage of `reference_text_size`). */
  fonts: DeepInput<SingletonOf<"brandingTheme">["fonts"]>;
  /** The page around the login box. */
  page_background: DeepInput<SingletonOf<"brandingTheme">["page_background"]>;
  /** The login box's layout. */
  widget: DeepInput<SingletonOf<"brandingTheme">["widget"]>;
  /** How identifiers show. Left out: the tenant keeps what it has. */
  identifiers?: DeepInput<SingletonOf<"brandingTheme">["identifiers"]>;
}

/**
 * The tenant's one branding theme: the login box's borders, colours, fonts, page background, widget layout and
 * identifiers. Its id is the theme's `themeId`; creating it on a tenant that has a theme takes that one over
 * (`/api/v2/branding/themes/{themeId}`), type `pulumi-nodejs:dynamic/tenant:BrandingTheme`. Its id is the `themeId` the
 * tenant gave it (what `pulumi import` takes). The branding theme is a singleton of the tenant. Creating a
 * BrandingTheme over a tenant that already has a *different* one fails at preview unless `adopt: true` says to take it
 * over (then it is replaced); deleting the resource (`pulumi destroy`, or removing it from the program) removes the
 * tenant's branding theme. Declare at most one per tenant, in one stack. If you rename the resource, use an `aliases`
 * option: a new name would otherwise create the new one and then delete "the old one", which is the same object.
 */
export class BrandingTheme extends DynamicResource {
  /** The theme's name in the dashboard. Left out: the tenant keeps the one it has (none on a new theme). */
  declare public readonly displayName: pulumi.Output<SingletonOf<"brandingTheme">["displayName"]>;
  /** The login box's borders and corners. */
  declare public readonly borders: pulumi.Output<SingletonOf<"brandingTheme">["borders"]>;
  /** The login box's colours (`#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`). */
  declare public readonly colors: pulumi.Output<SingletonOf<"brandingTheme">["colors"]>;
  /** The login box's fonts: each text's weight and size (a percentage of `reference_text_size`). */
  declare public readonly fonts: pulumi.Output<SingletonOf<"brandingTheme">["fonts"]>;
  /** The page around the login box. */
  declare public readonly page_background: pulumi.Output<SingletonOf<"brandingTheme">["page_background"]>;
  /** The login box's layout. */
  declare public readonly widget: pulumi.Output<SingletonOf<"brandingTheme">["widget"]>;
  /** How identifiers show. Left out: the tenant keeps what it has. */
  declare public readonly identifiers: pulumi.Output<SingletonOf<"brandingTheme">["identifiers"]>;

  /** Sets the tenant's branding theme. */
  constructor(name: string, args: BrandingThemeArgs, opts?: pulumi.CustomResourceOptions) {
    const inputs = singletonResourceInputs("brandingTheme", args, name, opts);
    super("brandingTheme", name, inputs, opts, TYPE_MODULE, TYPE_NAMES.brandingTheme);
    noteTenantResource(this, args.tenant);
  }
}

/** Arguments of {@link getBrandingTheme}. */
export type GetBrandingThemeArgs = TenantSelector;

/** The branding theme as {@link getBrandingTheme} answers it: the fields of the `BrandingTheme` resource. */
export type BrandingThemeResult = SingletonOf<"brandingTheme">;

const getBrandingThemeLookups = singletonLookups("brandingTheme", "getBrandingTheme");

/**
 * Reads the tenant's branding theme; fails when the tenant has none. Rejects with a NotFoundError when the tenant has
 * none.
 */
export const getBrandingTheme: (args?: GetBrandingThemeArgs, opts?: LookupOptions) => Promise<BrandingThemeResult> =
  getBrandingThemeLookups.get;

/** {@link getBrandingTheme} as an Output. */
export const getBrandingThemeOutput: (
  args?: GetBrandingThemeArgs,
  opts?: LookupOptions,
) => pulumi.Output<BrandingThemeResult> = getBrandingThemeLookups.getOutput;
