/**
 * The `FlowVaultConnection` resource and its lookups.
 * Generated from the table of kinds by `npm run classes` (scripts/classes.ts): do not edit.
 */

import type * as pulumi from "@pulumi/pulumi";
import type { DeepInput } from "../inputs";
import {
  kindLookups,
  kindResourceInputs,
  type AdoptArgs,
  type ChosenBy,
  type CreateOf,
  type ExportedTypeOf,
  type ObjectOf,
} from "../lifecycle/resource-class";
import { TYPE_MODULE, TYPE_NAMES } from "../lifecycle/tokens";
import type { IdOrNameArgs, IdOrNameOutputArgs } from "../lookups/by-name";
import type { LookupOptions } from "../lookups/client";
import { noteTenantResource } from "../lookups/registered";
import { DynamicResource } from "../lifecycle/dynamic-resource";

/** A flow vault connection as the API answers it (`GET /api/v2/flows/vault/connections/{id}`). */
export type FlowVaultConnectionObject = ObjectOf<"flowVaultConnection">;

/** The `ActivecampaignConnectionSetup` type of the flow vault connection's schema. */
export type ActivecampaignConnectionSetup = ExportedTypeOf<"flowVaultConnection", "ActivecampaignConnectionSetup">;

/** The `AirtableConnectionSetup` type of the flow vault connection's schema. */
export type AirtableConnectionSetup = ExportedTypeOf<"flowVaultConnection", "AirtableConnectionSetup">;

/** The `Auth0ConnectionSetup` type of the flow vault connection's schema. */
export type Auth0ConnectionSetup = ExportedTypeOf<"flowVaultConnection", "Auth0ConnectionSetup">;

/** The `BigqueryConnectionSetup` type of the flow vault connection's schema. */
export type BigqueryConnectionSetup = ExportedTypeOf<"flowVaultConnection", "BigqueryConnectionSetup">;

/** The `ClearbitConnectionSetup` type of the flow vault connection's schema. */
export type ClearbitConnectionSetup = ExportedTypeOf<"flowVaultConnection", "ClearbitConnectionSetup">;

/** The `DocusignConnectionSetup` type of the flow vault connection's schema. */
export type DocusignConnectionSetup = ExportedTypeOf<"flowVaultConnection", "DocusignConnectionSetup">;

/** The `GoogleSheetsConnectionSetup` type of the flow vault connection's schema. */
export type GoogleSheetsConnectionSetup = ExportedTypeOf<"flowVaultConnection", "GoogleSheetsConnectionSetup">;

/** The `HttpConnectionSetup` type of the flow vault connection's schema. */
export type HttpConnectionSetup = ExportedTypeOf<"flowVaultConnection", "HttpConnectionSetup">;

/** The `HubspotConnectionSetup` type of the flow vault connection's schema. */
export type HubspotConnectionSetup = ExportedTypeOf<"flowVaultConnection", "HubspotConnectionSetup">;

/** The `JwtConnectionSetup` type of the flow vault connection's schema. */
export type JwtConnectionSetup = ExportedTypeOf<"flowVaultConnection", "JwtConnectionSetup">;

/** The `MailchimpConnectionSetup` type of the flow vault connection's schema. */
export type MailchimpConnectionSetup = ExportedTypeOf<"flowVaultConnection", "MailchimpConnectionSetup">;

/** The `MailjetConnectionSetup` type of the flow vault connection's schema. */
export type MailjetConnectionSetup = ExportedTypeOf<"flowVaultConnection", "MailjetConnectionSetup">;

/** The `PipedriveConnectionSetup` type of the flow vault connection's schema. */
export type PipedriveConnectionSetup = ExportedTypeOf<"flowVaultConnection", "PipedriveConnectionSetup">;

/** The `SalesforceConnectionSetup` type of the flow vault connection's schema. */
export type SalesforceConnectionSetup = ExportedTypeOf<"flowVaultConnection", "SalesforceConnectionSetup">;

/** The `SendgridConnectionSetup` type of the flow vault connection's schema. */
export type SendgridConnectionSetup = ExportedTypeOf<"flowVaultConnection", "SendgridConnectionSetup">;

/** The `SlackConnectionSetup` type of the flow vault connection's schema. */
export type SlackConnectionSetup = ExportedTypeOf<"flowVaultConnection", "SlackConnectionSetup">;

/** The `StripeConnectionSetup` type of the flow vault connection's schema. */
export type StripeConnectionSetup = ExportedTypeOf<"flowVaultConnection", "StripeConnectionSetup">;

/** The `TelegramConnectionSetup` type of the flow vault connection's schema. */
export type TelegramConnectionSetup = ExportedTypeOf<"flowVaultConnection", "TelegramConnectionSetup">;

