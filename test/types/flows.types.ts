/**
 * Type-level tests of flows and vault connections, checked by `tsc --noEmit -p .` (part of
 * `npm test`), never run. Each `@ts-expect-error` sits where TypeScript must report the error.
 */
import * as pulumi from "@pulumi/pulumi";
import type * as tenant from "pulumi-tenant";
import type { FlowVaultConnectionFields } from "../../api/kinds/flow-vault-connection/contract";
import type { FlowAction } from "../../api/kinds/flow/actions";

const cfg = new pulumi.Config();

// What `generate` writes for an HTTP connection's setup: read as the HTTP setups, it fits the argument.
export const generatedSetup: tenant.FlowVaultConnectionArgs = {
  name: "crm",
  app_id: "HTTP",
  setup: cfg.requireSecretObject<tenant.HttpConnectionSetup>("crmSetup"),
};

// A connection's setup is one its app takes: told apart by `app_id`.
export const slackWebhook: FlowVaultConnectionFields = {
  name: "chat",
  app_id: "SLACK",
  setup: { type: "WEBHOOK", url: "https://hooks.slack.com/x" },
};

// @ts-expect-error a bearer token is an HTTP setup, not one Slack takes (reported on the object: a union by app_id).
export const slackBearer: FlowVaultConnectionFields = {
  name: "chat",
  app_id: "SLACK",
  setup: { type: "BEARER", token: "t" },
};

export const httpSetupOfSlack: tenant.SlackConnectionSetup = {
  // @ts-expect-error BEARER is not a type of Slack's setups.
  type: "BEARER",
  token: "t",
};

// A misspelt optional param of a closed params object (the SDK's is closed) is an error on the key.
export const methodTypo: FlowAction = {
  id: "call",
  type: "HTTP",
  action: "SEND_REQUEST",
  params: {
    url: "https://example.com",
    // @ts-expect-error `methd` is not a param of HTTP SEND_REQUEST.
    methd: "POST",
  },
};

export const methodTypoInArgs: tenant.FlowArgs = {
  name: "notify",
  actions: [
    {
      id: "call",
      type: "HTTP",
      action: "SEND_REQUEST",
      params: {
        url: "https://example.com",
        // @ts-expect-error `methd` is not a param of HTTP SEND_REQUEST, in the resource's arguments too.
        methd: "POST",
      },
    },
  ],
};

// Where the SDK leaves the params open (AUTH0 UPDATE_USER's `changes`), any key is taken.
export const openChanges: FlowAction = {
  id: "u",
  type: "AUTH0",
  action: "UPDATE_USER",
  params: { connection_id: "ac_1", user_id: "{{fields.user_id}}", changes: { anything: 1 } },
};

// A closed setup's typo is an error on the key; an OAuth code's extra fields are taken (the SDK's is open).
export const tokenTypo: tenant.HttpConnectionSetup = {
  type: "BEARER",
  // @ts-expect-error `tokn` is not a field of a BEARER setup.
  tokn: "t",
};
export const oauthCode: tenant.SlackConnectionSetup = { code: "c", state: "s" };

// The resource's arguments say the same: its `setup` is one its `app_id` takes.
export const slackArgs: tenant.FlowVaultConnectionArgs = {
  name: "chat",
  app_id: "SLACK",
  setup: { type: "WEBHOOK", url: cfg.requireSecret("slackWebhook") },
};

// @ts-expect-error a Slack connection given a bearer token (an HTTP setup) does not compile.
export const slackBearerArgs: tenant.FlowVaultConnectionArgs = {
  name: "chat",
  app_id: "SLACK",
  setup: { type: "BEARER", token: "t" },
};
