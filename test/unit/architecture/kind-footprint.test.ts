/**
 * How many shared code files of api/, server/ and provider/ (no kind's own) name each kind:
 * what adding or changing a kind costs a contributor. A kind named in another kind's own
 * files is a reference between kinds (a form's FLOW node points at a flow): listed and
 * pinned apart ({@link REFERENCES}), not counted as the kind's cost. A file names a kind when one of
 * its identifiers or module paths holds the kind's words (`Form`, `formSchema`,
 * `"./resources/form"`, `getRateLimitPolicy`, `eventStreamKind`); comments and prose
 * strings do not count. A kind's own files are those under a folder or with a name of its
 * own (`provider/resources/form/`, `api/resources/form.ts`, `server/routes/forms.ts`), and
 * the table of kinds itself (`api/kinds.ts`, one line composing each kind's entry).
 *
 * Every kind's count is 0, and no kind has a hand-written file outside api/resources/: its
 * entry, and its rules as hooks beside it. A file under a name of a kind's own that names
 * nothing of the kind is a neighbour's (server/routes/branding.ts: the branding settings,
 * beside the login page template's path), not the kind's.
 *
 * A kind the table alone serves (secrets included) is declared in its own files and names
 * nothing shared: the test-only Connector (a write-only secret) and Gadget
 * (test/fixtures/kinds/) hold CONTRIBUTING.md's count of files for such a kind.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { KIND_NAMES, KINDS, type KindName } from "../../../api";

const ROOT = path.resolve(__dirname, "../../..");

/** `eventStream` → `event stream`, `FlowVaultConnection` → `flow vault connection`. */
const spaced = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * The words of a kind in identifiers and paths, from its entry: its type name, its plural,
 * and the last segment of its path when it is a name of its own (`universal-login`).
 */
function wordsOfKind(kind: KindName): string[][] {
  const spec = KINDS[kind];
  const last = spec.path.split("/").pop()!;
  const sequences = [spaced(spec.typeName), spaced(spec.plural), ...(last.includes("-") ? [spaced(last)] : [])];
  return [...new Map(sequences.map((words) => [words.join(" "), words])).values()];
}

const WORDS = Object.fromEntries(KIND_NAMES.map((kind) => [kind, wordsOfKind(kind)])) as Record<KindName, string[][]>;

/**
 * Names of a kind's own folders and files, from its entry: its name and plural in kebab case
 * and the first segment of its path (`forms`, `branding`, `rate-limit-policies`) when that is
 * no other kind's name.
 */
function ownNamesOf(kind: KindName): string[] {
  const spec = KINDS[kind];
  const first = spec.path.split("/")[1]!;
  const othersNames = KIND_NAMES.filter((other) => other !== kind).flatMap((other) => [
    spaced(other).join("-"),
    spaced(KINDS[other].plural).join("-"),
  ]);
  return [spaced(kind).join("-"), spaced(spec.plural).join("-"), ...(othersNames.includes(first) ? [] : [first])];
}

const OWN = Object.fromEntries(KIND_NAMES.map((kind) => [kind, ownNamesOf(kind)])) as Record<KindName, string[]>;

/** What a generated file says of itself (npm run classes): not hand-written, not counted. */
const GENERATED = /Generated from the table of kinds by `npm run classes`/;

/** `formCreateSchema` → form create schema; `EVENT_STREAMS_PATH` → event streams path. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const holds = (words: string[], sequences: string[][]) =>
  sequences.some((sequence) => words.some((_, i) => sequence.every((word, j) => words[i + j] === word)));

/**
 * Kinds whose name is a word this code uses for other things too, with those uses: their
 * words would count every file that says it. A file names such a kind when it imports one of
 * the kind's own modules or uses a name one of them exports ({@link namesKind}).
 */
const COMMON_WORD_KINDS: Partial<Record<KindName, string>> = {
  action: "an error's target action (`create`, `read`), a flow's actions, a rate limit policy's action",
};

