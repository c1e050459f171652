/**
 * Where a generated TypeScript program gets `pulumi-tenant`: a version range when the running
 * package came from a registry, otherwise the running package itself, packed into the
 * program's folder, so that `npm install` (and `npm ci` on a fresh CI runner) installs it
 * where the program was generated. A program never names a version of a package no registry
 * serves: a name nobody holds today could be anyone's tomorrow.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

/** The running package: its folder and manifest. */
export interface OwnPackage {
  dir: string;
  name: string;
  version: string;
}

/** How the program's package.json names the package, and what the README says of it. */
export interface ProviderSource {
  /** The dependency's spec: `^0.2.0`, or `file:pulumi-tenant-0.2.0.tgz`. */
  spec: string;
  /** The tarball beside the program, when packed there. */
  tarball?: string;
}

/**
 * Whether the package in `dir` was installed from a registry: its entry in the lock file of
 * the project that installed it has a `resolved` http(s) URL. A checkout, a `file:` tarball
 * or a linked folder are not.
 */
export function installedFromRegistry(dir: string): boolean {
  const parts = dir.split(path.sep);
  const at = parts.lastIndexOf("node_modules");
  if (at < 0) return false;
  const root = parts.slice(0, at).join(path.sep) || path.sep;
  const key = parts.slice(at).join("/");
  for (const lock of [path.join(root, "package-lock.json"), path.join(root, "node_modules", ".package-lock.json")]) {
    try {
      const packages = (
        JSON.parse(fs.readFileSync(lock, "utf8")) as { packages?: Record<string, { resolved?: string }> }
      ).packages;
      const resolved = packages?.[key]?.resolved;
      if (resolved !== undefined) return /^https?:\/\//.test(resolved);
    } catch {
      // No lock file there, or one npm did not write: try the next.
    }
  }
  return false;
}

/**
 * The dependency on `own` of a program written to `out`: `^version` when it came from a
 * registry; otherwise `npm pack` of it into `out` and a `file:` spec of that tarball.
 */
export function providerSource(own: OwnPackage, out: string): ProviderSource {
  if (installedFromRegistry(own.dir)) return { spec: `^${own.version}` };
  // --ignore-scripts: the running package is built already (it is running), and an installed copy has no sources.
  const printed = execFileSync(
    "npm",
    ["pack", "--json", "--ignore-scripts", "--loglevel=error", "--pack-destination", out],
    { cwd: own.dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 },
  );
  const [packed] = JSON.parse(printed) as { filename: string }[];
  return { spec: `file:${packed.filename}`, tarball: packed.filename };
}

/** The README's words on where the package comes from. */
export function providerSourceLines(source: ProviderSource | undefined, name = "pulumi-tenant"): string[] {
  if (!source?.tarball) return [];
  return [
    "",
    `\`${name}\` is not installed from a registry here: \`package.json\` names \`${source.tarball}\`, the package that`,
    "generated this program, packed beside it. Commit the tarball with the program (a CI runner's `npm ci` installs",
    `it from there); to move to a newer one, \`npm install <path to the new tarball>\` or, once \`${name}\` is on the`,
    `npm registry, \`npm install ${name}@<version>\`.`,
  ];
}
