/**
 * A kind's own rule beside its entry (api `KindRules.check`) is caught at preview by the
 * provider's check, as the tenant would refuse it at apply: a flow's nested actions, a vault
 * connection's setup against its app. Unknown values (another resource's id at preview) wait.
 */
import { kindModule } from "../../../../provider/lifecycle/kind-modules";
import { UNKNOWN } from "../../../../provider/lifecycle/shared";

const check = (kind: string, news: Record<string, unknown>) =>
  kindModule(kind).implementation.check!({}, news, undefined as never);

describe("a kind's own rules at preview", () => {
  it("a flow whose BOOLEAN_CONDITION runs an action with a wrong param fails, naming the nested path", async () => {
    const flow = {
      name: "routing",
      actions: [
        {
          id: "branch",
          type: "FLOW",
          action: "BOOLEAN_CONDITION",
          params: {
            then: [{ id: "wait", type: "FLOW", action: "DELAY_FLOW", params: { number: 3, unit: "DAYS" } }],
          },
        },
      ],
    };
    const result = await check("flow", flow);
    expect(result.failures?.map((failure) => failure.property)).toEqual([
      expect.stringMatching(/^actions\[0\]\.params\.then\[0\]\.params/),
    ]);
  });

  it("a vault connection whose setup is not one its app takes fails at preview", async () => {
    const result = await check("flowVaultConnection", {
      name: "chat",
      app_id: "SLACK",
      setup: { type: "BEARER", token: "t" },
    });
    expect(result.failures?.map((failure) => failure.property)).toEqual([expect.stringMatching(/^setup/)]);
    expect(JSON.stringify(result.failures)).not.toContain('"t"');
  });

  it.each([
    ["HTTP", { type: "BASIC_AUTH", password: "p" }, "setup.username", "Missing required property"],
    ["HTTP", { type: "BASIC_AUTH", username: "u", password: 7 }, "setup.password", "Must be string"],
    ["HTTP", { type: "API_KEY", name: "k", value: "v" }, "setup.in", "Missing required property"],
    ["SLACK", { type: "WEBHOOK", url: "" }, "setup.url", "String is too short, minimum 1"],
    ["SLACK", { type: "WEBHOOK", url: 7 }, "setup.url", "Must be string"],
  ])("a %s setup %j fails naming the field of the variant its type chose", async (app, setup, property, reason) => {
    const result = await check("flowVaultConnection", { name: "conn", app_id: app, setup });
    expect(result.failures).toEqual([{ property, reason }]);
  });

  it("the same inputs holding a value unknown at preview pass, and a valid one passes", async () => {
    const unknownSetup = await check("flowVaultConnection", { name: "chat", app_id: "SLACK", setup: UNKNOWN });
    expect(unknownSetup.failures).toEqual([]);
    const valid = await check("flowVaultConnection", {
      name: "crm",
      app_id: "HTTP",
      setup: { type: "BEARER", token: "t" },
    });
    expect(valid.failures).toEqual([]);
  });
});
