/**
 * The repository paths a file's comments name (`api/kinds/tenant.ts`, `test/unit/…`,
 * `provider/generated/`), each with its line, and those that name nothing in the checkout.
 * Pure functions of a file's text and of a test of what exists, so that comment-paths.test.ts
 * runs them on the tree and on planted text alike.
 */
import * as ts from "typescript";

/** The top-level folders of the repository a comment's path starts with. */
export const ROOTS = ["api", "provider", "server", "test", "scripts", "bench", "docs", "examples", "policy", "sdk"];

/** A path a comment names: as written, and its line in the file. */
export interface NamedPath {
  readonly path: string;
  readonly line: number;
}

/** Every comment of a TypeScript source text, with the line it starts on. */
export function commentsOf(text: string): { text: string; line: number }[] {
  const source = ts.createSourceFile("comments.ts", text, ts.ScriptTarget.Latest, true);
  const seen = new Set<number>();
  const comments: { text: string; line: number }[] = [];
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push({
        text: text.slice(range.pos, range.end),
        line: source.getLineAndCharacterOfPosition(range.pos).line + 1,
      });
    }
  };
  const visit = (node: ts.Node): void => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  return comments.sort((a, b) => a.line - b.line);
}

const PATH = new RegExp(`(?<![\\w@./<>-])((?:${ROOTS.join("|")})/[^\\s\`'"();]*)`, "g");

/** The repository paths the comments of `text` name, each with its line. */
export function commentPaths(text: string): NamedPath[] {
  return commentsOf(text).flatMap((comment) =>
    [...comment.text.matchAll(PATH)].map((match) => ({
      path: match[1].replace(/[.,:]+$/, ""),
      line: comment.line + (comment.text.slice(0, match.index).match(/\n/g)?.length ?? 0),
    })),
  );
}

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts`. */
function expandBraces(path: string): string[] {
  const match = /\{([^{}]*)\}/.exec(path);
  if (!match) return [path];
  return match[1]
    .split(",")
    .flatMap((choice) => expandBraces(path.slice(0, match.index) + choice + path.slice(match.index + match[0].length)));
}

/** A step of a path that stands for many: `<kind>`, `*`, `…`. */
const PLACEHOLDER = /[<*…[]|\.\.\./;

/**
 * The paths of `named` that name nothing: `exists` answers whether a repository path is a file
 * or a folder. A path may leave out `.ts` (a module) or stand for many with a placeholder step
 * (`api/kinds/<kind>/contract.ts`): then the folder before that step must exist.
 */
export function missingPaths(named: readonly NamedPath[], exists: (path: string) => boolean): NamedPath[] {
  const found = (path: string) => {
    const steps = path.split("/");
    const open = steps.findIndex((step) => PLACEHOLDER.test(step));
    if (open >= 0) return exists(steps.slice(0, open).join("/"));
    const bare = path.replace(/\/$/, "");
    return [bare, `${bare}.ts`, `${bare}/index.ts`].some(exists);
  };
  return named.filter((name) => !expandBraces(name.path).every(found));
}
