/**
 * Where each kind is written: its room (`api/kinds/<kind>/`, every file of it the kind's own)
 * and, outside it, every hand-written code file of api/, server/, provider/ and policy/ that
 * names the kind. A file names a kind when it imports a module of the kind's room, uses a name
 * one of the room's modules exports (through any re-export), or says one of the kind's type
 * tokens (`tenant:index:Action`, `Action` as a resource type). Words in identifiers do not
 * count: "action" is also an error target's action, a flow's actions and a rate limit's action.
 *
 * Outside its room a kind may be named only by the table (`api/kinds/index.ts` and the
 * server's `api/kinds/tenant.ts`, one line per kind), by the public entry of the policy pack
 * (`provider/policy-support.ts`), by its own policy rules (`policy/src/rules/<plural>.ts`) and
 * by another kind's room where one kind references the other ({@link EXPECTED}). The
 * expectations are written out below, independently of the code they check: a new mention
 * anywhere else fails, naming the file.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { KIND_NAMES, KINDS, type KindName } from "../../../api";

const ROOT = path.resolve(__dirname, "../../..");
const SCANNED = ["api", "server", "provider", "policy/src"];

/** What a generated file says of itself (npm run classes): not hand-written, not counted. */
const GENERATED = /Generated from the table of kinds by `npm run classes`/;

/** `rateLimitPolicy` → `rate-limit-policy`: the kind's room under api/kinds/. */
const roomOf = (kind: string) => `api/kinds/${kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}/`;

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

/** The hand-written code files under `dir` (generated ones left out). */
function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules" || entry.name === "dist") return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(full);
    if (!entry.name.endsWith(".ts") || entry.name.endsWith(".d.ts")) return [];
    return GENERATED.test(fs.readFileSync(full, "utf8").slice(0, 400)) ? [] : [full];
  });
}

const parse = (file: string) => ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);

/** The names a file exports by declaration or export list (not `export *`). */
export function exportedNames(source: ts.SourceFile): string[] {
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

/** What a source file uses: its identifiers, its module specifiers (resolved to repo paths), its string literals. */
export function usesOf(file: string): {
  identifiers: Set<string>;
  imported: Set<string>;
  modules: string[];
  strings: string[];
} {
  const source = parse(file);
  const identifiers = new Set<string>();
  const imported = new Set<string>();
  const modules: string[] = [];
  const strings: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) identifiers.add(node.text);
    if (ts.isImportSpecifier(node)) imported.add((node.propertyName ?? node.name).text);
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const isModule =
        ts.isImportDeclaration(node.parent) ||
        ts.isExportDeclaration(node.parent) ||
        (ts.isCallExpression(node.parent) && /^(require|import)$/.test(node.parent.expression.getText(source)));
      if (isModule && node.text.startsWith(".")) modules.push(relative(path.resolve(path.dirname(file), node.text)));
      else if (!isModule) strings.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { identifiers, imported, modules, strings };
}

/** Every name the modules of `kind`'s room export. */
function roomExports(kind: KindName): Set<string> {
  const room = path.join(ROOT, roomOf(kind));
  return new Set(codeFiles(room).flatMap((file) => exportedNames(parse(file))));
}

/** The strings that name `kind`'s resources: its type tokens in both doors, and its type name. */
const typeTokens = (kind: KindName) => {
  const name = KINDS[kind].typeName;
  return new Set([name, `tenant:index:${name}`, `pulumi-nodejs:dynamic/tenant:${name}`]);
};

/** Per kind, the hand-written files outside its room that name it, sorted. */
export function namingFiles(): Record<KindName, string[]> {
  const files = SCANNED.flatMap((dir) => codeFiles(path.join(ROOT, dir)));
  const uses = new Map(files.map((file) => [file, usesOf(file)]));
  const result = {} as Record<KindName, string[]>;
  for (const kind of KIND_NAMES) {
    const room = roomOf(kind);
    const exported = roomExports(kind);
    const tokens = typeTokens(kind);
    result[kind] = files
      .filter((file) => !relative(file).startsWith(room))
      .filter((file) => {
        const { imported, modules, strings } = uses.get(file)!;
        return (
          modules.some((module) => module.startsWith(room)) ||
          [...exported].some((name) => imported.has(name)) ||
          strings.some((text) => tokens.has(text))
        );
      })
      .map(relative)
      .sort();
  }
  return result;
}

