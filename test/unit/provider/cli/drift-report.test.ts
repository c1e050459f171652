import type { EngineEvent } from "@pulumi/pulumi/automation";
import { changedFields, describeDrift, driftFromEvents } from "../../../../provider/cli/drift-report";

function pre(op: string, name: string, extra: Record<string, unknown> = {}): EngineEvent {
  return {
    sequence: 0,
    timestamp: 0,
    resourcePreEvent: {
      metadata: {
        op,
        urn: `urn:pulumi:s::p::pulumi-nodejs:dynamic/tenant:Form::${name}`,
        type: "pulumi-nodejs:dynamic/tenant:Form",
        provider: "",
        ...extra,
      },
    },
  } as unknown as EngineEvent;
}

describe("drift report from engine events", () => {
  test("unchanged and refresh steps are not drift", () => {
    expect(driftFromEvents([pre("same", "a"), pre("refresh", "b")])).toEqual([]);
  });

  test("an update names the top-level fields whose values differ", () => {
    const items = driftFromEvents([
      pre("update", "signup", {
        old: { outputs: { name: "Renamed by hand", style: { css: "x" }, id: "ap_1" } },
        new: { inputs: { name: "Sign-up", style: { css: "x" }, __provider: "..." } },
      }),
    ]);
    expect(items).toEqual([
      { name: "signup", type: "pulumi-nodejs:dynamic/tenant:Form", op: "update", fields: ["name"] },
    ]);
    expect(describeDrift(items)).toEqual(["  Form signup: fields differ: name [update]"]);
  });

  test("a detailed diff, when the engine gives one, wins over the comparison", () => {
    const [item] = driftFromEvents([pre("update", "s", { detailedDiff: { "nodes[0].config": {}, status: {} } })]);
    expect(item.fields).toEqual(["nodes", "status"]);
  });

  test("a resource deleted out of band shows as a create", () => {
    expect(describeDrift(driftFromEvents([pre("create", "audit")]))).toEqual([
      "  Form audit: deleted out of band (up would recreate it) [create]",
    ]);
  });

  test("changedFields ignores __provider and keys the code does not set", () => {
    expect(changedFields({ a: 1, b: 2, id: "x" }, { a: 1, b: 3, __provider: "p" })).toEqual(["b"]);
  });
});
