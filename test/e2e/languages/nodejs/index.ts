/**
 * The languages end-to-end test's TypeScript program (test/e2e/language-scenario.ts).
 *
 * Every kind and every lookup through the plugin, with the generated SDK (sdk/nodejs; a
 * user installs it as `@pulumi-tenant/sdk`): the default provider (`tenant:*` config) and
 * an explicit `tenant.Provider` for a second tenant. Inputs come from ../scenario.json,
 * shared with the Python and Go programs.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "../../../../sdk/nodejs";

const cfg = new pulumi.Config();
const scenario = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "scenario.json"), "utf8"));

const form = new tenant.Form("signup", { ...scenario.form, name: cfg.get("formName") ?? scenario.form.name });

const stream = new tenant.EventStream("audit", {
  name: scenario.stream.name,
  subscriptions: scenario.stream.subscriptions,
  destination: {
    type: "webhook",
    configuration: {
      webhookEndpoint: scenario.stream.endpoint,
      webhookAuthorization: { method: "bearer", token: cfg.requireSecret("hookToken") },
    },
  },
});

const template = new tenant.LoginTemplate("login", { template: scenario.template });
const policy = new tenant.RateLimitPolicy("default-policy", scenario.policy);

const other = new tenant.Provider("other", {
  domain: cfg.require("otherDomain"),
  clientId: cfg.require("otherClientId"),
  clientSecret: cfg.requireSecret("otherClientSecret"),
});
const otherForm = new tenant.Form("other-signup", { ...scenario.form, name: "Other sign-up" }, { provider: other });
// A second explicit provider, for a third tenant.
const third = new tenant.Provider("third", {
  domain: cfg.require("thirdDomain"),
  clientId: cfg.require("thirdClientId"),
  clientSecret: cfg.requireSecret("thirdClientSecret"),
});
const thirdForm = new tenant.Form("third-signup", { ...scenario.form, name: "Third sign-up" }, { provider: third });

const extraName = cfg.get("extraFormName");
if (extraName) new tenant.Form("extra", { ...scenario.form, name: extraName });

export const formId = form.id;
export const streamId = stream.id;
export const policyId = policy.id;
export const otherFormId = otherForm.id;
export const thirdFormId = thirdForm.id;
export const lookedUpFormName = tenant.getFormOutput({ id: form.id }).name;
export const lookedUpStreamStatus = tenant.getEventStreamOutput({ name: stream.name.apply((n) => n ?? "") }).status;
export const lookedUpPolicyLimit = tenant
  .getRateLimitPolicyOutput({ id: policy.id })
  .configuration.apply((c) => (c as { limit?: number }).limit);
export const policyCount = tenant
  .getRateLimitPoliciesOutput({ consumerSelector: policy.consumerSelector })
  .rateLimitPolicies.apply((items) => items.length);
export const templateLength = tenant.getLoginTemplateOutput({ dependsOn: [template] }).template.apply((t) => t.length);
export const otherFormName = tenant.getFormOutput({ id: otherForm.id }, { provider: other }).name;
export const thirdFormName = tenant.getFormOutput({ id: thirdForm.id }, { provider: third }).name;
