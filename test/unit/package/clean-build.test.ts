/**
 * A build starts from an empty `dist/`: TypeScript never removes what it compiled from a file that
 * has since moved or gone, and Node.js resolves `./kinds` to a stale `kinds.js` before the new
 * `kinds/index.js`. A checkout updated with `git pull` then ran old code, wrote an old `schema.json`,
 * and `npm pack` shipped the old files. Each package's `prebuild` empties `dist/` (the root keeps
 * `dist/release/`, the artifacts `npm run release` wrote), and what a build left holds only what
 * today's sources compile to.
 */
import { execSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../../../scripts/lib/pulumi";

/**
 * Each package that builds: its folder, where its tsconfig.build.json's sources are rooted, and
 * what of its dist/ a build keeps (the root's `release/`: what `npm run release` wrote there).
 */
const PACKAGES = [
  { dir: ".", rootDir: ".", kept: ["release"] },
  { dir: "provider", rootDir: "..", kept: [] },
  { dir: "server", rootDir: "..", kept: [] },
  { dir: "policy", rootDir: "src", kept: [] },
];

/** Files a build writes that no source compiles to (the provider's precompiled validators). */
const GENERATED = [/^provider\/validators\//];

function scriptsOf(dir: string): Record<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, dir, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  return manifest.scripts;
}

function builtFiles(dist: string): string[] {
  if (!fs.existsSync(dist)) return [];
  return (fs.readdirSync(dist, { recursive: true }) as string[]).filter((file) => file.endsWith(".js"));
}

describe("a build starts from an empty dist/", () => {
  it.each(PACKAGES)("$dir: prebuild removes what dist/ held but $kept", ({ dir, kept }) => {
    const prebuild = scriptsOf(dir).prebuild;
    expect(prebuild).toBeDefined();
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "clean-build-"));
    try {
      fs.mkdirSync(path.join(scratch, "dist", "api"), { recursive: true });
      fs.writeFileSync(path.join(scratch, "dist", "api", "kinds.js"), "module.exports = 'stale';\n");
      fs.writeFileSync(path.join(scratch, "dist", "index.js"), "module.exports = 'stale';\n");
      // What `npm run release` writes: kept by the root's build, emptied with the rest elsewhere.
      fs.mkdirSync(path.join(scratch, "dist", "release", "0.2.0"), { recursive: true });
      fs.writeFileSync(path.join(scratch, "dist", "release", "0.2.0", "SHA256SUMS"), "\n");
      fs.writeFileSync(path.join(scratch, "kept.ts"), "export {};\n");
      execSync(prebuild!, { cwd: scratch, stdio: "pipe" });
      const left = fs.existsSync(path.join(scratch, "dist")) ? fs.readdirSync(path.join(scratch, "dist")) : [];
      expect(left.sort()).toEqual([...kept].sort());
      expect(fs.existsSync(path.join(scratch, "kept.ts"))).toBe(true);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });

  it.each(PACKAGES)("$dir: every compiled file has its source", ({ dir, rootDir, kept }) => {
    const dist = path.join(REPO_ROOT, dir, "dist");
    const orphans = builtFiles(dist)
      .map((file) => file.split(path.sep).join("/"))
      .filter((file) => !kept.some((folder) => file.startsWith(`${folder}/`)))
      .filter((file) => !GENERATED.some((pattern) => pattern.test(file)))
      .filter((file) => !fs.existsSync(path.join(REPO_ROOT, dir, rootDir, file.replace(/\.js$/, ".ts"))));
    expect(orphans).toEqual([]);
  });
});
