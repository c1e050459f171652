/**
 * The `PromptSettings` resource and its lookup.
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

/** Arguments of a {@link PromptSettings}. */
export interface PromptSettingsArgs extends SingletonArgs {
  /** The login experience the tenant shows: `new` (Universal Login) or `classic`; the service's default is `new`. */
  universal_login_experience?: DeepInput<SingletonOf<"promptSettings">["universal_login_experience"]>;
  /** Whether the login asks for the identifier first and the password on a screen of its own; default false. */
  identifier_first?: DeepInput<SingletonOf<"promptSettings">["identifier_first"]>;
  /** Whether a platform passkey (WebAuthn) may be the first factor; default true. */
  webauthn_platform_first_factor?: DeepInput<SingletonOf<"promptSettings">["webauthn_platform_first_factor"]>;
}

/**
 * The tenant's login prompts' settings (the login experience, identifier first, passkeys as a first factor): a
 * singleton of the tenant; a field left out is left as the tenant has it (`/api/v2/prompts`), type
 * `pulumi-nodejs:dynamic/tenant:PromptSettings`. Its id is always `prompts`. The prompt settings is a singleton of the
 * tenant. Creating a PromptSettings over a tenant that already has a *different* one fails at preview unless
 * `adopt: true` says to take it over (then it is replaced); deleting the resource (`pulumi destroy`, or removing it
 * from the program) puts the tenant's prompt settings back to the tenant's default
 * (`{"universal_login_experience":"new","identifier_first":false,"webauthn_platform_first_factor":true}`). Declare at
 * most one per tenant, in one stack. If you rename the resource, use an `aliases` option: a new name would otherwise
 * create the new one and then delete "the old one", which is the same object.
 */
export class PromptSettings extends DynamicResource {
  /** The login experience the tenant shows: `new` (Universal Login) or `classic`; the service's default is `new`. */
  declare public readonly universal_login_experience: pulumi.Output<
    SingletonOf<"promptSettings">["universal_login_experience"]
  >;
  /** Whether the login asks for the identifier first and the password on a screen of its own; default false. */
  declare public readonly identifier_first: pulumi.Output<SingletonOf<"promptSettings">["identifier_first"]>;
  /** Whether a platform passkey (WebAuthn) may be the first factor; default true. */
  declare public readonly webauthn_platform_first_factor: pulumi.Output<
    SingletonOf<"promptSettings">["webauthn_platform_first_factor"]
  >;

  /** Sets the tenant's prompt settings. */
  constructor(name: string, args: PromptSettingsArgs, opts?: pulumi.CustomResourceOptions) {
    const inputs = singletonResourceInputs("promptSettings", args, name, opts);
    super("promptSettings", name, inputs, opts, TYPE_MODULE, TYPE_NAMES.promptSettings);
    noteTenantResource(this, args.tenant);
  }
}

/** Arguments of {@link getPromptSettings}. */
export type GetPromptSettingsArgs = TenantSelector;

/** The prompt settings as {@link getPromptSettings} answers it: the fields of the `PromptSettings` resource. */
export type PromptSettingsResult = SingletonOf<"promptSettings">;

const getPromptSettingsLookups = singletonLookups("promptSettings", "getPromptSettings");

/** Reads the tenant's prompts' settings. An empty list when it has none. */
export const getPromptSettings: (args?: GetPromptSettingsArgs, opts?: LookupOptions) => Promise<PromptSettingsResult> =
  getPromptSettingsLookups.get;

/** {@link getPromptSettings} as an Output. */
export const getPromptSettingsOutput: (
  args?: GetPromptSettingsArgs,
  opts?: LookupOptions,
) => pulumi.Output<PromptSettingsResult> = getPromptSettingsLookups.getOutput;
