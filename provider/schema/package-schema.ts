/**
 * The Pulumi package schema of the provider, derived from the table of kinds (api/kinds/index.ts)
 * and the api/ JSON Schemas: one resource and its lookups per kind, the provider
 * configuration, and an object type per named object of the wire schemas. Never written by
 * hand: `npm run schema` (run by the build) writes it to `schema.json`.
 */
import { kindNames, kindSpec, type JsonSchema, type KindSpec, type SecretPath } from "../../api";
import { SETTING_FACTS, SETTING_NAMES } from "../client/settings";
import { renameFieldsInText, schemaName } from "./names";
import { outputSchemaOf } from "../lifecycle/outputs";
import { functionExample, resourceExample } from "./examples";
import { JAVA_BASE_PACKAGE, PROJECT_IDENTITY } from "./identity";

/** The package name: tokens are `tenant:index:<Name>`. */
export const PACKAGE_NAME = "tenant";

/** A Pulumi type reference or inline type (the metaschema's `typeSpec`). */
type TypeSpec = Record<string, unknown>;
/** A property of a resource, function or object type (the metaschema's `propertySpec`). */
type PropertySpec = TypeSpec & { description?: string; secret?: boolean };
/** An object type (the metaschema's `objectTypeSpec`). */
interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

/** Names of the object types a reader looks for, by the schema they come from (the table's `namedTypes`). */
const typeNames = (): Map<JsonSchema, string> =>
  new Map(kindNames().flatMap((kind) => [...(kindSpec(kind)!.namedTypes ?? [])] as [JsonSchema, string][]));

const pascal = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
    .join("");

const token = (name: string): string => `${PACKAGE_NAME}:index:${name}`;
const isObject = (value: unknown): value is JsonSchema => typeof value === "object" && value !== null;

/** Converts JSON Schemas to Pulumi types, registering each named object once. */
class TypeWriter {
  /** The object types, by token. */
  readonly types: Record<string, ObjectTypeSpec> = {};
  private readonly seen = new Map<JsonSchema, TypeSpec>();
  private readonly names = typeNames();

  /** The field descriptions of the kind being written (its table entry's `fieldDocs`). */
  docs: Readonly<Record<string, string>> = {};

  /**
   * The Pulumi type of `schema`; `hint` names its objects unless the schema has a name of its
   * own; `path` (API names from the resource, arrays and unions transparent) finds descriptions.
   */
  typeOf(schema: JsonSchema, hint: string, path: readonly string[] = []): TypeSpec {
    const known = this.seen.get(schema);
    if (known) return known;
    const name = this.names.get(schema) ?? hint;
    const spec = this.convert(schema, name, path);
    this.seen.set(schema, spec);
    return spec;
  }

