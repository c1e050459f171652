import { remedyLines } from "../../../../provider/cli/drift";

describe("the drift report's remedy", () => {
  test("names the command, the refresh-then-up alternative, and why a plain up is not enough", () => {
    const text = remedyLines("pulumi up --refresh --stack prod").join("\n");
    expect(text).toContain("run `pulumi up --refresh --stack prod` (or `pulumi refresh`, then `pulumi up`)");
    expect(text).toMatch(/A plain `pulumi up` compares the code with the stack's state, not with the tenant/);
    expect(text).toContain("change the code instead");
  });

  test("another command brings its own aside", () => {
    expect(remedyLines("npm run demo", "its `pulumi up` refreshes first")[0]).toBe(
      "To put the code's values back, run `npm run demo` (its `pulumi up` refreshes first).",
    );
  });
});
