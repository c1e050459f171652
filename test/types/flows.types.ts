/**
 * Type-level tests of flows and vault connections, checked by `tsc --noEmit -p .` (part of
 * `npm test`), never run. Each `@ts-expect-error` sits where TypeScript must report the error.
 */
import * as pulumi from "@pulumi/pulumi";
import type * as tenant from "pulumi-tenant";
import type { FlowVaultConnectionFields } from "../../api/resources/flow-vault-connection";

const cfg = new pulumi.Config();

// What `generate` writes for an HTTP connection's setup: read as the HTTP setups, it fits the argument.
export const generatedSetup: tenant.FlowVaultConnectionArgs = {
  name: "crm",
  app_id: "HTTP",
  setup: cfg.requireSecretObject<tenant.FlowVaultConnectionSetup<"HTTP">>("crmSetup"),
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

export const httpSetupOfSlack: tenant.FlowVaultConnectionSetup<"SLACK"> = {
  // @ts-expect-error BEARER is not a type of Slack's setups.
  type: "BEARER",
  token: "t",
};
