/**
 * The footprint checker: where a kind is written, read off a file's source text. Pure
 * functions of a file's repository path and its text, so that the tests run them on the tree
 * (kind-footprint.test.ts) and on planted source (footprint-checker.test.ts) alike. Each finding
 * names the file and the line.
 *
 * A kind's room is `api/kinds/<kind>/`. A room imports no other room, and api/ has no arrow
 * back up (api/table/ imports no room; the files beside it and api/schema/ import neither). A
 * kind's name (`"action"`) written as a string names the kind, except in its own room, in a
 * declared relation (a field's `references:` or `embeds:`, an entry's `owns`, `holds`,
 * `servedBy`) and where the same word is the API's own (a schema constant, a required
 * property, a field's value compared, a union of literal types).
 */
import * as path from "node:path";
import * as ts from "typescript";

/** One thing found, where it is. */
export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly says: string;
}

/** `file:line: says`, as a failure lists it. */
export const findingText = (finding: Finding) => `${finding.file}:${finding.line}: ${finding.says}`;

/** `rateLimitPolicy` → `rate-limit-policy`: the kind's room under api/kinds/. */
export const roomOf = (kind: string) => `api/kinds/${kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}/`;

/** The room (`api/kinds/<room>/`) that repository path `file` lies in, or undefined. */
export function roomOfFile(file: string): string | undefined {
  const match = /^api\/kinds\/([^/]+)\//.exec(file);
  return match ? `api/kinds/${match[1]}/` : undefined;
}

/** What the checker knows of one kind: its name, its room, the names its room exports, its type tokens. */
export interface KindFacts {
  readonly name: string;
  readonly room: string;
  readonly exports: ReadonlySet<string>;
  readonly tokens: ReadonlySet<string>;
}

/** The properties whose string values declare a relation between kinds (field facts and an entry's relations). */
export const RELATION_KEYS = new Set(["references", "embeds", "owns", "holds", "servedBy", "needs"]);

/** The schema builder's calls whose string arguments are the API's words (a constant, a tag key), not kind names. */
const WIRE_CALLS = new Set(["literal", "enumOf", "discriminated"]);

const parse = (file: string, text: string) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

const lineOf = (source: ts.SourceFile, node: ts.Node) =>
  source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

