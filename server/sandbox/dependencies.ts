/**
 * An action's declared dependencies, as the service loads them: each `name@version` is fetched
 * once from the npm registry this machine reaches (npm, with the user's own npm configuration:
 * registry, proxy, certificates) into a cache folder of its own, and loaded from there by every
 * later run. Installs run with `--ignore-scripts`: a package's install scripts are code of the
 * same untrusted kind as the action's, and would run on this machine with no sandbox at all.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** Where dependencies are cached unless the server is told otherwise. */
export function defaultDependencyCache(): string {
  return process.env.PULUMI_TENANT_ACTION_CACHE ?? join(homedir(), ".cache", "pulumi-tenant", "action-dependencies");
}

/** A declared dependency: the service's `{name, version}`. */
export interface Dependency {
  name: string;
  version: string;
}

/** npm's package names; a scope is allowed. */
const NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
/** A version, range or dist-tag: no URL, path or git reference (those would fetch from elsewhere). */
const VERSION = /^[0-9A-Za-z.^~<>=*+| -]{1,64}$/;
/** The marker a finished install leaves (a half-finished one never has it). */
const COMPLETE = ".installed";
/** How long one install may take. */
const INSTALL_TIMEOUT_MS = 180_000;

/** The dependency cache: installs on first use, one install per `name@version` at a time. */
export class DependencyCache {
  private readonly pending = new Map<string, Promise<string>>();
  constructor(readonly dir: string = defaultDependencyCache()) {}

  /** The install folder of each dependency (`<folder>/node_modules/<name>`), fetching what is missing. */
  async ensure(dependencies: Dependency[]): Promise<Record<string, string>> {
    const roots: Record<string, string> = {};
    for (const dependency of dependencies) roots[dependency.name] = await this.one(dependency);
    return roots;
  }

  /** The folder of `name@version` in the cache. */
  folderOf({ name, version }: Dependency): string {
    return join(this.dir, `${name.replace("/", "+")}@${version.replace(/[^0-9A-Za-z.^~<>=*+|-]/g, "_")}`);
  }

  private one(dependency: Dependency): Promise<string> {
    const { name, version } = dependency;
    if (!NAME.test(name) || !VERSION.test(version) || version.startsWith("-")) {
      return Promise.reject(
        new Error(
          `The action's dependency ${JSON.stringify(`${name}@${version}`)} is not an npm package name and version`,
        ),
      );
    }
    const folder = this.folderOf(dependency);
    if (existsSync(join(folder, COMPLETE))) return Promise.resolve(folder);
    let install = this.pending.get(folder);
    if (!install) {
      install = this.install(dependency, folder).finally(() => this.pending.delete(folder));
      this.pending.set(folder, install);
    }
    return install;
  }

  private async install({ name, version }: Dependency, folder: string): Promise<string> {
    const staging = `${folder}.${process.pid}.${Date.now()}.partial`;
    mkdirSync(staging, { recursive: true });
    const args = ["install", "--prefix", staging, ...NPM_FLAGS, `${name}@${version}`];
    try {
      await new Promise<void>((resolve, reject) =>
        // The user's npm settings (registry, proxy, certificates) come from this environment.
        execFile(
          npmCommand(),
          args,
          { env: process.env, timeout: INSTALL_TIMEOUT_MS, windowsHide: true, shell: process.platform === "win32" },
          (error, _out, stderr) => (error ? reject(new Error(firstNpmError(stderr) || error.message)) : resolve()),
        ),
      );
      writeFileSync(join(staging, COMPLETE), `${name}@${version}\n`);
      rmSync(folder, { recursive: true, force: true });
      renameSync(staging, folder);
      return folder;
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw new Error(
        `The action's dependency ${name}@${version} is not in the local cache (${this.dir}) and npm could not fetch it ` +
          `(${(error as Error).message}). On a machine that reaches the npm registry, run: ` +
          `npm install --prefix "${folder}" ${NPM_FLAGS.join(" ")} ${name}@${version} && touch "${join(folder, COMPLETE)}" ` +
          "(or run the test again once the registry is reachable)",
        { cause: error },
      );
    }
  }
}

/** No scripts, no lock file, nothing but what the package needs to run. */
const NPM_FLAGS = [
  "--ignore-scripts",
  "--omit=dev",
  "--no-save",
  "--no-package-lock",
  "--no-audit",
  "--no-fund",
  "--loglevel=error",
];

const npmCommand = () => (process.platform === "win32" ? "npm.cmd" : "npm");

/** The line of npm's output that says why (`npm error code E404`, `… ENOTFOUND …`). */
function firstNpmError(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((line) => line.replace(/^npm (ERR!|error) ?/, "").trim())
    .filter(Boolean);
  return lines.slice(0, 3).join("; ").slice(0, 500);
}
