/**
 * End-to-end harness: a tenant server started in this process, the real Pulumi CLI
 * (pinned, from scripts/setup-pulumi.sh) over a program directory, a private file://
 * backend and PULUMI_HOME per run. A program of the checkout runs from a copy (test/scratch.ts):
 * its stack file and whatever else the run writes never land in the checkout, and suites on the
 * same program and stack name can run side by side.
 */
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { EngineEvent, LocalWorkspace, Stack } from "@pulumi/pulumi/automation";
import { startTenantServer, type TenantServer, type TenantServerOptions } from "../../server/index";
import { ensurePulumiCli, openStack, REPO_ROOT, stackConfigFile } from "../../scripts/lib/pulumi";
import { checkoutRelative, programCopy } from "../scratch";

export { installPythonSdk } from "../../scripts/lib/pulumi";

/** Pulumi operations take seconds each; a whole scenario takes minutes. */
export const E2E_TIMEOUT_MS = 10 * 60 * 1000;

/** A started tenant server plus a Pulumi stack pointed at it. */
export interface E2eContext {
  server: TenantServer;
  stack: Stack;
  api: TenantApi;
  tmpDir: string;
  /**
   * The folder the stack runs in (its `Pulumi.<stack>.yaml` is there): for a program of the
   * checkout, its copy; run the CLI there, never in the checkout's folder.
   */
  programDir: string;
  dispose(): Promise<void>;
}

/** Raw management API calls with the admin client, for out-of-band changes and inspection. */
export class TenantApi {
  private token?: string;
  constructor(private readonly server: TenantServer) {}