  /**
   * The properties of an object schema, as Pulumi properties named the schema's way
   * (`next_node` → `nextNode`; the plugin renames at its boundary, provider/schema/names.ts).
   */
  propertiesOf(
    schema: JsonSchema,
    hint: string,
    path: readonly string[] = [],
  ): { properties: Record<string, PropertySpec>; required: string[] } {
    const properties: Record<string, PropertySpec> = {};
    for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      const type = this.typeOf(value, hint + pascal(key), [...path, key]);
      const description = typeof value.description === "string" ? value.description : this.describe([...path, key]);
      const name = schemaName(key);
      if (name in properties) throw new Error(`${hint}: properties "${key}" and another one are both "${name}"`);
      properties[name] = {
        ...type,
        ...(description !== undefined ? { description } : {}),
      };
    }
    return { properties, required: ((schema.required ?? []) as string[]).map(schemaName) };
  }

  /** The description of the field at `path`: the longest dotted suffix of it that `docs` has. */
  private describe(path: readonly string[]): string | undefined {
    for (let start = 0; start < path.length; start++) {
      const text = this.docs[path.slice(start).join(".")];
      if (text !== undefined) return text;
    }
    return undefined;
  }

  private convert(schema: JsonSchema, name: string, path: readonly string[]): TypeSpec {
    if (Array.isArray(schema.oneOf) && isObject(schema.discriminator) && nestsUnions(schema)) {
      // A union of unions (a flow action: by `type`, then by `action`): one flat union of
      // the leaves, without a mapping (a tag value names several leaves).
      return {
        oneOf: leavesOf(schema).map(([branch, suffix]) => ({ $ref: this.register(branch, name + suffix, path) })),
      };
    }
    if (Array.isArray(schema.oneOf) && isObject(schema.discriminator)) {
      const tag = schema.discriminator.propertyName as string;
      const mapping: Record<string, string> = {};
      const oneOf = (schema.oneOf as JsonSchema[]).map((branch) => {
        const value = String(((branch.properties as Record<string, JsonSchema>)[tag] ?? {}).const);
        const ref = this.register(branch, name + pascal(value), path);
        mapping[value] = ref;
        return { $ref: ref };
      });
      // A union's `type` may only name a primitive; a one-branch union is that branch.
      return oneOf.length === 1 ? oneOf[0]! : { oneOf, discriminator: { propertyName: schemaName(tag), mapping } };
    }
    if (Array.isArray(schema.anyOf)) {
      const branches = (schema.anyOf as JsonSchema[]).filter((branch) => branch.type !== "null");
      if (branches.length === 1) return this.typeOf(branches[0]!, name, path);
      if (branches.length === 0) return ANY;
      return { oneOf: branches.map((branch, index) => this.typeOf(branch, `${name}Variant${index + 1}`, path)) };
    }
    switch (schema.type) {
      case "string":
      case "integer":
      case "number":
      case "boolean":
        return { type: schema.type };
      case "array":
        return { type: "array", items: this.typeOf(schema.items as JsonSchema, name, path) };
      case "object":
        if (isObject(schema.properties) && Object.keys(schema.properties).length > 0) {
          return { $ref: this.register(schema, name, path) };
        }
        if (isObject(schema.additionalProperties)) {
          return {
            type: "object",
            additionalProperties: this.typeOf(schema.additionalProperties, name + "Value", path),
          };
        }
        return ANY;
      default:
        return ANY;
    }
  }

  /** Registers an object schema as a named type and returns its `$ref`. */
  private register(schema: JsonSchema, wanted: string, path: readonly string[]): string {
    let name = wanted;
    for (let n = 2; this.types[token(name)] !== undefined; n++) name = `${wanted}${n}`;
    this.types[token(name)] = { type: "object", properties: {} };
    const { properties, required } = this.propertiesOf(schema, name, path);
    this.types[token(name)] = {
      type: "object",
      ...(typeof schema.description === "string" ? { description: schema.description } : {}),
      properties,
      ...(required.length > 0 ? { required } : {}),
    };
    return `#/types/${token(name)}`;
  }

  /**
   * Marks `secret: true` on the property each path reaches under `properties`. Throws when a
   * path reaches no property: a secret the schema would not mark is a leak.
   */
  markSecrets(properties: Record<string, PropertySpec>, paths: readonly SecretPath[], where: string): void {
    for (const path of paths) {
      if (this.mark(properties, path) === 0)
        throw new Error(`secret path ${JSON.stringify(path)} reaches nothing in ${where}`);
    }
  }

  private mark(properties: Record<string, PropertySpec>, path: SecretPath): number {
    const [wireStep, ...rest] = path;
    if (typeof wireStep !== "string") return 0;
    const step = schemaName(wireStep);
    if (!(step in properties)) return 0;
    const property = properties[step]!;
    if (rest.length === 0) {
      property.secret = true;
      return 1;
    }
    return this.descend(property, rest);
  }

  private descend(type: TypeSpec, path: SecretPath): number {
    const [step, ...rest] = path;
    if (typeof type.$ref === "string") {
      const object = this.types[type.$ref.replace("#/types/", "")];
      return object ? this.mark(object.properties, path) : 0;
    }
    if (step === "*" && type.type === "array") return this.descend(type.items as TypeSpec, rest);
    if (Array.isArray(type.oneOf)) {
      if (typeof step === "object") {
        const mapping = ((type.discriminator as { mapping?: Record<string, string> }) ?? {}).mapping;
        // A flat union of unions has no mapping: every leaf the rest of the path reaches is marked.
        if (!mapping)
          return (type.oneOf as TypeSpec[]).reduce((count, branch) => count + this.descend(branch, rest), 0);
        const wanted = Object.values(step.where)[0]!;
        return mapping[wanted] ? this.descend({ $ref: mapping[wanted] }, rest) : 0;
      }
      return (type.oneOf as TypeSpec[]).reduce((count, branch) => count + this.descend(branch, path), 0);
    }
    return 0;
  }
}

