/**
 * Issue 7, item 9: after full end-to-end round trips (client credentials, then an API
 * token), with every kind of webhook secret, updates that rotate them and provoked
 * failures, no secret may appear in plaintext anywhere a person or a tool could read:
 *
 * - the state on disk (every file of the file:// backend: stack, backups, history) and
 *   `pulumi stack export` as users run it (without --show-secrets);
 * - the server's log (pino at trace level, to a file);
 * - the provider's logs: the engine output of every operation and its event stream;
 * - every error message provoked (engine failures, and the provider's errors in-process).
 *
 * Secrets: webhook basic password, bearer token, custom header value, the client
 * secret, the API token.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { configureFromSettings, resetRuntime } from "../../provider/runtime";
import { eventStreamProvider } from "../fixtures/providers";
import { ensurePulumiCli, pulumiEnv } from "../../scripts/lib/pulumi";
import { E2E_TIMEOUT_MS, startE2e, type E2eContext } from "../e2e/harness";
import { FULL, printFigure, stackName, tempDir, tokenFor } from "./support";

jest.setTimeout(E2E_TIMEOUT_MS * 2);

const PROGRAM_DIR = path.join(__dirname, "program");
const STACK = stackName("secrets");
const NARROW_SECRET = "secrets-narrow-secret-9Fh2Kd7";

/** Secrets long and random enough that a match is never a coincidence. */
const SECRETS = {
  hookPassword: "pw-Basic-7Qx2LmN9vR4tKs8Z",
  hookToken: "tok-Bearer-3Hf6Jp1Wc9Ye5Ua2",
  hookHeaderValue: "hdr-Custom-8Dk4Rn2Bv7Xq1Mz6",
  // Rotated values (the update step).
  hookPassword2: "pw-Basic-rotated-5Tg8Lk3Pq1Wn",
  hookToken2: "tok-Bearer-rotated-2Zx7Cv4Bn9Mq",
  hookHeaderValue2: "hdr-Custom-rotated-6Yh3Jk8Lp2Rt",
};

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe("secrets never leak", () => {
  let ctx: E2eContext;
  let env: Record<string, string>;
  const logDir = tempDir("tenant-secrets-log-");
  const serverLog = path.join(logDir, "server.log");
  /** Everything a person or tool could read, by place. */
  const places = new Map<string, string[]>();
  const record = (place: string, text: string) => places.set(place, [...(places.get(place) ?? []), text]);

  /** A stack operation with its engine output and events recorded; failures recorded, not thrown. */
  const operate = async (
    name: string,
    run: (opts: { onOutput: (out: string) => void; onEvent: (event: EngineEvent) => void }) => Promise<unknown>,
  ) => {
    const opts = {
      onOutput: (out: string) => record("engine output", out),
      onEvent: (event: EngineEvent) => record("engine events", JSON.stringify(event)),
    };
    try {
      await run(opts);
      return true;
    } catch (error) {
      record("error messages", `${name}: ${String((error as Error).message)}\n${String((error as Error).stack)}`);
      return false;
    }
  };

  const setSecrets = async (password: string, token: string, headerValue: string) => {
    await ctx.stack.setAllConfig({
      hookPassword: { value: password, secret: true },
      hookToken: { value: token, secret: true },
      hookHeaderValue: { value: headerValue, secret: true },
    });
  };

  /** `pulumi stack export` as a user runs it (no --show-secrets). */
  const cliExport = () =>
    new Promise<string>((resolve) => {
      const child = spawn(
        path.join(env.PATH.split(path.delimiter)[0], "pulumi"),
        ["stack", "export", "--stack", STACK, "--non-interactive"],
        {
          cwd: ctx.programDir,
          env: { ...process.env, ...env },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
      });
      child.stderr.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
      });
      child.once("exit", () => resolve(output));
    });

  beforeAll(async () => {
    ctx = await startE2e({
      programDir: PROGRAM_DIR,
      stackName: STACK,
      server: { logger: { destination: serverLog, level: "trace" } },
    });
    env = pulumiEnv(ensurePulumiCli(), {
      stateDir: path.join(ctx.tmpDir, "state"),
      homeDir: path.join(ctx.tmpDir, "home"),
      passphrase: "e2e-passphrase",
    });
    const token = await tokenFor(ctx.server);
    const policy = await ctx.api.call<{ id: string }>("POST", "/rate-limit-policies", {
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: "default",
      configuration: { action: "log", limit: 10 },
    });
    await ctx.stack.setConfig("policyId", { value: policy.body.id });
    expect(token).toBeTruthy();
  });

  afterAll(async () => {
    await ctx?.dispose();
    fs.rmSync(logDir, { recursive: true, force: true });
  });

  test("round trips with every secret leave none in state, logs, engine output or error messages", async () => {
    const clientSecret = ctx.server.credentials.clientSecret;
    const failedSteps: string[] = [];
    const timings: string[] = [];
    const step = async (name: string, run: Parameters<typeof operate>[1], expectFailure = false) => {
      const started = Date.now();
      const ok = await operate(name, run);
      timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(0)}s`);
      if (ok === expectFailure) failedSteps.push(`${name}: ${ok ? "succeeded, a failure was expected" : "failed"}`);
    };

    // Round 1: client credentials.
    await setSecrets(SECRETS.hookPassword, SECRETS.hookToken, SECRETS.hookHeaderValue);
    if (FULL) await step("preview", (o) => ctx.stack.preview({ ...o, diff: true }));
    await step("up", (o) => ctx.stack.up({ ...o, diff: true }));
    await step("refresh", (o) => ctx.stack.refresh(o));
    // Rotate every webhook secret: the provider re-sends them in PATCHes.
    await setSecrets(SECRETS.hookPassword2, SECRETS.hookToken2, SECRETS.hookHeaderValue2);
    await ctx.stack.setConfig("variant", { value: "b" });
    if (FULL) await step("preview of the rotation", (o) => ctx.stack.preview({ ...o, diff: true }));
    // A failing update: the server refuses every event stream write for a while.
    // Five attempts per idempotent call, three streams: 15 failures exhaust every retry.
    ctx.server.faults.add({
      method: "PATCH",
      path: "/api/v2/event-streams/:id",
      mode: "fail-before",
      status: 500,
      times: 15,
    });
    await step("up that fails on the event streams", (o) => ctx.stack.up({ ...o, diff: true }), true);
    ctx.server.faults.clear();
    await step("up of the rotation", (o) => ctx.stack.up({ ...o, diff: true }));
    // A wrong client secret: the provider's token request fails on the next change and says so. (A refresh
    // would not notice: it configures the provider from the state, not from the program's current config.)
    // Without the lookup: a failing lookup keeps the program alive until the server's keep-alive
    // timeout (~72 s), which the full run measures below.
    const policyId = (await ctx.stack.getConfig("policyId")).value;
    await ctx.stack.removeConfig("policyId");
    await ctx.stack.setConfig("tenant:clientSecret", { value: `${clientSecret}-wrong`, secret: true });
    await ctx.stack.setConfig("variant", { value: "b2" });
    await step("up with a wrong client secret", (o) => ctx.stack.up(o), true);
    await ctx.stack.setConfig("tenant:clientSecret", { value: clientSecret, secret: true });
    await ctx.stack.setConfig("policyId", { value: policyId });

    // Round 2: an API token instead of client credentials.
    const apiToken = await tokenFor(ctx.server);
    await ctx.stack.removeAllConfig(["tenant:clientId", "tenant:clientSecret"]);
    await ctx.stack.setConfig("tenant:apiToken", { value: apiToken, secret: true });
    await ctx.stack.setConfig("variant", { value: "c" });
    await step("up with the API token", (o) => ctx.stack.up({ ...o, diff: true }));
    if (FULL) await step("refresh with the API token", (o) => ctx.stack.refresh(o));
    // An API token without the write scopes: the updates fail with 403 naming the scope.
    ctx.server.addClient({
      client_id: "secrets-narrow",
      client_secret: NARROW_SECRET,
      scopes: ["read:forms", "read:event_streams", "read:branding"],
      global: false,
    });
    const narrowToken = await tokenFor(ctx.server, { clientId: "secrets-narrow", clientSecret: NARROW_SECRET });
    await ctx.stack.removeConfig("policyId");
    await ctx.stack.setConfig("tenant:apiToken", { value: narrowToken, secret: true });
    await ctx.stack.setConfig("variant", { value: "d" });
    await step("up with an API token lacking the write scopes", (o) => ctx.stack.up(o), true);
    if (FULL) {
      // The lookup refused (not a global client): fails the preview, after the keep-alive wait.
      await ctx.stack.setConfig("policyId", { value: policyId });
      await step("preview with a non-global API token (lookup refused)", (o) => ctx.stack.preview(o), true);
    }
    await ctx.stack.setConfig("tenant:apiToken", { value: apiToken, secret: true });
    await ctx.stack.setConfig("policyId", { value: policyId });
    // Destroy configures the provider from the state: an up with the good token puts it there first.
    await step("up with the API token restored", (o) => ctx.stack.up(o));
    record("state (pulumi stack export)", await cliExport());
    // Control: the secrets really are in the stack (decrypted on request), so a search that finds none means something.
    const decrypted = JSON.stringify(await ctx.stack.exportStack());
    for (const secret of [SECRETS.hookPassword2, SECRETS.hookToken2, SECRETS.hookHeaderValue2, apiToken]) {
      if (!decrypted.includes(secret)) failedSteps.push(`control: ${secret.slice(0, 8)}… is not in the stack at all`);
    }
    await step("destroy", (o) => ctx.stack.destroy(o));

    // Errors provoked at the provider in-process: a create that fails after it was sent, with the secret in the body.
    configureFromSettings({ domain: ctx.server.url, apiToken });
    ctx.server.faults.add({
      method: "POST",
      path: "/api/v2/event-streams",
      mode: "fail-before",
      status: 503,
      times: 10,
    });
    for (const [method, authorization] of [
      ["basic", { method: "basic", username: "u", password: SECRETS.hookPassword }],
      ["bearer", { method: "bearer", token: SECRETS.hookToken }],
      ["custom_header", { method: "custom_header", header_key: "X-K", header_value: SECRETS.hookHeaderValue }],
    ] as const) {
      try {
        await eventStreamProvider.create!({
          name: `in-process-${method}`,
          subscriptions: [{ event_type: "user.created" }],
          destination: {
            type: "webhook",
            configuration: { webhook_endpoint: "https://h.example.com", webhook_authorization: authorization },
          },
        });
        failedSteps.push(`in-process create (${method}) succeeded, a failure was expected`);
      } catch (error) {
        record(
          "error messages",
          `in-process create (${method}): ${(error as Error).message}\n${(error as Error).stack}\n${JSON.stringify(error)}`,
        );
      }
    }
    ctx.server.faults.clear();
    resetRuntime();
    // The server's own 400s for bad webhook bodies echo nothing secret either.
    const badBodies = [
      {
        name: "x",
        subscriptions: [{ event_type: "nope" }],
        destination: {
          type: "webhook",
          configuration: {
            webhook_endpoint: "https://h.example.com",
            webhook_authorization: { method: "basic", username: "u", password: SECRETS.hookPassword },
          },
        },
      },
      {
        destination: {
          type: "webhook",
          configuration: {
            webhook_endpoint: "http://insecure",
            webhook_authorization: { method: "bearer", token: SECRETS.hookToken },
          },
        },
      },
      {
        destination: {
          type: "webhook",
          configuration: {
            webhook_endpoint: "https://h.example.com",
            webhook_authorization: {
              method: "custom_header",
              header_key: "bad key",
              header_value: SECRETS.hookHeaderValue,
            },
          },
        },
      },
    ];
    for (const body of badBodies)
      record("error messages", JSON.stringify((await ctx.api.call("POST", "/event-streams", body)).body));

    // The state on disk, every file of the backend (stacks, backups, history).
    for (const file of filesUnder(path.join(ctx.tmpDir, "state"))) record("state files", fs.readFileSync(file, "utf8"));
    await ctx.server.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    record("server log", fs.existsSync(serverLog) ? fs.readFileSync(serverLog, "utf8") : "");

    const secrets: Record<string, string> = {
      ...SECRETS,
      clientSecret,
      apiToken,
      narrowApiToken: narrowToken,
      narrowClientSecret: NARROW_SECRET,
    };
    const occurrences: string[] = [];
    for (const [place, texts] of places) {
      const text = texts.join("\n");
      for (const [name, secret] of Object.entries(secrets)) {
        const count = text.split(secret).length - 1;
        if (count > 0) occurrences.push(`${name} × ${count} in ${place}`);
      }
    }
    const searched = [...places]
      .map(([place, texts]) => `${place}=${texts.reduce((n, t) => n + t.length, 0)}`)
      .join(" ");
    console.log(`searched (characters): ${searched}; steps: ${timings.join(", ")}`);
    if (occurrences.length) console.log(`occurrences:\n${occurrences.join("\n")}`);
    printFigure("secrets", {
      secrets: Object.keys(secrets).length,
      places: places.size,
      occurrences: occurrences.reduce((n, line) => n + Number(line.split(" × ")[1].split(" ")[0]), 0),
      failedSteps: failedSteps.length,
    });
    expect(places.get("server log")?.join("").length ?? 0).toBeGreaterThan(0);
    expect(occurrences).toEqual([]);
    expect(failedSteps).toEqual([]);
  });
});
