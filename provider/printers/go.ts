/**
 * JSON values as Go expressions of the generated Go SDK (sdk/go), driven by the package
 * schema: an object type becomes `&tenant.<Type>Args{Field: …}` (field names as the SDK's
 * codegen makes them: the schema's name with its first letter capitalised), arrays and maps
 * of a type `tenant.<Type>Array{…}` / `tenant.<Type>Map{…}`, strings `pulumi.String(…)`
 * and so on. Where the SDK takes any input (a union, `Any`), a union branch is still typed
 * when every key is one of its fields, and anything else is `pulumi.Map{…}` /
 * `pulumi.Array{…}`. Evaluating the output gives back the value.
 */
import { Code } from "./literal";
import { ANY_REF, TypedPrinter, type ObjectTypes, type TypeSpec } from "./typed";

export type { ObjectTypes, TypeSpec } from "./typed";
const PRIMITIVE = { string: "String", integer: "Int", number: "Float64", boolean: "Bool" } as const;

/**
 * The Go SDK's built-in type of `type` when it has one: a primitive, or arrays and maps of them
 * (`StringMap`, then `StringMapMap` for a map of string maps, as the SDK's codegen types them).
 */
function builtinOf(type: TypeSpec | undefined): string | undefined {
  if (!type || type.$ref !== undefined || type.oneOf !== undefined) return undefined;
  const primitive = PRIMITIVE[type.type as keyof typeof PRIMITIVE];
  if (primitive) return primitive;
  const inner =
    type.type === "array"
      ? builtinOf(type.items as TypeSpec | undefined)
      : type.type === "object"
        ? builtinOf(type.additionalProperties as TypeSpec | undefined)
        : undefined;
  return inner ? `${inner}${type.type === "array" ? "Array" : "Map"}` : undefined;
}