/** The `TwilioConnectionSetup` type of the flow vault connection's schema. */
export type TwilioConnectionSetup = ExportedTypeOf<"flowVaultConnection", "TwilioConnectionSetup">;

/** The `WhatsappConnectionSetup` type of the flow vault connection's schema. */
export type WhatsappConnectionSetup = ExportedTypeOf<"flowVaultConnection", "WhatsappConnectionSetup">;

/** The `ZapierConnectionSetup` type of the flow vault connection's schema. */
export type ZapierConnectionSetup = ExportedTypeOf<"flowVaultConnection", "ZapierConnectionSetup">;

/** Arguments of a {@link FlowVaultConnection}: the API's own field names (body of `POST /flows/vault/connections`). */
export interface FlowVaultConnectionFields extends AdoptArgs {
  /** The connection's name. */
  name: DeepInput<CreateOf<"flowVaultConnection">["name"]>;
  /**
   * The app whose credentials the connection holds (`HTTP`, `SLACK`, …). Fixed at creation: a change replaces the
   * connection.
   */
  app_id: DeepInput<CreateOf<"flowVaultConnection">["app_id"]>;
  /**
   * The credentials, by `type` as the `app_id` takes them. Write-only: the API never answers them (`ready` and
   * `fingerprint` say whether and which are set); stored as a Pulumi secret.
   */
  setup?: DeepInput<CreateOf<"flowVaultConnection">["setup"]>;
}

/** Arguments of a {@link FlowVaultConnection}: its fields, `setup` one its `app_id` takes. */
export type FlowVaultConnectionArgs = FlowVaultConnectionFields & ChosenBy<"flowVaultConnection", "app_id", "setup">;

/**
 * A flow vault connection of the tenant: the credentials (`setup`, write-only) of one app that flow actions use
 * (`/api/v2/flows/vault/connections`), type `pulumi-nodejs:dynamic/tenant:FlowVaultConnection`.
 */
export class FlowVaultConnection extends DynamicResource {
  /** The connection's name. */
  declare public readonly name: pulumi.Output<ObjectOf<"flowVaultConnection">["name"]>;
  /**
   * The app whose credentials the connection holds (`HTTP`, `SLACK`, …). Fixed at creation: a change replaces the
   * connection.
   */
  declare public readonly app_id: pulumi.Output<ObjectOf<"flowVaultConnection">["app_id"]>;
  /**
   * The credentials, by `type` as the `app_id` takes them. Write-only: the API never answers them (`ready` and
   * `fingerprint` say whether and which are set); stored as a Pulumi secret.
   */
  declare public readonly setup: pulumi.Output<ObjectOf<"flowVaultConnection">["setup"]>;
  /** When the connection was made. */
  declare public readonly created_at: pulumi.Output<ObjectOf<"flowVaultConnection">["created_at"]>;
  /** When the connection last changed. */
  declare public readonly updated_at: pulumi.Output<ObjectOf<"flowVaultConnection">["updated_at"]>;
  /** The adopted object's id, when `adoptId` was given. */
  declare public readonly adoptId: pulumi.Output<string | undefined>;

  /** Creates (or, with `adoptId`, adopts) a flow vault connection. */
  constructor(name: string, args: FlowVaultConnectionArgs, opts?: pulumi.CustomResourceOptions) {
    const inputs = kindResourceInputs("flowVaultConnection", args, name, opts);
    super("flowVaultConnection", name, inputs, opts, TYPE_MODULE, TYPE_NAMES.flowVaultConnection);
    noteTenantResource(this, args.tenant);
  }
}

const lookups = kindLookups("flowVaultConnection");

/** Arguments of {@link getFlowVaultConnection}: exactly one of `id` (`ac_…`) and `name`. */
export type GetFlowVaultConnectionArgs = IdOrNameArgs;

/** Arguments of {@link getFlowVaultConnectionOutput}. */
export type GetFlowVaultConnectionOutputArgs = IdOrNameOutputArgs;

/**
 * Reads one flow vault connection of the tenant, by id or by name. Rejects when none matches, and when several have the
 * name (the error lists their ids). The Output form is secret when the object holds a secret.
 */
export const getFlowVaultConnection: (
  args: GetFlowVaultConnectionArgs,
  opts?: LookupOptions,
) => Promise<FlowVaultConnectionObject> = lookups.get;

/** {@link getFlowVaultConnection} as an Output. */
export const getFlowVaultConnectionOutput: (
  args: GetFlowVaultConnectionOutputArgs,
  opts?: LookupOptions,
) => pulumi.Output<FlowVaultConnectionObject> = lookups.getOutput;