  private async accessToken(): Promise<string> {
    if (!this.token) {
      const { clientId, clientSecret, audience, tokenUrl } = this.server.credentials;
      const reply = await fetch(tokenUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          grant_type: "client_credentials",
          client_id: clientId,
          client_secret: clientSecret,
          audience,
        }),
      });
      this.token = ((await reply.json()) as { access_token: string }).access_token;
    }
    return this.token;
  }

  /** Calls `method path` under /api/v2 and returns status and parsed body. */
  async call<T = unknown>(method: string, apiPath: string, body?: unknown): Promise<{ status: number; body: T }> {
    const reply = await fetch(`${this.server.baseUrl}${apiPath}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await reply.text();
    return { status: reply.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** Every form in the tenant. */
  async forms(): Promise<{ id: string; name: string }[]> {
    return (await this.call<{ id: string; name: string }[]>("GET", "/forms?per_page=100")).body;
  }

  /** Every event stream in the tenant (first 100). */
  async eventStreams(): Promise<
    { id: string; name: string; destination: { type: string; configuration?: unknown } }[]
  > {
    const page = await this.call<{
      eventStreams: { id: string; name: string; destination: { type: string; configuration?: unknown } }[];
    }>("GET", "/event-streams?take=100");
    return page.body.eventStreams;
  }

  /** True when the hosted login page template exists. */
  async hasTemplate(): Promise<boolean> {
    return (await this.call("GET", "/branding/templates/universal-login")).status === 200;
  }
}

/** Writes counted by the server (every POST/PATCH/PUT/DELETE under /api/v2). */
export function writesIn(counters: Record<string, number>): number {
  return Object.entries(counters)
    .filter(([key]) => /^(POST|PATCH|PUT|DELETE) \/api\/v2\//.test(key))
    .reduce((sum, [, n]) => sum + n, 0);
}

/** Requests counted by the server under /api/v2 (reads and writes, not tokens). */
export function apiCallsIn(counters: Record<string, number>): number {
  return Object.entries(counters)
    .filter(([key]) => / \/api\/v2\//.test(key))
    .reduce((sum, [, n]) => sum + n, 0);
}

/**
 * Starts a server and opens a fresh stack of `programDir` against it. A `programDir` in the
 * checkout (the default, test/e2e/program) is copied first and the stack opened on the copy
 * (`programDir` of the context); one outside it (a test's own temporary folder) is used as is.
 */
export async function startE2e(
  options: {
    programDir?: string;
    stackName?: string;
    server?: TenantServerOptions;
    config?: Record<string, { value: string; secret?: boolean }>;
    /** More environment for the CLI and the program (`PATH` is put first). */
    env?: Record<string, string>;
  } = {},
): Promise<E2eContext> {
  const binDir = ensurePulumiCli();
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-e2e-"));
  const server = await startTenantServer({ port: 0, logger: false, ...options.server });
  const source = options.programDir ?? path.join(REPO_ROOT, "test", "e2e", "program");
  const stackName = options.stackName ?? "e2e";
  const copy = checkoutRelative(source) === undefined ? undefined : programCopy(`e2e-${stackName}`, source);
  const workDir = copy?.program ?? source;
  const stack = await openStack({
    workDir,
    stackName,
    freshConfig: true,
    binDir,
    place: { stateDir: path.join(tmpDir, "state"), homeDir: path.join(tmpDir, "home"), passphrase: "e2e-passphrase" },
    tenant: {
      domain: server.url,
      clientId: server.credentials.clientId,
      clientSecret: server.credentials.clientSecret,
    },
    config: options.config,
    env: options.env,
  });
  return {
    server,
    stack,
    api: new TenantApi(server),
    tmpDir,
    programDir: workDir,
    async dispose() {
      await server.close();
      if (copy) copy.remove();
      else fs.rmSync(stackConfigFile(workDir, stackName), { force: true });
      fs.rmSync(tmpDir, { recursive: true, force: true });
    },
  };
}

/**
 * Everything the file backend holds for the run, as text: the stack checkpoints (and
 * their history and backups). This is what would sit in a state bucket.
 */
export function rawStateText(ctx: E2eContext): string {
  const root = path.join(ctx.tmpDir, "state", ".pulumi");
  const texts: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else texts.push(fs.readFileSync(full).toString("utf8"));
    }
  };
  if (fs.existsSync(root)) walk(root);
  return texts.join("\n");
}

/**
 * Runs the CLI itself on the stack (`pulumi <args> --stack <name>`), as a user or a CI job
 * would, for what the Automation API does not give (`preview --json`); resolves with stdout.
 * Asynchronous: the tenant server answers from this process's event loop.
 */
export function runCli(stack: Stack, args: string[]): Promise<string> {
  const workspace = stack.workspace as LocalWorkspace;
  const command = [...args, "--stack", stack.name, "--non-interactive"];
  return new Promise((resolve, reject) =>
    execFile(
      workspace.pulumiCommand.command,
      command,
      { cwd: workspace.workDir, env: { ...process.env, ...workspace.envVars }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`pulumi ${command.join(" ")} failed:\n${stderr}\n${stdout.slice(-3000)}`))
          : resolve(stdout),
    ),
  );
}

/** One step of `pulumi preview --json`: what the engine would do to a resource, and why. */
export interface JsonPreviewStep {
  op: string;
  urn: string;
  diffReasons?: string[] | null;
  replaceReasons?: string[] | null;
  detailedDiff?: Record<string, { kind: string }> | null;
}

/** The steps of `pulumi preview --json` on the stack. */
export async function previewJsonSteps(stack: Stack): Promise<JsonPreviewStep[]> {
  return (JSON.parse(await runCli(stack, ["preview", "--json"])) as { steps?: JsonPreviewStep[] }).steps ?? [];
}

/** Sets the program's `scenario` config. */
export async function setScenario(stack: Stack, scenario: Record<string, unknown>): Promise<void> {
  await stack.setConfig("scenario", { value: JSON.stringify(scenario) });
}

/** What one engine operation printed and reported. */
export interface RecordedRun {
  ok: boolean;
  output: string;
  events: EngineEvent[];
}

/** Runs `operation` of `stack`, recording output and events; a failure is recorded, not thrown. */
export async function recordRun(
  stack: Stack,
  operation: "preview" | "up",
  options: { diff?: boolean } = {},
): Promise<RecordedRun> {
  const events: EngineEvent[] = [];
  let output = "";
  let ok = true;
  try {
    await stack[operation]({
      ...options,
      onOutput: (text) => (output += text),
      onEvent: (event) => void events.push(event),
    });
  } catch {
    ok = false;
  }
  return { ok, output, events };
}

/** The messages of a run's error diagnostics. */
export function errorsOf(run: RecordedRun): string[] {
  return run.events
    .map((event) => event.diagnosticEvent)
    .filter((d) => d?.severity === "error")
    .map((d) => d!.message);
}

/**
 * Runs the `pulumi config set --secret` lines `generate` printed (other than the provider's
 * own `tenant:` keys), as the user would from `dir`: a line that reads a file runs as printed;
 * one that prompts for a webhook secret gets the value the user knows, from `webhookSecrets`
 * by the stream id the prompt names. Returns the lines.
 */
export async function runPrintedSecretLines(
  stack: Stack,
  printed: string,
  dir: string,
  env: NodeJS.ProcessEnv,
  webhookSecrets: Record<string, string>,
): Promise<string[]> {
  const lines = printed
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("pulumi config set --secret") && !line.includes("tenant:"));
  for (const line of lines) {
    const prompted = /^pulumi config set --secret (\S+)\s+# prompts: .*\((est_\w+)\)/.exec(line);
    if (prompted) await stack.setConfig(prompted[1]!, { value: webhookSecrets[prompted[2]!]!, secret: true });
    else execFileSync("bash", ["-c", line], { cwd: dir, env, stdio: ["ignore", "ignore", "inherit"] });
  }
  return lines;
}
