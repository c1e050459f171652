/**
 * The `Action` resource and its lookups.
 * Generated from the table of kinds by `npm run classes` (scripts/classes.ts): do not edit.
 */

import type * as pulumi from "@pulumi/pulumi";
import type { DeepInput } from "../inputs";
import {
  kindLookups,
  kindResourceInputs,
  type AdoptArgs,
  type CreateOf,
  type NamedTypeOf,
  type ObjectOf,
} from "../lifecycle/resource-class";
import { TYPE_MODULE, TYPE_NAMES } from "../lifecycle/tokens";
import type { IdOrNameArgs, IdOrNameOutputArgs } from "../lookups/by-name";
import type { LookupOptions } from "../lookups/client";
import { noteTenantResource } from "../lookups/registered";
import { DynamicResource } from "../lifecycle/dynamic-resource";

/** An action as the API answers it (`GET /api/v2/actions/actions/{id}`). */
export type ActionObject = ObjectOf<"action">;

/** The `ActionTrigger` type of the package schema, as the action's schema types it. */
export type ActionTrigger = NamedTypeOf<"action", "ActionTrigger">;

/** The `ActionDependency` type of the package schema, as the action's schema types it. */
export type ActionDependency = NamedTypeOf<"action", "ActionDependency">;

/** The `ActionSecret` type of the package schema, as the action's schema types it. */
export type ActionSecret = NamedTypeOf<"action", "ActionSecret">;

/** The `ActionSecretState` type of the package schema, as the action's schema types it. */
export type ActionSecretState = NamedTypeOf<"action", "ActionSecretState">;

/** The `ActionDeployedVersion` type of the package schema, as the action's schema types it. */
export type ActionDeployedVersion = NamedTypeOf<"action", "ActionDeployedVersion">;

/** The `ActionCurrentVersion` type of the package schema, as the action's schema types it. */
export type ActionCurrentVersion = NamedTypeOf<"action", "ActionCurrentVersion">;

/** The `ActionModuleReference` type of the package schema, as the action's schema types it. */
export type ActionModuleReference = NamedTypeOf<"action", "ActionModuleReference">;

/** Arguments of an {@link Action}: the API's own field names (body of `POST /actions/actions`). */
export interface ActionArgs extends AdoptArgs {
  /** The action's name, 1 to 255 characters. Bindings and Auth0's deploy CLI may name an action by it. */
  name: DeepInput<CreateOf<"action">["name"]>;
  /**
   * The trigger the action runs at: exactly one, its `id` (`post-login`, `pre-user-registration`, …) and `version` (the
   * trigger's current version when left out).
   */
  supported_triggers: DeepInput<CreateOf<"action">["supported_triggers"]>;
  /**
   * The action's source: a Node.js module exporting the trigger's handler
   * (`exports.onExecutePostLogin = async (event, api) => { … }`). A form id it renders is best handed as a secret
   * (`secrets: [{ name: "FORM_ID", value: form.id }]`, read as `event.secrets.FORM_ID`): the code stays a literal the
   * policy pack judges at every preview.
   */
  code?: DeepInput<CreateOf<"action">["code"]>;
  /** The Node.js runtime: `node22` (the default), `node18`, … */
  runtime?: DeepInput<CreateOf<"action">["runtime"]>;
  /** npm modules the code requires, each by `name` and `version`. */
  dependencies?: DeepInput<CreateOf<"action">["dependencies"]>;
  /**
   * Values the code reads as `event.secrets.<name>`. Names are read back (one added or removed outside Pulumi is
   * drift); values are write-only: the tenant never returns them, Pulumi stores them encrypted, and a changed value is
   * an update.
   */
  secrets?: DeepInput<CreateOf<"action">["secrets"]>;
  /**
   * Action modules (shared code published in the tenant) the action uses, each by `module_id` and `module_version_id`.
   */
  modules?: DeepInput<CreateOf<"action">["modules"]>;
  /**
   * Deploy the action after every create and update (the default, true): the write ends with the code built and
   * deployed, so what the program says is what runs. False keeps a draft that runs nowhere.
   */
  deploy?: DeepInput<CreateOf<"action">["deploy"]>;
}

/**
 * An action of the tenant: code it runs at a trigger (a post-login action that renders a form), built and deployed by
 * every write unless `deploy` is false (`/api/v2/actions/actions`), type `pulumi-nodejs:dynamic/tenant:Action`.
 */
