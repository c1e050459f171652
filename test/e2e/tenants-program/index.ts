/**
 * Two tenants from one stack. The default tenant is configured with `tenant:domain`,
 * `tenant:clientId`, `tenant:clientSecret`; the second with `prod:domain`,
 * `prod:clientId`, `prod:clientSecret`. Resources with `tenant: "prod"` (and the lookup
 * with `{ tenant: "prod" }`) go to the second. Stack config `formTenant` moves the
 * "shared" form between them; `policyId` looks a policy up in prod.
 */
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

const cfg = new pulumi.Config();
const TEMPLATE = "<!DOCTYPE html><html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>";

const form = (name: string, where?: string): tenant.FormArgs => ({
  name,
  tenant: where,
  start: { next_node: "step_1" },
  nodes: [{ id: "step_1", type: "STEP", config: { next_node: "$ending" } }],
});

// One form in each tenant, and one that moves with `formTenant`.
const dev = new tenant.Form("dev-signup", form("Sign-up (dev)"));
const prod = new tenant.Form("prod-signup", form("Sign-up (prod)", "prod"));
const shared = new tenant.Form("shared", form("Shared", cfg.get("formTenant")));

// The template is a singleton per tenant: one each.
new tenant.LoginTemplate("dev-login", { template: TEMPLATE });
new tenant.LoginTemplate("prod-login", { template: TEMPLATE.replace("<body>", '<body class="prod">'), tenant: "prod" });

const stream = new tenant.EventStream("prod-audit", {
  name: "audit",
  tenant: "prod",
  subscriptions: [{ event_type: "user.created" }],
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: "https://hooks.example.com/prod",
      webhook_authorization: { method: "bearer", token: cfg.requireSecret("hookToken") },
    },
  },
});

const policyId = cfg.get("policyId");

export const devFormId = dev.id;
export const prodFormId = prod.id;
export const sharedFormId = shared.id;
export const streamId = stream.id;
export const policy = policyId ? tenant.getRateLimitPolicyOutput({ id: policyId, tenant: "prod" }) : undefined;
