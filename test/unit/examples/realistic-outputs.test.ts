/**
 * The realistic example's stack outputs: each exported value is defined, so no `up` prints
 * Pulumi's "Undefined value (…) will not show as a stack output" warning. The rate limit policy,
 * looked up only when `rateLimitPolicyId` is configured, is exported only then. The program runs
 * against the Pulumi SDK's mock monitor in preview mode, without the optional setting.
 */
import * as pulumi from "@pulumi/pulumi";

const PROJECT = "tenant-realistic";

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: undefined, state: args.inputs }), call: (args) => args.inputs },
    PROJECT,
    "dev",
    true,
  );
  pulumi.runtime.setConfig(`${PROJECT}:crmToken`, "crm-token");
  pulumi.runtime.setConfig(`${PROJECT}:hookPassword`, "hook-password");
  pulumi.runtime.setConfig("tenant:domain", "http://127.0.0.1:4010");
});

// Every registration the program started has finished before the test file ends.
afterAll(() => pulumi.runtime.disconnect());

test("without rateLimitPolicyId, every output the example exports is defined, and the policy is not one", () => {
  let outputs: Record<string, unknown> = {};
  jest.isolateModules(() => {
    outputs = require("../../../examples/realistic/index") as Record<string, unknown>;
  });
  expect(Object.keys(outputs)).toEqual(expect.arrayContaining(["formId", "flowId", "eventStreamId", "actionId"]));
  expect(outputs).not.toHaveProperty("rateLimitPolicy");
  expect(Object.entries(outputs).filter(([, value]) => value === undefined)).toEqual([]);
});
