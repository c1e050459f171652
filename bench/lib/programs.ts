/**
 * The benchmark's plugin program run the two ways a TypeScript user can run it:
 * `plugin` (bench/programs/plugin: `main: index.ts`, compiled by ts-node at every run, as
 * `pulumi new typescript` sets it up) and `plugin-js` (the same index.ts compiled ahead of
 * time with `tsc` into bench/programs/plugin-js/bin and run as JavaScript:
 * `runtime: {name: nodejs, options: {typescript: false}}`, `main: bin/…/index.js`), which
 * the README recommends for a big stack.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../../scripts/lib/pulumi";

const PLUGIN_JS = path.join(REPO_ROOT, "bench", "programs", "plugin-js");

/**
 * Compiles bench/programs/plugin/index.ts (and what it imports: the generated SDK's sources
 * and the schema's names) into bench/programs/plugin-js/bin. `sourceMap: false` compiles
 * without source maps (the probe measures what mapping the SDK's stack traces costs).
 */
export function compilePluginJs(options: { sourceMap?: boolean } = {}): void {
  const bin = path.join(PLUGIN_JS, "bin");
  fs.rmSync(bin, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [
      path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc"),
      "-p",
      path.join(PLUGIN_JS, "tsconfig.json"),
      ...(options.sourceMap === false ? ["--sourceMap", "false"] : []),
    ],
    { stdio: "inherit" },
  );
  // The generated SDK reads its version from its package.json (`require('./package.json')`),
  // which the published package has next to its compiled files; tsc does not copy it.
  fs.copyFileSync(
    path.join(REPO_ROOT, "sdk", "nodejs", "package.json"),
    path.join(bin, "sdk", "nodejs", "package.json"),
  );
}
