/**
 * A build starts from an empty `dist/`: TypeScript never removes what it compiled from a file that
 * has since moved or gone, and Node.js resolves `./kinds` to a stale `kinds.js` before the new
 * `kinds/index.js`. A checkout updated with `git pull` then ran old code, wrote an old `schema.json`,
 * and `npm pack` shipped the old files. Each package's `prebuild` empties `dist/`, and what a build
 * left holds only what today's sources compile to.
 */
import { execSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../../../scripts/lib/pulumi";

/** Each package that builds: its folder and where its tsconfig.build.json's sources are rooted. */
const PACKAGES = [
  { dir: ".", rootDir: "." },
  { dir: "provider", rootDir: ".." },
  { dir: "server", rootDir: ".." },
  { dir: "policy", rootDir: "src" },
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
  it.each(PACKAGES)("$dir: prebuild removes whatever dist/ held", ({ dir }) => {
    const prebuild = scriptsOf(dir).prebuild;
    expect(prebuild).toBeDefined();
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "clean-build-"));
    try {
      fs.mkdirSync(path.join(scratch, "dist", "api"), { recursive: true });
      fs.writeFileSync(path.join(scratch, "dist", "api", "kinds.js"), "module.exports = 'stale';\n");
      fs.writeFileSync(path.join(scratch, "kept.ts"), "export {};\n");
      execSync(prebuild!, { cwd: scratch, stdio: "pipe" });
      expect(fs.existsSync(path.join(scratch, "dist"))).toBe(false);
      expect(fs.existsSync(path.join(scratch, "kept.ts"))).toBe(true);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });

  it.each(PACKAGES)("$dir: every compiled file has its source", ({ dir, rootDir }) => {
    const dist = path.join(REPO_ROOT, dir, "dist");
    const orphans = builtFiles(dist)
      .map((file) => file.split(path.sep).join("/"))
      .filter((file) => !GENERATED.some((pattern) => pattern.test(file)))
      .filter((file) => !fs.existsSync(path.join(REPO_ROOT, dir, rootDir, file.replace(/\.js$/, ".ts"))));
    expect(orphans).toEqual([]);
  });
});