/**
 * The resource's inputs and outputs: the create body in, the GET answer out (`id` is the resource id).
 * No `tenant` namespace argument as the dynamic resources have: plugin programs choose a
 * tenant the Pulumi way, with an explicit `tenant.Provider` passed as the `provider` option.
 */
function resourceOf(writer: TypeWriter, kind: KindSpec): Record<string, unknown> {
  const name = kind.typeName;
  const inputSchema = kind.shape === "singleton" ? kind.responseSchema : kind.createSchema;
  const inputs = writer.propertiesOf(inputSchema, name);
  const outputs = writer.propertiesOf(outputSchemaOf(kind), name);
  delete outputs.properties.id;
  writer.markSecrets(inputs.properties, kind.secretPaths, `${name} inputs`);
  writer.markSecrets(outputs.properties, kind.secretPaths, `${name} outputs`);
  return {
    description: kind.description,
    inputProperties: inputs.properties,
    ...(inputs.required.length > 0 ? { requiredInputs: inputs.required } : {}),
    properties: outputs.properties,
    required: outputs.required.filter((key) => key !== "id"),
  };
}

/** One lookup: its arguments and its result (the tenant is the invoke's provider). */
function functionOf(writer: TypeWriter, kind: KindSpec, lookup: KindSpec["lookups"][number]): Record<string, unknown> {
  const args: Record<string, PropertySpec> = {};
  for (const arg of lookup.args) args[schemaName(arg.name)] = { type: "string", description: arg.description };
  let outputs: { properties: Record<string, PropertySpec>; required: string[] };
  if (lookup.result === "list") {
    const item = writer.typeOf(kind.responseSchema, `${kind.typeName}Item`);
    const listKey = schemaName(lookup.listKey!);
    const description = `The ${kind.plural} found (every one when no argument narrows the search).`;
    outputs = { properties: { [listKey]: { type: "array", items: item, description } }, required: [listKey] };
  } else {
    outputs = writer.propertiesOf(kind.responseSchema, `${pascal(lookup.name)}Result`);
    writer.markSecrets(outputs.properties, kind.secretPaths, `${lookup.name} result`);
  }
  return {
    description: lookup.description,
    inputs: { type: "object", properties: args },
    outputs: {
      type: "object",
      properties: outputs.properties,
      ...(outputs.required.length ? { required: outputs.required } : {}),
    },
  };
}

/** The Go SDK's module path (sdk/go/go.mod); programs import `${GO_MODULE}/tenant`. */
export const GO_MODULE = "github.com/pulumi-tenant/pulumi-tenant/sdk/go";

/**
 * Where the engine downloads the resource plugin from when a program uses an SDK and the plugin
 * is not installed yet: the GitHub releases of pulumi-tenant/pulumi-tenant (Pulumi's `github://`
 * source; the repository defaults to `pulumi-<name>`), whose assets are the tarballs
 * `npm run release` writes, `pulumi-resource-tenant-v<version>-<os>-<arch>.tar.gz`. Every SDK
 * carries it; `npm run release -- --plugin-download-url URL` puts another one in.
 */
export const PLUGIN_DOWNLOAD_URL = "github://api.github.com/pulumi-tenant";

/** Rewrites, in place, every `description` under `values` with {@link renameFieldsInText}. */
function renameDescriptions(values: unknown[]): void {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key === "description" && typeof item === "string") value[key] = renameFieldsInText(item);
        else visit(item);
      }
    }
  };
  values.forEach(visit);
}

