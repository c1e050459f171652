/**
 * The Pulumi CLI and Automation API set up for this project: the pinned CLI (built or
 * cached by scripts/setup-pulumi.sh), a local file:// state backend, a passphrase, and
 * no calls to any Pulumi service. Used by the demo, the drift check, the tests and the
 * benchmark.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace, PulumiCommand, type Stack } from "@pulumi/pulumi/automation";

/** Repository root (this file lives in scripts/lib or dist/scripts/lib). */
export const REPO_ROOT = findRepoRoot(__dirname);

function findRepoRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, "Pulumi.yaml")) || !fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the pulumi-tenant repository root above ${start}`);
    dir = parent;
  }
  return dir;
}

/** The oldest supported Pulumi CLI (the pinned one, @pulumi/pulumi's); any newer 3.x is supported too. */
export const PULUMI_MIN_VERSION = "3.248.0";

/** The supported CLI versions in words, as scripts/setup-pulumi.sh says them. */
export const PULUMI_VERSION_RANGE = `${PULUMI_MIN_VERSION} or any newer 3.x`;

/**
 * Whether `version` (as `pulumi version` prints it, `v3.250.1`) is a supported CLI: {@link PULUMI_MIN_VERSION}
 * or a newer 3.x release (no pre-release or dev build). The same rule as scripts/lib/pulumi-platform.sh.
 */
export function isSupportedPulumiVersion(version: string): boolean {
  const match = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(version.trim());
  if (!match) return false;
  const [major, minor, patch] = match.slice(1).map(Number);
  const [, minMinor, minPatch] = PULUMI_MIN_VERSION.split(".").map(Number);
  return major === 3 && (minor > minMinor || (minor === minMinor && patch >= minPatch));
}

/**
 * Makes sure a supported Pulumi CLI exists (building it the first time, with progress on
 * stderr) and returns its bin folder: a `pulumi` on PATH when it is a supported version
 * ({@link PULUMI_VERSION_RANGE}), else the pinned one.
 */
export function ensurePulumiCli(): string {
  if (process.env.PULUMI_TENANT_BIN && fs.existsSync(path.join(process.env.PULUMI_TENANT_BIN, "pulumi"))) {
    return process.env.PULUMI_TENANT_BIN;
  }
  const script = path.join(REPO_ROOT, "scripts", "setup-pulumi.sh");
  try {
    const out = execFileSync("bash", [script], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "inherit"],
      encoding: "utf8",
    });
    const bin = out.trim().split("\n").pop() ?? "";
    process.env.PULUMI_TENANT_BIN = bin;
    return bin;
  } catch {
    throw new Error(
      "The Pulumi CLI could not be installed or built (see the [setup-pulumi] lines above for what was tried). " +
        `Install the Pulumi CLI (${PULUMI_VERSION_RANGE}) on PATH, or Go >= 1.24 so that scripts/setup-pulumi.sh can build it, then retry.`,
    );
  }
}

/**
 * The newest Pulumi CLI this repository is tested with, beside the pinned {@link PULUMI_MIN_VERSION}:
 * `npm run test:full` runs its Node.js 24 stage's engine suites on it (built from the Go module
 * proxy's modules by scripts/setup-pulumi.sh the first time, then cached).
 */
export const NEWEST_PULUMI_CLI = "3.277.0";

/**
 * The bin folder of Pulumi CLI `version` (`~/.pulumi/versions/<version>/bin`), installed or built by
 * scripts/setup-pulumi.sh when missing, whatever `pulumi` is on PATH. Progress on stderr; throws
 * saying what to do when it cannot be made.
 */
export function ensurePulumiCliVersion(version: string): string {
  const script = path.join(REPO_ROOT, "scripts", "setup-pulumi.sh");
  // Without a `pulumi` on PATH the script takes (or makes) the version asked for, not the one found.
  const pathWithoutPulumi = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => dir && !fs.existsSync(path.join(dir, "pulumi")))
    .join(path.delimiter);
  const env: NodeJS.ProcessEnv = { ...process.env, PULUMI_VERSION: version, PATH: pathWithoutPulumi };
  delete env.PULUMI_TENANT_BIN;
  delete env.PULUMI_TENANT_CLI_ROOT;
  try {
    const out = execFileSync("bash", [script], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "inherit"],
      encoding: "utf8",
      env,
    });
    return out.trim().split("\n").pop() ?? "";
  } catch {
    throw new Error(
      `The Pulumi CLI ${version} could not be installed or built (see the [setup-pulumi] lines above). ` +
        `Build it with \`PULUMI_VERSION=${version} npm run setup:pulumi\` (it needs Go), then retry.`,
    );
  }
}

