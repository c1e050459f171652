/**
 * The packages as users get them: `npm pack` of the provider and the server, and the
 * tarballs' contents. package-install.full.test.ts (`npm run test:full`) installs the provider
 * tarball into a fresh Pulumi project and runs it there.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../../scripts/lib/pulumi";
import { precompiledKinds, precompiledValidate } from "../../provider/lifecycle/precompiled";
import { askingNewerNode, installedCount, type LockEntry } from "../fixtures/lock-engines";
import { npm, packWorkspace } from "./tarballs";

let tmp: string;
let tarballs: Record<"provider" | "server", string>;

function tarballFiles(tarball: string): string[] {
  return execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((entry) => entry.replace(/^package\//, ""));
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-package-"));
  tarballs = { provider: packWorkspace("provider", tmp), server: packWorkspace("server", tmp) };
}, 300_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("the published tarballs", () => {
  test.each(["provider", "server"] as const)(
    "the %s tarball holds built JavaScript, declarations, README and LICENSE only",
    (which) => {
      const files = tarballFiles(tarballs[which]);
      expect(files).toEqual(expect.arrayContaining(["package.json", "README.md", "LICENSE"]));
      // The provider also ships the launchers of the resource plugin and the command (bin/: they run dist/provider/…)
      // and the CI recipes the workflows of examples/ci run from node_modules/pulumi-tenant/dist/ci/.
      const launcher =
        which === "provider"
          ? [
              "bin/pulumi-resource-tenant",
              "bin/pulumi-tenant",
              "dist/ci/drift.sh",
              "dist/ci/preview.sh",
              "dist/ci/rehearse.sh",
              "dist/ci/up.sh",
            ]
          : [];
      expect(files).toEqual(expect.arrayContaining(launcher));
      const unexpected = files.filter(
        (file) =>
          !["package.json", "README.md", "LICENSE", ...launcher].includes(file) && !/^dist\/.+\.(js|d\.ts)$/.test(file),
      );
      expect(unexpected).toEqual([]);
      expect(files.filter((file) => /(^|\/)(test|bench|scripts)\//.test(file))).toEqual([]);
      const main = which === "provider" ? "dist/provider/index.js" : "dist/server/index.js";
      expect(files).toContain(main);
    },
  );

  test("the provider tarball carries the runtime and the CLI, and no server code", () => {
    const files = tarballFiles(tarballs.provider);
    expect(files).toEqual(
      expect.arrayContaining([
        "dist/provider/runtime.js",
        "dist/provider/cli/index.js",
        "dist/api/index.js",
        // The create validators compiled at build time (provider/lifecycle/precompiled.ts).
        ...precompiledKinds().map(({ kind }) => `dist/provider/validators/${kind}.js`),
      ]),
    );
    expect(files.filter((file) => file.startsWith("dist/server/"))).toEqual([]);
  });

  test("the provider tarball holds no tenant simulation: the kinds' tenant files are the server's alone", () => {
    const provider = tarballFiles(tarballs.provider);
    const server = tarballFiles(tarballs.server);
    // What the tenant server does with each kind (builds, deploys, versions, bindings, test runs,
    // what it stores and refuses), by name, and whatever else a room's tenant file holds.
    const simulation = [
      "dist/api/kinds/tenant.js",
      "dist/api/kinds/action/tenant.js",
      "dist/api/kinds/action/tenant-build.js",
      "dist/api/kinds/action/tenant-runtime.js",
      "dist/api/kinds/trigger-bindings/tenant.js",
      "dist/api/kinds/form/tenant.js",
      "dist/api/kinds/event-stream/tenant.js",
      "dist/api/table/tenant-paging.js",
    ];
    expect(server).toEqual(expect.arrayContaining(simulation));
    expect(provider.filter((file) => simulation.includes(file))).toEqual([]);
    expect(provider.filter((file) => /^dist\/api\/.*\btenant[^/]*\.js$/.test(file))).toEqual([]);
    // The build of an action's code (node:vm) is the tenant's: nothing the provider ships compiles code.
    const compiles = provider
      .filter((file) => file.endsWith(".js"))
      .filter((file) =>
        /node:vm|require\("vm"\)/.test(fs.readFileSync(path.join(REPO_ROOT, "provider", file), "utf8")),
      );
    expect(compiles).toEqual([]);
  });

  test.each(["provider", "server"] as const)(
    "the %s tarball, installed from the registry as a user's project would, asks for no Node.js newer than 20.19",
    (which) => {
      // The tree npm resolves for `npm install <tarball>` (the root's overrides do not reach a user's project).
      const dir = path.join(tmp, `engines-${which}`);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: `engines-${which}`, private: true }));
      npm(["install", "--package-lock-only", "--ignore-scripts", tarballs[which]], dir);
      const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")) as {
        packages: Record<string, LockEntry>;
      };
      expect(installedCount(lock.packages)).toBeGreaterThan(which === "server" ? 50 : 5);
      expect(askingNewerNode(lock.packages, "20.19.0")).toEqual([]);
    },
  );

  test("the build's precompiled validators are those of the table's current schemas", () => {
    const built = path.join(REPO_ROOT, "provider", "dist", "provider", "validators");
    for (const { kind, schema } of precompiledKinds()) {
      expect([kind, typeof precompiledValidate(kind, schema, built)]).toEqual([kind, "function"]);
    }
  });
});
