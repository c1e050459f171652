/**
 * The program of the user-trial tests: what a platform engineer writes, driven by stack
 * config `scenario` (JSON) so one program serves every test of a file. Lookups and
 * resources take the configuration namespace the scenario names (`prod`, …).
 */
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

interface Scenario {
  /**
   * Look up the policies and a form by name in this namespace (`tenant` when empty);
   * `dependent`: a form of that namespace named after the policies found.
   */
  lookups?: { tenant?: string; formName?: string; dependent?: boolean };
  /** Forms to manage: a STEP node, or a ROUTER with these rules when `rules` is given. */
  forms?: {
    key: string;
    name: string;
    tenant?: string;
    adoptId?: string;
    force?: boolean;
    rules?: unknown[];
    /** A literal flow id for `ending.after_submit` (a flow the tenant may lack). */
    afterSubmitFlowId?: string;
  }[];
  /** Rate limit policies to manage. */
  policies?: { key: string; selector: string; tenant?: string; action: "allow" | "block" | "log" }[];
  /**
   * An event stream: a webhook whose bearer token is the secret config `hookToken`, an
   * EventBridge one, or one delivering to the action `actionId` (a literal id the tenant may lack).
   */
  stream?: { name: string; eventbridge?: boolean; actionId?: string };
}

const cfg = new pulumi.Config();
const scenario = cfg.getObject<Scenario>("scenario") ?? {};

const outputs: Record<string, pulumi.Output<unknown>> = {};

if (scenario.lookups) {
  const where = scenario.lookups.tenant;
  outputs.policies = tenant.getRateLimitPoliciesOutput({ tenant: where });
  if (scenario.lookups.formName)
    outputs.form = tenant.getFormOutput({ name: scenario.lookups.formName, tenant: where });
  if (scenario.lookups.dependent) {
    const name = outputs.policies.apply((policies) => `Policies: ${(policies as unknown[]).length}`);
    outputs.dependentId = new tenant.Form("dependent", {
      name,
      tenant: where,
      nodes: [{ id: "step_1", type: "STEP", config: { next_node: "$ending" } }],
    }).id;
  }
}

for (const form of scenario.forms ?? []) {
  const nodes: tenant.FormArgs["nodes"] = form.rules
    ? [
        {
          id: "router",
          type: "ROUTER",
          config: { rules: form.rules as tenant.FormRouterRule[], fallback: "step_1" },
        },
        { id: "step_1", type: "STEP", config: { next_node: "$ending" } },
      ]
    : [{ id: "step_1", type: "STEP", config: { next_node: "$ending" } }];
  const made = new tenant.Form(form.key, {
    name: form.name,
    tenant: form.tenant,
    adoptId: form.adoptId,
    force: form.force,
    start: { next_node: form.rules ? "router" : "step_1" },
    nodes,
    ...(form.afterSubmitFlowId ? { ending: { after_submit: { flow_id: form.afterSubmitFlowId } } } : {}),
  });
  outputs[`${form.key}Id`] = made.id;
}

for (const policy of scenario.policies ?? []) {
  const made = new tenant.RateLimitPolicy(policy.key, {
    resource: "oauth_authentication_api",
    consumer: "client",
    consumer_selector: policy.selector,
    tenant: policy.tenant,
    configuration: policy.action === "allow" ? { action: "allow" } : { action: policy.action, limit: 10 },
  });
  outputs[`${policy.key}Id`] = made.id;
}

if (scenario.stream) {
  const stream = new tenant.EventStream("stream", {
    name: scenario.stream.name,
    subscriptions: [{ event_type: "user.created" }],
    destination: scenario.stream.actionId
      ? { type: "action", configuration: { action_id: scenario.stream.actionId } }
      : scenario.stream.eventbridge
        ? { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "eu-west-1" } }
        : {
            type: "webhook",
            configuration: {
              webhook_endpoint: "https://hooks.example.com/trial",
              webhook_authorization: { method: "bearer", token: cfg.requireSecret("hookToken") },
            },
          },
  });
  outputs.streamId = stream.id;
  outputs.partnerEventSource = stream.aws_partner_event_source;
}

export const result = outputs;
