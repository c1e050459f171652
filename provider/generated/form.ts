/**
 * The `Form` resource and its lookups.
 * Generated from the table of kinds by `npm run classes` (scripts/classes.ts): do not edit.
 */

import type * as pulumi from "@pulumi/pulumi";
import type { DeepInput } from "../inputs";
import {
  kindLookups,
  kindResourceInputs,
  type AdoptArgs,
  type CreateOf,
  type ExportedTypeOf,
  type NamedTypeOf,
  type ObjectOf,
} from "../lifecycle/resource-class";
import { TYPE_MODULE, TYPE_NAMES } from "../lifecycle/tokens";
import type { IdOrNameArgs, IdOrNameOutputArgs } from "../lookups/by-name";
import type { LookupOptions } from "../lookups/client";
import { noteTenantResource } from "../lookups/registered";
import { DynamicResource } from "../lifecycle/dynamic-resource";

/** A form as the API answers it (`GET /api/v2/forms/{id}`). */
export type FormObject = ObjectOf<"form">;

/** The `FormNode` type of the package schema, as the form's schema types it. */
export type FormNode = NamedTypeOf<"form", "FormNode">;

/** The `FormComponent` type of the package schema, as the form's schema types it. */
export type FormComponent = NamedTypeOf<"form", "FormComponent">;

/** The `FormFields` type of the form's schema. */
export type FormFields = ExportedTypeOf<"form", "FormFields">;

/** The `FormStart` type of the form's schema. */
export type FormStart = ExportedTypeOf<"form", "FormStart">;

/** The `FormEnding` type of the form's schema. */
export type FormEnding = ExportedTypeOf<"form", "FormEnding">;

/** The `FormRouterRule` type of the form's schema. */
export type FormRouterRule = ExportedTypeOf<"form", "FormRouterRule">;

/** The `Coordinates` type of the form's schema. */
export type Coordinates = ExportedTypeOf<"form", "Coordinates">;

/** The `FormComponentType` type of the form's schema. */
export type FormComponentType = ExportedTypeOf<"form", "FormComponentType">;

/**
 * Returns `value` as it is, typed as a {@link FormComponent}: use it in helper functions that build one, so TypeScript
 * checks each where it is written (a misspelt `type` is then one line at the typo, not an error about the whole
 * argument at the call site).
 */
export function formComponent(value: FormComponent): FormComponent {
  return value;
}

/** Arguments of a {@link Form}: the API's own field names (body of `POST /forms`). */
export interface FormArgs extends AdoptArgs {
  /** The form's name, 1 to 150 characters. */
  name: DeepInput<CreateOf<"form">["name"]>;
  /** Custom messages of the form: `errors` and `custom`, each text 1 to 255 characters. */
  messages?: DeepInput<CreateOf<"form">["messages"]>;
  /** The form's languages: `primary` and `default` language codes, 1 to 55 characters each. */
  languages?: DeepInput<CreateOf<"form">["languages"]>;
  /** Translations per language code (any key): free-form objects of texts. */
  translations?: DeepInput<CreateOf<"form">["translations"]>;
  /**
   * The flow graph: STEP nodes (components and `next_node`), FLOW nodes (`flow_id` and `next_node`) and ROUTER nodes
   * (`rules` and `fallback`). Every `next_node` (JUMP_BUTTON components' too) must be a node id or `$ending`.
   * Components are the 27 published types, each with its own `config`; their secrets (RECAPTCHA `secret_key`,
   * GMAPS_ADDRESS `api_key` and `server_key`, PAYMENT `credentials`, AUTH0_VERIFIABLE_CREDENTIALS `access_token`) are
   * stored as Pulumi secrets, never in plaintext.
   */
  nodes?: DeepInput<CreateOf<"form">["nodes"]>;
  /**
   * Where the form starts: its `hidden_fields` (`{ key, value }`), the first node (`next_node`) and its position in the
   * editor (`coordinates`).
   */
  start?: DeepInput<CreateOf<"form">["start"]>;
  /**
   * What happens at the end of the form: a `redirection` (`target`, `delay` 0 to 10 s), an `after_submit` flow
   * (`flow_id`), `resume_flow` (only `true`), and its `coordinates`. The tenant defaults it to `{ resume_flow: true }`.
   */
  ending?: DeepInput<CreateOf<"form">["ending"]>;
  /** The form's style: `css`, its stylesheet, 1 to 5000 characters. */
  style?: DeepInput<CreateOf<"form">["style"]>;
}

