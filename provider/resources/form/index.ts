/** The `Form` resource users construct, and the `getForm` lookup. */
import * as pulumi from "@pulumi/pulumi";
import {
  type Form as FormObject,
  type FormEnding,
  type FormFields,
  type FormNode,
  type FormStart,
  KINDS,
} from "../../../api";
import type { DeepInput } from "../../inputs";
import { DynamicResource } from "../../lifecycle/dynamic-resource";
import { tenantInputs, type TenantArgs } from "../../lifecycle/tenant";
import { idOrNameLookups, type IdOrNameArgs, type IdOrNameOutputArgs } from "../../lookups/by-name";
import type { LookupOptions } from "../../lookups/client";
import { noteTenantResource } from "../../lookups/registered";
import { markSecrets } from "../../lifecycle/secrets";
import { TYPE_MODULE, TYPE_NAMES } from "../../lifecycle/tokens";
import { formSecrets } from "./secrets";

/** Arguments of a {@link Form}: the API's own field names (body of `POST /forms`). */
export interface FormArgs extends TenantArgs {
  /** The form's name, 1 to 150 characters. */
  name: pulumi.Input<string>;
  /** Custom messages of the form: `errors` and `custom`, each text 1 to 255 characters. */
  messages?: DeepInput<FormFields["messages"]>;
  /** The form's languages: `primary` and `default` language codes, 1 to 55 characters each. */
  languages?: DeepInput<FormFields["languages"]>;
  /** Translations per language code (any key): free-form objects of texts. */
  translations?: DeepInput<FormFields["translations"]>;
  /**
   * The flow graph: STEP nodes (components and `next_node`), FLOW nodes (`flow_id` and `next_node`) and ROUTER nodes
   * (`rules` and `fallback`). Every `next_node` (JUMP_BUTTON components' too) must be a node id or `$ending`.
   * Components are the 27 published types, each with its own `config`; their secrets (RECAPTCHA `secret_key`,
   * GMAPS_ADDRESS `api_key` and `server_key`, PAYMENT `credentials`, AUTH0_VERIFIABLE_CREDENTIALS `access_token`) are
   * stored as Pulumi secrets, never in plaintext.
   */
  nodes?: DeepInput<FormNode[]>;
  /**
   * Where the form starts: its `hidden_fields` (`{ key, value }`), the first node (`next_node`) and its position in the
   * editor (`coordinates`).
   */
  start?: DeepInput<FormStart>;
  /**
   * What happens at the end of the form: a `redirection` (`target`, `delay` 0 to 10 s), an `after_submit` flow
   * (`flow_id`), `resume_flow` (only `true`), and its `coordinates`. The tenant defaults it to `{ resume_flow: true }`.
   */
  ending?: DeepInput<FormEnding>;
  /** The form's style: `css`, its stylesheet, 1 to 5000 characters. */
  style?: DeepInput<FormFields["style"]>;
  /**
   * Bring an existing form under management instead of creating one: the id
   * (`ap_…`) of the form. On create the provider reads that form and updates it to
   * these arguments. The engine cannot `pulumi import` dynamic resources; this is the
   * way to adopt one. Ignored after creation (changing it does not re-create).
   */
  adoptId?: pulumi.Input<string>;
}

/**
 * A form of the tenant (`/api/v2/forms`), type `pulumi-nodejs:dynamic/tenant:Form`.
 *
 * Every change is an in-place update (`PATCH` of the changed top-level fields; a field
 * you remove is cleared). Empty objects and arrays are not stored by the API, and an
 * absent `ending` means `{ resume_flow: true }`: neither shows as a change.
 */
