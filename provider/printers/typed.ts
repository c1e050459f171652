/**
 * What the printers of values in a typed SDK language (go.ts, java.ts) share:
 * the schema's object types by `$ref`, a union's branch chosen by its discriminator when
 * every key of the value is one of the branch's fields, and the check that an object holds
 * only fields of its type. Each language writes the records and the untyped values.
 */

/** A Pulumi schema type (the metaschema's `typeSpec`). */
export type TypeSpec = Record<string, unknown>;
/** The schema's object types by token, each with its properties. */
export type ObjectTypes = Record<string, { properties: Record<string, TypeSpec> }>;

/** The `$ref` of the schema's "any" type. */
export const ANY_REF = "pulumi.json#/Any";

export abstract class TypedPrinter {
  /** @param language the SDK's language, named in errors ("Go", "Java") */
  constructor(
    protected readonly types: ObjectTypes,
    private readonly language: string,
  ) {}

  /** The record (`&tenant.XArgs{…}`, `XArgs.builder()…`) of `value` of object type `typeName`. */
  abstract record(
    value: unknown,
    typeName: string,
    properties: Record<string, TypeSpec>,
    depth: number,
    where: string,
  ): string;

  /** A value the SDK takes as any input. */
  protected abstract untyped(value: unknown, depth: number, where: string): string;

  /** The fields of `value` (an object of type `typeName`) that are set; throws naming a field the type lacks. */
  protected fieldsOf(
    value: unknown,
    typeName: string,
    properties: Record<string, TypeSpec>,
    where: string,
  ): [string, unknown][] {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new Error(`${where}: expected an object (${typeName}), found ${JSON.stringify(value)}`);
    const fields = Object.entries(value).filter(([, item]) => item !== undefined && item !== null);
    const unknown = fields.map(([key]) => key).filter((key) => !(key in properties));
    if (unknown.length > 0)
      throw new Error(
        `${where}: ${unknown.map((key) => `"${key}"`).join(", ")} ${unknown.length === 1 ? "is not a field" : "are not fields"} of ${typeName} in the ${this.language} SDK`,
      );
    return fields;
  }

  /** The object type a `$ref` names, with its SDK name (the token's last part). */
  protected typeOf(ref: string): { name: string; properties: Record<string, TypeSpec> } | undefined {
    const token = ref.replace(/^#\/types\//, "");
    const object = this.types[token];
    return object ? { name: token.split(":").pop()!, properties: object.properties } : undefined;
  }

  protected object(value: unknown, ref: string, depth: number, where: string): string {
    const object = this.typeOf(ref);
    if (!object) return this.untyped(value, depth, where);
    return this.record(value, object.name, object.properties, depth, where);
  }

  /** A union is any input in the SDK: the matching branch typed when it can be, else untyped. */
  protected union(value: unknown, type: TypeSpec, depth: number, where: string): string {
    const discriminator = type.discriminator as { propertyName: string; mapping?: Record<string, string> } | undefined;
    if (discriminator && typeof value === "object" && value !== null && !Array.isArray(value)) {
      const tag = (value as Record<string, unknown>)[discriminator.propertyName];
      const ref = typeof tag === "string" ? discriminator.mapping?.[tag] : undefined;
      const object = ref ? this.typeOf(ref) : undefined;
      if (object && Object.keys(value).every((key) => key in object.properties)) {
        return this.record(value, object.name, object.properties, depth, where);
      }
    }
    return this.untyped(value, depth, where);
  }
}