const propertyName = (node: ts.Node): string | undefined =>
  (ts.isPropertyAssignment(node) || ts.isPropertySignature(node)) &&
  (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
    ? node.name.text
    : undefined;

/** The module specifiers of a source file (imports, re-exports, `import()` and `require()`), each with its line. */
function moduleSpecifiers(source: ts.SourceFile): { specifier: string; line: number }[] {
  const found: { specifier: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent;
      const isModule =
        ((ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) && parent.moduleSpecifier === node) ||
        (ts.isLiteralTypeNode(parent) && ts.isImportTypeNode(parent.parent)) ||
        (ts.isCallExpression(parent) &&
          (parent.expression.kind === ts.SyntaxKind.ImportKeyword ||
            (ts.isIdentifier(parent.expression) && parent.expression.text === "require")));
      if (isModule) found.push({ specifier: node.text, line: lineOf(source, node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The project files `file` imports (relative specifiers resolved to repository paths, no extension), each with its line. */
export function importsOf(file: string, text: string): { target: string; line: number }[] {
  return moduleSpecifiers(parse(file, text))
    .filter(({ specifier }) => specifier.startsWith("."))
    .map(({ specifier, line }) => ({
      target: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)),
      line,
    }));
}

/** api/'s floors, top down: a file imports nothing of a floor above its own. */
function apiFloorOf(file: string): number | undefined {
  if (!file.startsWith("api/")) return undefined;
  if (file.startsWith("api/kinds/") || file === "api/index.ts") return 2;
  if (file.startsWith("api/table/")) return 1;
  return 0;
}

const FLOOR_NAMES = [
  "the contract's ground (api/*.ts, api/schema/)",
  "the table (api/table/)",
  "the kinds (api/kinds/)",
];

/** A room's imports of another room, and api/'s arrows back up (a lower floor importing a higher one). */
export function importFindings(file: string, text: string): Finding[] {
  const room = roomOfFile(file);
  const floor = apiFloorOf(file);
  return importsOf(file, text).flatMap(({ target, line }): Finding[] => {
    const targetRoom = roomOfFile(`${target}/`) ?? roomOfFile(target);
    if (room !== undefined && targetRoom !== undefined && targetRoom !== room) {
      return [
        {
          file,
          line,
          says:
            `the room ${room} imports ${target}, of the room ${targetRoom}: declare the relation in the entry ` +
            "(its `relations`, a field's `references:`) and let the table act on it, or move what both read to api/",
        },
      ];
    }
    const targetFloor = apiFloorOf(target);
    if (floor !== undefined && targetFloor !== undefined && targetFloor > floor) {
      return [
        {
          file,
          line,
          says: `${file} (${FLOOR_NAMES[floor]}) imports ${target} (${FLOOR_NAMES[targetFloor]}): an arrow back up in api/`,
        },
      ];
    }
    return [];
  });
}

/** Whether string literal `node` is the API's own word in its context, not a kind's name. */
function isWireWord(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral): boolean {
  const parent = node.parent;
  // A schema constant or a union's tag key: literal("action"), discriminated("action", …).
  if (ts.isCallExpression(parent) && ts.isIdentifier(parent.expression) && WIRE_CALLS.has(parent.expression.text)) {
    return true;
  }
  // A property the schema requires: { required: ["id", "action"] }.
  if (ts.isArrayLiteralExpression(parent) && propertyName(parent.parent) === "required") return true;
  // A quoted property name: { "action": … }.
  if (ts.isPropertyAssignment(parent) && parent.name === node) return true;
  // A field's value compared: destination.type === "action".
  if (ts.isBinaryExpression(parent)) {
    const equality = [
      ts.SyntaxKind.EqualsEqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsEqualsToken,
      ts.SyntaxKind.EqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsToken,
    ].includes(parent.operatorToken.kind);
    const other = parent.left === node ? parent.right : parent.left;
    if (equality && (ts.isPropertyAccessExpression(other) || ts.isElementAccessExpression(other))) return true;
  }
  // One of a union of literal types: "type" | "method" | "action".
  if (ts.isLiteralTypeNode(parent) && ts.isUnionTypeNode(parent.parent)) {
    return parent.parent.types.every((member) => ts.isLiteralTypeNode(member));
  }
  // A tag: an interface's `type: "action"`, an object's `{ type: "flow", … }`.
  if (ts.isLiteralTypeNode(parent) && ts.isPropertySignature(parent.parent))
    return propertyName(parent.parent) === "type";
  if (ts.isPropertyAssignment(parent) && parent.initializer === node) return propertyName(parent) === "type";
  // A property looked for: "flow" in next.
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.InKeyword && parent.left === node)
    return true;
  return false;
}

/** Whether string literal `node` is (an item of) the value of a relation's property: `references: "flow"`, `owns: ["action"]`. */
function isRelationDeclaration(node: ts.Node): boolean {
  const parent = node.parent;
  const [holder, value] = ts.isArrayLiteralExpression(parent) ? [parent.parent, parent] : [parent, node];
  return ts.isPropertyAssignment(holder) && holder.initializer === value && RELATION_KEYS.has(propertyName(holder)!);
}

/** How `file` names each kind it names: by importing its room, by a name its room exports, by a type token, by its name as a string. */
export function kindMentions(file: string, text: string, kinds: readonly KindFacts[]): (Finding & { kind: string })[] {
  const source = parse(file, text);
  const own = roomOfFile(file);
  const found: (Finding & { kind: string })[] = [];
  const mention = (kind: KindFacts, node: ts.Node, says: string) =>
    found.push({ kind: kind.name, file, line: lineOf(source, node), says });
  const others = kinds.filter((kind) => kind.room !== own);
  const visit = (node: ts.Node): void => {
    if (ts.isImportSpecifier(node)) {
      const name = (node.propertyName ?? node.name).text;
      for (const kind of others) if (kind.exports.has(name)) mention(kind, node, `imports ${name}, of ${kind.room}`);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      for (const kind of others) {
        if (kind.tokens.has(node.text)) mention(kind, node, `says the type token "${node.text}"`);
        else if (node.text === kind.name && !isWireWord(node) && !(own !== undefined && isRelationDeclaration(node))) {
          mention(kind, node, `names the kind "${kind.name}" by a string, outside its room and the declared relations`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const { target, line } of importsOf(file, text)) {
    for (const kind of others) {
      if (`${target}/`.startsWith(kind.room)) found.push({ kind: kind.name, file, line, says: `imports ${target}` });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The names a file exports by declaration or export list (not `export *`). */
export function exportedNames(file: string, text: string): string[] {
  const source = parse(file, text);
  const names: string[] = [];
  for (const statement of source.statements) {
    const exported =
      ts.canHaveModifiers(statement) &&
      (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isVariableStatement(statement) && exported) {
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
    } else if (
      exported &&
      (ts.isFunctionDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isClassDeclaration(statement)) &&
      statement.name
    ) {
      names.push(statement.name.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) names.push(element.name.text);
    }
  }
  return names;
}

/** The identifiers and the plain strings (not module specifiers) of a file. */
export function wordsOf(file: string, text: string): { identifiers: Set<string>; strings: string[] } {
  const source = parse(file, text);
  const identifiers = new Set<string>();
  const strings: string[] = [];
  const modules = new Set(moduleSpecifiers(source).map(({ specifier }) => specifier));
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) identifiers.add(node.text);
    else if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !modules.has(node.text)) {
      strings.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { identifiers, strings };
}
