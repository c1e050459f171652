/** Which stack manages an object: decided from the backend's stacks (an index), read from a resource's URN. */
import {
  adoptedId,
  adoptionFailure,
  importRefusal,
  leftToOtherStack,
  stackOf,
} from "../../../../provider/lifecycle/ownership";
import { StackIndex } from "../../../../provider/backend/stacks";
import type { StackState } from "../../../../provider/backend/stack-state";

const URN_A = "urn:pulumi:prod::shop::pulumi-nodejs:dynamic/tenant:Form::signup";
const URN_B = "urn:pulumi:dev::shop::pulumi-nodejs:dynamic/tenant:Form::other";
const TENANT = "https://a.example.com";

/** A backend whose stack shop/prod holds form ap_1 and the template of tenant A, and an old state without origin. */
function backend(): StackState[] {
  return [
    {
      stack: "shop/prod",
      held: [
        { stack: "shop/prod", kind: "form", id: "ap_1", urn: URN_A, tenantOrigin: TENANT },
        {
          stack: "shop/prod",
          kind: "triggerBindings",
          id: "post-login",
          urn: "urn:pulumi:prod::shop::tenant:index:TriggerBindings::postLogin",
          tenantOrigin: TENANT,
        },
        {
          stack: "shop/prod",
          kind: "loginTemplate",
          id: "universal-login",
          urn: "urn:pulumi:prod::shop::tenant:index:LoginTemplate::t",
          tenantOrigin: TENANT,
        },
      ],
      pendingCreates: [],
    },
    {
      stack: "old/stack",
      held: [{ stack: "old/stack", kind: "eventStream", id: "est_9", urn: "urn:pulumi:stack::old::x::y" }],
      pendingCreates: [],
    },
  ];
}

describe("ownership from the backend", () => {
  const source = { siblings: () => [], index: async () => new StackIndex(backend()) };

  it("a keyed singleton's adoption names its key's object: another stack's trigger bindings need force", async () => {
    const news = (trigger: string) => ({ trigger_id: trigger, actions: [], adopt: true, managedBy: URN_B });
    expect(adoptedId("triggerBindings", news("post-login"))).toBe("post-login");
    expect(adoptedId("triggerBindings", { ...news("post-login"), adopt: undefined })).toBeUndefined();
    expect(await adoptionFailure(source, "triggerBindings", TENANT, news("post-login"))).toEqual({
      property: "adopt",
      reason: expect.stringContaining("trigger bindings post-login is managed by stack shop/prod"),
    });
    // Another trigger's list is another object: free.
    expect(await adoptionFailure(source, "triggerBindings", TENANT, news("pre-user-registration"))).toBeUndefined();
  });

  it("reads the stack from the resource's URN", () => {
    expect(stackOf({ managedBy: URN_A })).toBe("shop/prod");
    expect(stackOf({ managedBy: "not a urn" })).toBeUndefined();
    expect(stackOf({})).toBeUndefined();
  });

  it("refuses adopting another stack's object unless force is set; its own and free objects pass", async () => {
    const failure = await adoptionFailure(source, "form", TENANT, { adoptId: "ap_1", managedBy: URN_B });
    expect(failure).toEqual({
      property: "adoptId",
      reason: expect.stringMatching(/^form ap_1 is managed by stack shop\/prod: .* set `force: true` to take it over/),
    });
    expect(await adoptionFailure(source, "form", TENANT, { adoptId: "ap_1", managedBy: URN_B, force: true })).toBe(
      undefined,
    );
    expect(await adoptionFailure(source, "form", TENANT, { adoptId: "ap_1", managedBy: URN_A })).toBeUndefined();
    expect(await adoptionFailure(source, "form", TENANT, { adoptId: "ap_2", managedBy: URN_B })).toBeUndefined();
    expect((await adoptionFailure(source, "loginTemplate", TENANT, { adopt: true, managedBy: URN_B }))?.property).toBe(
      "adopt",
    );
  });

  it("tells tenants apart by the origin each state records; a state without one counts for every tenant", async () => {
    const elsewhere = "https://b.example.com";
    expect(await adoptionFailure(source, "loginTemplate", elsewhere, { adopt: true, managedBy: URN_B })).toBe(
      undefined,
    );
    const old = await adoptionFailure(source, "eventStream", elsewhere, { adoptId: "est_9", managedBy: URN_B });
    expect(old?.reason).toContain("managed by stack old/stack");
  });

  it("leaves an object another stack holds in the tenant at delete, and deletes one only this stack holds", async () => {
    expect(await leftToOtherStack(source, "form", "ap_1", TENANT, { managedBy: URN_B })).toBe(true);
    expect(await leftToOtherStack(source, "form", "ap_1", TENANT, { managedBy: URN_A })).toBe(false);
    expect(await leftToOtherStack(source, "form", "ap_2", TENANT, { managedBy: URN_B })).toBe(false);
  });

  it("refuses an import of another stack's object, naming it and the visible takeover", async () => {
    const urn = "urn:pulumi:dev::shop::tenant:index:Form::imported";
    expect(await importRefusal(source, "form", "ap_1", TENANT, urn)).toMatch(
      /^form ap_1 is managed by stack shop\/prod: importing it here .* `adoptId: "ap_1"` and `force: true`/,
    );
    expect(await importRefusal(source, "form", "ap_3", TENANT, urn)).toBeUndefined();
  });
});