export class Action extends DynamicResource {
  /** The action's name, 1 to 255 characters. Bindings and Auth0's deploy CLI may name an action by it. */
  declare public readonly name: pulumi.Output<ObjectOf<"action">["name"]>;
  /**
   * The trigger the action runs at: exactly one, its `id` (`post-login`, `pre-user-registration`, …) and `version` (the
   * trigger's current version when left out).
   */
  declare public readonly supported_triggers: pulumi.Output<ObjectOf<"action">["supported_triggers"]>;
  /**
   * The action's source: a Node.js module exporting the trigger's handler
   * (`exports.onExecutePostLogin = async (event, api) => { … }`). A form id it renders is best handed as a secret
   * (`secrets: [{ name: "FORM_ID", value: form.id }]`, read as `event.secrets.FORM_ID`): the code stays a literal the
   * policy pack judges at every preview.
   */
  declare public readonly code: pulumi.Output<ObjectOf<"action">["code"]>;
  /** The Node.js runtime: `node22` (the default), `node18`, … */
  declare public readonly runtime: pulumi.Output<ObjectOf<"action">["runtime"]>;
  /** npm modules the code requires, each by `name` and `version`. */
  declare public readonly dependencies: pulumi.Output<ObjectOf<"action">["dependencies"]>;
  /**
   * Values the code reads as `event.secrets.<name>`. Names are read back (one added or removed outside Pulumi is
   * drift); values are write-only: the tenant never returns them, Pulumi stores them encrypted, and a changed value is
   * an update.
   */
  declare public readonly secrets: pulumi.Output<ObjectOf<"action">["secrets"]>;
  /**
   * Action modules (shared code published in the tenant) the action uses, each by `module_id` and `module_version_id`.
   */
  declare public readonly modules: pulumi.Output<ObjectOf<"action">["modules"]>;
  /**
   * Deploy the action after every create and update (the default, true): the write ends with the code built and
   * deployed, so what the program says is what runs. False keeps a draft that runs nowhere.
   */
  declare public readonly deploy: pulumi.Output<CreateOf<"action">["deploy"]>;
  /** When the action was created (ISO-8601). */
  declare public readonly created_at: pulumi.Output<ObjectOf<"action">["created_at"]>;
  /** When the action was last updated (ISO-8601). */
  declare public readonly updated_at: pulumi.Output<ObjectOf<"action">["updated_at"]>;
  /**
   * The build's status of the current draft: `pending` and `building` while the tenant builds it, then `built`, or
   * `failed` when a dependency cannot be installed (the tenant does not parse the code: code with a syntax error
   * builds, and fails at run time).
   */
  declare public readonly status: pulumi.Output<ObjectOf<"action">["status"]>;
  /** Whether the draft is what is deployed (false after a change not yet deployed). */
  declare public readonly all_changes_deployed: pulumi.Output<ObjectOf<"action">["all_changes_deployed"]>;
  /** The adopted object's id, when `adoptId` was given. */
  declare public readonly adoptId: pulumi.Output<string | undefined>;

  /** Creates (or, with `adoptId`, adopts) an action. */
  constructor(name: string, args: ActionArgs, opts?: pulumi.CustomResourceOptions) {
    const inputs = kindResourceInputs("action", args, name, opts);
    super("action", name, inputs, opts, TYPE_MODULE, TYPE_NAMES.action);
    noteTenantResource(this, args.tenant);
  }
}

const lookups = kindLookups("action");

/** Arguments of {@link getAction}: exactly one of `id` (`…`) and `name`. */
export type GetActionArgs = IdOrNameArgs;

/** Arguments of {@link getActionOutput}. */
export type GetActionOutputArgs = IdOrNameOutputArgs;

/**
 * Reads one action of the tenant, by id or by name. Rejects when none matches, and when several have the name (the
 * error lists their ids). The Output form is secret when the object holds a secret.
 */
export const getAction: (args: GetActionArgs, opts?: LookupOptions) => Promise<ActionObject> = lookups.get;

/** {@link getAction} as an Output. */
export const getActionOutput: (args: GetActionOutputArgs, opts?: LookupOptions) => pulumi.Output<ActionObject> =
  lookups.getOutput;