/** The table: one line per kind composes the contract, and one per kind the tenant's behaviour. */
const TABLE = ["api/kinds/index.ts", "api/kinds/tenant.ts"];

/** The policy pack's registry: the rules by name, with the judgements that join several kinds (a form's flows). */
const PACK = "policy/src/policies.ts";

/**
 * Where each kind may be named outside its room, written out by hand: the table, its own policy
 * rules and the pack's registry, the pack's public entry, and the rooms of the kinds that
 * reference it. (A form's FLOW nodes name flows by the field fact `references: "flow"`, not by
 * the flows' modules.)
 */
const EXPECTED: Record<KindName, string[]> = {
  form: [...TABLE, PACK, "policy/src/rules/forms.ts", "provider/policy-support.ts"],
  eventStream: [...TABLE, "policy/src/rules/event-streams.ts", "provider/policy-support.ts"],
  loginTemplate: [...TABLE],
  // Production rate limits that block: a stack rule.
  rateLimitPolicy: [...TABLE, "policy/src/rules/stack.ts"],
  flow: ["api/kinds/index.ts", PACK, "policy/src/rules/outside-calls.ts"],
  flowVaultConnection: [...TABLE, "policy/src/rules/outside-calls.ts"],
  // A trigger's bindings run actions, checked against them on the tenant, at preview (no bindings of an
  // entity-bound trigger) and by the pack.
  action: [
    ...TABLE,
    "api/kinds/trigger-bindings/contract.ts",
    "api/kinds/trigger-bindings/provider.ts",
    "api/kinds/trigger-bindings/tenant.ts",
    "policy/src/rules/actions.ts",
    "policy/src/rules/trigger-bindings.ts",
  ],
  // An action deleted with `force` unbinds itself from the triggers.
  triggerBindings: [...TABLE, "api/kinds/action/tenant.ts", "policy/src/rules/trigger-bindings.ts"],
};

describe("where each kind is written", () => {
  const naming = namingFiles();

  it.each(KIND_NAMES)(
    "%s is named outside its room only by the table, its policy rules and the kinds that reference it",
    (kind) => {
      // On failure the list says where the mention is.
      expect({ kind, files: naming[kind] }).toEqual({ kind, files: [...EXPECTED[kind]].sort() });
    },
  );

  it("a file names a kind by its modules, its exported names and its type tokens, not by words", () => {
    const dir = fs.mkdtempSync(path.join(ROOT, "test", "unit", "architecture", ".probe-"));
    try {
      const probe = path.join(dir, "probe.ts");
      fs.writeFileSync(
        probe,
        [
          "// an action, a form",
          'import { thing } from "../../../../api/kinds/form/contract";',
          'const target = { action: "create" };',
          'const type = "tenant:index:Action";',
          "const text = `the login template`;",
        ].join("\n"),
      );
      const { modules, strings, identifiers } = usesOf(probe);
      expect(modules).toEqual(["api/kinds/form/contract"]);
      expect(strings).toEqual(expect.arrayContaining(["create", "tenant:index:Action"]));
      expect(identifiers.has("action")).toBe(true);
      expect(roomExports("action").has("action")).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The files of a test-only kind's fixture folder. */
const fixtureFiles = (kind: string) => fs.readdirSync(path.join(ROOT, "test/fixtures/kinds", kind)).sort();

describe("a kind declared beyond the table", () => {
  const contributing = fs.readFileSync(path.join(ROOT, "CONTRIBUTING.md"), "utf8");
  const stated = /declared in (\w+) files of its own/.exec(contributing)?.[1];
  const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3 };

  it("CONTRIBUTING.md states how many files, at most 3", () => {
    expect(stated).toBeDefined();
    expect(NUMBERS[stated!]).toBeLessThanOrEqual(3);
  });

  it.each(["gadget", "connector"])("the test-only %s is declared in CONTRIBUTING.md's count of files", (kind) => {
    expect({ kind, files: fixtureFiles(kind).length }).toEqual({ kind, files: NUMBERS[stated!] });
  });

  it("the Connector, a kind with a write-only secret, is named in no file of api/, server/, provider/, policy/", () => {
    const files = SCANNED.flatMap((dir) => codeFiles(path.join(ROOT, dir)));
    const naming = files.filter((file) => {
      const { identifiers, strings } = usesOf(file);
      return [...identifiers].some((name) => /connector/i.test(name)) || strings.some((text) => text === "Connector");
    });
    expect(naming.map(relative)).toEqual([]);
  });
});
