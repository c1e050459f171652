/** The plugin's renaming between the package schema's names and the API's (provider/schema/names.ts). */
import { renameResource, schemaKey, schemaName, schemaPath } from "../../../../provider/schema/names";
import { SECRET_SIG, SECRET_SIG_KEY } from "../../../../provider/schema/envelope";

const wrap = (value: unknown) => ({ [SECRET_SIG_KEY]: SECRET_SIG, value });

describe("the plugin's property names", () => {
  it("spells a wire name in camelCase and keeps a name without underscores", () => {
    expect(schemaName("next_node")).toBe("nextNode");
    expect(schemaName("aws_account_id")).toBe("awsAccountId");
    expect(schemaName("name")).toBe("name");
    expect(schemaName("rateLimitPolicies")).toBe("rateLimitPolicies");
  });

  it("renames declared properties at any depth and back, through a discriminated union's branch", () => {
    const wire = {
      name: "Sign-up",
      nodes: [
        {
          id: "details",
          type: "STEP",
          config: {
            components: [
              { id: "c", category: "WIDGET", type: "RECAPTCHA", config: { site_key: "k", secret_key: "s" } },
            ],
            next_node: "$ending",
          },
        },
      ],
      start: { next_node: "details" },
      created_at: "2026-01-01T00:00:00.000Z",
    };
    const schema = renameResource("form", wire, "toSchema");
    expect(schema).toEqual({
      name: "Sign-up",
      nodes: [
        {
          id: "details",
          type: "STEP",
          config: {
            components: [{ id: "c", category: "WIDGET", type: "RECAPTCHA", config: { siteKey: "k", secretKey: "s" } }],
            nextNode: "$ending",
          },
        },
      ],
      start: { nextNode: "details" },
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    expect(renameResource("form", schema, "toWire")).toEqual(wire);
  });

  it("keeps map keys, undeclared keys and secret envelopes", () => {
    const wire = {
      translations: { pt_BR: { some_key: "x" } },
      messages: { custom: { my_message: "hello" } },
      __provider: "p",
      start: wrap({ next_node: "details" }),
    };
    const schema = renameResource("form", wire, "toSchema") as Record<string, unknown>;
    expect(schema).toEqual({
      translations: { pt_BR: { some_key: "x" } },
      messages: { custom: { my_message: "hello" } },
      __provider: "p",
      start: wrap({ nextNode: "details" }),
    });
  });

  it("passes API names that a program sent where the schema's type is open (a union given as plain data)", () => {
    expect(renameResource("form", { start: { next_node: "x" } }, "toWire")).toEqual({ start: { next_node: "x" } });
  });

  it("renames the other kinds' properties", () => {
    expect(
      renameResource(
        "eventStream",
        {
          destination: {
            type: "webhook",
            configuration: { webhook_endpoint: "https://h", webhook_authorization: { method: "bearer", token: "t" } },
          },
          subscriptions: [{ event_type: "user.created" }],
        },
        "toSchema",
      ),
    ).toEqual({
      destination: {
        type: "webhook",
        configuration: { webhookEndpoint: "https://h", webhookAuthorization: { method: "bearer", token: "t" } },
      },
      subscriptions: [{ eventType: "user.created" }],
    });
    expect(schemaKey("rateLimitPolicy", "consumer_selector")).toBe("consumerSelector");
  });

  it("spells a check failure's path the schema's way", () => {
    expect(schemaPath("form", "nodes[0].config.next_node")).toBe("nodes[0].config.nextNode");
    expect(schemaPath("form", "start.next_node")).toBe("start.nextNode");
    expect(schemaPath("form", "translations.pt_BR")).toBe("translations.pt_BR");
  });
});
