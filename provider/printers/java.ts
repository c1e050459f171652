/**
 * JSON values as Java expressions of the generated Java SDK (sdk/java), driven by the package
 * schema, for the schema's examples: an object type becomes `<Type>Args.builder()` with one
 * call per field (the schema's camelCase name) and `.build()`; arrays `List.of(…)`, maps
 * `Map.of(…)` (`Map.ofEntries` past ten entries); strings, numbers and booleans as Java
 * literals. Where the SDK takes any input (a union, `Any`), a union branch is still typed
 * when every key is one of its fields, and anything else is plain `Map`s and `List`s, which
 * the SDK serializes as given.
 */
import { ANY_REF, TypedPrinter, type ObjectTypes, type TypeSpec } from "./typed";

/** A Java string literal: JSON's escapes are Java's (JSON.stringify writes no `\/`). */
export function javaString(value: string): string {
  return JSON.stringify(value);
}

/** Prints values as Java, resolving `$ref`s in `types`; errors name the path of the value. */
export class JavaPrinter extends TypedPrinter {
  constructor(
    types: ObjectTypes,
    private readonly indentSize = 4,
  ) {
    super(types, "Java");
  }

  /** The Java expression of `value` of type `type` (undefined: any), at nesting depth `depth`. */
  value(value: unknown, type: TypeSpec | undefined, depth: number, where: string): string {
    if (value === null || value === undefined) return "null";
    if (!type || type.$ref === ANY_REF) return this.untyped(value, depth, where);
    if (typeof type.$ref === "string") return this.object(value, type.$ref, depth, where);
    if (Array.isArray(type.oneOf)) return this.union(value, type, depth, where);
    switch (type.type) {
      case "array":
        if (!Array.isArray(value)) throw new Error(`${where}: expected an array, found ${JSON.stringify(value)}`);
        return this.list(
          "List.of",
          value.map((item, index) => this.value(item, type.items as TypeSpec, depth + 1, `${where}[${index}]`)),
          depth,
        );
      case "object":
        return this.map(value, type.additionalProperties as TypeSpec | undefined, depth, where);
      case "number":
        // A schema number is a Java Double: `8` would be an int, which no Double parameter takes.
        if (typeof value !== "number") throw new Error(`${where}: expected a number, found ${JSON.stringify(value)}`);
        return Number.isInteger(value) ? `${value}.0` : String(value);
      default:
        return this.untyped(value, depth, where);
    }
  }

  /** `<Type>Args.builder()…build()` of a resource's or type's `properties`. */
  record(value: unknown, typeName: string, properties: Record<string, TypeSpec>, depth: number, where: string): string {
    const inner = this.indent(depth + 1);
    const calls = this.fieldsOf(value, typeName, properties, where).map(
      ([key, item]) => `${inner}.${key}(${this.value(item, properties[key], depth + 1, `${where}.${key}`)})`,
    );
    return [`${typeName}Args.builder()`, ...calls, `${inner}.build()`].join("\n");
  }

  private indent(depth: number): string {
    return " ".repeat(depth * this.indentSize);
  }

  private map(value: unknown, items: TypeSpec | undefined, depth: number, where: string): string {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new Error(`${where}: expected an object, found ${JSON.stringify(value)}`);
    const entries = Object.entries(value).map(([key, item]) => [
      javaString(key),
      this.value(item, items, depth + 1, `${where}.${key}`),
    ]);
    // Map.of takes at most ten pairs.
    if (entries.length > 10)
      return this.list(
        "Map.ofEntries",
        entries.map(([key, item]) => `Map.entry(${key}, ${item})`),
        depth,
      );
    return this.list(
      "Map.of",
      entries.map(([key, item]) => `${key}, ${item}`),
      depth,
    );
  }

  /** `f(a, b)` on one line when short and flat, else one element per line. */
  private list(call: string, items: string[], depth: number): string {
    const flat = `${call}(${items.join(", ")})`;
    if (flat.length <= 100 && !flat.includes("\n")) return flat;
    const inner = this.indent(depth + 1);
    return `${call}(\n${items.map((item) => `${inner}${item}`).join(",\n")})`;
  }

  /** Any input: plain `Map.of(…)`, `List.of(…)` and literals. */
  protected untyped(value: unknown, depth: number, where: string): string {
    if (value === null || value === undefined) return "null";
    if (Array.isArray(value))
      return this.list(
        "List.of",
        value.map((item, index) => this.untyped(item, depth + 1, `${where}[${index}]`)),
        depth,
      );
    switch (typeof value) {
      case "object":
        return this.map(value, undefined, depth, where);
      case "string":
        return javaString(value);
      case "boolean":
        return String(value);
      case "number":
        return Number.isInteger(value) ? String(value) : `${String(value)}d`;
      default:
        throw new Error(`${where}: cannot write a ${typeof value} in Java`);
    }
  }
}
