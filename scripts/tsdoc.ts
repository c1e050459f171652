/**
 * `npm run tsdoc`: the TSDoc of the dynamic classes' fields, written from the table of kinds.
 * What a field means is written once, in its kind's `fieldDocs` (api/kinds/<kind>/docs.ts);
 * the package schema, every SDK's docs and the API reference take it from there, and this
 * script puts the same text on each top-level field of the dynamic `<Type>Args` interface and
 * `<Type>` class (provider/resources/<kind>/index.ts). Fields the table does not describe
 * (`adoptId`, the tenant settings) keep their own comment. `--check` changes nothing and
 * exits 1 when a comment differs from the table (the unit tests run it).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { kindNames, kindSpec } from "../api";
import { REPO_ROOT } from "./lib/pulumi";
import { parseScriptArgs } from "./lib/args";

/** One comment that differs from the table. */
export interface TsdocChange {
  file: string;
  /** `FormArgs.name`, `Form.created_at`. */
  field: string;
  from: string;
  to: string;
}

const WIDTH = 120;

/** `eventStream` → `event-stream`. */
const kebab = (kind: string) => kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** A TSDoc comment of `text` at `indent`: one line when it fits, else wrapped at {@link WIDTH}. */
export function tsdocComment(text: string, indent: string): string {
  const oneLine = `/** ${text} */`;
  if (indent.length + oneLine.length <= WIDTH) return oneLine;
  const lines: string[] = [];
  let line = "";
  // Words, a backtick span (`{%- auth0:head -%}`) counting as part of its word: never broken.
  for (const word of text.match(/(?:`[^`]*`|[^\s`])+/g) ?? []) {
    if (line && indent.length + 3 + line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return ["/**", ...lines.map((item) => `${indent} * ${item}`), `${indent} */`].join("\n");
}

/** The dynamic class file of each kind that has one, with its type name and field docs. */
function targets(root: string): { file: string; typeName: string; docs: Readonly<Record<string, string>> }[] {
  return kindNames().flatMap((kind) => {
    const spec = kindSpec(kind);
    const file = path.join(root, "provider", "resources", kebab(kind), "index.ts");
    if (!spec?.fieldDocs || !fs.existsSync(file)) return [];
    return [{ file, typeName: spec.typeName, docs: spec.fieldDocs }];
  });
}

/** The edits that bring one file's comments to the table's texts, and the file's new text. */
function syncFile(
  file: string,
  typeName: string,
  docs: Readonly<Record<string, string>>,
): { changes: TsdocChange[]; text: string } {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edits: { start: number; end: number; comment: string; change: TsdocChange }[] = [];
  const visitMembers = (owner: string, members: ts.NodeArray<ts.TypeElement | ts.ClassElement>) => {
    for (const member of members) {
      if (!(ts.isPropertySignature(member) || ts.isPropertyDeclaration(member))) continue;
      if (!ts.isIdentifier(member.name)) continue;
      const doc = docs[member.name.text];
      if (doc === undefined) continue;
      const comment = ts
        .getLeadingCommentRanges(text, member.getFullStart())
        ?.filter((range) => text.startsWith("/**", range.pos))
        .pop();
      const lineStart = text.lastIndexOf("\n", member.getStart()) + 1;
      const indent = text.slice(lineStart, member.getStart()).match(/^\s*/)![0];
      const wanted = tsdocComment(doc, indent);
      const start = comment?.pos ?? member.getStart();
      const end = comment?.end ?? member.getStart();
      const current = comment ? text.slice(comment.pos, comment.end) : "";
      if (current === wanted) continue;
      edits.push({
        start,
        end,
        comment: comment ? wanted : `${wanted}\n${indent}`,
        change: { file, field: `${owner}.${member.name.text}`, from: current, to: wanted },
      });
    }
  };
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === `${typeName}Args`)
      visitMembers(node.name.text, node.members);
    if (ts.isClassDeclaration(node) && node.name?.text === typeName) visitMembers(typeName, node.members);
  });
  let next = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    next = next.slice(0, edit.start) + edit.comment + next.slice(edit.end);
  }
  return { changes: edits.map((edit) => edit.change), text: next };
}

/** Every comment of the dynamic classes that differs from the table; with `write`, rewrites them. */
export function syncTsdoc(root: string, write: boolean): TsdocChange[] {
  const changes: TsdocChange[] = [];
  for (const { file, typeName, docs } of targets(root)) {
    const synced = syncFile(file, typeName, docs);
    changes.push(...synced.changes);
    if (write && synced.changes.length > 0) fs.writeFileSync(file, synced.text);
  }
  return changes;
}

function main(): void {
  const root = REPO_ROOT;
  const check = parseScriptArgs("npm run tsdoc", { check: { type: "boolean" } }).values.check ?? false;
  const changes = syncTsdoc(root, !check);
  for (const change of changes) {
    console.log(
      `${path.relative(root, change.file)}: ${change.field}${check ? " differs from the table" : " rewritten"}`,
    );
  }
  if (check && changes.length > 0) {
    console.log(`${changes.length} comment(s) differ from the table's fieldDocs: run \`npm run tsdoc\`.`);
    process.exit(1);
  }
  if (!check) console.log(`${changes.length} comment(s) rewritten from the table's fieldDocs.`);
}

if (require.main === module) main();
