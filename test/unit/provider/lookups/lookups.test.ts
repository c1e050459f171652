/** The lookups' pure parts: id or name, ambiguous names, configuration namespaces, form secrets. */
import { AmbiguousNameError, idOrName, pickByName } from "../../../../provider/lookups/by-name";
import { lookupSettingsInput, namespacedKey } from "../../../../provider/lookups/client";
import { formSecrets } from "../../../../api/kinds/form/secrets";
import { NotFoundError } from "../../../../provider/client/errors";

describe("lookups", () => {
  it("take exactly one of id and name", () => {
    expect(idOrName("form", { id: "ap_1" })).toEqual({ id: "ap_1" });
    expect(idOrName("form", { name: "Sign-up" })).toEqual({ name: "Sign-up" });
    expect(() => idOrName("form", {})).toThrow("Looking up a form needs exactly one of `id` and `name` (got neither)");
    expect(() => idOrName("form", { id: "ap_1", name: "x" })).toThrow("(got both)");
  });

  it("a name several objects share is an error naming every id", () => {
    const items = [
      { id: "ap_1", name: "Newsletter" },
      { id: "ap_2", name: "Sign-up" },
      { id: "ap_3", name: "Newsletter" },
    ];
    expect(pickByName(items, "Sign-up", "form", "t.example.com")).toEqual(items[1]);
    let error: unknown;
    try {
      pickByName(items, "Newsletter", "form", "t.example.com");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AmbiguousNameError);
    expect((error as AmbiguousNameError).ids).toEqual(["ap_1", "ap_3"]);
    expect((error as Error).message).toBe(
      'form "Newsletter": look up failed: 2 forms are named "Newsletter": ap_1, ap_3. Look it up by id instead (e.g. { id: "ap_1" })',
    );
  });

  it("a name no object has is not found, case included", () => {
    expect(() => pickByName([{ id: "ap_1", name: "Newsletter" }], "newsletter", "form", "t.example.com")).toThrow(
      NotFoundError,
    );
    expect(() => pickByName([], "x", "event stream", "t.example.com")).toThrow(
      'no event stream of the tenant t.example.com is named "x"',
    );
  });

  it("another tenant namespace reads its own configuration keys", () => {
    expect(namespacedKey("tenant:domain", "tenant")).toBe("tenant:domain");
    expect(namespacedKey("tenant:clientSecret", "eu")).toBe("eu:clientSecret");
    expect(lookupSettingsInput("tenant", { domain: "a.example.com", apiToken: "t" })).toMatchObject({
      domain: "a.example.com",
      apiToken: "t",
    });
  });

  it("form secrets are found in every component type that holds one", () => {
    const form = {
      nodes: [
        {
          id: "n1",
          type: "STEP",
          config: {
            components: [
              { id: "c", category: "WIDGET", type: "RECAPTCHA", config: { site_key: "k", secret_key: "s1" } },
              { id: "m", category: "WIDGET", type: "GMAPS_ADDRESS", config: { api_key: "s2" } },
              { id: "e", category: "FIELD", type: "EMAIL" },
            ],
          },
        },
        { id: "n2", type: "FLOW", config: { flow_id: "af_1" } },
        {
          id: "n3",
          type: "STEP",
          config: {
            components: [
              {
                id: "p",
                category: "FIELD",
                type: "PAYMENT",
                config: { credentials: { public_key: "pk", private_key: "s3" } },
              },
              { id: "v", category: "WIDGET", type: "AUTH0_VERIFIABLE_CREDENTIALS", config: { access_token: "s4" } },
            ],
          },
        },
      ],
    };
    expect(formSecrets(form).map((secret) => [secret.path.join("."), secret.field, secret.value])).toEqual([
      ["nodes.0.config.components.0.config.secret_key", "secret_key", "s1"],
      ["nodes.0.config.components.1.config.api_key", "api_key", "s2"],
      ["nodes.2.config.components.0.config.credentials.private_key", "credentials.private_key", "s3"],
      ["nodes.2.config.components.1.config.access_token", "access_token", "s4"],
    ]);
    expect(formSecrets({})).toEqual([]);
  });
});
