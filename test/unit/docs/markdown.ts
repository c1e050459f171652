/**
 * What the docs tests read from Markdown, parsed by `marked` (the Markdown GitHub renders,
 * near enough for links and headings): each file's links and its headings' anchors, with
 * GitHub's slug rules. `marked` ships as an ES module only, which Jest's CommonJS runtime
 * cannot load, so the lexer runs once in a child Node process over every file.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";

/** The repository's root. */
export const ROOT = path.resolve(__dirname, "../../..");

/** What one Markdown file links to and which anchors its headings make. */
export interface MarkdownFacts {
  /** Every link's target, as written (`docs/guides/drift.md#undo`, `#scopes`, `https://…`). */
  links: string[];
  /** Every heading's plain text, in order. */
  headings: string[];
}

/** The child's program: reads `[{file, text}]` on stdin, prints `{file: MarkdownFacts}`. */
const LEXER = (markedUrl: string) => `
import { marked } from ${JSON.stringify(markedUrl)};
const input = JSON.parse(await new Promise((resolve) => {
  let data = "";
  process.stdin.on("data", (chunk) => (data += chunk));
  process.stdin.on("end", () => resolve(data));
}));
const unescape = (text) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_m, name) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[name]);
const plain = (token) =>
  Array.isArray(token.tokens) && token.type !== "codespan" ? token.tokens.map(plain).join("") : unescape(token.text ?? "");
const out = {};
for (const { file, text } of input) {
  const facts = { links: [], headings: [] };
  marked.walkTokens(marked.lexer(text), (token) => {
    if (token.type === "link") facts.links.push(token.href);
    if (token.type === "heading") facts.headings.push(plain(token));
  });
  out[file] = facts;
}
process.stdout.write(JSON.stringify(out));
`;

/** The links and headings of each file (paths relative to the repository). */
export function readMarkdown(files: readonly string[]): Record<string, MarkdownFacts> {
  const markedUrl = pathToFileURL(require.resolve("marked", { paths: [ROOT] })).href;
  const input = files.map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), "utf8") }));
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", LEXER(markedUrl)], {
    input: JSON.stringify(input),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`the Markdown lexer failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, MarkdownFacts>;
}

/**
 * The anchors GitHub gives a file's headings, in order: lower case, punctuation other than
 * `-` and `_` dropped, each space a `-`; a repeated slug gets `-1`, `-2`, … (github-slugger).
 */
export function anchors(headings: readonly string[]): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const heading of headings) {
    const base = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Every Markdown file under `dir` (relative to the repository), recursively. */
export function markdownUnder(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md") && !file.split(path.sep).includes("node_modules"))
    .map((file) => path.posix.join(dir, file.split(path.sep).join("/")))
    .sort();
}

/** The Markdown a reader of the project meets: what the link checker and the history check read. */
export function userMarkdown(): string[] {
  return [
    "README.md",
    ...markdownUnder("docs"),
    "provider/README.md",
    "server/README.md",
    ...markdownUnder("examples"),
  ];
}

/** The files whose links are checked: the user's, the contributor's and the changelog. */
export function checkedMarkdown(): string[] {
  return [...userMarkdown(), "CONTRIBUTING.md", "CHANGELOG.md", "bench/README.md"];
}
