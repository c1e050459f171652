/**
 * Readable, unique, valid identifiers for generated code, derived from the objects'
 * names: "Sign-up (EU)" → `signUpEu`. The same identifier is the TypeScript variable and
 * the Pulumi resource name, so the program reads like the dashboard.
 */

/** Words that cannot name a variable (reserved in strict mode or TypeScript) or that the generated file uses. */
const RESERVED = new Set([
  "break",
  "case",
  "catch",
  "class",
  "const",
  "continue",
  "debugger",
  "default",
  "delete",
  "do",
  "else",
  "enum",
  "export",
  "extends",
  "false",
  "finally",
  "for",
  "function",
  "if",
  "import",
  "in",
  "instanceof",
  "new",
  "null",
  "return",
  "super",
  "switch",
  "this",
  "throw",
  "true",
  "try",
  "typeof",
  "var",
  "void",
  "while",
  "with",
  "yield",
  "let",
  "static",
  "implements",
  "interface",
  "package",
  "private",
  "protected",
  "public",
  "await",
  "arguments",
  "eval",
  "undefined",
  "NaN",
  "Infinity",
  "any",
  "boolean",
  "number",
  "string",
  "symbol",
  "type",
  "from",
  "of",
  "as",
  "async",
  "declare",
  "module",
  "namespace",
  "require",
  "exports",
  "global",
  "globalThis",
  "process",
  "console",
  "__dirname",
  "__filename",
  "Object",
  "Array",
  "String",
  "Number",
  "Boolean",
  "Promise",
  "JSON",
  "Math",
  "Date",
  // Names of the generated file itself.
  "pulumi",
  "tenant",
  "fs",
  "path",
  "cfg",
]);

/** Longest identifier made from a name (before a suffix is added for uniqueness). */
const MAX_LENGTH = 48;

/** Splits a name into words: separators, and lower→upper case boundaries ("myForm" → my, Form). */
export function wordsOf(text: string): string[] {
  const ascii = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  return ascii
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/** camelCase of `words`, cut to {@link MAX_LENGTH} at a word boundary where possible. */
function camelCase(words: string[]): string {
  let out = "";
  for (const [index, word] of words.entries()) {
    const lower = word.toLowerCase();
    const piece = index === 0 ? lower : lower.charAt(0).toUpperCase() + lower.slice(1);
    if (out.length + piece.length > MAX_LENGTH) {
      if (out === "") out = piece.slice(0, MAX_LENGTH);
      break;
    }
    out += piece;
  }
  return out;
}

/** PascalCase of a text: `secret_key` → `SecretKey`. */
export function pascalCase(text: string): string {
  const camel = camelCase(wordsOf(text));
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}

/**
 * A camelCase identifier from `text`; `fallback` (itself an identifier) when nothing is
 * left, and as a prefix when the text starts with a digit ("2FA" → `form2fa`).
 */
export function identifierFrom(text: string | undefined, fallback: string): string {
  const camel = camelCase(wordsOf(text ?? ""));
  if (camel === "") return fallback;
  if (/^[0-9]/.test(camel)) return `${fallback}${camel.charAt(0).toUpperCase()}${camel.slice(1)}`;
  return camel;
}

/** True when `text` is a valid identifier the generator may use. */
export function isUsableIdentifier(text: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(text) && !RESERVED.has(text);
}

/** Hands out identifiers, each once: a taken one gets the kind's suffix, then a number. */
export class NameAllocator {
  private readonly used = new Set<string>();

  /** Marks `names` as taken (e.g. names the generated file declares itself). */
  reserve(...names: string[]): void {
    for (const name of names) this.used.add(name);
  }

  /**
   * A free identifier for an object called `text` of a kind: `identifierFrom(text,
   * fallback)`, else with `suffix` ("audit" taken → `auditStream`), else numbered
   * (`audit2`, `audit3`, …).
   */
  allocate(text: string | undefined, fallback: string, suffix = ""): string {
    const base = identifierFrom(text, fallback);
    const candidates = [base, ...(suffix && !base.endsWith(suffix) ? [`${base}${suffix}`] : [])];
    for (const candidate of candidates) {
      if (isUsableIdentifier(candidate) && !this.used.has(candidate)) return this.take(candidate);
    }
    const stem = isUsableIdentifier(base) ? base : `${base}${suffix || "Item"}`;
    for (let n = 2; ; n += 1) {
      const candidate = `${stem}${n}`;
      if (!this.used.has(candidate)) return this.take(candidate);
    }
  }

  private take(name: string): string {
    this.used.add(name);
    return name;
  }
}
