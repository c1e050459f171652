/**
 * The policy pack's rules on plain inputs, both doors' spellings: each rule passes what it
 * should and names resource, field and fix for what it should not. (The engine runs them in
 * test/e2e/policy.test.ts.)
 */
import { StackIndex } from "pulumi-tenant/policy-support";
import { tenantResource, type TenantResource } from "../../../policy/src/resources";
import { codeSecrets, pinnedDependencies, supportedRuntime } from "../../../policy/src/rules/actions";
import { knownEventTypes, webhookAuthorization, webhookHttps } from "../../../policy/src/rules/event-streams";
import { nodesReachable, pathsEnd, sensitiveFieldsHttps } from "../../../policy/src/rules/forms";
import { allowedHosts, flowCredentials, httpsCalls } from "../../../policy/src/rules/outside-calls";
import { adoptionsOwnedElsewhere, productionRateLimits } from "../../../policy/src/rules/stack";

const urn = (type: string, name: string, stack = "dev") => `urn:pulumi:${stack}::shop::${type}::${name}`;

/** A resource of the dynamic door (`Form` → `pulumi-nodejs:dynamic/tenant:Form`), inputs in the API's names. */
function dynamic(typeName: string, name: string, props: Record<string, unknown>, stack = "dev"): TenantResource {
  const type = `pulumi-nodejs:dynamic/tenant:${typeName}`;
  return tenantResource({ type, name, urn: urn(type, name, stack), props })!;
}

/** A resource of the plugin door, inputs in the package schema's names. */
function plugin(typeName: string, name: string, props: Record<string, unknown>): TenantResource {
  const type = `tenant:index:${typeName}`;
  return tenantResource({ type, name, urn: urn(type, name), props })!;
}

const messages = (violations: { message: string }[]) => violations.map((violation) => violation.message);

const sendRequest = (url: string, extra: Record<string, unknown> = {}) => ({
  id: "call",
  type: "HTTP",
  action: "SEND_REQUEST",
  params: { connection_id: "ac_1", url, method: "POST", ...extra },
});

describe("reading a resource in both doors", () => {
  it("matches both type tokens on the kind's type name and reads the plugin's camelCase in the API's names", () => {
    const viaPlugin = plugin("Form", "signup", { start: { nextNode: "a" }, nodes: [] });
    expect(viaPlugin).toMatchObject({ typeName: "Form", door: "plugin", fields: { start: { next_node: "a" } } });
    expect(dynamic("Form", "signup", { start: { next_node: "a" } }).door).toBe("dynamic");
    expect(tenantResource({ type: "aws:s3/bucket:Bucket", name: "b", urn: "u", props: {} })).toBeUndefined();
  });

  it("keeps header names as written when renaming a kind the table does not know", () => {
    const action = plugin("Action", "a", {
      supportedTriggers: [{ id: "post-login" }],
      headers: { xApiKey: 1 },
    });
    expect(action.fields).toEqual({ supported_triggers: [{ id: "post-login" }], headers: { xApiKey: 1 } });
    const flow = plugin("Flow", "f", {
      actions: [sendRequest("https://a.example", { headers: { "X-Api-Key": "k" } })],
    });
    expect((flow.fields.actions as { params: { headers: object } }[])[0]!.params.headers).toEqual({ "X-Api-Key": "k" });
  });
});

