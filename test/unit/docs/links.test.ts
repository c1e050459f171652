/** Every relative link of the docs leads to a file, and every `#anchor` to a heading of it (GitHub's slugs). */
import * as fs from "node:fs";
import * as path from "node:path";
import { anchors, checkedMarkdown, readMarkdown, ROOT } from "./markdown";

const files = checkedMarkdown();
const facts = readMarkdown(files);
const headingsOf = new Map<string, Set<string>>();

/** The anchors of Markdown file `file` (relative to the repository). */
function anchorsOf(file: string): Set<string> {
  let found = headingsOf.get(file);
  if (!found) {
    found = anchors(facts[file]?.headings ?? readMarkdown([file])[file]!.headings);
    headingsOf.set(file, found);
  }
  return found;
}

/** What is wrong with link `href` of `file`, or undefined when it resolves. */
function brokenLink(file: string, href: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return undefined; // https:, mailto:: not a file of the repository
  const [target = "", anchor] = decodeURI(href).split("#") as [string, string | undefined];
  const resolved = target === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
  if (resolved.startsWith("..")) return `leads outside the repository (${resolved})`;
  if (!fs.existsSync(path.join(ROOT, resolved))) return `no file ${resolved}`;
  if (anchor === undefined || anchor === "") return undefined;
  if (!resolved.endsWith(".md")) return undefined;
  return anchorsOf(resolved).has(anchor) ? undefined : `no heading of ${resolved} has the anchor #${anchor}`;
}

describe("links of the docs", () => {
  it("are read from every file the reader meets", () => {
    expect(files).toEqual(expect.arrayContaining(["README.md", "docs/_index.md", "CONTRIBUTING.md", "CHANGELOG.md"]));
    expect(facts["README.md"]!.links.length).toBeGreaterThan(10);
  });

  it.each(files)("every relative link and anchor of %s resolves", (file) => {
    const broken = facts[file]!.links.flatMap((href) => {
      const problem = brokenLink(file, href);
      return problem ? [`${href}: ${problem}`] : [];
    });
    expect({ file, broken }).toEqual({ file, broken: [] });
  });

  it("tells a broken file and a broken anchor (the checker can fail)", () => {
    expect(brokenLink("README.md", "docs/no-such-page.md")).toBe("no file docs/no-such-page.md");
    expect(brokenLink("README.md", "docs/guides/drift.md#no-such-heading")).toMatch(/no heading .* #no-such-heading/);
    expect(brokenLink("docs/guides/drift.md", "#undo")).toBeUndefined();
    expect(brokenLink("README.md", "#no-such-heading")).toMatch(/no heading of README.md/);
  });

  it("makes anchors by GitHub's rules", () => {
    expect([
      ...anchors(["Python, Go, Java, YAML: the resource plugin and its SDKs", "The `pulumi-tenant` command"]),
    ]).toEqual(["python-go-java-yaml-the-resource-plugin-and-its-sdks", "the-pulumi-tenant-command"]);
    expect([...anchors(["Notes", "Notes", "Notes"])]).toEqual(["notes", "notes-1", "notes-2"]);
  });
});
