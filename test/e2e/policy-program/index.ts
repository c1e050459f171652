/**
 * The policy pack's end-to-end program: the kinds the pack judges, through the door config
 * `door` names (`dynamic`: this package's classes; `plugin`: the resource plugin, type tokens
 * `tenant:index:<Type>`, inputs in the package schema's names). Config `mode` says what it
 * declares:
 * - `keep`: every rule kept;
 * - `violate`: each object breaks the rules the test expects (every mandatory rule the engine
 *   reaches, the gaps of credentials and templated URLs included);
 * - `key`: every rule kept but one: the action whose code is built with `pulumi.interpolate`
 *   from the form's id holds a Stripe key (unknown at a first preview, judged at `up`).
 */
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";
import { kindOfTypeName, renameResource } from "../../../provider/schema/names";

const cfg = new pulumi.Config();
const door = cfg.require("door");
const mode = cfg.get("mode") ?? "keep";
const violate = mode === "violate";

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
    Action: tenant.Action,
    EventStream: tenant.EventStream,
    Flow: tenant.Flow,
    FlowVaultConnection: tenant.FlowVaultConnection,
    Form: tenant.Form,
    RateLimitPolicy: tenant.RateLimitPolicy,
    TriggerBindings: tenant.TriggerBindings,
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
        // A header whose name merely contains "token" is no credential, in either mode.
        headers: violate
          ? { Authorization: "Bearer 0123456789abcdefghijkl", "X-Token-Type": "jwt" }
          : { "X-Trace": "signup", "X-Token-Type": "jwt" },
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

// The gaps of templated URLs and credentials in URLs: the scheme is written even when the host
// is a flow variable, a host built at run time is named against the allow-list, and a password
// in a URL is a credential.
declare("Flow", "sync", {
  name: "Sync",
  actions: [
    {
      id: "contacts",
      type: "HTTP",
      action: "SEND_REQUEST",
      params: {
        url: violate ? "http://{{vars.crm_host}}/contacts" : "https://crm.example.com/contacts",
        method: "GET",
      },
    },
    {
      id: "export",
      type: "HTTP",
      action: "SEND_REQUEST",
      params: {
        url: violate ? "https://crm-user:s3cret-pass@crm.example.com/export" : "https://crm.example.com/export",
        method: "GET",
      },
    },
  ],
});

const step = (id: string, next?: string, components: unknown[] = []) => ({
  id,
  type: "STEP",
  config: { components, ...(next ? { next_node: next } : {}) },
});
const signup = declare("Form", "signup", {
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

const GITHUB_HEX = "3f5a0c9e1b7d24f6a8c0e2b4d6f8a0c2e4b6d8f1";
const BASIC = Buffer.from("crm-user:s3cret-pass").toString("base64");

// An action whose code is written whole: known at preview. Broken, it holds credentials in the
// spellings the pack must catch and a line that does not parse.
const postLogin = declare("Action", "post-login", {
  name: "post-login-checks",
  supported_triggers: [{ id: "post-login", version: "v3" }],
  runtime: violate ? "node18" : "node22",
  code: violate
    ? [
        "exports.onExecutePostLogin = async (event, api) => {",
        '  const key = "AKIAABCDEFGHIJKLMNOP";',
        `  const GITHUB_TOKEN = "${GITHUB_HEX}";`,
        `  await fetch("https://crm.example.com/me", { headers: { authorization: "Basic ${BASIC}" } });`,
        "  if (event.user.email {",
        "};",
      ].join("\n")
    : [
        "exports.onExecutePostLogin = async (event, api) => {",
        '  const headers = { "X-Token-Type": "jwt", authorization: "Bearer " + event.secrets.API_KEY };',
        '  await fetch("https://crm.example.com/me", { headers });',
        "};",
      ].join("\n"),
  // Exact versions, however npm writes them; broken, a range.
  dependencies: [
    { name: "axios", version: violate ? "^1.7.0" : "1.7.9" },
    { name: "lodash", version: "v4.17.21" },
    { name: "uuid", version: "=9.0.1" },
  ],
  secrets: [{ name: "API_KEY", value: cfg.requireSecret("hookToken") }],
});

// An action of another trigger: bound to post-login when broken (trigger-binding-supported, through
// the bindings' property dependency on it: its id is unknown until it is created).
const signupCheck = declare("Action", "signup-check", {
  name: "signup-check",
  supported_triggers: [{ id: "pre-user-registration" }],
  code: "exports.onExecutePreUserRegistration = async (event, api) => {};",
});

// A form's id written into the code with pulumi.interpolate (the actions guide hands it to the code as
// a secret instead). On a first preview the id is unknown, so the whole code is; in mode `key` it
// holds a Stripe key.
declare("Action", "ask-company", {
  name: "ask-for-company",
  supported_triggers: [{ id: "post-login", version: "v3" }],
  code: pulumi.interpolate`exports.onExecutePostLogin = async (event, api) => {
  ${mode === "key" ? 'const stripe = "sk_live_51HcZqLKx0123456789abcdef";' : "const stripe = event.secrets.STRIPE_KEY;"}
  if (!event.user.user_metadata.company) api.prompt.render("${signup.id}");
};
`,
});

declare("TriggerBindings", "bindings", {
  trigger_id: "post-login",
  actions: [{ id: postLogin.id }, ...(violate ? [{ id: signupCheck.id }] : [])],
});
