/**
 * The `TriggerBindings` resource and its lookup.
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

/** Arguments of a {@link TriggerBindings}. */
export interface TriggerBindingsArgs extends SingletonArgs {
  /**
   * The trigger whose bindings these are (`post-login`, `pre-user-registration`, …): the resource's id. A change
   * replaces the resource (another trigger's list).
   */
  trigger_id: DeepInput<SingletonOf<"triggerBindings">["trigger_id"]>;
  /**
   * The actions the trigger runs, in order: the first runs first. Each must be deployed and support the trigger. Empty:
   * the trigger runs none.
   */
  actions: DeepInput<SingletonOf<"triggerBindings">["actions"]>;
}

/**
 * The ordered list of actions the tenant runs at one trigger (`post-login`, …), by reference to the actions; one per
 * trigger, its id the trigger's id (`/api/v2/actions/triggers/{trigger_id}/bindings`), type
 * `pulumi-nodejs:dynamic/tenant:TriggerBindings`. Its id is its `trigger_id`: one per `trigger_id` of the tenant. The
 * trigger bindings is a singleton of the tenant per `trigger_id`. Creating a TriggerBindings over a tenant that already
 * has a *different* one fails at preview unless `adopt: true` says to take it over (then it is replaced); deleting the
 * resource (`pulumi destroy`, or removing it from the program) puts one `trigger_id`'s trigger bindings back to the
 * tenant's default (`{"actions":[]}`). Declare at most one per `trigger_id`, in one stack. If you rename the resource,
 * use an `aliases` option: a new name would otherwise create the new one and then delete "the old one", which is the
 * same object.
 */
export class TriggerBindings extends DynamicResource {
  /**
   * The trigger whose bindings these are (`post-login`, `pre-user-registration`, …): the resource's id. A change
   * replaces the resource (another trigger's list).
   */
  declare public readonly trigger_id: pulumi.Output<SingletonOf<"triggerBindings">["trigger_id"]>;
  /**
   * The actions the trigger runs, in order: the first runs first. Each must be deployed and support the trigger. Empty:
   * the trigger runs none.
   */
  declare public readonly actions: pulumi.Output<SingletonOf<"triggerBindings">["actions"]>;

  /** Sets the tenant's trigger bindings. */
  constructor(name: string, args: TriggerBindingsArgs, opts?: pulumi.CustomResourceOptions) {
    const inputs = singletonResourceInputs("triggerBindings", args, name, opts);
    super("triggerBindings", name, inputs, opts, TYPE_MODULE, TYPE_NAMES.triggerBindings);
    noteTenantResource(this, args.tenant);
  }
}

/** Arguments of {@link getTriggerBindings}. */
export interface GetTriggerBindingsArgs extends TenantSelector {
  /** The trigger (`post-login`, …). */
  trigger_id: string;
}

/** Arguments of {@link getTriggerBindingsOutput}. */
export interface GetTriggerBindingsOutputArgs extends TenantSelector {
  /** The trigger (`post-login`, …). */
  trigger_id: pulumi.Input<string>;
}

/** The trigger bindings as {@link getTriggerBindings} answers it: the fields of the `TriggerBindings` resource. */
export type TriggerBindingsResult = SingletonOf<"triggerBindings">;

const getTriggerBindingsLookups = singletonLookups<"triggerBindings", { trigger_id: string }>(
  "triggerBindings",
  "getTriggerBindings",
);

/** Reads the actions bound to one trigger of the tenant, in the order they run. An empty list when it has none. */
export const getTriggerBindings: (
  args: GetTriggerBindingsArgs,
  opts?: LookupOptions,
) => Promise<TriggerBindingsResult> = getTriggerBindingsLookups.get;

/** {@link getTriggerBindings} as an Output. */
export const getTriggerBindingsOutput: (
  args: GetTriggerBindingsOutputArgs,
  opts?: LookupOptions,
) => pulumi.Output<TriggerBindingsResult> = getTriggerBindingsLookups.getOutput;
