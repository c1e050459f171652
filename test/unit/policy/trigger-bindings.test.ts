/**
 * `trigger-binding-supported`: a trigger's bindings joined to the Action resources their
 * `actions` depend on (an action created by the same program, whose id the provider does not
 * know at preview), both doors' spellings.
 */
import { tenantResource, type TenantResource } from "../../../policy/src/resources";
import { bindingsSupported } from "../../../policy/src/rules/trigger-bindings";
import { UNKNOWN } from "../../../policy/src/rules/urls";

const urn = (type: string, name: string) => `urn:pulumi:dev::shop::${type}::${name}`;

function resource(door: "dynamic" | "plugin", typeName: string, name: string, props: Record<string, unknown>) {
  const type = door === "dynamic" ? `pulumi-nodejs:dynamic/tenant:${typeName}` : `tenant:index:${typeName}`;
  return tenantResource({ type, name, urn: urn(type, name), props })!;
}

describe("trigger-binding-supported", () => {
  it.each(["dynamic", "plugin"] as const)(
    "names an action of the program bound to a trigger it does not support (%s door)",
    (door) => {
      const triggers = door === "dynamic" ? "supported_triggers" : "supportedTriggers";
      const trigger = door === "dynamic" ? "trigger_id" : "triggerId";
      const signupCheck = resource(door, "Action", "signupCheck", {
        name: "signup-check",
        [triggers]: [{ id: "pre-user-registration" }],
      });
      const renderForm = resource(door, "Action", "renderForm", {
        name: "render-form",
        [triggers]: [{ id: "post-login" }],
      });
      const postLogin = resource(door, "TriggerBindings", "postLogin", {
        [trigger]: "post-login",
        actions: [{ id: UNKNOWN }, { id: UNKNOWN }],
      });
      const resources: TenantResource[] = [signupCheck, renderForm, postLogin];
      const violations = bindingsSupported(resources, (bindings) =>
        bindings === postLogin.urn ? [renderForm.urn, signupCheck.urn] : [],
      );
      expect(violations).toEqual([
        {
          urn: postLogin.urn,
          message:
            'TriggerBindings "postLogin": actions binds Action "signupCheck" to post-login, but it supports ' +
            "pre-user-registration: the tenant refuses the binding at up. Bind it in the TriggerBindings of " +
            'pre-user-registration, or set its supported_triggers to [{ id: "post-login" }].',
        },
      ]);
    },
  );

  it("passes supported actions, and leaves what is not known at preview unjudged", () => {
    const action = (triggerId: unknown) =>
      resource("dynamic", "Action", "a", { name: "a", supported_triggers: [{ id: triggerId }] });
    const bindings = (triggerId: unknown) =>
      resource("dynamic", "TriggerBindings", "b", { trigger_id: triggerId, actions: [{ id: UNKNOWN }] });
    const judge = (a: TenantResource, b: TenantResource) => bindingsSupported([a, b], () => [a.urn]);
    expect(judge(action("post-login"), bindings("post-login"))).toEqual([]);
    expect(judge(action(UNKNOWN), bindings("post-login"))).toEqual([]);
    expect(judge(action("pre-user-registration"), bindings(UNKNOWN))).toEqual([]);
    const draft = resource("dynamic", "Action", "draft", {
      name: "draft",
      supported_triggers: [{ id: "post-login" }],
      deploy: false,
    });
    expect(judge(draft, bindings("post-login"))).toEqual([
      expect.objectContaining({ message: expect.stringContaining('Action "draft", which sets deploy: false') }),
    ]);
    // A dependency that is not an Action (a form the bindings wait for) is no binding.
    const form = resource("dynamic", "Form", "f", { name: "f" });
    expect(bindingsSupported([form, bindings("post-login")], () => [form.urn])).toEqual([]);
  });
});
