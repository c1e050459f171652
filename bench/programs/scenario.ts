/**
 * The inputs of the benchmark's mixed resources, shared by the dynamic-provider program
 * (tenant/) and the plugin program (plugin/) so that both declare exactly the same
 * objects. Stack config `scenario` (JSON): `forms` forms with STEP and FLOW nodes,
 * `flows` flows (made first; form `i`'s FLOW node runs flow `i mod flows`, by reference; without
 * flows it names a literal id), `streams` webhook event streams (secret password from config `hookPassword`), the login
 * template when `template`, and the rate limit policy `policyId` looked up when set.
 * `formName` renames form 0 (the one-field update).
 */
import * as pulumi from "@pulumi/pulumi";

export interface Scenario {
  forms?: number;
  flows?: number;
  streams?: number;
  template?: boolean;
  policyId?: string;
  formName?: string;
}

/** The stack's scenario (config `scenario`). */
export function readScenario(cfg: pulumi.Config): Scenario {
  return cfg.getObject<Scenario>("scenario") ?? {};
}

/** A literal flow id, for a form whose stack has no flows. */
const LITERAL_FLOW_ID = "af_2Nf7qL3mXcVbT8wRyK1pDz";

/** The inputs of form `i`; its FLOW node runs `flowId`. */
export function formInputs(scenario: Scenario, i: number, flowId: pulumi.Input<string> = LITERAL_FLOW_ID) {
  return {
    name: i === 0 && scenario.formName ? scenario.formName : `Sign-up ${i}`,
    start: { next_node: "step_1" },
    nodes: [
      {
        id: "step_1",
        type: "STEP" as const,
        config: {
          components: [{ id: "email", category: "FIELD" as const, type: "EMAIL" as const, required: true }],
          next_node: "flow_1",
        },
      },
      { id: "flow_1", type: "FLOW" as const, config: { flow_id: flowId, next_node: "$ending" } },
    ],
    style: { css: "body { color: #111; }" },
  };
}

/** The inputs of flow `i`: one HTTP request with the form's data. */
export function flowInputs(i: number) {
  return {
    name: `enrich-${i}`,
    actions: [
      {
        id: "notify",
        type: "HTTP" as const,
        action: "SEND_REQUEST" as const,
        params: {
          url: `https://hooks.example.com/signup/${i}`,
          method: "POST" as const,
          payload: { email: "{{fields.email}}" },
        },
      },
    ],
  };
}

/** The inputs of event stream `i`. */
export function streamInputs(i: number, hookPassword: pulumi.Output<string>) {
  return {
    name: `audit-${i}`,
    status: "enabled" as const,
    subscriptions: [{ event_type: "user.created" }, { event_type: "user.deleted" }],
    destination: {
      type: "webhook" as const,
      configuration: {
        webhook_endpoint: "https://hooks.example.com/auth0",
        webhook_authorization: { method: "basic" as const, username: "hook", password: hookPassword },
      },
    },
  };
}

/** The login template. */
export const TEMPLATE = "<html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>";

/** What the scenario needs of a tenant module: the dynamic providers' (`pulumi-tenant`) or the SDK's. */
export interface TenantModule {
  Form: new (name: string, args: ReturnType<typeof formInputs>) => unknown;
  Flow: new (name: string, args: ReturnType<typeof flowInputs>) => { id: pulumi.Output<string> };
  EventStream: new (name: string, args: ReturnType<typeof streamInputs>) => unknown;
  LoginTemplate: new (name: string, args: { template: string }) => unknown;
  getRateLimitPolicyOutput(args: { id: string }): unknown;
}

/** Declares the stack's scenario with `tenant`'s resources; returns the stack outputs. */
export function declareScenario(tenant: TenantModule) {
  const cfg = new pulumi.Config();
  const scenario = readScenario(cfg);
  const hookPassword = cfg.requireSecret("hookPassword");
  const flows = Array.from({ length: scenario.flows ?? 0 }, (_, i) => new tenant.Flow(`flow-${i}`, flowInputs(i)));
  const forms = Array.from(
    { length: scenario.forms ?? 0 },
    (_, i) =>
      new tenant.Form(`form-${i}`, formInputs(scenario, i, flows.length ? flows[i % flows.length]!.id : undefined)),
  );
  const streams = Array.from(
    { length: scenario.streams ?? 0 },
    (_, i) => new tenant.EventStream(`stream-${i}`, streamInputs(i, hookPassword)),
  );
  if (scenario.template) new tenant.LoginTemplate("login", { template: TEMPLATE });
  return {
    formCount: forms.length,
    flowCount: flows.length,
    streamCount: streams.length,
    policy: scenario.policyId ? tenant.getRateLimitPolicyOutput({ id: scenario.policyId }) : undefined,
  };
}
