/**
 * JSON values as readable TypeScript literals: unquoted keys where valid, short objects
 * and arrays on one line, multi-line strings (CSS, HTML) as template literals, and
 * {@link Code} for expressions (`cfg.requireSecret("…")`). Evaluating the output gives
 * back the value, exactly.
 */

/** A TypeScript expression to emit as is, in place of a value. */
export class Code {
  constructor(readonly text: string) {}
}

/** Printing options. */
export interface LiteralOptions {
  /** Lines longer than this are broken (default 110). */
  width?: number;
  /** Spaces per level (default 2). */
  indentSize?: number;
  /** The language's words for keys and scalars (default TypeScript's). */
  syntax?: LiteralSyntax;
}

/** How a language writes a key and the JSON scalars; objects and arrays are `{…}` and `[…]` in each. */
export interface LiteralSyntax {
  key(key: string): string;
  scalar(value: unknown): string;
  /** `{a: 1}` rather than `{ a: 1 }` on one line (Python's style). */
  tightBraces?: boolean;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Characters a template literal cannot hold verbatim: CR (normalised to LF) and other controls. */
const TEMPLATE_UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f]/; // eslint-disable-line no-control-regex

/** A property key: bare when it is an identifier, quoted otherwise. `__proto__` must be computed to be an own key. */
export function printKey(key: string): string {
  if (key === "__proto__") return `["__proto__"]`;
  return IDENTIFIER.test(key) ? key : JSON.stringify(key);
}

/** A string literal: double-quoted JSON, or a template literal for readable multi-line text. */
export function printString(value: string): string {
  if (value.includes("\n") && !TEMPLATE_UNSAFE.test(value)) {
    return `\`${value.replace(/\\/g, "\\\\").replace(/`/g, "\\`").replace(/\$\{/g, "\\${")}\``;
  }
  // JSON is valid JavaScript, but U+2028/U+2029 are clearer escaped.
  return JSON.stringify(value)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** TypeScript: bare identifier keys, template literals for multi-line text. */
export const TYPESCRIPT: LiteralSyntax = { key: printKey, scalar: printScalar };

/** Python: quoted keys, `None`/`True`/`False`, JSON-escaped strings (valid Python, `\uXXXX` included). */
export const PYTHON: LiteralSyntax = {
  key: (key) => JSON.stringify(key),
  tightBraces: true,
  scalar(value) {
    if (value === null) return "None";
    if (typeof value === "boolean") return value ? "True" : "False";
    if (typeof value === "string") return JSON.stringify(value);
    return printScalar(value);
  },
};

function printScalar(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "string") return printString(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`cannot print the number ${value} as JSON`);
    return Object.is(value, -0) ? "-0" : String(value);
  }
  if (typeof value === "boolean") return String(value);
  throw new TypeError(`cannot print a ${typeof value} as a literal`);
}

function entriesOf(value: Record<string, unknown>): [string, unknown][] {
  return Object.entries(value).filter(([, item]) => item !== undefined);
}

/** The one-line form, or `undefined` when some part must span lines. */
function oneLine(value: unknown, syntax: LiteralSyntax): string | undefined {
  if (value instanceof Code) return value.text;
  if (Array.isArray(value)) {
    const items = value.map((item) => oneLine(item === undefined ? null : item, syntax));
    return items.some((item) => item === undefined) ? undefined : `[${items.join(", ")}]`;
  }
  if (typeof value === "object" && value !== null) {
    const entries = entriesOf(value as Record<string, unknown>);
    if (entries.length === 0) return "{}";
    const parts = entries.map(([key, item]) => {
      const printed = oneLine(item, syntax);
      return printed === undefined ? undefined : `${syntax.key(key)}: ${printed}`;
    });
    if (parts.some((part) => part === undefined)) return undefined;
    return syntax.tightBraces ? `{${parts.join(", ")}}` : `{ ${parts.join(", ")} }`;
  }
  const printed = syntax.scalar(value);
  return printed.includes("\n") ? undefined : printed;
}

/**
 * Prints `value` as a TypeScript expression, starting at column `indent` (the caller
 * has already written what precedes it on the line).
 */
export function printLiteral(value: unknown, indent = 0, options: LiteralOptions = {}, column = indent): string {
  const width = options.width ?? 110;
  const step = options.indentSize ?? 2;
  const syntax = options.syntax ?? TYPESCRIPT;
  const flat = oneLine(value, syntax);
  if (flat !== undefined && column + flat.length <= width) return flat;
  const inner = " ".repeat(indent + step);
  const close = " ".repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const lines = value.map(
      (item) => `${inner}${printLiteral(item === undefined ? null : item, indent + step, options)},`,
    );
    return `[\n${lines.join("\n")}\n${close}]`;
  }
  if (typeof value === "object" && value !== null && !(value instanceof Code)) {
    const entries = entriesOf(value as Record<string, unknown>);
    if (entries.length === 0) return "{}";
    const lines = entries.map(([key, item]) => {
      const head = `${inner}${syntax.key(key)}: `;
      return `${head}${printLiteral(item, indent + step, options, head.length)},`;
    });
    return `{\n${lines.join("\n")}\n${close}}`;
  }
  return flat ?? syntax.scalar(value);
}
