/**
 * The policy pack's end-to-end program: one object of each kind the pack judges, through the
 * door config `door` names (`dynamic`: this package's classes; `plugin`: the resource plugin,
 * type tokens `tenant:index:<Type>`, inputs in the package schema's names). With `violate`
 * each breaks the rules the test expects; without, each keeps them. Run by preview only (the
 * objects are never made), so the flow's id a form names is unknown, as in a first preview.
 */
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";
import { kindOfTypeName, renameResource } from "../../../provider/schema/names";

const cfg = new pulumi.Config();
const door = cfg.require("door");
const violate = cfg.getBoolean("violate") ?? false;

/** A resource of the plugin, declared by its type token alone, inputs renamed as a program without an SDK would. */
class PluginResource extends pulumi.CustomResource {
  constructor(typeName: string, name: string, apiArgs: pulumi.Inputs) {
    super(`tenant:index:${typeName}`, name, renameResource(kindOfTypeName(typeName)!, apiArgs, "toSchema"));
  }
}

/** The classes of each door, by type name. */
function declare(typeName: string, name: string, args: pulumi.Inputs): pulumi.CustomResource {
  if (door === "plugin") return new PluginResource(typeName, name, args);
  const classes: Record<string, new (name: string, args: never) => pulumi.CustomResource> = {
    EventStream: tenant.EventStream,
    Flow: tenant.Flow,
    FlowVaultConnection: tenant.FlowVaultConnection,
    Form: tenant.Form,
    RateLimitPolicy: tenant.RateLimitPolicy,
  };
  return new classes[typeName]!(name, args as never);
}

const scheme = violate ? "http" : "https";

declare("EventStream", "audit", {
  name: "audit",
  subscriptions: [{ event_type: "user.created" }, { event_type: violate ? "user.logged_in" : "user.deleted" }],
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: "https://hooks.example.com/auth0",
      webhook_authorization: violate
        ? { method: "bearer" }
        : { method: "bearer", token: cfg.requireSecret("hookToken") },
    },
  },
});

declare("FlowVaultConnection", "crm", {
  name: "crm",
  app_id: "ACTIVECAMPAIGN",
  setup: { type: "API_KEY", api_key: cfg.requireSecret("hookToken"), base_url: `${scheme}://acct.api-us1.com` },
});

const enrich = declare("Flow", "enrich", {
  name: "Enrich",
  actions: [
    {
      id: "lookup",
      type: "HTTP",
      action: "SEND_REQUEST",
      params: {
        url: `${scheme}://crm.example.com/lookup`,
        method: "POST",
        headers: violate ? { Authorization: "Bearer 0123456789abcdefghijkl" } : { "X-Trace": "signup" },
      },
    },
    {
      id: "notify",
      type: "HTTP",
      action: "SEND_REQUEST",
      params: { url: violate ? "https://collector.untrusted.test/in" : "https://hooks.example.com/in", method: "POST" },
    },
  ],
});

const step = (id: string, next?: string, components: unknown[] = []) => ({
  id,
  type: "STEP",
  config: { components, ...(next ? { next_node: next } : {}) },
});
declare("Form", "signup", {
  name: "Sign-up",
  start: { next_node: "details" },
  nodes: [
    step("details", "enrich", [
      { id: "password", category: "FIELD", type: "PASSWORD", required: true, config: { min_length: 12 } },
    ]),
    { id: "enrich", type: "FLOW", config: { flow_id: enrich.id, next_node: violate ? "stuck" : "$ending" } },
    ...(violate ? [step("stuck"), step("orphan", "$ending")] : []),
  ],
});

declare("RateLimitPolicy", "login", {
  resource: "oauth_authentication_api",
  consumer: "client",
  consumer_selector: "default",
  configuration: { action: violate ? "log" : "block", limit: 50 },
});

// An action, until the table has the kind: a dynamic resource of its type token, checked and
// diffed at preview by a provider that keeps its inputs (the pack reads type name and fields).
/** A dynamic resource of the action's type token. */
class ActionStandIn extends pulumi.dynamic.Resource {}

if (door === "dynamic") {
  const keep: pulumi.dynamic.ResourceProvider = {
    check: async (_olds, news) => ({ inputs: news }),
    diff: async () => ({ changes: false }),
    create: async (inputs) => ({ id: "action", outs: inputs }),
  };
  new ActionStandIn(
    keep,
    "post-login",
    {
      name: "post-login",
      supported_triggers: [{ id: "post-login", version: "v3" }],
      runtime: violate ? "node18" : "node22",
      code: violate
        ? 'exports.onExecutePostLogin = async () => {\n  const key = "AKIAABCDEFGHIJKLMNOP";\n};'
        : "exports.onExecutePostLogin = async (event) => {\n  const key = event.secrets.API_KEY;\n};",
      dependencies: [{ name: "axios", version: violate ? "^1.7.0" : "1.7.9" }],
      secrets: [{ name: "API_KEY", value: cfg.requireSecret("hookToken") }],
    },
    undefined,
    "tenant",
    "Action",
  );
}
