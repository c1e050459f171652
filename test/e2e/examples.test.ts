/**
 * Every example program is previewed against the tenant server (the commands of the example
 * CI workflows, examples/ci/*.sh, run in gitops.test.ts). The programs run from a copy of the
 * checkout's (test/scratch.ts): a user's stack file of the same name stays as it is.
 */
import * as path from "node:path";
import { ensurePulumiCli, openStack, type PulumiPlace } from "../../scripts/lib/pulumi";
import { checkoutCopy, type CheckoutCopy } from "../scratch";
import { E2E_TIMEOUT_MS, startE2e, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

describe("example programs and CI commands", () => {
  let ctx: E2eContext;
  let place: PulumiPlace;
  /** The root project (Pulumi.yaml running examples/realistic), examples/real-tenant and examples/adopt. */
  let examples: CheckoutCopy;
  const secrets = {
    hookPassword: { value: "example-hook-secret", secret: true },
    crmToken: { value: "example-crm-token", secret: true },
  };

  beforeAll(async () => {
    examples = checkoutCopy("examples", [
      "Pulumi.yaml",
      "examples/realistic",
      "examples/real-tenant",
      "examples/adopt",
    ]);
    ctx = await startE2e({
      config: {
        ...secrets,
        scenario: { value: JSON.stringify({ template: "{%- auth0:head -%}{%- auth0:widget -%}" }) },
      },
    });
    place = {
      stateDir: path.join(ctx.tmpDir, "state"),
      homeDir: path.join(ctx.tmpDir, "home"),
      passphrase: "e2e-passphrase",
    };
  });
  afterAll(async () => {
    await ctx?.dispose();
    examples?.remove();
  });

  const tenant = () => ({
    domain: ctx.server.url,
    clientId: ctx.server.credentials.clientId,
    clientSecret: ctx.server.credentials.clientSecret,
  });

  test("the realistic example (the root project) previews its resources", async () => {
    const stack = await openStack({
      workDir: examples.dir,
      stackName: "examples-realistic",
      binDir: ensurePulumiCli(),
      place,
      tenant: tenant(),
      config: secrets,
      freshConfig: true,
    });
    const preview = await stack.preview();
    // The stack, the vault connection, the flow, the form, the login template, two event streams, two
    // actions, the post-login bindings and the look (branding, theme, two custom texts, partials).
    expect(preview.changeSummary.create).toBe(15);
  });

  test("the real-tenant project runs the same program with only config changed", async () => {
    const stack = await openStack({
      workDir: examples.at(path.join("examples", "real-tenant")),
      stackName: "examples-real",
      binDir: ensurePulumiCli(),
      place,
      tenant: tenant(),
      config: secrets,
      freshConfig: true,
    });
    const preview = await stack.preview();
    // The stack, the vault connection, the flow, the form, the login template, two event streams, two
    // actions, the post-login bindings and the look (branding, theme, two custom texts, partials).
    expect(preview.changeSummary.create).toBe(15);
  });

  test("the adoption example adopts existing objects: up updates them in place, creating nothing", async () => {
    const form = await ctx.api.call<{ id: string }>("POST", "/forms", { name: "Made by hand" });
    const stream = await ctx.api.call<{ id: string }>("POST", "/event-streams", {
      name: "hand-made",
      subscriptions: [{ event_type: "user.deleted" }],
      destination: {
        type: "webhook",
        configuration: {
          webhook_endpoint: "https://old.example.com/hook",
          webhook_authorization: { method: "bearer", token: "old-token" },
        },
      },
    });
    const stack = await openStack({
      workDir: examples.at(path.join("examples", "adopt")),
      stackName: "examples-adopt",
      binDir: ensurePulumiCli(),
      place,
      tenant: tenant(),
      freshConfig: true,
      config: { ...secrets, formId: { value: form.body.id }, eventStreamId: { value: stream.body.id } },
    });
    expect((await stack.preview()).changeSummary.create).toBe(3);
    const formsBefore = (await ctx.api.forms()).length;
    await stack.up();
    expect((await ctx.api.forms()).length).toBe(formsBefore);
    expect((await ctx.api.call<{ name: string }>("GET", `/forms/${form.body.id}`)).body.name).toBe("Legacy sign-up");
    expect((await ctx.api.call<{ name: string }>("GET", `/event-streams/${stream.body.id}`)).body.name).toBe(
      "legacy-audit",
    );
    await stack.up({ expectNoChanges: true });
    await stack.destroy();
  });
  // The CI recipes (examples/ci/*.sh) run on fresh runners against a PostgreSQL backend in gitops.test.ts.
});