/** What programs in other languages than TypeScript need, beside the CLI's bin folder. */
export interface LanguageTools {
  /** The CLI's bin folder, now also holding the Python and Go language hosts and the SDK generator. */
  binDir: string;
  /** A Python virtual environment with the `pulumi` package (put its bin folder first on PATH). */
  pythonVenv: string;
}

/**
 * Makes sure the Python and Go language hosts, the SDK generator and the Python virtual
 * environment exist beside the pinned CLI (scripts/setup-languages.sh; built the first time,
 * with progress on stderr).
 */
export function ensureLanguages(): LanguageTools {
  const binDir = ensurePulumiCli();
  const venv = path.join(path.dirname(binDir), "python-venv");
  const ready = [
    "pulumi-language-python",
    "pulumi-language-go",
    "pulumi-language-java",
    "pulumi-language-yaml",
    "pulumi-tenant-codegen",
  ].every((name) => fs.existsSync(path.join(binDir, name)));
  if (process.env.PULUMI_TENANT_LANGUAGES === binDir && ready) return { binDir, pythonVenv: venv };
  try {
    execFileSync("bash", [path.join(REPO_ROOT, "scripts", "setup-languages.sh")], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, PULUMI_TENANT_CLI_ROOT: path.dirname(binDir) },
    });
  } catch {
    throw new Error(
      "The Python, Go, Java and YAML language hosts could not be built (see the [setup-languages] lines above). " +
        "They need Go >= 1.24 and Python >= 3.9 with venv and pip reaching PyPI; fix that, then run `npm run setup:languages`.",
    );
  }
  process.env.PULUMI_TENANT_LANGUAGES = binDir;
  return { binDir, pythonVenv: venv };
}

/**
 * Installs the generated Python SDK (sdk/python) into a fresh folder, as `pip install` would
 * for a user (it needs its package metadata), and returns the folder for PYTHONPATH.
 */
export function installPythonSdk(venv: string, scratch: string): string {
  // From a copy: a build in place would leave build/ and *.egg-info in sdk/python.
  const source = path.join(scratch, "sdk-python");
  fs.cpSync(path.join(REPO_ROOT, "sdk", "python"), source, { recursive: true });
  const target = path.join(scratch, "site");
  execFileSync(
    path.join(venv, "bin", "python"),
    ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps", "--no-build-isolation"].concat([
      "--target",
      target,
      source,
    ]),
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  return target;
}

/** Where a run keeps its Pulumi state and home. */
export interface PulumiPlace {
  /** Folder of the file:// state backend (unused when `backendUrl` is given). */
  stateDir: string;
  /** Another backend (e.g. `postgres://…`, shared by several runners) instead of the folder. */
  backendUrl?: string;
  /** PULUMI_HOME for this run (plugins, credentials, workspace settings). */
  homeDir: string;
  /** Passphrase of the stack's secrets provider. */
  passphrase: string;
}

/**
 * The URL of a file backend in `dir`, as the README recommends it: `?metadata=skip` spares the
 * blob library's sidecar file (`<stack>.json.attrs`) and the MD5 of the whole state it computes
 * for it at every checkpoint, about a fifth of a large first deploy (bench section 8). The state
 * files themselves are the same, and a plain `file://` URL reads them.
 */
export function fileBackendUrl(dir: string): string {
  return `file://${dir}?metadata=skip`;
}

