/**
 * The packages as users get them, packed from the built checkout: `npm` as the tests run it
 * (no audit, no fund, errors only) and `npm pack` of a workspace.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { REPO_ROOT } from "../../scripts/lib/pulumi";

/** Runs `npm <args>` in `cwd`; returns its stdout. */
export function npm(args: string[], cwd: string): string {
  return execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
}

/** `npm pack` of `workspace` (provider, server) into `destination`; returns the tarball's path. */
export function packWorkspace(workspace: string, destination: string): string {
  // `npm test` built every workspace before any suite; packing without scripts keeps `prepack`
  // from rebuilding dist/ under the suites that run beside this one.
  const args = ["pack", "--json", "--ignore-scripts", "--workspace", workspace, "--pack-destination", destination];
  const out = JSON.parse(npm(args, REPO_ROOT)) as { filename: string }[];
  return path.join(destination, out[0].filename);
}
