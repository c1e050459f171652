/**
 * Every repository path a comment names under api/, provider/ and server/ exists: a comment
 * that points at a test, a folder or a file (`test/package/package.test.ts`,
 * `provider/generated/`) points at something a reader can open. The checker is
 * comment-paths.ts; planted text shows it failing, naming the file and the line.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { commentPaths, missingPaths } from "./comment-paths";

const ROOT = path.resolve(__dirname, "../../..");
const SCANNED = ["api", "provider", "server"];

/** The TypeScript files under `dir` (a repository path), build output and packages left out. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules" || entry.name === "dist") return [];
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

const exists = (repoPath: string) => fs.existsSync(path.join(ROOT, repoPath));

describe("paths named in comments", () => {
  it("every path a comment under api/, provider/ and server/ names exists", () => {
    const missing = SCANNED.flatMap(sourceFiles).flatMap((file) =>
      missingPaths(commentPaths(fs.readFileSync(path.join(ROOT, file), "utf8")), exists).map(
        (named) => `${file}:${named.line}: names ${named.path}, which is not in the repository`,
      ),
    );
    expect(missing).toEqual([]);
  });

  describe("the checker, on planted text", () => {
    const planted = [
      "/**",
      " * The table (api/kinds/index.ts), each room's contract (api/kinds/<kind>/contract.ts), the",
      " * guest's files (server/sandbox/guest-{main,web}.ts), and `test/unit/nowhere.test.ts`.",
      " */",
      'const url = "/api/v2/actions"; // served under api/table/operations, as test/unit/gone/ says.',
    ].join("\n");
    const real = new Set([
      "api/kinds/index.ts",
      "api/kinds",
      "server/sandbox/guest-main.ts",
      "server/sandbox/guest-web.ts",
      "api/table/operations.ts",
    ]);

    it("reads each path of each comment with its line, and no path of code", () => {
      expect(commentPaths(planted)).toEqual([
        { path: "api/kinds/index.ts", line: 2 },
        { path: "api/kinds/<kind>/contract.ts", line: 2 },
        { path: "server/sandbox/guest-{main,web}.ts", line: 3 },
        { path: "test/unit/nowhere.test.ts", line: 3 },
        { path: "api/table/operations", line: 5 },
        { path: "test/unit/gone/", line: 5 },
      ]);
    });

    it("names a test file or folder that does not exist, with its line", () => {
      expect(missingPaths(commentPaths(planted), (repoPath) => real.has(repoPath))).toEqual([
        { path: "test/unit/nowhere.test.ts", line: 3 },
        { path: "test/unit/gone/", line: 5 },
      ]);
    });

    it("names a placeholder path whose folder does not exist, and one choice of braces that does not", () => {
      const text = "// provider/resources/<kind>/index.ts and server/sandbox/guest-{main,fetch}.ts";
      expect(missingPaths(commentPaths(text), (repoPath) => real.has(repoPath))).toEqual([
        { path: "provider/resources/<kind>/index.ts", line: 1 },
        { path: "server/sandbox/guest-{main,fetch}.ts", line: 1 },
      ]);
    });
  });
});
