/**
 * The `PromptScreenPartials` resource and its lookup.
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

/** Arguments of a {@link PromptScreenPartials}. */
export interface PromptScreenPartialsArgs extends SingletonArgs {
  /**
   * The prompt whose screens take these partials (`login`, `login-passwordless`, …; the service's names). A change
   * replaces the resource.
   */
  prompt: DeepInput<SingletonOf<"promptScreenPartials">["prompt"]>;
  /**
   * Each screen's HTML by insertion point (`form-content-start`, `form-content-end`, `form-footer-start`,
   * `form-footer-end`, `secondary-actions-start`, `secondary-actions-end`): every partial of the prompt; a screen left
   * out has none.
   */
  screens: DeepInput<SingletonOf<"promptScreenPartials">["screens"]>;
}

/**
 * The HTML one prompt's screens insert at their insertion points; one per prompt, its id the prompt. Needs a custom
 * domain and a login page template on the tenant (`/api/v2/prompts/{prompt}/partials`), type
 * `pulumi-nodejs:dynamic/tenant:PromptScreenPartials`. Its id is its `prompt`: one per `prompt` of the tenant. The
 * prompt screen partials is a singleton of the tenant per `prompt`. Creating a PromptScreenPartials over a tenant that
 * already has a *different* one fails at preview unless `adopt: true` says to take it over (then it is replaced);
 * deleting the resource (`pulumi destroy`, or removing it from the program) puts one `prompt`'s prompt screen partials
 * back to the tenant's default (`{"screens":{}}`). Declare at most one per `prompt`, in one stack. If you rename the
 * resource, use an `aliases` option: a new name would otherwise create the new one and then delete "the old one", which
 * is the same object.
 */
export class PromptScreenPartials extends DynamicResource {
  /**
   * The prompt whose screens take these partials (`login`, `login-passwordless`, …; the service's names). A change
   * replaces the resource.
   */
  declare public readonly prompt: pulumi.Output<SingletonOf<"promptScreenPartials">["prompt"]>;
  /**
   * Each screen's HTML by insertion point (`form-content-start`, `form-content-end`, `form-footer-start`,
   * `form-footer-end`, `secondary-actions-start`, `secondary-actions-end`): every partial of the prompt; a screen left
   * out has none.
   */
  declare public readonly screens: pulumi.Output<SingletonOf<"promptScreenPartials">["screens"]>;

  /** Sets the tenant's prompt screen partials. */
  constructor(name: string, args: PromptScreenPartialsArgs, opts?: pulumi.CustomResourceOptions) {
    const inputs = singletonResourceInputs("promptScreenPartials", args, name, opts);
    super("promptScreenPartials", name, inputs, opts, TYPE_MODULE, TYPE_NAMES.promptScreenPartials);
    noteTenantResource(this, args.tenant);
  }
}

/** Arguments of {@link getPromptScreenPartials}. */
export interface GetPromptScreenPartialsArgs extends TenantSelector {
  /** The prompt (`login`, …). */
  prompt: string;
}

/** Arguments of {@link getPromptScreenPartialsOutput}. */
export interface GetPromptScreenPartialsOutputArgs extends TenantSelector {
  /** The prompt (`login`, …). */
  prompt: pulumi.Input<string>;
}

/**
 * The prompt screen partials as {@link getPromptScreenPartials} answers it: the fields of the `PromptScreenPartials`
 * resource.
 */
export type PromptScreenPartialsResult = SingletonOf<"promptScreenPartials">;

const getPromptScreenPartialsLookups = singletonLookups<"promptScreenPartials", { prompt: string }>(
  "promptScreenPartials",
  "getPromptScreenPartials",
);

/** Reads one prompt's screen partials (`{}` when none were written). An empty list when it has none. */
export const getPromptScreenPartials: (
  args: GetPromptScreenPartialsArgs,
  opts?: LookupOptions,
) => Promise<PromptScreenPartialsResult> = getPromptScreenPartialsLookups.get;

/** {@link getPromptScreenPartials} as an Output. */
export const getPromptScreenPartialsOutput: (
  args: GetPromptScreenPartialsOutputArgs,
  opts?: LookupOptions,
) => pulumi.Output<PromptScreenPartialsResult> = getPromptScreenPartialsLookups.getOutput;
