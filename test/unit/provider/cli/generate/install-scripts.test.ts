/**
 * A generated TypeScript project installs without npm's warning of install scripts it was not
 * told to allow (npm 11's `allowScripts`): its package.json allows every install script of its
 * dependencies, as this repository's package.json does.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { buildPluginProgram } from "../../../../../provider/cli/generate/plugin-program";
import { buildProgram } from "../../../../../provider/cli/generate/typescript-program";
import { snapshot } from "../../../../fixtures/generate-snapshot";

const ROOT = path.resolve(__dirname, "../../../../..");

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}

/** The folder of package `name` as Node.js resolves it from `from` (undefined: not installed). */
function packageDir(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (fs.existsSync(path.join(candidate, "package.json"))) return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The packages under `roots` (installed in this checkout) that have an install script. */
function withInstallScripts(roots: string[]): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const queue = roots.map((name) => packageDir(name, ROOT)).filter((dir): dir is string => dir !== undefined);
  while (queue.length > 0) {
    const dir = queue.pop()!;
    if (seen.has(dir)) continue;
    seen.add(dir);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as Manifest;
    const scripts = manifest.scripts ?? {};
    if (["preinstall", "install", "postinstall"].some((script) => scripts[script])) found.add(manifest.name);
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      const child = packageDir(name, dir);
      if (child) queue.push(child);
    }
  }
  return found;
}

const options = {
  projectName: "acme",
  providerVersion: "^0.2.0",
  pulumiVersion: "3.248.0",
  generatedAt: new Date("2026-11-23T00:00:00Z"),
};

describe("a generated project's package.json allows its dependencies' install scripts", () => {
  test("over the dynamic providers (pulumi-tenant and @pulumi/pulumi)", () => {
    const manifest = JSON.parse(buildProgram(snapshot(), options).files["package.json"]!) as Manifest;
    const needed = withInstallScripts(Object.keys(manifest.dependencies ?? {}));
    expect(needed).toContain("protobufjs");
    for (const name of needed) expect(manifest.allowScripts?.[name]).toBe(true);
  });

  test("over the plugin's SDK (@pulumi/pulumi, as the SDK's own dependency)", () => {
    const files = buildPluginProgram(snapshot(), {
      ...options,
      providerVersion: "0.2.0",
      language: "typescript" as const,
    }).files;
    const manifest = JSON.parse(files["package.json"]!) as Manifest;
    for (const name of withInstallScripts(["@pulumi/pulumi"])) expect(manifest.allowScripts?.[name]).toBe(true);
  });

  test("as the repository's own package.json allows them", () => {
    const root = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as Manifest;
    const manifest = JSON.parse(buildProgram(snapshot(), options).files["package.json"]!) as Manifest;
    for (const [name, allowed] of Object.entries(manifest.allowScripts ?? {}))
      expect(root.allowScripts?.[name]).toBe(allowed);
  });
});
