/**
 * The provider plugin starts without `@pulumi/pulumi`'s index (most of its start-up time, and
 * the engine starts the plugin twice per `preview --refresh`): only its gRPC stubs. A program's
 * lookup loads the SDK at its first use.
 */
let mockSdkLoads = 0;
jest.mock("@pulumi/pulumi", () => {
  mockSdkLoads += 1;
  return jest.requireActual("@pulumi/pulumi");
});

describe("plugin start-up", () => {
  it("loads the plugin server and every kind's readers without the SDK's index", () => {
    jest.isolateModules(() => {
      const server =
        require("../../../../provider/plugin/server") as typeof import("../../../../provider/plugin/server");
      expect(typeof server.startPluginServer).toBe("function");
      const { kindModule } =
        require("../../../../provider/lifecycle/kind-modules") as typeof import("../../../../provider/lifecycle/kind-modules");
      const { KIND_NAMES } = require("../../../../api") as typeof import("../../../../api");
      for (const kind of KIND_NAMES) expect(typeof kindModule(kind).readers).toBe("object");
    });
    expect(mockSdkLoads).toBe(0);
  });

  it("loads the SDK when a program's lookup reads its configuration", () => {
    jest.isolateModules(() => {
      const client =
        require("../../../../provider/lookups/client") as typeof import("../../../../provider/lookups/client");
      expect(mockSdkLoads).toBe(0);
      const settings = client.lookupSettingsInput("tenant", { domain: "example.test" });
      expect(settings.domain).toBe("example.test");
    });
    expect(mockSdkLoads).toBeGreaterThan(0);
  });
});
