/**
 * What a resource registers with the engine at preview: the program's values and the package's
 * own inputs it was given, nothing left `undefined`. An unset `adoptId` (or a singleton's
 * `adopt`) registered as `undefined` would be an output the engine does not know at preview, so
 * an exported resource printed `adoptId: [unknown]` on every create. Checked against the Pulumi
 * SDK's mock monitor in preview mode.
 */
import * as pulumi from "@pulumi/pulumi";
import { Form, LoginTemplate } from "../../../../provider/generated";

const registered = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.set(args.name, args.inputs as Record<string, unknown>);
        // The engine at preview: a create's outputs are its inputs; what it was not given, it does not know.
        return { id: undefined, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    "shop",
    "prod",
    true,
  );
});

/** Whether `output` is known, and its value: what the preview shows of it (`[unknown]` when not known). */
async function seen(output: pulumi.Output<unknown>): Promise<{ known: boolean; value: unknown }> {
  const internal = output as unknown as { isKnown: Promise<boolean>; promise(): Promise<unknown> };
  return { known: await internal.isKnown, value: await internal.promise() };
}

/** The keys the engine was asked to register for `name`, once it was. */
async function keysOf(resource: pulumi.CustomResource, name: string): Promise<string[]> {
  await new Promise<void>((resolve) => resource.urn.apply(() => resolve()));
  return Object.keys(registered.get(name) ?? {}).sort();
}

describe("the inputs a resource registers", () => {
  it("a form without adoptId registers no adoptId, and its adoptId output is a known undefined", async () => {
    const form = new Form("signup", { name: "Sign-up" });
    const keys = await keysOf(form, "signup");
    expect(keys).toEqual(["__provider", "managedBy", "name"]);
    expect(await seen(form.adoptId)).toEqual({ known: true, value: undefined });
    expect((await seen(form.name)).value).toBe("Sign-up");
  });

  it("a form given adoptId registers it, and its output carries it", async () => {
    const form = new Form("legacy", { name: "Legacy", adoptId: "ap_0123456789abcdefghijklmn" });
    expect(await keysOf(form, "legacy")).toContain("adoptId");
    expect(registered.get("legacy")?.adoptId).toBe("ap_0123456789abcdefghijklmn");
    expect(await seen(form.adoptId)).toEqual({ known: true, value: "ap_0123456789abcdefghijklmn" });
  });

  it("a singleton registers adopt only when the program sets it; unset, it is a known undefined", async () => {
    const plain = new LoginTemplate("login", { template: "<html>{%- auth0:widget -%}</html>" });
    expect(await keysOf(plain, "login")).not.toContain("adopt");
    const adopt = (plain as unknown as { adopt: pulumi.Output<unknown> }).adopt;
    expect(await seen(adopt)).toEqual({ known: true, value: undefined });
    const adopting = new LoginTemplate("login-adopt", { template: "<html></html>", adopt: true });
    await keysOf(adopting, "login-adopt");
    expect(registered.get("login-adopt")?.adopt).toBe(true);
  });
});
