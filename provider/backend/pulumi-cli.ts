/**
 * The Pulumi CLI as this package runs it: to read a backend's stacks (ownership, interrupted
 * creates, unmanaged objects) and for the `pulumi-tenant` commands. Which binary:
 * `PULUMI_TENANT_BIN`, then the engine that started this provider process (when it is a
 * `pulumi` binary), then a `pulumi` on PATH, then the pinned build the setup script caches in
 * `~/.pulumi/versions/<version>/bin` (the folder the Automation API also uses).
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** The Pulumi version this package is built and tested with. */
export const PINNED_PULUMI_VERSION = "3.248.0";

/** Raised when no Pulumi CLI can be found; the message says how to get one. */
export class PulumiCliMissingError extends Error {}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, name))) return dir;
  }
  return undefined;
}

/** The folder of the engine that started this process, when the parent is a `pulumi` binary (Linux). */
function engineDir(): string | undefined {
  try {
    const exe = fs.readlinkSync(`/proc/${process.ppid}/exe`);
    return path.basename(exe) === "pulumi" ? path.dirname(exe) : undefined;
  } catch {
    return undefined;
  }
}

/** The folder holding the `pulumi` binary to use. */
export function pulumiBinDir(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [
    env.PULUMI_TENANT_BIN,
    engineDir(),
    onPath("pulumi", env),
    path.join(env.PULUMI_HOME ?? path.join(os.homedir(), ".pulumi"), "versions", PINNED_PULUMI_VERSION, "bin"),
    path.join(os.homedir(), ".pulumi", "versions", PINNED_PULUMI_VERSION, "bin"),
  ];
  const found = candidates.find((dir) => dir && fs.existsSync(path.join(dir, "pulumi")));
  if (found) return found;
  throw new PulumiCliMissingError(
    `No Pulumi CLI found (looked at PULUMI_TENANT_BIN, PATH and ~/.pulumi/versions/${PINNED_PULUMI_VERSION}/bin). ` +
      `Install Pulumi CLI v${PINNED_PULUMI_VERSION} (https://www.pulumi.com/docs/install/) or set PULUMI_TENANT_BIN to its folder.`,
  );
}

/** Options of {@link runPulumi}. */
export interface RunPulumiOptions {
  /** Environment over this process's (e.g. another `PULUMI_BACKEND_URL`). */
  env?: Record<string, string | undefined>;
  /** Working folder (a Pulumi project's, for commands that need one). */
  cwd?: string;
  /** Give up after this long (default 120 s). */
  timeoutMs?: number;
}

/** A Pulumi CLI command that failed: its arguments and what it printed on stderr. */
export class PulumiCommandError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly stderr: string,
    message: string,
  ) {
    super(message);
  }
}

/** The variable that bounds how many stacks a DIY backend (file, bucket, PostgreSQL) reads at once. */
export const DIY_PARALLEL_VARIABLE = "PULUMI_DIY_BACKEND_PARALLEL";

/**
 * The environment of a CLI run: `base` (this process's), `PULUMI_SKIP_UPDATE_CHECK`, then
 * `overrides`. Unless either sets it, {@link DIY_PARALLEL_VARIABLE} is bounded by the cores:
 * the PostgreSQL backend (3.248 to at least 3.277) opens at most 2 × cores connections and
 * by default reads 10 stacks at once, each read holding one connection while it waits for
 * another, so `pulumi stack ls` hangs with 2 × cores stacks or more. One fewer reader than
 * connections cannot all wait.
 */
export function pulumiEnvironment(
  base: NodeJS.ProcessEnv,
  overrides: Record<string, string | undefined> = {},
  cores: number = os.availableParallelism(),
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base, PULUMI_SKIP_UPDATE_CHECK: "true", ...overrides };
  if (!env[DIY_PARALLEL_VARIABLE]) env[DIY_PARALLEL_VARIABLE] = String(Math.max(1, 2 * Math.max(1, cores) - 1));
  return env;
}

/**
 * Runs `pulumi <args>` non-interactively and resolves with its stdout. A failure rejects
 * with a {@link PulumiCommandError} naming the command and quoting the CLI's last words.
 */
export function runPulumi(args: readonly string[], options: RunPulumiOptions = {}): Promise<string> {
  const binary = path.join(pulumiBinDir(), "pulumi");
  const env = pulumiEnvironment(process.env, options.env);
  return new Promise((resolve, reject) => {
    execFile(
      binary,
      [...args, "--non-interactive"],
      { env, cwd: options.cwd, timeout: options.timeoutMs ?? 120_000, maxBuffer: 1 << 30 },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const said = stderr.trim().split("\n").slice(-3).join(" ").slice(0, 600);
        reject(new PulumiCommandError(args, stderr, `\`pulumi ${args.join(" ")}\` failed: ${said || error.message}`));
      },
    );
  });
}
