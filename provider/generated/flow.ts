/**
 * The `Flow` resource and its lookups.
 * Generated from the table of kinds by `npm run classes` (scripts/classes.ts): do not edit.
 */

import type * as pulumi from "@pulumi/pulumi";
import type { DeepInput } from "../inputs";
import {
  kindLookups,
  kindResourceInputs,
  type AdoptArgs,
  type CreateOf,
  type ObjectOf,
} from "../lifecycle/resource-class";
import { TYPE_MODULE, TYPE_NAMES } from "../lifecycle/tokens";
import type { IdOrNameArgs, IdOrNameOutputArgs } from "../lookups/by-name";
import type { LookupOptions } from "../lookups/client";
import { noteTenantResource } from "../lookups/registered";
import { DynamicResource } from "../lifecycle/dynamic-resource";

/** A flow as the API answers it (`GET /api/v2/flows/{id}`). */
export type FlowObject = ObjectOf<"flow">;

/** Arguments of a {@link Flow}: the API's own field names (body of `POST /flows`). */
export interface FlowArgs extends AdoptArgs {
  /** The flow's name (1 to 150 characters). */
  name: DeepInput<CreateOf<"flow">["name"]>;
  /**
   * The actions the flow runs, in order; an action reads earlier ones' output as `{{actions.<id>}}` and a form's fields
   * as `{{fields.<id>}}`.
   */
  actions?: DeepInput<CreateOf<"flow">["actions"]>;
}

/**
 * A flow of the tenant: the actions it runs when a form hands data over (a form's FLOW node or `after_submit`)
 * (`/api/v2/flows`), type `pulumi-nodejs:dynamic/tenant:Flow`.
 */
export class Flow extends DynamicResource {
  /** The flow's name (1 to 150 characters). */
  declare public readonly name: pulumi.Output<ObjectOf<"flow">["name"]>;
  /**
   * The actions the flow runs, in order; an action reads earlier ones' output as `{{actions.<id>}}` and a form's fields
   * as `{{fields.<id>}}`.
   */
  declare public readonly actions: pulumi.Output<ObjectOf<"flow">["actions"]>;
  /** When the flow was made. */
  declare public readonly created_at: pulumi.Output<ObjectOf<"flow">["created_at"]>;
  /** When the flow last changed. */
  declare public readonly updated_at: pulumi.Output<ObjectOf<"flow">["updated_at"]>;
  /** The adopted object's id, when `adoptId` was given. */
  declare public readonly adoptId: pulumi.Output<string | undefined>;

  /** Creates (or, with `adoptId`, adopts) a flow. */
  constructor(name: string, args: FlowArgs, opts?: pulumi.CustomResourceOptions) {
    const inputs = kindResourceInputs("flow", args, name, opts);
    super("flow", name, inputs, opts, TYPE_MODULE, TYPE_NAMES.flow);
    noteTenantResource(this, args.tenant);
  }
}

const lookups = kindLookups("flow");

/** Arguments of {@link getFlow}: exactly one of `id` (`af_…`) and `name`. */
export type GetFlowArgs = IdOrNameArgs;

/** Arguments of {@link getFlowOutput}. */
export type GetFlowOutputArgs = IdOrNameOutputArgs;

/**
 * Reads one flow of the tenant, by id or by name. Rejects when none matches, and when several have the name (the error
 * lists their ids). The Output form is secret when the object holds a secret.
 */
export const getFlow: (args: GetFlowArgs, opts?: LookupOptions) => Promise<FlowObject> = lookups.get;

/** {@link getFlow} as an Output. */
export const getFlowOutput: (args: GetFlowOutputArgs, opts?: LookupOptions) => pulumi.Output<FlowObject> =
  lookups.getOutput;
