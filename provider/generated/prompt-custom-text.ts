/**
 * The `PromptCustomText` resource and its lookup.
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

/** Arguments of a {@link PromptCustomText}. */
export interface PromptCustomTextArgs extends SingletonArgs {
  /**
   * The prompt whose screens' texts these are (`login`, `login-id`, …; the service's names). A change replaces the
   * resource.
   */
  prompt: DeepInput<SingletonOf<"promptCustomText">["prompt"]>;
  /** The language of the texts (`en`, `fr-CA`, …; the service's names). A change replaces the resource. */
  language: DeepInput<SingletonOf<"promptCustomText">["language"]>;
  /**
   * Each screen's texts by key (`{login: {title: "Welcome"}}`): the whole custom text of the prompt in the language; a
   * key left out shows the service's default text.
   */
  body: DeepInput<SingletonOf<"promptCustomText">["body"]>;
}

/**
 * The texts of one prompt's screens in one language, by screen and key; one per prompt and language, its id
 * `<prompt>:<language>` (`login-id:en`) (`/api/v2/prompts/{prompt}/custom-text/{language}`), type
 * `pulumi-nodejs:dynamic/tenant:PromptCustomText`. Its id is its `prompt` and `language`, joined by `:`: one per
 * `prompt` and `language` of the tenant. The prompt custom text is a singleton of the tenant per `prompt` and
 * `language`. Creating a PromptCustomText over a tenant that already has a *different* one fails at preview unless
 * `adopt: true` says to take it over (then it is replaced); deleting the resource (`pulumi destroy`, or removing it
 * from the program) puts one `prompt` and `language`'s prompt custom text back to the tenant's default (`{"body":{}}`).
 * Declare at most one per `prompt` and `language`, in one stack. If you rename the resource, use an `aliases` option: a
 * new name would otherwise create the new one and then delete "the old one", which is the same object.
 */
export class PromptCustomText extends DynamicResource {
  /**
   * The prompt whose screens' texts these are (`login`, `login-id`, …; the service's names). A change replaces the
   * resource.
   */
  declare public readonly prompt: pulumi.Output<SingletonOf<"promptCustomText">["prompt"]>;
  /** The language of the texts (`en`, `fr-CA`, …; the service's names). A change replaces the resource. */
  declare public readonly language: pulumi.Output<SingletonOf<"promptCustomText">["language"]>;
  /**
   * Each screen's texts by key (`{login: {title: "Welcome"}}`): the whole custom text of the prompt in the language; a
   * key left out shows the service's default text.
   */
  declare public readonly body: pulumi.Output<SingletonOf<"promptCustomText">["body"]>;

  /** Sets the tenant's prompt custom text. */
  constructor(name: string, args: PromptCustomTextArgs, opts?: pulumi.CustomResourceOptions) {
    const inputs = singletonResourceInputs("promptCustomText", args, name, opts);
    super("promptCustomText", name, inputs, opts, TYPE_MODULE, TYPE_NAMES.promptCustomText);
    noteTenantResource(this, args.tenant);
  }
}

/** Arguments of {@link getPromptCustomText}. */
export interface GetPromptCustomTextArgs extends TenantSelector {
  /** The prompt (`login`, …). */
  prompt: string;
  /** The language (`en`, …). */
  language: string;
}

/** Arguments of {@link getPromptCustomTextOutput}. */
export interface GetPromptCustomTextOutputArgs extends TenantSelector {
  /** The prompt (`login`, …). */
  prompt: pulumi.Input<string>;
  /** The language (`en`, …). */
  language: pulumi.Input<string>;
}

/** The prompt custom text as {@link getPromptCustomText} answers it: the fields of the `PromptCustomText` resource. */
export type PromptCustomTextResult = SingletonOf<"promptCustomText">;

const getPromptCustomTextLookups = singletonLookups<"promptCustomText", { prompt: string; language: string }>(
  "promptCustomText",
  "getPromptCustomText",
);

/** Reads one prompt's custom text in one language (`{}` when none was written). An empty list when it has none. */
export const getPromptCustomText: (
  args: GetPromptCustomTextArgs,
  opts?: LookupOptions,
) => Promise<PromptCustomTextResult> = getPromptCustomTextLookups.get;

/** {@link getPromptCustomText} as an Output. */
export const getPromptCustomTextOutput: (
  args: GetPromptCustomTextOutputArgs,
  opts?: LookupOptions,
) => pulumi.Output<PromptCustomTextResult> = getPromptCustomTextLookups.getOutput;
