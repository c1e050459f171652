/**
 * Every example program is previewed against the tenant server, and the commands of the
 * example CI workflows (examples/ci/*.sh) run as CI would run them.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import {
  ensurePulumiCli,
  openStack,
  pulumiEnv,
  REPO_ROOT,
  stackConfigFile,
  type PulumiPlace,
} from "../../scripts/lib/pulumi";
import { E2E_TIMEOUT_MS, startE2e, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

/** Runs a command to completion without blocking this process's event loop. */
function runScript(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("example programs and CI commands", () => {
  let ctx: E2eContext;
  let place: PulumiPlace;
  const secrets = { hookPassword: { value: "example-hook-secret", secret: true } };

  beforeAll(async () => {
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
    for (const [dir, stack] of [
      [REPO_ROOT, "examples-realistic"],
      [path.join(REPO_ROOT, "examples", "real-tenant"), "examples-real"],
      [path.join(REPO_ROOT, "examples", "adopt"), "examples-adopt"],
    ]) {
      fs.rmSync(stackConfigFile(dir, stack), { force: true });
    }
  });

  const tenant = () => ({
    domain: ctx.server.url,
    clientId: ctx.server.credentials.clientId,
    clientSecret: ctx.server.credentials.clientSecret,
  });

  test("the realistic example (the root project) previews its four resources", async () => {
    const stack = await openStack({
      workDir: REPO_ROOT,
      stackName: "examples-realistic",
      binDir: ensurePulumiCli(),
      place,
      tenant: tenant(),
      config: secrets,
      freshConfig: true,
    });
    const preview = await stack.preview();
    expect(preview.changeSummary.create).toBe(4);
  });

  test("the real-tenant project runs the same program with only config changed", async () => {
    const stack = await openStack({
      workDir: path.join(REPO_ROOT, "examples", "real-tenant"),
      stackName: "examples-real",
      binDir: ensurePulumiCli(),
      place,
      tenant: tenant(),
      config: secrets,
      freshConfig: true,
    });
    const preview = await stack.preview();
    expect(preview.changeSummary.create).toBe(4);
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
      workDir: path.join(REPO_ROOT, "examples", "adopt"),
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

  test("the CI preview and drift commands: preview posts a diff, drift passes clean and fails on drift", async () => {
    const binDir = ensurePulumiCli();
    await ctx.stack.up();
    const env = { ...process.env, ...pulumiEnv(binDir, place) };
    const dir = path.join(REPO_ROOT, "test", "e2e", "program");
    const comment = path.join(ctx.tmpDir, "comment.md");
    // Asynchronously: the tenant server runs in this process and must keep answering.
    const sh = (script: string, ...args: string[]) =>
      runScript("bash", [path.join(REPO_ROOT, "examples", "ci", script), ...args], env);

    const clean = await sh("drift.sh", "e2e", dir);
    if (clean.status !== 0)
      throw new Error(`drift.sh on a clean stack exited ${clean.status}:\n${clean.stdout}\n${clean.stderr}`);

    await ctx.stack.setConfig("scenario", {
      value: JSON.stringify({ template: "{%- auth0:head -%}{%- auth0:widget -%}", formName: "Renamed in a PR" }),
    });
    const preview = await sh("preview.sh", "e2e", dir, comment);
    expect(preview.status).toBe(0);
    const markdown = fs.readFileSync(comment, "utf8");
    expect(markdown).toContain("Preview succeeded.");
    expect(markdown).toContain("Renamed in a PR");

    await ctx.stack.setConfig("scenario", {
      value: JSON.stringify({ template: "{%- auth0:head -%}{%- auth0:widget -%}" }),
    });
    const [form] = await ctx.api.forms();
    await ctx.api.call("PATCH", `/forms/${form.id}`, { name: "Changed in the dashboard" });
    const drifted = await sh("drift.sh", "e2e", dir);
    expect(drifted.status).not.toBe(0);
    expect(drifted.stdout + drifted.stderr).toContain("Changed in the dashboard");
    expect(drifted.stderr).toContain(`To put the code's values back: pulumi up --refresh --stack e2e --cwd ${dir}`);
    await ctx.stack.destroy();
  });
});
