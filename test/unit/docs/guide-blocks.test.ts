/**
 * Every code block of the user documentation is run as written by a test, or is an excerpt of a
 * program or sequence a test runs (test/e2e/guide-blocks.ts names the markers). The guides are run
 * by test/e2e/guides.full.test.ts (`npm run test:full`: they pack and install the tarballs as a
 * reader does); this checks, in every `npm test`, that each block is marked and each mark is run.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../../../scripts/lib/pulumi";
import { blocksOf, CHECKED_ELSEWHERE, guideFiles, OUTPUT_LANGUAGES, RUN, RUN_ELSEWHERE } from "../../e2e/guide-blocks";

describe("every code block of the guides is run by a test or is an excerpt of a tested program", () => {
  const blocks = guideFiles(REPO_ROOT).flatMap((file) => blocksOf(REPO_ROOT, file));

  test("each block a user would run or paste is marked", () => {
    const unmarked = blocks
      .filter((block) => !block.marker && !OUTPUT_LANGUAGES.includes(block.language))
      .map((block) => `${block.file}:${block.line} (${block.language || "no language"})`);
    expect(unmarked).toEqual([]);
    expect(Object.keys(CHECKED_ELSEWHERE).length).toBeLessThan(3);
  });

  test("the index lists every guide", () => {
    const index = fs.readFileSync(path.join(REPO_ROOT, "docs", "_index.md"), "utf8");
    const guides = fs.readdirSync(path.join(REPO_ROOT, "docs", "guides")).filter((file) => file.endsWith(".md"));
    expect(guides.filter((file) => !index.includes(`](guides/${file})`))).toEqual([]);
  });

  test("each excerpt names a file of the repository", () => {
    const missing = blocks
      .filter((block) => block.marker?.kind === "excerpt")
      .filter((block) => !fs.existsSync(path.join(REPO_ROOT, block.marker!.value.replace(/#.*$/, ""))))
      .map((block) => `${block.file}:${block.line} → ${block.marker!.value}`);
    expect(missing).toEqual([]);
  });

  test("each block marked to run is run by the guides test or the one named, and each snippet they run is marked", () => {
    const marked = blocks
      .filter((block) => block.marker?.kind === "guide")
      .map((block) => `${block.file}: ${block.marker!.value}`)
      .sort();
    const here = Object.entries(RUN).flatMap(([file, names]) => names.map((name) => `${file}: ${name}`));
    const elsewhere = Object.entries(RUN_ELSEWHERE).flatMap(([file, { names }]) =>
      names.map((name) => `${file}: ${name}`),
    );
    expect([...new Set([...here, ...elsewhere])].sort()).toEqual(marked);
    // The other test names each of those snippets: it reads them by name, as written.
    for (const [file, { test, names }] of Object.entries(RUN_ELSEWHERE)) {
      const source = fs.readFileSync(path.join(REPO_ROOT, test), "utf8");
      expect(source).toContain(file.split("/").pop()!.replace(/\.md$/, ""));
      for (const name of names) expect(source).toContain(JSON.stringify(name));
    }
  });
});
