/**
 * The code blocks of the user documentation (README.md and docs/), each with the marker that
 * says how it is kept true: `<!-- guide: NAME -->` (the guides test runs it as written, by
 * that name) or `<!-- excerpt: PATH -->` (part of a complete program or sequence, PATH, that
 * a test runs). Blocks of output (`text`, `json`) show what a command prints and need none.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** One fenced block of a guide. */
export interface GuideBlock {
  /** The guide, relative to the repository (`docs/guides/quickstart.md`). */
  file: string;
  /** Line of the opening fence (1-based). */
  line: number;
  /** The fence's language (`sh`, `ts`, …; empty when none). */
  language: string;
  /** The marker in the comment right above it, if any. */
  marker?: { kind: "guide" | "excerpt"; value: string };
  /** The block's text, its indentation removed. */
  text: string;
}

/** Languages whose blocks show output rather than something to run or paste. */
export const OUTPUT_LANGUAGES = ["text", "json"];

/** The guides whose blocks are checked elsewhere, and why. */
export const CHECKED_ELSEWHERE: Record<string, string> = {
  "docs/reference": "generated from the schema by `npm run docs` (test/unit/scripts/api-reference.test.ts)",
};

/** Every user guide: README.md and docs/**.md, but those {@link CHECKED_ELSEWHERE}. */
export function guideFiles(root: string): string[] {
  const docs = fs
    .readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => path.join("docs", file).split(path.sep).join("/"));
  return ["README.md", ...docs.sort()].filter(
    (file) => !Object.keys(CHECKED_ELSEWHERE).some((skip) => file === skip || file.startsWith(`${skip}/`)),
  );
}

/** The fenced blocks of `file` (relative to `root`), with their markers. */
export function blocksOf(root: string, file: string): GuideBlock[] {
  const lines = fs.readFileSync(path.join(root, file), "utf8").split("\n");
  const blocks: GuideBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^(\s*)```(\S*)\s*$/.exec(lines[index]);
    if (!open) continue;
    const indent = open[1].length;
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end])) body.push(lines[end++].slice(indent));
    // The marker is the last non-empty line before the fence.
    let above = index - 1;
    while (above >= 0 && lines[above].trim() === "") above -= 1;
    const marked = above >= 0 ? /^\s*<!-- (guide|excerpt): (.+?) -->\s*$/.exec(lines[above]) : null;
    blocks.push({
      file,
      line: index + 1,
      language: open[2],
      ...(marked ? { marker: { kind: marked[1] as "guide" | "excerpt", value: marked[2] } } : {}),
      text: `${body.join("\n")}\n`,
    });
    index = end;
  }
  return blocks;
}

/** The block of `file` marked `<!-- guide: name -->`. */
export function guideBlock(root: string, file: string, name: string): GuideBlock {
  const block = blocksOf(root, file).find((found) => found.marker?.kind === "guide" && found.marker.value === name);
  if (!block) throw new Error(`${file} has no block marked <!-- guide: ${name} -->`);
  return block;
}

/**
 * The commands of a shell block, one per entry: continuation lines joined, comments kept
 * (they say the exit code a command is expected to end with: `# exit 2`).
 */
export function commandsOf(text: string): string[] {
  const commands: string[] = [];
  let current = "";
  for (const line of text.split("\n")) {
    if (line.trim() === "" && current === "") continue;
    current += current ? `\n${line}` : line;
    if (!/\\\s*$/.test(line)) {
      if (current.trim()) commands.push(current);
      current = "";
    }
  }
  return commands;
}

/** The exit code a command's comment promises (`# exit 2: …`), else 0. */
export function expectedExit(command: string): number {
  const said = /#\s*exit (\d+)/.exec(command);
  return said ? Number(said[1]) : 0;
}

/** The snippets the guides test (test/e2e/guides.full.test.ts) runs, by guide: each must be a block marked `<!-- guide: NAME -->`. */
export const RUN: Record<string, string[]> = {
  "README.md": ["pack the package", "install and configure", "a program"],
  "docs/guides/tenant-server.md": ["start the server", "point a stack at it", "call the API with a token"],
  "docs/guides/actions.md": ["an action that renders a form", "bind it to its trigger"],
  "docs/guides/quickstart.md": ["a project and a stack", "preview, then apply", "drift on the local tenant server"],
  "docs/guides/ci-github-actions.md": ["credentials out of the committed stack file"],
  "docs/guides/policies.md": [
    "pack the policy pack",
    "install the policy pack",
    "install the policy pack beside another language",
    "run it",
    "a configuration",
    "run it with the configuration",
    "a pack of your own",
    "your own rule",
    "run your own pack",
  ],
};

/**
 * Snippets another test runs as written, by guide: where they need what that test has (the CI
 * guide's stack setup runs in the workflows test's user repository, before its workflows).
 */
export const RUN_ELSEWHERE: Record<string, { test: string; names: string[] }> = {
  "docs/guides/ci-github-actions.md": {
    test: "test/e2e/workflows.full.test.ts",
    names: ["create the stack in the shared backend", "credentials out of the committed stack file"],
  },
};
