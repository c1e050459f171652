/**
 * `npm run plugin:pack [-- --out DIR]`: the resource plugin as a tarball for
 * `pulumi plugin install resource tenant <version> --file <tarball>`. It holds the launcher
 * `pulumi-resource-tenant` at its root (it needs Node.js 20 or later on PATH, as the
 * plugin always does) and the `pulumi-tenant` package (`npm pack` of provider/) installed
 * with its production dependencies and `@pulumi/pulumi` (whose gRPC stubs the server
 * uses) under `node_modules/`. Node code runs on any OS and architecture; the file name
 * carries none, and `pulumi plugin install --file` takes it for the current platform.
 * Prints the tarball's path on stdout, progress on stderr.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "./lib/pulumi";
import { parseScriptArgs } from "./lib/args";

const root = REPO_ROOT;

/** The launcher at the plugin's root: runs the installed package's gRPC server. */
export const LAUNCHER = `#!/bin/sh
# The Pulumi resource plugin \`tenant\` (pulumi-tenant): the gRPC server of the installed package.
if ! command -v node >/dev/null 2>&1; then
  echo "pulumi-resource-tenant: node (>= 20) is not on PATH; install Node.js 20 or later and retry." >&2
  exit 1
fi
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
exec node "$here/node_modules/pulumi-tenant/dist/provider/plugin/server.js" "$@"
`;

function npm(args: string[], cwd: string): string {
  return execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
}

/** Builds the tarball into `outDir`; returns its path and the plugin's version. */
export function packPlugin(
  outDir: string,
  progress: (line: string) => void = () => undefined,
  options: { build?: boolean } = {},
): { tarball: string; version: string } {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "provider", "package.json"), "utf8")) as {
    version: string;
  };
  const pulumiVersion = (
    JSON.parse(fs.readFileSync(path.join(root, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-plugin-pack-"));
  try {
    progress(`packing provider/ (npm pack${options.build === false ? ", already built" : ""})`);
    // build: false skips the package's prepack build, for callers that have just built it.
    const noBuild = options.build === false ? ["--ignore-scripts"] : [];
    const packed = JSON.parse(
      npm(["pack", "--json", ...noBuild, "--workspace", "provider", "--pack-destination", stage], root),
    ) as {
      filename: string;
    }[];
    const plugin = path.join(stage, "plugin");
    fs.mkdirSync(plugin);
    fs.writeFileSync(
      path.join(plugin, "package.json"),
      `${JSON.stringify(
        {
          name: "pulumi-resource-tenant",
          version: manifest.version,
          private: true,
          description: "The Pulumi resource plugin tenant: the pulumi-tenant package and its dependencies.",
          dependencies: {
            "pulumi-tenant": `file:../${packed[0].filename}`,
            "@pulumi/pulumi": pulumiVersion,
          },
        },
        null,
        2,
      )}\n`,
    );
    progress(
      `installing pulumi-tenant ${manifest.version} and @pulumi/pulumi ${pulumiVersion} (npm install --omit=dev)`,
    );
    npm(["install", "--omit=dev"], plugin);
    fs.writeFileSync(path.join(plugin, "pulumi-resource-tenant"), LAUNCHER, { mode: 0o755 });
    fs.mkdirSync(outDir, { recursive: true });
    const tarball = path.join(outDir, `pulumi-resource-tenant-v${manifest.version}.tar.gz`);
    progress(`writing ${tarball}`);
    execFileSync("tar", ["-czf", tarball, "-C", plugin, "."]);
    return { tarball, version: manifest.version };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const { out } = parseScriptArgs("npm run plugin:pack", { out: { type: "string" } }).values;
  const outDir = path.resolve(out ?? path.join(root, "dist", "plugin"));
  const { tarball, version } = packPlugin(outDir, (line) => process.stderr.write(`plugin:pack: ${line}\n`));
  process.stdout.write(`${tarball}\n`);
  process.stderr.write(`install it with: pulumi plugin install resource tenant ${version} --file ${tarball}\n`);
}