describe("event streams", () => {
  const webhook = (configuration: Record<string, unknown>) => ({ destination: { type: "webhook", configuration } });

  it("wants an https endpoint and an authorization with its secret", () => {
    const good = webhook({
      webhook_endpoint: "https://h.example",
      webhook_authorization: { method: "bearer", token: "t" },
    });
    expect(webhookHttps(dynamic("EventStream", "s", good))).toEqual([]);
    expect(webhookAuthorization(dynamic("EventStream", "s", good))).toEqual([]);
    const plain = webhook({
      webhook_endpoint: "http://h.example",
      webhook_authorization: { method: "basic", username: "u" },
    });
    expect(messages(webhookHttps(dynamic("EventStream", "s", plain)))).toEqual([
      expect.stringMatching(
        /EventStream "s": destination\.configuration\.webhook_endpoint http:\/\/h\.example is not https/,
      ),
    ]);
    expect(messages(webhookAuthorization(dynamic("EventStream", "s", plain)))).toEqual([
      expect.stringMatching(/webhook_authorization\.password is not set, so method basic sends no secret/),
    ]);
    expect(
      messages(webhookAuthorization(dynamic("EventStream", "s", webhook({ webhook_endpoint: "https://h" })))),
    ).toEqual([expect.stringMatching(/webhook_authorization is missing/)]);
    const bridge = { destination: { type: "eventbridge", configuration: { aws_region: "eu-west-1" } } };
    expect(webhookAuthorization(dynamic("EventStream", "s", bridge))).toEqual([]);
  });

  it("names event types the tenant does not emit, unless the configuration adds them", () => {
    const stream = plugin("EventStream", "s", {
      subscriptions: [{ eventType: "user.created" }, { eventType: "user.logged_in" }],
    });
    expect(messages(knownEventTypes(stream, {}))).toEqual([
      expect.stringMatching(/subscriptions\[1\]\.event_type "user\.logged_in" is not an event type the tenant emits/),
    ]);
    expect(knownEventTypes(stream, { extraEventTypes: ["user.logged_in"] })).toEqual([]);
  });
});

