/** check at preview time: unknown values are skipped, the rest is still validated. */
import { checkEventStream, checkForm } from "../lifecycle-helpers";
import { checkSingletonInputs } from "../../../../provider/lifecycle/singleton";
import { UNKNOWN } from "../../../../provider/lifecycle/shared";

/** The login page template's check without the tenant (the singleton lifecycle's, with its hooks). */
const checkLoginTemplate = (news: Record<string, unknown>) => checkSingletonInputs("loginTemplate", news);

const properties = (result: { failures?: readonly { property: string }[] }) =>
  (result.failures ?? []).map((f) => f.property);

describe("check with unknown values", () => {
  it("skips an unknown subtree of a form but still reports an invalid name", () => {
    const result = checkForm({
      name: "n".repeat(151),
      nodes: [{ id: "flow", type: "FLOW", config: { flow_id: UNKNOWN, next_node: "$ending" } }],
      start: { next_node: "flow" },
    });
    expect(properties(result)).toEqual(["name"]);
  });

  it("reports a bad node next to an unknown one, naming its path", () => {
    const result = checkForm({
      name: "Sign-up",
      nodes: [
        { id: "a", type: "FLOW", config: { flow_id: UNKNOWN } },
        { id: "b", type: "FLOW", config: { flow_id: "" } },
      ],
    });
    expect(properties(result)).toEqual(["nodes[1].config.flow_id"]);
  });

  it("does not judge next_node references when a node id is unknown", () => {
    const result = checkForm({ name: "x", nodes: [{ id: UNKNOWN, type: "STEP" }], start: { next_node: "somewhere" } });
    expect(properties(result)).toEqual([]);
  });

  it("skips a wholly unknown input and an unknown discriminator", () => {
    expect(properties(checkForm({ name: UNKNOWN, nodes: UNKNOWN }))).toEqual([]);
    expect(properties(checkForm({ name: "x", nodes: [{ id: "a", type: UNKNOWN, config: { bogus: 1 } }] }))).toEqual([]);
  });

  it("ignores the engine's __provider key", () => {
    expect(properties(checkForm({ name: "x", __provider: "exports.handler = ..." }))).toEqual([]);
    expect(properties(checkLoginTemplate({ template: UNKNOWN, __provider: "..." }))).toEqual([]);
  });

  it("validates the known parts of an event stream", () => {
    const result = checkEventStream({
      name: UNKNOWN,
      subscriptions: [{ event_type: "user.created" }, { event_type: "not an event type" }],
      destination: {
        type: "webhook",
        configuration: { webhook_endpoint: "http://hooks.example.com", webhook_authorization: UNKNOWN },
      },
    });
    expect(properties(result)).toEqual(["subscriptions[1].event_type", "destination.configuration.webhook_endpoint"]);
  });

  it("skips a destination whose type is unknown", () => {
    const result = checkEventStream({
      name: "a",
      subscriptions: [{ event_type: "user.created" }],
      destination: { type: UNKNOWN, configuration: { x: 1 } },
    });
    expect(properties(result)).toEqual([]);
  });

  it("reports a basic-auth username with a colon, an unknown method and an invalid adoptId", () => {
    const colon = checkEventStream({
      name: "a",
      subscriptions: [{ event_type: "user.created" }],
      destination: {
        type: "webhook",
        configuration: {
          webhook_endpoint: "https://h.example.com",
          webhook_authorization: { method: "basic", username: "u:x", password: UNKNOWN },
        },
      },
    });
    expect(properties(colon)).toEqual(["destination.configuration.webhook_authorization.username"]);
    const method = checkEventStream({
      destination: {
        type: "webhook",
        configuration: { webhook_endpoint: UNKNOWN, webhook_authorization: { method: "digest" } },
      },
    });
    expect(properties(method)).toEqual(["destination.configuration.webhook_authorization.method"]);
    const badAdopt = checkEventStream({
      adoptId: "ap_1",
      destination: { type: "action", configuration: { action_id: "a" } },
    });
    expect(properties(badAdopt)).toEqual(["adoptId"]);
  });
});
