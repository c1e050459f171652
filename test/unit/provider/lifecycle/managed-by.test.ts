/**
 * `managedBy`, the input that names the stack managing an object (ownership records and
 * warnings on the resource's line), is the resource's own URN: written as a plain string for
 * a resource without a parent (no Outputs per resource), from the parent's URN otherwise.
 * Checked against the URNs the Pulumi SDK gives the resources (its mock monitor).
 */
import * as pulumi from "@pulumi/pulumi";
import { Form } from "../../../../provider/generated";
import { RateLimitPolicy } from "../../../../provider/generated";

const inputsByName = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        inputsByName.set(args.name, args.inputs as Record<string, unknown>);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    "shop",
    "prod",
  );
});

const urnOf = (resource: pulumi.Resource) =>
  new Promise<string>((resolve) => resource.urn.apply((urn) => resolve(urn)));

class Bundle extends pulumi.ComponentResource {
  constructor(name: string) {
    super("shop:index:Bundle", name);
  }
}

describe("managedBy", () => {
  it("is the URN of a resource without a parent, as a plain string, and only set keys are passed", async () => {
    const form = new Form("signup", { name: "Sign-up" });
    const urn = await urnOf(form);
    expect(urn).toBe("urn:pulumi:prod::shop::pulumi-nodejs:dynamic/tenant:Form::signup");
    expect(inputsByName.get("signup")?.managedBy).toBe(urn);
    expect(inputsByName.get("signup")).not.toHaveProperty("tenant");
    expect(inputsByName.get("signup")).not.toHaveProperty("force");
  });

  it("is the URN of a resource with a parent, the parent's type included", async () => {
    const bundle = new Bundle("bundle");
    const policy = new RateLimitPolicy(
      "default-limit",
      {
        resource: "oauth_authentication_api",
        consumer: "client",
        consumer_selector: "default",
        configuration: { action: "allow" },
        tenant: "prod",
        force: true,
      },
      { parent: bundle },
    );
    const urn = await urnOf(policy);
    expect(urn).toBe(
      "urn:pulumi:prod::shop::shop:index:Bundle$pulumi-nodejs:dynamic/tenant:RateLimitPolicy::default-limit",
    );
    expect(inputsByName.get("default-limit")).toMatchObject({ managedBy: urn, tenant: "prod", force: true });
  });
});