/**
 * A form of the tenant: its nodes (steps, flows, routers), start and ending, style and translations (`/api/v2/forms`),
 * type `pulumi-nodejs:dynamic/tenant:Form`.
 */
export class Form extends DynamicResource {
  /** The form's name, 1 to 150 characters. */
  declare public readonly name: pulumi.Output<ObjectOf<"form">["name"]>;
  /** Custom messages of the form: `errors` and `custom`, each text 1 to 255 characters. */
  declare public readonly messages: pulumi.Output<ObjectOf<"form">["messages"]>;
  /** The form's languages: `primary` and `default` language codes, 1 to 55 characters each. */
  declare public readonly languages: pulumi.Output<ObjectOf<"form">["languages"]>;
  /** Translations per language code (any key): free-form objects of texts. */
  declare public readonly translations: pulumi.Output<ObjectOf<"form">["translations"]>;
  /**
   * The flow graph: STEP nodes (components and `next_node`), FLOW nodes (`flow_id` and `next_node`) and ROUTER nodes
   * (`rules` and `fallback`). Every `next_node` (JUMP_BUTTON components' too) must be a node id or `$ending`.
   * Components are the 27 published types, each with its own `config`; their secrets (RECAPTCHA `secret_key`,
   * GMAPS_ADDRESS `api_key` and `server_key`, PAYMENT `credentials`, AUTH0_VERIFIABLE_CREDENTIALS `access_token`) are
   * stored as Pulumi secrets, never in plaintext.
   */
  declare public readonly nodes: pulumi.Output<ObjectOf<"form">["nodes"]>;
  /**
   * Where the form starts: its `hidden_fields` (`{ key, value }`), the first node (`next_node`) and its position in the
   * editor (`coordinates`).
   */
  declare public readonly start: pulumi.Output<ObjectOf<"form">["start"]>;
  /**
   * What happens at the end of the form: a `redirection` (`target`, `delay` 0 to 10 s), an `after_submit` flow
   * (`flow_id`), `resume_flow` (only `true`), and its `coordinates`. The tenant defaults it to `{ resume_flow: true }`.
   */
  declare public readonly ending: pulumi.Output<ObjectOf<"form">["ending"]>;
  /** The form's style: `css`, its stylesheet, 1 to 5000 characters. */
  declare public readonly style: pulumi.Output<ObjectOf<"form">["style"]>;
  /** When the form was created (ISO-8601). */
  declare public readonly created_at: pulumi.Output<ObjectOf<"form">["created_at"]>;
  /** When the form was last updated (ISO-8601). */
  declare public readonly updated_at: pulumi.Output<ObjectOf<"form">["updated_at"]>;
  /** When the form was embedded (a calendar date), if ever. */
  declare public readonly embedded_at: pulumi.Output<ObjectOf<"form">["embedded_at"]>;
  /** When the form was last submitted (a calendar date), if ever. */
  declare public readonly submitted_at: pulumi.Output<ObjectOf<"form">["submitted_at"]>;
  /** The adopted object's id, when `adoptId` was given. */
  declare public readonly adoptId: pulumi.Output<string | undefined>;

  /** Creates (or, with `adoptId`, adopts) a form. */
  constructor(name: string, args: FormArgs, opts?: pulumi.CustomResourceOptions) {
    const inputs = kindResourceInputs("form", args, name, opts);
    super("form", name, inputs, opts, TYPE_MODULE, TYPE_NAMES.form);
    noteTenantResource(this, args.tenant);
  }
}

const lookups = kindLookups("form");

/** Arguments of {@link getForm}: exactly one of `id` (`ap_…`) and `name`. */
export type GetFormArgs = IdOrNameArgs;

/** Arguments of {@link getFormOutput}. */
export type GetFormOutputArgs = IdOrNameOutputArgs;

/**
 * Reads one form of the tenant, by id or by name. Rejects when none matches, and when several have the name (the error
 * lists their ids). The Output form is secret when the object holds a secret.
 */
export const getForm: (args: GetFormArgs, opts?: LookupOptions) => Promise<FormObject> = lookups.get;

/** {@link getForm} as an Output. */
export const getFormOutput: (args: GetFormOutputArgs, opts?: LookupOptions) => pulumi.Output<FormObject> =
  lookups.getOutput;
