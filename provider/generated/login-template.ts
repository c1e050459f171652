/**
 * The `LoginTemplate` resource and its lookup.
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

/** Arguments of a {@link LoginTemplate}. */
export interface LoginTemplateArgs extends SingletonArgs {
  /**
   * The hosted login page's markup (Liquid), at most 102400 characters; it must contain `{%- auth0:head -%}` and
   * `{%- auth0:widget -%}`.
   */
  template: DeepInput<SingletonOf<"loginTemplate">["template"]>;
}

/**
 * The hosted login page template (Liquid markup), a singleton of the tenant
 * (`/api/v2/branding/templates/universal-login`), type `pulumi-nodejs:dynamic/tenant:LoginTemplate`. Its id is always
 * `universal-login`. The login page template is a singleton of the tenant. Creating a LoginTemplate over a tenant that
 * already has a *different* one fails at preview unless `adopt: true` says to take it over (then it is replaced);
 * deleting the resource (`pulumi destroy`, or removing it from the program) removes the tenant's login page template.
 * Declare at most one per tenant, in one stack. If you rename the resource, use an `aliases` option: a new name would
 * otherwise create the new one and then delete "the old one", which is the same object.
 */
export class LoginTemplate extends DynamicResource {
  /**
   * The hosted login page's markup (Liquid), at most 102400 characters; it must contain `{%- auth0:head -%}` and
   * `{%- auth0:widget -%}`.
   */
  declare public readonly template: pulumi.Output<SingletonOf<"loginTemplate">["template"]>;

  /** Sets the tenant's login page template. */
  constructor(name: string, args: LoginTemplateArgs, opts?: pulumi.CustomResourceOptions) {
    const inputs = singletonResourceInputs("loginTemplate", args, name, opts);
    super("loginTemplate", name, inputs, opts, TYPE_MODULE, TYPE_NAMES.loginTemplate);
    noteTenantResource(this, args.tenant);
  }
}

/** Arguments of {@link getLoginTemplate}. */
export type GetLoginTemplateArgs = TenantSelector;

/** The login page template as {@link getLoginTemplate} answers it: the fields of the `LoginTemplate` resource. */
export type LoginTemplateResult = SingletonOf<"loginTemplate">;

const getLoginTemplateLookups = singletonLookups("loginTemplate", "getLoginTemplate");

/** Reads the tenant's login page template. Rejects with a NotFoundError when the tenant has none. */
export const getLoginTemplate: (args?: GetLoginTemplateArgs, opts?: LookupOptions) => Promise<LoginTemplateResult> =
  getLoginTemplateLookups.get;

/** {@link getLoginTemplate} as an Output. */
export const getLoginTemplateOutput: (
  args?: GetLoginTemplateArgs,
  opts?: LookupOptions,
) => pulumi.Output<LoginTemplateResult> = getLoginTemplateLookups.getOutput;
