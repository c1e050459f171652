/**
 * The realistic example follows the pack's advice: at its first preview (every id unknown, as
 * before the first `up`) every policy of the pack passes it, advisories included; its post-login
 * action's code is a literal the code rules judge, the form's id reaching it as a secret. The
 * program runs against the Pulumi SDK's mock monitor in preview mode; each registration, as the
 * monitor receives it (inputs in their wire form: unknowns as the engine's sentinel, secrets in
 * their envelope; dependencies; property dependencies), is handed to each policy as the policy
 * SDK hands what the engine sends (its deserialization and unknown-checking proxy), with each
 * policy's default configuration. A control registered beside it, an action whose code is built
 * with `pulumi.interpolate` from the form's id, shows the harness sees what the engine sees: it
 * draws `action-code-known-at-preview`, naming the form. (test/e2e/policy.test.ts previews the
 * example with the pack through the engine.)
 */
import * as pulumi from "@pulumi/pulumi";
import type { PolicyResource, ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";
import { POLICIES } from "../../../policy/src/policies";
import { UNKNOWN } from "../../../policy/src/rules/urls";

const PROJECT = "tenant-realistic";

/** One registration as the monitor received it. */
interface Registration {
  type: string;
  name: string;
  urn: string;
  /** The inputs as the engine receives them (a protobuf Struct). */
  object: { toJavaScript(): Record<string, unknown> };
  dependencies: string[];
  propertyDependencies: Record<string, string[]>;
}

/** The proto request fields the mock monitor's registerResource reads. */
interface RegisterRequest {
  getType(): string;
  getName(): string;
  getObject(): Registration["object"];
  getDependenciesList(): string[];
  getPropertydependenciesMap(): { forEach(visit: (on: { getUrnsList(): string[] }, key: string) => void): void };
}

const registered: Registration[] = [];
/** The control's name: every other registration is the example's. */
const CONTROL = "interpolated";

// The policy SDK's own readers of what the engine sends (internal modules of @pulumi/policy).
const { deserializeProperties } = require("@pulumi/policy/deserialize") as {
  deserializeProperties: (struct: Registration["object"], proxySecrets: boolean) => Record<string, unknown>;
};
const { unknownCheckingProxy } = require("@pulumi/policy/proxy") as {
  unknownCheckingProxy: <T>(value: T) => T;
};

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: undefined, state: args.inputs }), call: (args) => args.inputs },
    PROJECT,
    "prod",
    true,
  );
  pulumi.runtime.setConfig(`${PROJECT}:crmToken`, "crm-token");
  pulumi.runtime.setConfig(`${PROJECT}:hookPassword`, "hook-password");
  pulumi.runtime.setConfig("tenant:domain", "http://127.0.0.1:4010");
  // The mock monitor stands where the engine does: keep each request it answers.
  const monitor = (
    require("@pulumi/pulumi/runtime/settings") as { getMonitor(): Record<string, unknown> }
  ).getMonitor() as {
    registerResource(request: RegisterRequest, callback: (error: unknown, response?: unknown) => void): void;
  };
  const register = monitor.registerResource.bind(monitor);
  monitor.registerResource = (request, callback) =>
    register(request, (error, response) => {
      if (response) {
        const propertyDependencies: Record<string, string[]> = {};
        request.getPropertydependenciesMap().forEach((on, key) => (propertyDependencies[key] = on.getUrnsList()));
        registered.push({
          type: request.getType(),
          name: request.getName(),
          urn: (response as { getUrn(): string }).getUrn(),
          object: request.getObject(),
          dependencies: request.getDependenciesList(),
          propertyDependencies,
        });
      }
      callback(error, response);
    });
  jest.isolateModules(() => {
    const example = require("../../../examples/realistic/index") as { formId: pulumi.Output<string> };
    const tenant = require("pulumi-tenant") as typeof import("pulumi-tenant");
    new tenant.Action(CONTROL, {
      name: CONTROL,
      supported_triggers: [{ id: "post-login", version: "v3" }],
      code: pulumi.interpolate`exports.onExecutePostLogin = async (event, api) => {
  api.prompt.render("${example.formId}");
};
`,
    });
  });
  // Every registration has been answered.
  await pulumi.runtime.disconnect();
  // Loading the provider package and the example takes seconds on a busy machine.
}, 60_000);