/** The names a file exports (declarations and export lists). */
function exportedNames(source: string): string[] {
  const file = ts.createSourceFile("x.ts", source, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  for (const statement of file.statements) {
    const exported = ts.canHaveModifiers(statement)
      ? (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      : false;
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

/** Identifiers and module paths of a source file. */
export function namesIn(source: string): string[] {
  const file = ts.createSourceFile("x.ts", source, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) names.push(node.text);
    else if (
      ts.isStringLiteral(node) &&
      (ts.isImportDeclaration(node.parent) ||
        ts.isExportDeclaration(node.parent) ||
        ts.isExternalModuleReference(node.parent) ||
        (ts.isCallExpression(node.parent) && /^(require|import)$/.test(node.parent.expression.getText(file))))
    )
      names.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

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

/** Whether `relative` (a repo path) is one of `kind`'s own files. */
function isOwn(kind: KindName, relative: string): boolean {
  if (relative === "api/kinds.ts") return true;
  const segments = relative.replace(/\.ts$/, "").split("/");
  return segments.some((segment) => OWN[kind].some((own) => segment === own || segment.startsWith(`${own}-`)));
}

/** The names the kind's own api files export, for a kind of {@link COMMON_WORD_KINDS}. */
const OWN_EXPORTS = new Map<KindName, Set<string>>();
function ownExports(kind: KindName): Set<string> {
  let names = OWN_EXPORTS.get(kind);
  if (!names) {
    const dir = path.join(ROOT, "api", "resources");
    names = new Set(
      fs
        .readdirSync(dir)
        .filter((file) => file.endsWith(".ts") && isOwn(kind, `api/resources/${file}`))
        .flatMap((file) => exportedNames(fs.readFileSync(path.join(dir, file), "utf8"))),
    );
    OWN_EXPORTS.set(kind, names);
  }
  return names;
}

/**
 * Whether a file whose identifiers and module paths are `names` names `kind`: one holds the
 * kind's words; for a kind of {@link COMMON_WORD_KINDS}, a module path of the kind's own or
 * a name its own files export.
 */
function namesKind(kind: KindName, names: readonly string[]): boolean {
  if (COMMON_WORD_KINDS[kind] === undefined) return names.some((name) => holds(wordsOf(name), WORDS[kind]));
  const exported = ownExports(kind);
  return names.some(
    (name) => exported.has(name) || (/^\.{0,2}\//.test(name) && isOwn(kind, name.replace(/^(\.{1,2}\/)+/, ""))),
  );
}

/** Whether `relative` is one of another kind's own files (not one of `kind`'s). */
const isOtherKindsOwn = (kind: KindName, relative: string) =>
  relative !== "api/kinds.ts" && !isOwn(kind, relative) && KIND_NAMES.some((other) => isOwn(other, relative));

/** Per kind, the files outside its own that name it: `shared` (no kind's own), `references` (another kind's own). */
export function mentions(): Record<KindName, { shared: string[]; references: string[] }> {
  const files = ["api", "server", "provider"].flatMap((dir) => codeFiles(path.join(ROOT, dir)));
  const names = new Map(files.map((file) => [file, namesIn(fs.readFileSync(file, "utf8"))]));
  const result = {} as Record<KindName, { shared: string[]; references: string[] }>;
  for (const kind of KIND_NAMES) {
    const naming = files
      .map((file) => path.relative(ROOT, file).split(path.sep).join("/"))
      .filter((relative) => !isOwn(kind, relative))
      .filter((relative) => namesKind(kind, names.get(path.join(ROOT, relative))!))
      .sort();
    result[kind] = {
      shared: naming.filter((relative) => !isOtherKindsOwn(kind, relative)),
      references: naming.filter((relative) => isOtherKindsOwn(kind, relative)),
    };
  }
  return result;
}

/** Per kind, the shared files (no kind's own) that name it. */
export function footprint(): Record<KindName, string[]> {
  const all = mentions();
  return Object.fromEntries(KIND_NAMES.map((kind) => [kind, all[kind].shared])) as Record<KindName, string[]>;
}

/**
 * The files of other kinds that name a kind: references between kinds (a form's FLOW node
 * and `after_submit` point at flows; the flows' route rules sit beside the vault
 * connections'). Not the cost of adding the kind, but pinned, so a new one shows.
 */
const REFERENCES: Partial<Record<KindName, string[]>> = {
  // A trigger's bindings name the actions they run (the triggers, the actions' facts).
  action: ["api/resources/trigger-bindings.ts"],
  // The actions serve the triggers' bindings (checked against the actions): their operations.
  triggerBindings: ["api/resources/action-bindings.ts"],
  flow: [
    "api/resources/form-components.ts",
    "api/resources/form-docs.ts",
    "api/resources/form-fields.ts",
    "api/resources/form-rules.ts",
    "api/resources/form.ts",
  ],
};

describe("the footprint of each kind", () => {
  const counted = footprint();

  it.each(KIND_NAMES)("%s is named in no shared file", (kind) => {
    // On failure the list says where the mention is.
    expect({ kind, files: counted[kind] }).toEqual({ kind, files: [] });
  });

  it.each(KIND_NAMES)("%s is named in other kinds' own files only where it is referenced", (kind) => {
    expect({ kind, references: mentions()[kind].references }).toEqual({ kind, references: REFERENCES[kind] ?? [] });
  });

  it.each(KIND_NAMES)(
    "%s, a kind of the table alone, is hand-written only in api/resources/ (its entry and hooks beside it)",
    (kind) => {
      const own = ["server", "provider"]
        .flatMap((dir) => codeFiles(path.join(ROOT, dir)))
        .filter((file) => namesKind(kind, namesIn(fs.readFileSync(file, "utf8"))))
        .map((file) => path.relative(ROOT, file).split(path.sep).join("/"))
        .filter((relative) => isOwn(kind, relative));
      expect({ kind, own }).toEqual({ kind, own: [] });
    },
  );

  it("counts identifiers and module paths, not comments or prose", () => {
    const source = [
      "// a form, a rate limit policy",
      'import { formSchema } from "./resources/event-stream";',
      'const text = "the login template";',
      "function transform(platform: string) { return platform; }",
    ].join("\n");
    const words = namesIn(source).map(wordsOf);
    expect(words.some((w) => holds(w, WORDS.form))).toBe(true);
    expect(words.some((w) => holds(w, WORDS.eventStream))).toBe(true);
    expect(words.some((w) => holds(w, WORDS.rateLimitPolicy))).toBe(false);
    expect(words.some((w) => holds(w, WORDS.loginTemplate))).toBe(false);
    expect(wordsOf("transform")).toEqual(["transform"]);
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

  it("the Connector, a kind with a write-only secret, is named in no shared file of api/, server/, provider/", () => {
    const files = ["api", "server", "provider"].flatMap((dir) => codeFiles(path.join(ROOT, dir)));
    const naming = files.filter((file) =>
      namesIn(fs.readFileSync(file, "utf8"))
        .map(wordsOf)
        .some((words) => holds(words, [["connector"], ["connectors"]])),
    );
    expect(naming).toEqual([]);
  });
});
