/**
 * Two stacks on one tenant and one backend, each run with its own PULUMI_HOME (as two CI
 * runners), through the real engine: an object is managed by the stacks whose state holds
 * it; another stack's adoption of it fails at preview, naming that stack, unless it sets
 * `force` (it then takes the object over); and a `destroy` never deletes an object another
 * stack manages. (test/e2e/gitops.test.ts does the same on a PostgreSQL backend.)
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { ensurePulumiCli, openStack } from "../../scripts/lib/pulumi";
import { E2E_TIMEOUT_MS, setScenario, startE2e, writesIn, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

const PROGRAM_DIR = path.join(__dirname, "trial-program");

describe("two stacks on one tenant never take or delete each other's objects", () => {
  let ctx: E2eContext;
  let other: Stack;
  let formId: string;

  beforeAll(async () => {
    ctx = await startE2e({ programDir: PROGRAM_DIR, stackName: "owner-a" });
    // The second stack: same backend and tenant, another runner (its own PULUMI_HOME).
    other = await openStack({
      workDir: ctx.programDir,
      stackName: "owner-b",
      freshConfig: true,
      binDir: ensurePulumiCli(),
      place: {
        stateDir: path.join(ctx.tmpDir, "state"),
        homeDir: path.join(ctx.tmpDir, "home-b"),
        passphrase: "e2e-passphrase",
      },
      tenant: {
        domain: ctx.server.url,
        clientId: ctx.server.credentials.clientId,
        clientSecret: ctx.server.credentials.clientSecret,
      },
    });
  });

  // The second stack's file is in the program's copy, removed with it.
  afterAll(async () => {
    await ctx?.dispose();
  });

  test("the first stack creates a form; the second stack's adoption of it fails at preview, naming the first", async () => {
    await setScenario(ctx.stack, { forms: [{ key: "signup", name: "Sign-up" }] });
    const up = await ctx.stack.up();
    formId = (up.outputs.result.value as Record<string, string>).signupId;
    await ctx.stack.up({ expectNoChanges: true });
    // Nothing of the first runner is needed: its PULUMI_HOME may be gone.
    fs.rmSync(path.join(ctx.tmpDir, "home", "pulumi-tenant"), { recursive: true, force: true });

    await setScenario(other, { forms: [{ key: "mine", name: "Sign-up", adoptId: formId }] });
    let output = "";
    await expect(other.preview({ onOutput: (text) => (output += text) })).rejects.toThrow();
    expect(output).toContain(
      `property adoptId value {${formId}} has a problem: form ${formId} is managed by stack tenant-trial/owner-a: adopting it here would let two ` +
        "stacks change it and either destroy delete it. Remove the adoption, or set `force: true` to take it over",
    );
    expect(output).not.toContain("adopts the existing form");
  });

  test("with force, the second stack takes it over; the first stack's destroy then leaves it in the tenant", async () => {
    await setScenario(other, { forms: [{ key: "mine", name: "Sign-up", adoptId: formId, force: true }] });
    ctx.server.counters.reset();
    const up = await other.up();
    expect(up.summary.result).toBe("succeeded");
    expect(writesIn(ctx.server.counters.snapshot())).toBe(0); // Adopted as it is.
    await other.up({ expectNoChanges: true });

    let output = "";
    await ctx.stack.destroy({ onOutput: (text) => (output += text) });
    expect(output).toContain(`form ${formId} is left in the tenant: stack tenant-trial/owner-b manages it now.`);
    expect((await ctx.api.forms()).map((form) => form.id)).toContain(formId);

    await other.destroy();
    expect((await ctx.api.forms()).map((form) => form.id)).not.toContain(formId);
  });
});