/** What the engine reports of one violation: the policy, its enforcement, the resource and the message. */
interface Outcome {
  policy: string;
  level: string;
  resource: string;
  message: string;
}

/** Each policy's default configuration, as the engine hands a pack run without configuration. */
function defaultsOf(policy: ResourceValidationPolicy | StackValidationPolicy): Record<string, unknown> {
  const properties = (policy.configSchema?.properties ?? {}) as Record<string, { default?: unknown }>;
  return Object.fromEntries(
    Object.entries(properties).flatMap(([key, schema]) =>
      schema.default === undefined ? [] : [[key, schema.default]],
    ),
  );
}

/** Every violation the pack reports of `registrations`, resource policies then stack policies. */
async function judge(registrations: Registration[]): Promise<Outcome[]> {
  // As the policy SDK reads a request: deserialized (secrets unwrapped), behind its unknown-checking proxy.
  const props = (registration: Registration) => unknownCheckingProxy(deserializeProperties(registration.object, false));
  const outcomes: Outcome[] = [];
  for (const policy of POLICIES) {
    const getConfig = <T>() => defaultsOf(policy) as T;
    const report = (resource: string) => (message: string, urn?: string) =>
      outcomes.push({
        policy: policy.name,
        level: String(policy.enforcementLevel),
        resource: urn ? urn.split("::").pop()! : resource,
        message,
      });
    if ("validateStack" in policy) {
      const resources = registrations.map(
        (registration) =>
          ({
            type: registration.type,
            name: registration.name,
            urn: registration.urn,
            props: props(registration),
          }) as PolicyResource,
      );
      const byUrn = new Map(resources.map((resource) => [resource.urn, resource]));
      const of = (urns: string[]) => urns.flatMap((urn) => byUrn.get(urn) ?? []);
      registrations.forEach((registration, index) => {
        resources[index]!.dependencies = of(registration.dependencies);
        resources[index]!.propertyDependencies = Object.fromEntries(
          Object.entries(registration.propertyDependencies).map(([key, urns]) => [key, of(urns)]),
        );
      });
      await policy.validateStack({ resources, getConfig } as never, report(""));
    } else {
      for (const registration of registrations) {
        const { type, name, urn } = registration;
        const args = { type, name, urn, props: props(registration), getConfig } as never;
        for (const validate of [policy.validateResource ?? []].flat()) await validate(args, report(name));
      }
    }
  }
  return outcomes;
}

test("at its first preview, every policy of the pack passes the realistic example, advisories included", async () => {
  const example = registered.filter((registration) => registration.name !== CONTROL);
  expect(example.map((registration) => registration.name).sort()).toEqual([
    "ask-company",
    "audit",
    "branding",
    "crm",
    "enrich",
    "forward-events",
    "login",
    "login-id-en",
    "login-id-fr",
    "login-id-partials",
    "post-login",
    "signup",
    "signups",
    "theme",
  ]);
  expect(await judge(example)).toEqual([]);
  // What the pack is shown: the post-login action's code whole, its form id an unknown secret.
  const ask = example.find((registration) => registration.name === "ask-company")!;
  const inputs = deserializeProperties(ask.object, false) as {
    code: unknown;
    secrets: { name: string; value: unknown }[];
  };
  expect(inputs.code).toEqual(expect.stringContaining("api.prompt.render(event.secrets.SIGNUP_FORM_ID"));
  expect(inputs.secrets.map((secret) => [secret.name, secret.value === UNKNOWN])).toEqual([
    ["CRM_TOKEN", false],
    ["SIGNUP_FORM_ID", true],
  ]);
  // The rules that join resources had something to join: the binding's actions come from the action.
  const bindings = example.find((registration) => registration.name === "post-login")!;
  expect(bindings.propertyDependencies.actions).toEqual([ask.urn]);
});

test("the control: code interpolated from the form's id is unknown at preview, and named with the form", async () => {
  expect(registered.some((registration) => registration.name === CONTROL)).toBe(true);
  expect(await judge(registered)).toEqual([
    {
      policy: "action-code-known-at-preview",
      level: "advisory",
      resource: CONTROL,
      message: expect.stringMatching(
        /^Action "interpolated": code is not known at this preview \(it is built from outputs of Form "signup" /,
      ),
    },
  ]);
});
