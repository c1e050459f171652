/**
 * The secrets suite's program: one event stream per webhook authorization method
 * (basic password, bearer token, custom header value), each secret from stack config,
 * plus a form, the login template and a rate limit policy lookup, so the round trip
 * touches every resource. Config `variant` changes names and secrets, for updates.
 */
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

const cfg = new pulumi.Config();
const variant = cfg.get("variant") ?? "a";
const endpoint = "https://hooks.example.com/secrets";
const subscriptions = [{ event_type: "user.created" as const }];

new tenant.EventStream("basic", {
  name: `secrets-basic-${variant}`,
  subscriptions,
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: endpoint,
      webhook_authorization: { method: "basic", username: "hook", password: cfg.requireSecret("hookPassword") },
    },
  },
});
new tenant.EventStream("bearer", {
  name: `secrets-bearer-${variant}`,
  subscriptions,
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: endpoint,
      webhook_authorization: { method: "bearer", token: cfg.requireSecret("hookToken") },
    },
  },
});
new tenant.EventStream("header", {
  name: `secrets-header-${variant}`,
  subscriptions,
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: endpoint,
      webhook_authorization: {
        method: "custom_header",
        header_key: "X-Hook-Key",
        header_value: cfg.requireSecret("hookHeaderValue"),
      },
    },
  },
});
new tenant.Form("form", { name: `secrets-form-${variant}`, start: { next_node: "$ending" } });
new tenant.LoginTemplate("login", {
  template: `<html><head>{%- auth0:head -%}</head><body data-variant="${variant}">{%- auth0:widget -%}</body></html>`,
});

const policyId = cfg.get("policyId");
export const policy = policyId
  ? tenant.getRateLimitPolicyOutput({ id: policyId }).apply((p) => p.configuration)
  : undefined;
