/**
 * CI runners for the end-to-end tests: each with its own PULUMI_HOME and its own checkout of
 * the program (a copy of a "repository" folder: the program and its committed stack files),
 * all sharing one state backend (PostgreSQL) and one tenant, as the runners of a CI system do.
 * Commands run as CI runs them: the Pulumi CLI and the recipes of examples/ci, in a child
 * process, never in this one (the tenant server runs here and must keep answering).
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { killTree } from "../../scripts/lib/process-tree";
import { ensurePulumiCli, pulumiEnv, REPO_ROOT } from "../../scripts/lib/pulumi";
import type { TenantServer } from "../../server/index";

/** What a command printed and how it ended. */
export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr, in order of arrival. */
  output: string;
}

/** A started command that can be killed (with everything it started). */
export interface Started {
  pid: number;
  done: Promise<RunResult>;
  kill(): Promise<RunResult>;
}

const PASSPHRASE = "gitops-passphrase";

/** A fleet of runners around one backend, one tenant and one program "repository". */
export class Fleet {
  readonly root: string;
  /** The repository: the program and the committed `Pulumi.<stack>.yaml` files. */
  readonly repo: string;
  private count = 0;

  constructor(
    readonly backendUrl: string,
    readonly server: TenantServer,
    programDir: string,
  ) {
    // In the run's temporary folder, never in the checkout; the programs resolve the checkout's
    // node_modules through a link at the fleet's root, above every checkout.
    this.root = fs.mkdtempSync(path.join(process.env.PULUMI_TENANT_TEST_ROOT ?? os.tmpdir(), "tenant-fleet-"));
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(this.root, "node_modules"), "dir");
    this.repo = path.join(this.root, "repo");
    fs.cpSync(programDir, this.repo, {
      recursive: true,
      filter: (source) => !/(^|\/)(node_modules|Pulumi\.[^/]+\.yaml)$/.test(source.slice(programDir.length)),
    });
    // A local plugin path (`plugins: providers: path: ../…`) is relative to the program: made absolute for the copies.
    const project = path.join(this.repo, "Pulumi.yaml");
    const text = fs.readFileSync(project, "utf8");
    fs.writeFileSync(
      project,
      text.replace(/(\bpath:\s*)(\.\.?\/\S*)/g, (_, key: string, rel: string) => key + path.resolve(programDir, rel)),
    );
  }

  /** A fresh runner: new PULUMI_HOME, new checkout of the repository as it is now. */
  runner(name: string, options: { backendUrl?: string; env?: Record<string, string> } = {}): Runner {
    this.count += 1;
    const base = path.join(this.root, `${String(this.count).padStart(2, "0")}-${name}`);
    return new Runner(base, this.repo, options.backendUrl ?? this.backendUrl, this.server, options.env ?? {});
  }

  /** Commits `Pulumi.<stack>.yaml` from `runner`'s checkout into the repository (after `stack init`, config). */
  commit(runner: Runner, stack: string): void {
    fs.copyFileSync(path.join(runner.dir, `Pulumi.${stack}.yaml`), path.join(this.repo, `Pulumi.${stack}.yaml`));
  }

  /** Removes every checkout and home. */
  dispose(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

/** One runner: a checkout, a home, and the environment a CI job sets. */
export class Runner {
  readonly dir: string;
  readonly home: string;
  readonly env: NodeJS.ProcessEnv;

  constructor(base: string, repo: string, backendUrl: string, server: TenantServer, extra: Record<string, string>) {
    this.dir = path.join(base, "checkout");
    this.home = path.join(base, "pulumi-home");
    fs.cpSync(repo, this.dir, { recursive: true });
    // What `npm ci` in the checkout gives: the `pulumi-tenant` command for `npx`.
    const bin = path.join(this.dir, "node_modules", ".bin");
    fs.mkdirSync(bin, { recursive: true });
    const cli = path.join(REPO_ROOT, "provider", "dist", "provider", "cli", "index.js");
    fs.writeFileSync(path.join(bin, "pulumi-tenant"), `#!/bin/sh\nexec node ${JSON.stringify(cli)} "$@"\n`, {
      mode: 0o755,
    });
    this.env = {
      ...process.env,
      ...pulumiEnv(ensurePulumiCli(), { stateDir: "", backendUrl, homeDir: this.home, passphrase: PASSPHRASE }),
      AUTH0_DOMAIN: server.url,
      AUTH0_CLIENT_ID: server.credentials.clientId,
      AUTH0_CLIENT_SECRET: server.credentials.clientSecret,
      ...extra,
    };
  }

  /** Starts `command args` in the checkout; `kill()` ends it and everything it started (SIGKILL). */
  start(command: string, args: string[]): Started {
    const child = spawn(command, args, {
      cwd: this.dir,
      env: this.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const result: RunResult = { status: null, stdout: "", stderr: "", output: "" };
    child.stdout.on("data", (chunk: Buffer) => {
      result.stdout += chunk.toString("utf8");
      result.output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      result.stderr += chunk.toString("utf8");
      result.output += chunk.toString("utf8");
    });
    const done = new Promise<RunResult>((resolve) => child.once("close", (status) => resolve({ ...result, status })));
    return {
      pid: child.pid!,
      done,
      kill: async () => {
        killTree(child.pid!, "SIGKILL");
        return done;
      },
    };
  }

  /** Runs `command args` in the checkout to its end. */
  run(command: string, args: string[]): Promise<RunResult> {
    return this.start(command, args).done;
  }

  /** The checkout's `pulumi-tenant` command (what `npx pulumi-tenant` runs there). */
  tenantCli(...args: string[]): Promise<RunResult> {
    return this.run(path.join(this.dir, "node_modules", ".bin", "pulumi-tenant"), args);
  }

  /** `pulumi <args> --non-interactive` in the checkout. */
  pulumi(...args: string[]): Promise<RunResult> {
    // The flag goes before a "--" (after it, everything is a value).
    const end = args.includes("--") ? args.indexOf("--") : args.length;
    return this.run("pulumi", [...args.slice(0, end), "--non-interactive", ...args.slice(end)]);
  }

  /** Like {@link pulumi}, but a non-zero exit throws with what the CLI printed. */
  async pulumiOk(...args: string[]): Promise<RunResult> {
    const result = await this.pulumi(...args);
    if (result.status !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${result.status}:\n${result.output}`);
    return result;
  }

  /** Runs a recipe of examples/ci as its workflow does (`./examples/ci/<script> args`). */
  recipe(script: string, ...args: string[]): Promise<RunResult> {
    return this.run("bash", [path.join(REPO_ROOT, "examples", "ci", script), ...args]);
  }

  /** `pulumi stack export` of `stack`, parsed. */
  async exportStack(stack: string): Promise<{
    resources: { urn: string; type: string; id?: string; outputs?: Record<string, unknown> }[];
    pending: { type: string; resource: { urn: string } }[];
  }> {
    const { stdout } = await this.pulumiOk("stack", "export", "--stack", stack);
    const deployment = (JSON.parse(stdout) as { deployment?: Record<string, unknown> }).deployment ?? {};
    return {
      resources: (deployment.resources as never[]) ?? [],
      pending: (deployment.pending_operations as never[]) ?? [],
    };
  }

  /** Initialises `stack` in this checkout with the scenario (stack config) given. */
  async initStack(stack: string, scenario: unknown, config: Record<string, string> = {}): Promise<void> {
    await this.pulumiOk("stack", "init", stack, "--secrets-provider", "passphrase");
    await this.setScenario(stack, scenario, config);
  }

  /** Sets the program's scenario (and more config) of `stack` in this checkout, as a commit would. */
  async setScenario(stack: string, scenario: unknown, config: Record<string, string> = {}): Promise<void> {
    await this.pulumiOk("config", "set", "--stack", stack, "scenario", JSON.stringify(scenario));
    for (const [key, value] of Object.entries(config))
      await this.pulumiOk("config", "set", "--stack", stack, key, "--", value);
  }
}