describe("flows and vault connections", () => {
  it("wants https calls, to allowed hosts when a list is set, nested actions included", () => {
    const nested = {
      id: "if",
      type: "FLOW",
      action: "BOOLEAN_CONDITION",
      params: { then: [sendRequest("http://crm.example/x")] },
    };
    const flow = dynamic("Flow", "enrich", { actions: [sendRequest("https://api.example.com/a"), nested] });
    expect(messages(httpsCalls(flow))).toEqual([
      expect.stringMatching(
        /Flow "enrich": actions\[1\]\.params\.then\[0\]\.params\.url calls crm\.example without TLS/,
      ),
    ]);
    expect(allowedHosts(flow, {})).toEqual([]);
    expect(messages(allowedHosts(flow, { allowedHosts: ["*.example.com"] }))).toEqual([
      expect.stringMatching(/calls crm\.example, which is not on the pack's allowedHosts \(\*\.example\.com\)/),
    ]);
    expect(allowedHosts(flow, { allowedHosts: ["*.example.com", "crm.example"] })).toEqual([]);
    const connection = plugin("FlowVaultConnection", "crm", {
      appId: "ACTIVECAMPAIGN",
      setup: { apiKey: "k", baseUrl: "http://x.api-us1.com" },
    });
    expect(messages(httpsCalls(connection))).toEqual([
      expect.stringMatching(/FlowVaultConnection "crm": setup\.base_url/),
    ]);
    expect(httpsCalls(dynamic("Flow", "later", { actions: [sendRequest("{{vars.base}}/x")] }))).toEqual([]);
  });

  it("judges a templated URL by what it writes: its scheme, and its host only against an entry naming it", () => {
    const flow = dynamic("Flow", "crm", {
      actions: [
        sendRequest("http://{{vars.crm_host}}/contacts"),
        sendRequest("{{vars.base}}/x"),
        sendRequest("https://api.example.com/{{vars.path}}"),
        sendRequest("https://{{vars.tenant}}.example.com/x"),
      ],
    });
    expect(messages(httpsCalls(flow))).toEqual([
      expect.stringMatching(
        /actions\[0\]\.params\.url calls \{\{vars\.crm_host\}\} without TLS \(http:\/\/\)\. Use an https:\/\/ URL/,
      ),
    ]);
    expect(messages(allowedHosts(flow, { allowedHosts: ["*.example.com"] }))).toEqual([
      expect.stringMatching(
        /actions\[0\]\.params\.url calls a host built at run time \(\{\{vars\.crm_host\}\}\), which the pack cannot check/,
      ),
      expect.stringMatching(/actions\[1\]\.params\.url calls a host built at run time \(\{\{vars\.base\}\}\)/),
      expect.stringMatching(
        /actions\[3\]\.params\.url calls a host built at run time \(\{\{vars\.tenant\}\}\.example\.com\)/,
      ),
    ]);
    const listed = ["*.example.com", "{{vars.crm_host}}", "{{vars.base}}", "{{VARS.tenant}}.example.com"];
    expect(allowedHosts(flow, { allowedHosts: listed })).toEqual([]);
    expect(allowedHosts(flow, {})).toEqual([]);
  });

  it("finds credentials written into a flow: credential headers, basic passwords, secret-shaped strings", () => {
    const flow = plugin("Flow", "enrich", {
      actions: [
        sendRequest("https://a.example", {
          headers: {
            Authorization: "Bearer abcdefghijklmnopqrstu",
            "X-Trace": "1",
            "X-Forwarded": "{{actions.a.token}}",
          },
          basic: { username: "u", password: "hunter22" },
          payload: { key: "sk_live_0123456789abcdefghij" },
        }),
      ],
    });
    expect(messages(flowCredentials(flow, {}))).toEqual([
      expect.stringMatching(
        /Flow "enrich": actions\[0\]\.params\.headers\.Authorization is a credential .*params\.connection_id\./,
      ),
      expect.stringMatching(/actions\[0\]\.params\.basic\.password is a credential/),
      expect.stringMatching(/actions\[0\]\.params\.payload\.key holds a Stripe secret key/),
    ]);
    const clean = dynamic("Flow", "ok", {
      actions: [sendRequest("https://a.example", { headers: { "X-Trace": "1" } })],
    });
    expect(flowCredentials(clean, {})).toEqual([]);
    expect(messages(flowCredentials(clean, { credentialHeaders: ["x-trace"] }))).toHaveLength(1);
  });
});

describe("actions", () => {
  const action = (fields: Record<string, unknown>) => dynamic("Action", "enrich-token", fields);

  it("finds secret-shaped literals in code, by line", () => {
    const code = 'exports.onExecutePostLogin = async (event) => {\n  const key = "AKIAABCDEFGHIJKLMNOP";\n};';
    expect(messages(codeSecrets(action({ code })))).toEqual([
      expect.stringMatching(/Action "enrich-token": code line 2 holds an AWS access key id\. .*event\.secrets/),
    ]);
    expect(codeSecrets(action({ code: "const key = event.secrets.API_KEY;" }))).toEqual([]);
  });

  it("wants exact dependency versions", () => {
    const dependencies = [
      "1.2.3",
      "^1.2.3",
      "~1.2",
      "latest",
      ">=2",
      "next",
      "4.0.0-beta.1",
      "v1.2.3",
      "=1.2.3",
      "=v2.0.0-rc.1",
      "v1.x",
    ].map((version, i) => ({
      name: `p${i}`,
      version,
    }));
    const found = messages(pinnedDependencies(action({ dependencies })));
    expect(found.map((message) => /dependencies\[(\d+)\]/.exec(message)![1])).toEqual(["1", "2", "3", "4", "5", "10"]);
    expect(found[2]).toMatch(/p3 has "latest", .* Pin an exact version/);
  });

  it("names a deprecated runtime with where that is stated, and passes the current one", () => {
    expect(supportedRuntime(action({ runtime: "node22" }), {})).toEqual([]);
    expect(messages(supportedRuntime(action({ runtime: "node18" }), {}))).toEqual([
      expect.stringMatching(/runtime "node18": Node 18 reached its end of life .*Auth0 docs.*\. Set runtime to node22/),
    ]);
    expect(supportedRuntime(action({ runtime: "node24" }), { currentRuntimes: ["node22", "node24"] })).toEqual([]);
  });
});

describe("forms", () => {
  const step = (id: string, next?: string) => ({
    id,
    type: "STEP",
    config: { components: [], ...(next ? { next_node: next } : {}) },
  });

  it("names nodes no path reaches and nodes from which no path ends", () => {
    const form = dynamic("Form", "signup", {
      start: { next_node: "a" },
      nodes: [step("a", "b"), step("b", "a"), step("orphan", "$ending"), step("c")],
    });
    expect(messages(nodesReachable(form))).toEqual([
      expect.stringMatching(/Form "signup": nodes\[2\] "orphan" is reached by no path/),
      expect.stringMatching(/nodes\[3\] "c" is reached by no path/),
    ]);
    expect(messages(pathsEnd(form))).toEqual([
      expect.stringMatching(/nodes\[0\] "a" never reaches "\$ending": every path from it loops \(b\)/),
      expect.stringMatching(/nodes\[1\] "b" never reaches/),
    ]);
    const router = plugin("Form", "ok", {
      start: { nextNode: "a" },
      nodes: [
        step("a", "r"),
        { id: "r", type: "ROUTER", config: { rules: [{ id: "x", nextNode: "a" }], fallback: "$ending" } },
      ],
    });
    expect([...nodesReachable(router), ...pathsEnd(router)]).toEqual([]);
  });

  it("follows sensitive fields to the flows the form hands them to", () => {
    const form = dynamic("Form", "signup", {
      nodes: [{ id: "a", type: "STEP", config: { components: [{ id: "pw", category: "FIELD", type: "PASSWORD" }] } }],
    });
    const flow = dynamic("Flow", "enrich", { actions: [sendRequest("http://crm.example/x")] });
    expect(sensitiveFieldsHttps(form, [flow], {})).toEqual([
      {
        urn: form.urn,
        message: expect.stringMatching(
          /Form "signup" collects nodes\[0\]\.config\.components\[0\] \(PASSWORD "pw"\) and hands it to Flow "enrich"/,
        ),
      },
    ]);
    expect(sensitiveFieldsHttps(form, [flow], { sensitiveFieldTypes: ["PAYMENT"] })).toEqual([]);
    expect(
      sensitiveFieldsHttps(form, [dynamic("Flow", "tls", { actions: [sendRequest("https://crm.example/x")] })], {}),
    ).toEqual([]);
  });
});

describe("the stack", () => {
  it("names an adoption of another stack's object without force", () => {
    const held = { stack: "shop/prod", kind: "form", id: "ap_1", urn: "urn:x" };
    const index = new StackIndex([{ stack: "shop/prod", held: [held], pendingCreates: [] }]);
    const adopting = dynamic("Form", "signup", { adoptId: "ap_1" });
    expect(adoptionsOwnedElsewhere([adopting], index)).toEqual([
      {
        urn: adopting.urn,
        message: expect.stringMatching(/adoptId takes over ap_1, which stack shop\/prod manages.*force: true/),
      },
    ]);
    expect(adoptionsOwnedElsewhere([dynamic("Form", "signup", { adoptId: "ap_1", force: true })], index)).toEqual([]);
    expect(adoptionsOwnedElsewhere([dynamic("Form", "signup", { adoptId: "ap_2" })], index)).toEqual([]);
  });

  it("wants rate limit policies that block in production stacks only", () => {
    const logging = (stack: string) => [
      dynamic("RateLimitPolicy", "login", { configuration: { action: "log", limit: 5 } }, stack),
    ];
    expect(messages(productionRateLimits(logging("prod-eu"), "prod-eu", {}))).toEqual([
      expect.stringMatching(
        /RateLimitPolicy "login": configuration\.action is "log" in production stack prod-eu .* "block"/,
      ),
    ]);
    expect(productionRateLimits(logging("dev"), "dev", {})).toEqual([]);
    expect(productionRateLimits(logging("live"), "live", { productionStacks: "^live$" })).toHaveLength(1);
  });
});
