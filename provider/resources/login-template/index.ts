/** The `LoginTemplate` resource users construct. */
import * as pulumi from "@pulumi/pulumi";
import { DynamicResource } from "../../lifecycle/dynamic-resource";
import { tenantInputs, type TenantArgs } from "../../lifecycle/tenant";
import { noteTenantResource } from "../../lookups/registered";
import { TYPE_MODULE, TYPE_NAMES } from "../../lifecycle/tokens";

/** Arguments of a {@link LoginTemplate}. */
export interface LoginTemplateArgs extends TenantArgs {
  /**
   * The hosted login page's markup (Liquid), at most 102400 characters; it must contain `{%- auth0:head -%}` and
   * `{%- auth0:widget -%}`.
   */
  template: pulumi.Input<string>;
  /**
   * Take over the template the tenant already has. Without it, creating this resource on a
   * tenant whose template differs fails at preview (`pulumi preview` names `adopt`): the
   * template is a singleton, and another stack may manage it — this resource would then
   * overwrite it, and delete it on destroy.
   */
  adopt?: pulumi.Input<boolean>;
}

/**
 * The tenant's hosted login page template (`/api/v2/branding/templates/universal-login`),
 * type `pulumi-nodejs:dynamic/tenant:LoginTemplate`. Its id is always `universal-login`.
 *
 * The template is a singleton of the tenant. Creating a LoginTemplate over a tenant that
 * already has a *different* template fails at preview unless `adopt: true` says to take it
 * over (then it is replaced); deleting the resource (`pulumi destroy`, or removing it from
 * the program) removes the tenant's template, so the default page is shown again. Declare
 * at most one per tenant, in one stack. If you rename the resource, use an `aliases` option: a new
 * name would otherwise create the new one and then delete "the old one", which is the
 * same template.
 */
export class LoginTemplate extends DynamicResource {
  /**
   * The hosted login page's markup (Liquid), at most 102400 characters; it must contain `{%- auth0:head -%}` and
   * `{%- auth0:widget -%}`.
   */
  declare public readonly template: pulumi.Output<string>;

  /** Sets the tenant's login page template. */
  constructor(name: string, args: LoginTemplateArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "loginTemplate",
      name,
      { template: args.template, adopt: args.adopt, ...tenantInputs(args, name, "loginTemplate", opts) },
      opts,
      TYPE_MODULE,
      TYPE_NAMES.loginTemplate,
    );
    noteTenantResource(this, args.tenant);
  }
}
