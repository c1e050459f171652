import { DIY_PARALLEL_VARIABLE, pulumiEnvironment } from "../../../../provider/backend/pulumi-cli";

describe("the Pulumi CLI's environment", () => {
  test("the stacks a DIY backend reads at once stay below its PostgreSQL connections (2 × cores)", () => {
    expect(pulumiEnvironment({}, {}, 2)[DIY_PARALLEL_VARIABLE]).toBe("3");
    expect(pulumiEnvironment({}, {}, 1)[DIY_PARALLEL_VARIABLE]).toBe("1");
    expect(pulumiEnvironment({}, {}, 8)[DIY_PARALLEL_VARIABLE]).toBe("15");
  });

  test("a bound the user or the caller set is kept, and the update check is off", () => {
    expect(pulumiEnvironment({ [DIY_PARALLEL_VARIABLE]: "10" }, {}, 2)[DIY_PARALLEL_VARIABLE]).toBe("10");
    const env = pulumiEnvironment(
      { PATH: "/bin" },
      { [DIY_PARALLEL_VARIABLE]: "1", PULUMI_BACKEND_URL: "file:///x" },
      2,
    );
    expect(env).toMatchObject({ PATH: "/bin", PULUMI_SKIP_UPDATE_CHECK: "true", PULUMI_BACKEND_URL: "file:///x" });
    expect(env[DIY_PARALLEL_VARIABLE]).toBe("1");
  });
});