export class Form extends DynamicResource {
  /** The form's name, 1 to 150 characters. */
  declare public readonly name: pulumi.Output<string>;
  /** Custom messages of the form: `errors` and `custom`, each text 1 to 255 characters. */
  declare public readonly messages: pulumi.Output<FormFields["messages"] | undefined>;
  /** The form's languages: `primary` and `default` language codes, 1 to 55 characters each. */
  declare public readonly languages: pulumi.Output<FormFields["languages"] | undefined>;
  /** Translations per language code (any key): free-form objects of texts. */
  declare public readonly translations: pulumi.Output<FormFields["translations"] | undefined>;
  /**
   * The flow graph: STEP nodes (components and `next_node`), FLOW nodes (`flow_id` and `next_node`) and ROUTER nodes
   * (`rules` and `fallback`). Every `next_node` (JUMP_BUTTON components' too) must be a node id or `$ending`.
   * Components are the 27 published types, each with its own `config`; their secrets (RECAPTCHA `secret_key`,
   * GMAPS_ADDRESS `api_key` and `server_key`, PAYMENT `credentials`, AUTH0_VERIFIABLE_CREDENTIALS `access_token`) are
   * stored as Pulumi secrets, never in plaintext.
   */
  declare public readonly nodes: pulumi.Output<FormNode[] | undefined>;
  /**
   * Where the form starts: its `hidden_fields` (`{ key, value }`), the first node (`next_node`) and its position in the
   * editor (`coordinates`).
   */
  declare public readonly start: pulumi.Output<FormStart | undefined>;
  /**
   * What happens at the end of the form: a `redirection` (`target`, `delay` 0 to 10 s), an `after_submit` flow
   * (`flow_id`), `resume_flow` (only `true`), and its `coordinates`. The tenant defaults it to `{ resume_flow: true }`.
   */
  declare public readonly ending: pulumi.Output<FormEnding>;
  /** The form's style: `css`, its stylesheet, 1 to 5000 characters. */
  declare public readonly style: pulumi.Output<FormFields["style"] | undefined>;
  /** The adopted form's id, when `adoptId` was given. */
  declare public readonly adoptId: pulumi.Output<string | undefined>;
  /** When the form was created (ISO-8601). */
  declare public readonly created_at: pulumi.Output<string>;
  /** When the form was last updated (ISO-8601). */
  declare public readonly updated_at: pulumi.Output<string>;
  /** When the form was embedded (a calendar date), if ever. */
  declare public readonly embedded_at: pulumi.Output<string | undefined>;
  /** When the form was last submitted (a calendar date), if ever. */
  declare public readonly submitted_at: pulumi.Output<string | undefined>;

  /** Creates (or, with `adoptId`, adopts) a form. */
  constructor(name: string, args: FormArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "form",
      name,
      {
        name: args.name,
        messages: args.messages,
        languages: args.languages,
        translations: args.translations,
        // Component secrets become Pulumi secrets, even when given as plain strings.
        nodes: markSecrets({ nodes: args.nodes }, KINDS.form.secretPaths).nodes,
        start: args.start,
        ending: args.ending,
        style: args.style,
        adoptId: args.adoptId,
        ...tenantInputs(args, name, "form", opts),
        created_at: undefined,
        updated_at: undefined,
        embedded_at: undefined,
        submitted_at: undefined,
      },
      opts,
      TYPE_MODULE,
      TYPE_NAMES.form,
    );
    noteTenantResource(this, args.tenant);
  }
}

/** Arguments of {@link getForm}: exactly one of `id` (`ap_…`) and `name`. */
export type GetFormArgs = IdOrNameArgs;

/** Arguments of {@link getFormOutput}. */
export type GetFormOutputArgs = IdOrNameOutputArgs;

const lookups = idOrNameLookups<FormObject>("form", (value) => formSecrets(value).length > 0);

/**
 * Reads one form of the tenant (scope `read:forms`), by `id` or by `name`, as the API
 * returns it: every field, with `id` and the server's timestamps. Rejects when no form
 * matches, and when several forms have the name (the error lists their ids).
 */
export const getForm: (args: GetFormArgs, opts?: LookupOptions) => Promise<FormObject> = lookups.get;

/**
 * {@link getForm} as an Output. The Output is secret when the form holds a component
 * secret (a reCAPTCHA secret key, a Google Maps API key, a payment private key, a
 * verifiable credentials access token).
 */
export const getFormOutput: (args: GetFormOutputArgs, opts?: LookupOptions) => pulumi.Output<FormObject> =
  lookups.getOutput;
