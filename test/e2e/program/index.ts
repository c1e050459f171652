/**
 * The end-to-end suite's program. Stack config `scenario` (JSON) chooses what exists:
 * forms, event streams (webhook or eventbridge destination), the login template and a
 * rate limit policy lookup, so one program serves every test.
 */
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

interface Scenario {
  formCount?: number;
  formName?: string;
  streamCount?: number;
  streamName?: string;
  streamDestination?: "webhook" | "eventbridge";
  streamStatus?: "enabled" | "disabled";
  template?: string;
  policyId?: string;
  /** Adopt this existing form as form-0. */
  adoptFormId?: string;
  /** `adopt` of the LoginTemplate. */
  templateAdopt?: boolean;
  /** Manage a RateLimitPolicy resource for this consumer selector, with this action. */
  managedPolicy?: { selector: string; action: "allow" | "block" | "log"; limit?: number };
}

const cfg = new pulumi.Config();
const scenario = cfg.getObject<Scenario>("scenario") ?? {};
const hookPassword = cfg.requireSecret("hookPassword");

const forms = Array.from(
  { length: scenario.formCount ?? 1 },
  (_, i) =>
    new tenant.Form(`form-${i}`, {
      name: i === 0 ? (scenario.formName ?? "Sign-up") : `Sign-up ${i}`,
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
      adoptId: i === 0 ? scenario.adoptFormId : undefined,
    }),
);

const streams = Array.from(
  { length: scenario.streamCount ?? 1 },
  (_, i) =>
    new tenant.EventStream(`stream-${i}`, {
      name: i === 0 ? (scenario.streamName ?? "audit") : `audit-${i}`,
      status: scenario.streamStatus,
      subscriptions: [{ event_type: "user.created" }, { event_type: "user.deleted" }],
      destination:
        scenario.streamDestination === "eventbridge"
          ? { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "eu-west-1" } }
          : {
              type: "webhook",
              configuration: {
                webhook_endpoint: "https://hooks.example.com/auth0",
                webhook_authorization: { method: "basic", username: "hook", password: hookPassword },
              },
            },
    }),
);

if (scenario.template !== undefined) {
  new tenant.LoginTemplate("login", { template: scenario.template, adopt: scenario.templateAdopt });
}

const managed = scenario.managedPolicy;
const managedPolicy =
  managed &&
  new tenant.RateLimitPolicy("policy", {
    resource: "oauth_authentication_api",
    consumer: "client",
    consumer_selector: managed.selector,
    configuration:
      managed.action === "allow" ? { action: "allow" } : { action: managed.action, limit: managed.limit ?? 10 },
  });

export const managedPolicyId = managedPolicy?.id;
export const formIds = forms.map((f) => f.id);
export const streamIds = streams.map((s) => s.id);
export const policy = scenario.policyId ? tenant.getRateLimitPolicyOutput({ id: scenario.policyId }) : undefined;
