/**
 * The flow actions and vault connection setups as the installed `auth0` SDK declares them,
 * read from its generated `.d.ts` with the TypeScript compiler (the declarations themselves,
 * not a copy), and the same facts read from our schemas, in one comparable shape.
 */
import * as path from "node:path";
import ts from "typescript";

/** A field of an object: whether it may be left out, its string values (an enum) and its own fields (an object). */
export interface Field {
  optional: boolean;
  values?: readonly string[];
  object?: Shape;
}

/** An object: its named fields, and whether it takes others (an index signature, `additionalProperties`). */
export interface Shape {
  fields: ReadonlyMap<string, Field>;
  open: boolean;
}

/** The SDK's types file: the generated models of the Management API. */
export function sdkTypesFile(): string {
  return path.join(path.dirname(require.resolve("auth0")), "management", "api", "types", "types.d.ts");
}

/** The SDK's declarations: each flow action by `TYPE ACTION`, each app's setups by `type`. */
export interface SdkDeclarations {
  actions: ReadonlyMap<string, Shape>;
  setups: ReadonlyMap<string, ReadonlyMap<string, Shape>>;
}

/** Reads the SDK's flow actions (`FlowAction`) and vault connection setups (`CreateFlowsVaultConnectionRequestContent`). */
export function readSdkDeclarations(file = sdkTypesFile()): SdkDeclarations {
  const program = ts.createProgram([file], { strict: true, noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`The SDK's types are not at ${file}`);
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
  const declared = (name: string) => {
    const symbol = exports.find((candidate) => candidate.name === name);
    if (!symbol) throw new Error(`The SDK declares no ${name}`);
    return checker.getDeclaredTypeOfSymbol(symbol);
  };
  const members = (type: ts.Type) => (type.isUnion() ? type.types : [type]);
  const propertyType = (type: ts.Type, name: string) => {
    const symbol = type.getProperty(name);
    return symbol && checker.getNonNullableType(checker.getTypeOfSymbol(symbol));
  };
  const literal = (type: ts.Type | undefined) => (type?.isStringLiteral() ? type.value : undefined);

  const shapeOf = (type: ts.Type, depth = 0): Shape => {
    const fields = new Map<string, Field>();
    for (const symbol of checker.getPropertiesOfType(type)) {
      fields.set(symbol.name, fieldOf(symbol, depth));
    }
    return { fields, open: checker.getIndexInfoOfType(type, ts.IndexKind.String) !== undefined };
  };
  const fieldOf = (symbol: ts.Symbol, depth: number): Field => {
    const optional = (symbol.flags & ts.SymbolFlags.Optional) !== 0;
    const type = checker.getNonNullableType(checker.getTypeOfSymbol(symbol));
    const parts = members(type);
    if (parts.every((part) => part.isStringLiteral())) {
      return { optional, values: parts.map((part) => (part as ts.StringLiteralType).value).sort() };
    }
    const isObject =
      !type.isUnion() &&
      (type.flags & ts.TypeFlags.Object) !== 0 &&
      !checker.isArrayType(type) &&
      type.getCallSignatures().length === 0;
    return isObject && depth < 4 ? { optional, object: shapeOf(type, depth + 1) } : { optional };
  };

  const actions = new Map<string, Shape>();
  for (const action of members(declared("FlowAction"))) {
    actions.set(`${literal(propertyType(action, "type"))} ${literal(propertyType(action, "action"))}`, shapeOf(action));
  }
  const setups = new Map<string, Map<string, Shape>>();
  for (const connection of members(declared("CreateFlowsVaultConnectionRequestContent"))) {
    const app = literal(propertyType(connection, "app_id"))!;
    const byType = setups.get(app) ?? new Map<string, Shape>();
    setups.set(app, byType);
    const setup = propertyType(connection, "setup");
    if (setup) byType.set(literal(propertyType(setup, "type"))!, shapeOf(setup));
  }
  return { actions, setups };
}

type JsonSchema = Record<string, unknown>;

/** The same facts of one of our object schemas. */
export function schemaShape(schema: JsonSchema): Shape {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const fields = new Map<string, Field>();
  for (const [name, property] of Object.entries(properties)) {
    const values = Array.isArray(property.enum)
      ? (property.enum as unknown[]).map(String).sort()
      : property.const !== undefined
        ? [String(property.const)]
        : undefined;
    const isObject = property.type === "object" && !property.oneOf && !property.anyOf;
    fields.set(name, {
      optional: !required.has(name),
      ...(values ? { values } : {}),
      ...(isObject ? { object: schemaShape(property) } : {}),
    });
  }
  return { fields, open: schema.additionalProperties !== false };
}

/**
 * Where `ours` and `sdk` disagree, one line each, in both directions: a field one declares
 * and the other does not (ours beyond the SDK's only where the SDK's object is closed),
 * required in one and optional in the other, other enum values, open against closed.
 */
export function differences(at: string, ours: Shape, sdk: Shape): string[] {
  const lines: string[] = [];
  if (ours.open !== sdk.open) {
    lines.push(`${at}: ${sdk.open ? "open" : "closed"} in the SDK, ${ours.open ? "open" : "closed"} in ours`);
  }
  for (const [name, field] of sdk.fields) {
    const where = at ? `${at}.${name}` : name;
    const mine = ours.fields.get(name);
    if (!mine) {
      lines.push(`${where}: ${field.optional ? "optional" : "required"} in the SDK, not declared in ours`);
      continue;
    }
    if (mine.optional !== field.optional) {
      lines.push(
        `${where}: ${field.optional ? "optional" : "required"} in the SDK, ${mine.optional ? "optional" : "required"} in ours`,
      );
    }
    if (field.values && mine.values && field.values.join() !== mine.values.join()) {
      lines.push(`${where}: values ${field.values.join("|")} in the SDK, ${mine.values.join("|")} in ours`);
    }
    if (field.object && mine.object) lines.push(...differences(where, mine.object, field.object));
  }
  if (!sdk.open) {
    for (const name of ours.fields.keys()) {
      if (!sdk.fields.has(name)) lines.push(`${at ? `${at}.${name}` : name}: not in the SDK, declared in ours`);
    }
  }
  return lines;
}
