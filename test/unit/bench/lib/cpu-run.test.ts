import { roleOf, spread, stagesOf } from "../../../../bench/lib/cpu-run";

describe("bench cpu-run", () => {
  it("tells the Pulumi SDK's entry points apart by their whole path", () => {
    const sdk = "/p/node_modules/@pulumi/pulumi/cmd";
    expect(roleOf({ script: "index.js", scriptPath: `${sdk}/run/index.js` })).toBe("program");
    expect(roleOf({ script: "index.js", scriptPath: `${sdk}/dynamic-provider/index.js` })).toBe("provider");
    expect(roleOf({ script: "pulumi-resource-tenant", scriptPath: "/r/provider/bin/pulumi-resource-tenant" })).toBe(
      "plugin",
    );
    expect(roleOf({ script: "[eval]", scriptPath: "" })).toBe("launcher");
  });

  it("gives the median and 90th percentile", () => {
    expect(spread([])).toBeUndefined();
    expect(spread([5, 1, 3, 2, 4, 6, 7, 8, 9, 10])).toEqual({ n: 10, p50: 6, p90: 10 });
  });

  it("splits each resource's life into stages, the update's events winning over the preview's", () => {
    const urn = "urn:a";
    const lines = [
      // The preview's register and check (earlier), then the update's.
      { pid: 1, event: "register", urn, t0: 0, t1: 1 },
      { pid: 2, event: "check", urn, t0: 2, t1: 3 },
      { pid: 3, event: "register", urn, t0: 100, t1: 110 },
      { pid: 4, event: "check", urn, t0: 130, t1: 134 },
      { pid: 4, event: "create", urn, t0: 150, t1: 250 },
      { pid: 4, event: "check", t0: 1, t1: 2 }, // no resource: left out
    ];
    const stages = stagesOf(lines, [140, 260, 300]);
    expect(stages["declared → turn"]).toEqual({ n: 1, p50: 10, p90: 10 });
    expect(stages["turn → check"]).toEqual({ n: 1, p50: 20, p90: 20 });
    expect(stages.check).toEqual({ n: 1, p50: 4, p90: 4 });
    expect(stages["check → diff/create"]).toEqual({ n: 1, p50: 16, p90: 16 });
    expect(stages.create).toEqual({ n: 1, p50: 100, p90: 100 });
    expect(stages["create → checkpoint"]).toEqual({ n: 1, p50: 10, p90: 10 });
    expect(stages.diff).toBeUndefined();
  });
});
