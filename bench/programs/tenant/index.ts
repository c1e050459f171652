/**
 * The benchmark's stack of mixed resources. Stack config `scenario` (JSON):
 * `forms` forms with STEP and FLOW nodes, `streams` webhook event streams (secret
 * password from config `hookPassword`), the login template when `template`, and the
 * rate limit policy `policyId` looked up when set. `formName` renames form 0 (the
 * one-field update).
 */
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

interface Scenario {
  forms?: number;
  streams?: number;
  template?: boolean;
  policyId?: string;
  formName?: string;
}

const cfg = new pulumi.Config();
const scenario = cfg.getObject<Scenario>("scenario") ?? {};
const hookPassword = cfg.requireSecret("hookPassword");

const forms = Array.from(
  { length: scenario.forms ?? 0 },
  (_, i) =>
    new tenant.Form(`form-${i}`, {
      name: i === 0 && scenario.formName ? scenario.formName : `Sign-up ${i}`,
      start: { next_node: "step_1" },
      nodes: [
        {
          id: "step_1",
          type: "STEP",
          config: {
            components: [{ id: "email", category: "FIELD", type: "EMAIL", required: true }],
            next_node: "flow_1",
          },
        },
        { id: "flow_1", type: "FLOW", config: { flow_id: "af_2Nf7qL3mXcVbT8wRyK1pDz", next_node: "$ending" } },
      ],
      style: { css: "body { color: #111; }" },
    }),
);

const streams = Array.from(
  { length: scenario.streams ?? 0 },
  (_, i) =>
    new tenant.EventStream(`stream-${i}`, {
      name: `audit-${i}`,
      status: "enabled",
      subscriptions: [{ event_type: "user.created" }, { event_type: "user.deleted" }],
      destination: {
        type: "webhook",
        configuration: {
          webhook_endpoint: "https://hooks.example.com/auth0",
          webhook_authorization: { method: "basic", username: "hook", password: hookPassword },
        },
      },
    }),
);

if (scenario.template) {
  new tenant.LoginTemplate("login", {
    template: "<html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>",
  });
}

export const formCount = forms.length;
export const streamCount = streams.length;
export const policy = scenario.policyId ? tenant.getRateLimitPolicyOutput({ id: scenario.policyId }) : undefined;
