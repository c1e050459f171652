/**
 * The dynamic classes' TSDoc comes from the table (scripts/tsdoc.ts): every top-level field
 * the table describes carries the table's text, so what a field means is written once.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../../../scripts/lib/pulumi";
import { syncTsdoc, tsdocComment } from "../../../scripts/tsdoc";
import { kindSpec } from "../../../api";

describe("the dynamic classes' TSDoc", () => {
  it("says what the table says, for every field the table describes (else: npm run tsdoc)", () => {
    expect(syncTsdoc(REPO_ROOT, false).map((change) => `${change.field}: ${change.from} -> ${change.to}`)).toEqual([]);
  });

  it("a comment edited by hand is put back from the table, in the args and the class alike", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "tsdoc-"));
    try {
      // Every class of the table is generated now (npm run classes): a copy of one stands for a
      // hand-written class (an entry's `ownClass`), where a kind's own class would be.
      const file = path.join(root, "provider", "resources", "login-template", "index.ts");
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const source = path.join(REPO_ROOT, "provider", "generated", "login-template.ts");
      const original = fs.readFileSync(source, "utf8");
      const wanted = tsdocComment(kindSpec("loginTemplate")!.fieldDocs!.template!, "  ");
      expect(original.split(wanted)).toHaveLength(3); // LoginTemplateArgs.template and LoginTemplate.template
      fs.writeFileSync(file, original.replace(wanted, "/** The template. */"));
      expect(syncTsdoc(root, true).map((change) => change.field)).toEqual(["LoginTemplateArgs.template"]);
      expect(fs.readFileSync(file, "utf8")).toBe(original);
      expect(syncTsdoc(root, false)).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("wraps at 120 columns and never inside a `code` span", () => {
    const text = `${"word ".repeat(20)}it must contain \`{%- auth0:head -%}\` and \`{%- auth0:widget -%}\`.`;
    const comment = tsdocComment(text, "  ");
    for (const line of comment.split("\n")) expect(line.length).toBeLessThanOrEqual(120);
    expect(comment).toContain("`{%- auth0:head -%}`");
    expect(comment).toContain("`{%- auth0:widget -%}`");
    expect(tsdocComment("Short.", "  ")).toBe("/** Short. */");
  });
});