/** Environment for the Pulumi CLI: local backend, passphrase, offline, pinned CLI first on PATH. */
export function pulumiEnv(binDir: string, place: PulumiPlace): Record<string, string> {
  if (!place.backendUrl) fs.mkdirSync(place.stateDir, { recursive: true });
  fs.mkdirSync(place.homeDir, { recursive: true });
  return {
    PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`,
    PULUMI_HOME: place.homeDir,
    PULUMI_BACKEND_URL: place.backendUrl ?? fileBackendUrl(place.stateDir),
    PULUMI_CONFIG_PASSPHRASE: place.passphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "false",
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
  };
}

/** `base` with `extra` over it; `extra.PATH` is put before `base.PATH`. */
function withEnv(base: Record<string, string>, extra: Record<string, string> = {}): Record<string, string> {
  const merged = { ...base, ...extra };
  if (extra.PATH) merged.PATH = `${extra.PATH}${path.delimiter}${base.PATH}`;
  return merged;
}

/** Connection settings of a tenant, as the provider's stack config wants them. */
export interface TenantSettings {
  domain: string;
  clientId: string;
  clientSecret: string;
  audience?: string;
}

/** The file holding a stack's configuration, next to the project's Pulumi.yaml. */
export function stackConfigFile(workDir: string, stackName: string): string {
  return path.join(workDir, `Pulumi.${stackName}.yaml`);
}

/** Opens (creating if needed) `stackName` of the Pulumi project in `workDir`, with tenant settings set. */
export async function openStack(options: {
  workDir: string;
  stackName: string;
  binDir: string;
  place: PulumiPlace;
  tenant?: TenantSettings;
  config?: Record<string, { value: string; secret?: boolean }>;
  /** Start from an empty stack configuration (drop `Pulumi.<stack>.yaml` left by an earlier run). */
  freshConfig?: boolean;
  /** More environment for the CLI and the program (`PATH` here goes before the CLI's PATH). */
  env?: Record<string, string>;
}): Promise<Stack> {
  if (options.freshConfig) fs.rmSync(stackConfigFile(options.workDir, options.stackName), { force: true });
  const pulumiCommand = await PulumiCommand.get({ root: path.dirname(options.binDir) });
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: options.stackName, workDir: options.workDir },
    { pulumiCommand, envVars: withEnv(pulumiEnv(options.binDir, options.place), options.env) },
  );
  const config: Record<string, { value: string; secret?: boolean }> = { ...(options.config ?? {}) };
  if (options.tenant) {
    config["tenant:domain"] = { value: options.tenant.domain };
    config["tenant:clientId"] = { value: options.tenant.clientId };
    config["tenant:clientSecret"] = { value: options.tenant.clientSecret, secret: true };
    if (options.tenant.audience) config["tenant:audience"] = { value: options.tenant.audience };
  }
  if (Object.keys(config).length > 0) await stack.setAllConfig(config);
  return stack;
}

/**
 * What went wrong, in words, once. An Automation API command that fails throws an error whose
 * message is the command's whole stdout and stderr (already streamed to the user as it ran):
 * of that, only the engine's own error lines are kept (its diagnostics, each once, without the
 * closing "update failed"), and of those the causes. Any other error gives its message.
 */
export function failureInWords(error: unknown): string {
  const result = (error as { commandResult?: { stdout?: string; stderr?: string; code?: number } } | undefined)
    ?.commandResult;
  if (!result) return error instanceof Error ? error.message : String(error);
  const said: string[] = [];
  for (const line of `${result.stderr ?? ""}\n${result.stdout ?? ""}`.split("\n")) {
    const match = /^\s*error:\s*(.+?)\s*$/.exec(line);
    if (!match || /^(update|preview|refresh|destroy) failed$/.test(match[1])) continue;
    if (!said.includes(match[1])) said.push(match[1]);
  }
  // "Not attempted: …" is the provider's note on the calls after a first failure: that one says what to do.
  const causes = said.filter((line) => !/^Not attempted: /.test(line));
  const words = causes.length > 0 ? causes : said;
  return words.length > 0 ? words.join("; ") : `the Pulumi CLI exited with code ${result.code ?? "?"}`;
}