/** The Pulumi package schema (plain JSON data). */
export function packageSchema(version: string, options: { pluginDownloadURL?: string } = {}): Record<string, unknown> {
  const writer = new TypeWriter();
  const resources: Record<string, unknown> = {};
  const functions: Record<string, unknown> = {};
  for (const kind of kindNames()) {
    const spec: KindSpec = kindSpec(kind)!;
    writer.docs = spec.fieldDocs ?? {};
    resources[token(spec.typeName)] = resourceOf(writer, spec);
    for (const lookup of spec.lookups) functions[token(lookup.name)] = functionOf(writer, spec, lookup);
  }
  // Descriptions name fields in the schema's spelling (`nextNode`), as its properties are named.
  renameDescriptions([resources, functions, writer.types]);
  // Examples last: the Go ones are printed against the finished object types.
  for (const kind of kindNames()) {
    const spec: KindSpec = kindSpec(kind)!;
    const resource = resources[token(spec.typeName)] as {
      description: string;
      inputProperties: Record<string, TypeSpec>;
    };
    resource.description += resourceExample(kind, spec, writer.types, resource.inputProperties);
    for (const lookup of spec.lookups) {
      const fn = functions[token(lookup.name)] as { description: string };
      fn.description += functionExample(spec, lookup);
    }
  }
  const variables: Record<string, PropertySpec> = {};
  for (const setting of SETTING_NAMES) {
    const { type, secret, description } = SETTING_FACTS[setting];
    variables[setting] = { type, description, ...(secret ? { secret } : {}) };
  }
  return {
    name: PACKAGE_NAME,
    displayName: "Identity tenant",
    version,
    description: "Forms, the login page template, event streams and rate limit policies of an identity tenant.",
    license: "Apache-2.0",
    publisher: PROJECT_IDENTITY.publisher,
    repository: PROJECT_IDENTITY.repository,
    homepage: PROJECT_IDENTITY.homepage,
    keywords: [...PROJECT_IDENTITY.keywords],
    pluginDownloadURL: options.pluginDownloadURL ?? PLUGIN_DOWNLOAD_URL,
    config: { variables },
    provider: { description: "The tenant provider.", inputProperties: variables },
    resources,
    functions,
    types: writer.types,
    // The SDKs (sdk/, `npm run sdk`): each language's own naming, wire field names kept.
    meta: { supportPack: true },
    language: {
      nodejs: {
        packageName: "@pulumi-tenant/sdk",
        dependencies: { "@pulumi/pulumi": "^3.248.0" },
        typescriptVersion: "~5.9.3",
      },
      python: { packageName: "pulumi_tenant", requires: { pulumi: ">=3.0.0,<4.0.0" }, pyproject: { enabled: true } },
      // respectSchemaVersion: Go programs send the SDK's version, so the engine knows which plugin to fetch.
      go: { importBasePath: `${GO_MODULE}/tenant`, generateResourceContainerTypes: false, respectSchemaVersion: true },
      java: { basePackage: JAVA_BASE_PACKAGE },
    },
  };
}

/** Whether a discriminated union has branches that are discriminated unions themselves. */
function nestsUnions(schema: JsonSchema): boolean {
  return (schema.oneOf as JsonSchema[]).some((branch) => Array.isArray(branch.oneOf) && isObject(branch.discriminator));
}

/** The object leaves of nested discriminated unions, each with its type name suffix (`HttpSendRequest`). */
function leavesOf(schema: JsonSchema, suffix = ""): [JsonSchema, string][] {
  if (!(Array.isArray(schema.oneOf) && isObject(schema.discriminator))) return [[schema, suffix]];
  const tag = schema.discriminator.propertyName as string;
  return (schema.oneOf as JsonSchema[]).flatMap((branch) => {
    const value = ((branch.properties as Record<string, JsonSchema> | undefined)?.[tag] ?? {}).const;
    return leavesOf(branch, suffix + pascal(String(value)));
  });
}