/** The Go SDK's name of a property: the schema's name with its first letter capitalised (`nextNode` → `NextNode`). */
export function goFieldName(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A Go string literal: a raw string for readable multi-line text, else an interpreted one. */
export function goString(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (value.includes("\n") && !/[`\r\u0000-\u0008\u000b-\u001f\u007f\ufeff]/.test(value)) return `\`${value}\``;
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)) {
    throw new Error(
      `the text ${JSON.stringify(value.slice(0, 40))}… holds a lone UTF-16 surrogate, which Go cannot write`,
    );
  }
  // JSON's escapes are Go's, except that Go has no `\/` (never written) and writes U+2028/9 as is.
  return JSON.stringify(value);
}

/** Prints values as Go, resolving `$ref`s in `types`; errors name the path of the value. */
export class GoPrinter extends TypedPrinter {
  constructor(
    types: ObjectTypes,
    private readonly pkg = "tenant",
    private readonly indentSize = 1,
  ) {
    super(types, "Go");
  }

  /** The Go expression of `value` of type `type` (undefined: any), at nesting depth `depth`. */
  value(value: unknown, type: TypeSpec | undefined, depth: number, where: string): string {
    if (value instanceof Code) return value.text;
    if (value === null || value === undefined) return "nil";
    if (!type || type.$ref === ANY_REF) return this.untyped(value, depth, where);
    if (typeof type.$ref === "string") return this.object(value, type.$ref, depth, where);
    if (Array.isArray(type.oneOf)) return this.union(value, type, depth, where);
    switch (type.type) {
      case "string":
      case "integer":
      case "number":
      case "boolean":
        return this.scalar(value, type.type, where);
      case "array":
        return this.array(value, type.items as TypeSpec, depth, where);
      case "object":
        return this.map(value, type.additionalProperties as TypeSpec | undefined, depth, where);
      default:
        return this.untyped(value, depth, where);
    }
  }

  /** `&tenant.XArgs{…}` of a resource's or type's `properties`. */
  record(value: unknown, typeName: string, properties: Record<string, TypeSpec>, depth: number, where: string): string {
    const fields = this.fieldsOf(value, typeName, properties, where);
    if (fields.length === 0) return `&${this.pkg}.${typeName}Args{}`;
    const inner = this.indent(depth + 1);
    const lines = fields.map(
      ([key, item]) =>
        `${inner}${goFieldName(key)}: ${this.value(item, properties[key], depth + 1, `${where}.${key}`)},`,
    );
    return `&${this.pkg}.${typeName}Args{\n${lines.join("\n")}\n${this.indent(depth)}}`;
  }

  private indent(depth: number): string {
    return "\t".repeat(depth * this.indentSize);
  }

  private scalar(value: unknown, type: keyof typeof PRIMITIVE, where: string): string {
    const wanted = { string: "string", integer: "number", number: "number", boolean: "boolean" }[type];
    if (typeof value !== wanted || (type === "integer" && !Number.isInteger(value)))
      throw new Error(`${where}: expected ${type === "integer" ? "an" : "a"} ${type}, found ${JSON.stringify(value)}`);
    return `pulumi.${PRIMITIVE[type]}(${typeof value === "string" ? goString(value) : String(value)})`;
  }

  /** The collection type of elements of type `items`: `pulumi.StringArray`, `tenant.XArray`; undefined: untyped. */
  private collection(items: TypeSpec | undefined, suffix: "Array" | "Map"): string | undefined {
    if (!items) return undefined;
    if (typeof items.$ref === "string" && items.$ref !== ANY_REF) {
      const object = this.typeOf(items.$ref);
      return object ? `${this.pkg}.${object.name}${suffix}` : undefined;
    }
    const builtin = builtinOf(items);
    return builtin ? `pulumi.${builtin}${suffix}` : undefined;
  }

  private array(value: unknown, items: TypeSpec | undefined, depth: number, where: string): string {
    if (!Array.isArray(value)) throw new Error(`${where}: expected an array, found ${JSON.stringify(value)}`);
    // Elements of a union or of any type are any inputs: `pulumi.Array`, each element still typed where it can be.
    return this.list(
      this.collection(items, "Array") ?? "pulumi.Array",
      value.map((item, index) => this.value(item, items, depth + 1, `${where}[${index}]`)),
      depth,
    );
  }

  private map(value: unknown, items: TypeSpec | undefined, depth: number, where: string): string {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new Error(`${where}: expected an object, found ${JSON.stringify(value)}`);
    return this.list(
      this.collection(items, "Map") ?? "pulumi.Map",
      Object.entries(value).map(
        ([key, item]) => `${goString(key)}: ${this.value(item, items, depth + 1, `${where}.${key}`)}`,
      ),
      depth,
    );
  }

  /** `T{a, b}` on one line when short and flat, else one element per line. */
  private list(type: string, items: string[], depth: number): string {
    if (items.length === 0) return `${type}{}`;
    const flat = `${type}{${items.join(", ")}}`;
    if (flat.length <= 100 && !flat.includes("\n")) return flat;
    const inner = this.indent(depth + 1);
    return `${type}{\n${items.map((item) => `${inner}${item},`).join("\n")}\n${this.indent(depth)}}`;
  }

  /** Any input: `pulumi.Map{…}`, `pulumi.Array{…}`, `pulumi.String(…)`, `pulumi.Int(…)`… */
  protected untyped(value: unknown, depth: number, where: string): string {
    if (value instanceof Code) return value.text;
    if (value === null || value === undefined) return "nil";
    if (Array.isArray(value))
      return this.list(
        "pulumi.Array",
        value.map((item, index) => this.untyped(item, depth + 1, `${where}[${index}]`)),
        depth,
      );
    switch (typeof value) {
      case "object":
        return this.list(
          "pulumi.Map",
          Object.entries(value).map(
            ([key, item]) => `${goString(key)}: ${this.untyped(item, depth + 1, `${where}.${key}`)}`,
          ),
          depth,
        );
      case "string":
        return `pulumi.String(${goString(value)})`;
      case "boolean":
        return `pulumi.Bool(${String(value)})`;
      case "number":
        return Number.isInteger(value) ? `pulumi.Int(${String(value)})` : `pulumi.Float64(${String(value)})`;
      default:
        throw new Error(`${where}: cannot write a ${typeof value} in Go`);
    }
  }
}
