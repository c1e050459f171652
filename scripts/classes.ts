/**
 * `npm run classes`: the TypeScript resource classes of the dynamic providers, written from
 * the table of kinds into provider/generated/ (one file per kind and an index the package
 * exports), as `npm run sdk` writes the plugin's SDKs. A kind's class, its `<Type>Args`, its
 * output fields and its `get<Type>` / `get<Type>Output` lookups come from its entry alone:
 * field types are the entry's schemas' own static types (a flow's actions are typed per
 * integration), comments are its fields' descriptions. A kind whose entry says `ownClass`
 * gets none: its class is written by hand (no kind of the table has one today). `--check`
 * writes nothing and exits 1 when a file differs (the unit tests run it).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { spawnSync } from "node:child_process";
import { KIND_NAMES, KINDS, type JsonSchema, type KindName, type KindSpec, type LookupSpec } from "../api";
import { singletonWords } from "./lib/kind-words";
import { REPO_ROOT } from "./lib/pulumi";
import { tsdocComment } from "./tsdoc";
import { outputOnlyFields } from "../provider/lifecycle/resource-class";

/** Where the generated classes live, from the repository root. */
export const GENERATED_DIR = path.join("provider", "generated");

const HEADER = "Generated from the table of kinds by `npm run classes` (scripts/classes.ts): do not edit.";

/** `flowVaultConnection` → `flow-vault-connection`. */
const kebab = (kind: string) => kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** "a form", "an event stream". */
const article = (label: string) => `${/^[aeiou]/.test(label) ? "an" : "a"} ${label}`;

const propertiesOf = (schema: JsonSchema): [string, JsonSchema][] =>
  Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);

/** The kinds that get a generated class: the table's kinds without a hand-written one. */
export function generatedKinds(): KindName[] {
  return KIND_NAMES.filter((kind) => !(KINDS[kind] as { ownClass?: boolean }).ownClass);
}

/** The object a singleton's PUT takes (its schema's object branch where it also takes a bare value). */
function objectBranchOf(schema: JsonSchema): JsonSchema {
  const branches = [...((schema.anyOf ?? []) as JsonSchema[]), ...((schema.oneOf ?? []) as JsonSchema[])];
  return schema.properties ? schema : (branches.find((branch) => branch.properties) ?? schema);
}

/** What field `field` of `kind` means: its schema's description, else the entry's `fieldDocs`, else its name. */
function describe(kind: KindName, field: string, schema: JsonSchema): string {
  const spec = KINDS[kind];
  if (typeof schema.description === "string") return schema.description;
  const docs = (spec as { fieldDocs?: Readonly<Record<string, string>> }).fieldDocs;
  return docs?.[field] ?? `The ${spec.label}'s \`${field}\`.`;
}

/**
 * The members of `kind`'s `Args` interface: each field of `inputs` with its description, optional unless
 * `required` holds it, typed as `DeepInput<<bodyType>["field"]>` (`CreateOf<"form">`, `SingletonOf<…>`).
 */
function argsFieldLines(
  kind: KindName,
  inputs: readonly (readonly [string, JsonSchema])[],
  required: ReadonlySet<string>,
  bodyType: string,
): string[] {
  return inputs.flatMap(([field, schema]) => [
    `  ${tsdocComment(describe(kind, field, schema), "  ")}`,
    `  ${field}${required.has(field) ? "" : "?"}: DeepInput<${bodyType}["${field}"]>;`,
  ]);
}

/**
 * The field of a create schema whose schema another field chooses, and that field: `["app_id",
 * "setup"]` for a vault connection (its `allOf` of `if` the tag's value `then` the field's schema).
 */
export function chosenField(schema: JsonSchema): readonly [tag: string, field: string] | undefined {
  const [first] = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [];
  const condition = first?.if as { properties?: Record<string, { const?: unknown }> } | undefined;
  const outcome = first?.then as { properties?: Record<string, unknown> } | undefined;
  const tag = Object.keys(condition?.properties ?? {}).find(
    (name) => condition!.properties![name]!.const !== undefined,
  );
  const field = Object.keys(outcome?.properties ?? {})[0];
  return tag !== undefined && field !== undefined ? [tag, field] : undefined;
}

/** The source of kind `kind`'s generated file. */
export function classSource(kind: KindName): string {
  if (KINDS[kind].shape === "singleton") return singletonClassSource(kind);
  const spec = KINDS[kind];
  const type = spec.typeName;
  const required = new Set((spec.createSchema.required ?? []) as string[]);
  const inputs = propertiesOf(spec.createSchema);
  const chosen = chosenField(spec.createSchema);
  const outputsOnly = propertiesOf(spec.responseSchema).filter(([field]) => outputOnlyFields(kind).includes(field));
  const lookups: readonly LookupSpec[] = spec.lookups;
  const byIdOrName = lookups.filter(
    (lookup) => lookup.result === "object" && (lookup.oneOf ?? []).join() === "id,name",
  );
  const byId = lookups.filter((lookup) => lookup.result === "object" && (lookup.oneOf ?? []).join() === "id");
  const lists = lookups.filter((lookup) => lookup.result === "list");
  const typed = spec as {
    namedTypes?: readonly (readonly [JsonSchema, string])[];
    typeExports?: readonly (readonly [JsonSchema, string])[];
  };
  const named = (typed.namedTypes ?? []).map(([, name]) => name);
  const exported = (typed.typeExports ?? []).map(([, name]) => name);
  const derived = Object.entries(
    (spec as { provider?: { derivedOutputs?: Readonly<Record<string, { description: string }>> } }).provider
      ?.derivedOutputs ?? {},
  );
  const tenantOption = [...byIdOrName, ...byId].some((lookup) => lookup.tenantOption);
  const objectLookups = byIdOrName.length + byId.length > 0;
  const idPrefix = "id" in spec && spec.id ? spec.id.prefix : "";
  const lines: string[] = [
    "/**",
    ` * The \`${type}\` resource${lookups.length > 0 ? " and its lookups" : ""}.`,
    ` * ${HEADER}`,
    " */",
    "",
    'import type * as pulumi from "@pulumi/pulumi";',
    'import type { DeepInput } from "../inputs";',
    "import {",
    ...(derived.length > 0 ? ["  derivedOutput,"] : []),
    ...(lists.length > 0 ? ["  kindListLookups,"] : []),
    ...(objectLookups ? ["  kindLookups,"] : []),
    "  kindResourceInputs,",
    "  type AdoptArgs,",
    ...(chosenField(KINDS[kind].createSchema) ? ["  type ChosenBy,"] : []),
    "  type CreateOf,",
    ...(derived.length > 0 ? ["  type DerivedOf,"] : []),
    ...(exported.length > 0 ? ["  type ExportedTypeOf,"] : []),
    ...(named.length > 0 ? ["  type NamedTypeOf,"] : []),
    "  type ObjectOf,",
    ...(tenantOption ? ["  type TenantOptionLookupOptions,"] : []),
    '} from "../lifecycle/resource-class";',
    'import { TYPE_MODULE, TYPE_NAMES } from "../lifecycle/tokens";',
    ...(byIdOrName.length > 0 ? ['import type { IdOrNameArgs, IdOrNameOutputArgs } from "../lookups/by-name";'] : []),
    ...(lookups.length > 0
      ? [
          `import type { LookupOptions${byId.length + lists.length > 0 ? ", TenantSelector" : ""} } from "../lookups/client";`,
        ]
      : []),
    'import { noteTenantResource } from "../lookups/registered";',
    'import { DynamicResource } from "../lifecycle/dynamic-resource";',
    "",
    tsdocComment(
      `${article(spec.label)[0].toUpperCase()}${article(spec.label).slice(1)} as the API answers it (\`GET /api/v2${spec.path}/{id}\`).`,
      "",
    ),
    `export type ${type}Object = ObjectOf<"${kind}">;`,
    "",
    ...named.flatMap((name) => [
      `/** The \`${name}\` type of the package schema, as the ${spec.label}'s schema types it. */`,
      `export type ${name} = NamedTypeOf<"${kind}", "${name}">;`,
      "",
    ]),
    ...exported.flatMap((name) => [
      `/** The \`${name}\` type of the ${spec.label}'s schema. */`,
      `export type ${name} = ExportedTypeOf<"${kind}", "${name}">;`,
      "",
    ]),
    ...Object.entries((spec as { typeBuilders?: Readonly<Record<string, string>> }).typeBuilders ?? {}).flatMap(
      ([builder, typeName]) => [
        tsdocComment(
          `Returns \`value\` as it is, typed as a {@link ${typeName}}: use it in helper functions that build one, so ` +
            "TypeScript checks each where it is written (a misspelt `type` is then one line at the typo, not an " +
            "error about the whole argument at the call site).",
          "",
        ),
        `export function ${builder}(value: ${typeName}): ${typeName} {`,
        "  return value;",
        "}",
        "",
      ],
    ),
    tsdocComment(
      `Arguments of ${article(spec.label).split(" ")[0]} {@link ${type}}: the API's own field names (body of \`POST ${spec.path}\`).`,
      "",
    ),
    `export interface ${type}${chosen ? "Fields" : "Args"} extends AdoptArgs {`,
  ];
  lines.push(...argsFieldLines(kind, inputs, required, `CreateOf<"${kind}">`));
  lines.push(
    "}",
    "",
    ...(chosen
      ? [
          tsdocComment(
            `Arguments of ${article(spec.label).split(" ")[0]} {@link ${type}}: its fields, \`${chosen[1]}\` one its \`${chosen[0]}\` takes.`,
            "",
          ),
          `export type ${type}Args = ${type}Fields & ChosenBy<"${kind}", "${chosen[0]}", "${chosen[1]}">;`,
          "",
        ]
      : []),
    tsdocComment(
      `${spec.description.replace(/\.$/, "")} (\`/api/v2${spec.path}\`), type \`pulumi-nodejs:dynamic/tenant:${type}\`.`,
      "",
    ),
    `export class ${type} extends DynamicResource {`,
  );
  for (const [field, schema] of [...inputs, ...outputsOnly]) {
    const answered = propertiesOf(spec.responseSchema).some(([name]) => name === field);
    const valueType = answered ? `ObjectOf<"${kind}">["${field}"]` : `CreateOf<"${kind}">["${field}"]`;
    lines.push(`  ${tsdocComment(describe(kind, field, schema), "  ")}`);
    lines.push(`  declare public readonly ${field}: pulumi.Output<${valueType}>;`);
  }
  lines.push(
    "  /** The adopted object's id, when `adoptId` was given. */",
    "  declare public readonly adoptId: pulumi.Output<string | undefined>;",
  );
  for (const [field, { description }] of derived) {
    lines.push(
      `  ${tsdocComment(description, "  ")}`,
      `  public readonly ${field}: pulumi.Output<DerivedOf<"${kind}", "${field}">>;`,
    );
  }
  lines.push(
    "",
    `  /** Creates (or, with \`adoptId\`, adopts) ${article(spec.label)}. */`,
    `  constructor(name: string, args: ${type}Args, opts?: pulumi.CustomResourceOptions) {`,
    `    const inputs = kindResourceInputs("${kind}", args, name, opts);`,
    `    super("${kind}", name, inputs, opts, TYPE_MODULE, TYPE_NAMES.${kind});`,
    // Derived in the program, not stored: the state keeps the value once, where it is.
    ...derived.map(([field]) => `    this.${field} = derivedOutput(this, "${kind}", "${field}");`),
    "    noteTenantResource(this, args.tenant);",
    "  }",
    "}",
  );
  if (objectLookups) lines.push("", `const lookups = kindLookups("${kind}");`);
  lines.push(...byIdLookupLines(kind, byId), ...listLookupLines(kind, lists));
  if (byIdOrName.length > 0) {
    for (const lookup of byIdOrName) {
      const args = `${lookup.name[0].toUpperCase()}${lookup.name.slice(1)}Args`;
      const outputArgs = `${lookup.name[0].toUpperCase()}${lookup.name.slice(1)}OutputArgs`;
      lines.push(
        "",
        tsdocComment(`Arguments of {@link ${lookup.name}}: exactly one of \`id\` (\`${idPrefix}…\`) and \`name\`.`, ""),
        `export type ${args} = IdOrNameArgs;`,
        "",
        `/** Arguments of {@link ${lookup.name}Output}. */`,
        `export type ${outputArgs} = IdOrNameOutputArgs;`,
        "",
        tsdocComment(
          `${lookup.description} Rejects when none matches, and when several have the name (the error lists ` +
            "their ids). The Output form is secret when the object holds a secret.",
          "",
        ),
        `export const ${lookup.name}: (args: ${args}, opts?: LookupOptions) => Promise<${type}Object> = lookups.get;`,
        "",
        `/** {@link ${lookup.name}} as an Output. */`,
        `export const ${lookup.name}Output: (`,
        `  args: ${outputArgs},`,
        "  opts?: LookupOptions,",
        `) => pulumi.Output<${type}Object> = lookups.getOutput;`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The source of singleton `kind`'s generated file: its class (id always the entry's
 * `singletonId`, `adopt` to take over the tenant's one) and its lookup, which takes no id.
 */
function singletonClassSource(kind: KindName): string {
  const spec = KINDS[kind];
  const type = spec.typeName;
  const body = objectBranchOf(spec.createSchema);
  const required = new Set((body.required ?? []) as string[]);
  const inputs = propertiesOf(body);
  const lookups: readonly LookupSpec[] = spec.lookups;
  const key = (spec as { singletonKey?: { field: string } }).singletonKey;
  const { identity, removal, per } = singletonWords(spec as KindSpec);
  const lines: string[] = [
    "/**",
    ` * The \`${type}\` resource${lookups.length > 0 ? " and its lookup" : ""}.`,
    ` * ${HEADER}`,
    " */",
    "",
    'import type * as pulumi from "@pulumi/pulumi";',
    'import type { DeepInput } from "../inputs";',
    "import {",
    ...(lookups.length > 0 ? ["  singletonLookups,"] : []),
    "  singletonResourceInputs,",
    "  type SingletonArgs,",
    "  type SingletonOf,",
    '} from "../lifecycle/resource-class";',
    'import { TYPE_MODULE, TYPE_NAMES } from "../lifecycle/tokens";',
    ...(lookups.length > 0 ? ['import type { LookupOptions, TenantSelector } from "../lookups/client";'] : []),
    'import { noteTenantResource } from "../lookups/registered";',
    'import { DynamicResource } from "../lifecycle/dynamic-resource";',
    "",
    tsdocComment(`Arguments of a {@link ${type}}.`, ""),
    `export interface ${type}Args extends SingletonArgs {`,
  ];
  lines.push(...argsFieldLines(kind, inputs, required, `SingletonOf<"${kind}">`));
  lines.push(
    "}",
    "",
    tsdocComment(
      `${spec.description.replace(/\.$/, "")} (\`/api/v2${spec.path}\`), type ` +
        `\`pulumi-nodejs:dynamic/tenant:${type}\`. ${identity}\n\n` +
        `The ${spec.label} is a singleton of the tenant${key ? ` per ${per}` : ""}. Creating ` +
        `${article(type)} over a tenant that already has a *different* one fails at preview unless \`adopt: true\` ` +
        "says to take it over (then it is replaced); deleting the resource (`pulumi destroy`, or removing it from " +
        `the program) ${removal}. Declare at most one per ${key ? per : "tenant"}, ` +
        "in one stack. If you rename the resource, use an " +
        '`aliases` option: a new name would otherwise create the new one and then delete "the old one", which ' +
        "is the same object.",
      "",
    ),
    `export class ${type} extends DynamicResource {`,
  );
  for (const [field, schema] of propertiesOf(spec.responseSchema)) {
    lines.push(`  ${tsdocComment(describe(kind, field, schema), "  ")}`);
    lines.push(`  declare public readonly ${field}: pulumi.Output<SingletonOf<"${kind}">["${field}"]>;`);
  }
  lines.push(
    "",
    `  /** Sets the tenant's ${spec.label}. */`,
    `  constructor(name: string, args: ${type}Args, opts?: pulumi.CustomResourceOptions) {`,
    `    const inputs = singletonResourceInputs("${kind}", args, name, opts);`,
    `    super("${kind}", name, inputs, opts, TYPE_MODULE, TYPE_NAMES.${kind});`,
    "    noteTenantResource(this, args.tenant);",
    "  }",
    "}",
  );
  const noneFound =
    (spec as { provider?: { singleton?: { noneFound?: unknown } } }).provider?.singleton?.noneFound !== undefined;
  for (const lookup of lookups) {
    const name = capital(lookup.name);
    const keyed = lookup.args.length > 0;
    lines.push(
      "",
      `/** Arguments of {@link ${lookup.name}}. */`,
      ...(lookup.args.length === 0
        ? [`export type ${name}Args = TenantSelector;`]
        : [
            `export interface ${name}Args extends TenantSelector {`,
            ...lookup.args.flatMap((arg) => [`  ${tsdocComment(arg.description, "  ")}`, `  ${arg.name}: string;`]),
            "}",
            "",
            `/** Arguments of {@link ${lookup.name}Output}. */`,
            `export interface ${name}OutputArgs extends TenantSelector {`,
            ...lookup.args.flatMap((arg) => [
              `  ${tsdocComment(arg.description, "  ")}`,
              `  ${arg.name}: pulumi.Input<string>;`,
            ]),
            "}",
          ]),
      "",
      tsdocComment(
        `The ${spec.label} as {@link ${lookup.name}} answers it: the fields of the \`${type}\` resource.`,
        "",
      ),
      `export type ${type}Result = SingletonOf<"${kind}">;`,
      "",
      keyed
        ? `const ${lookup.name}Lookups = singletonLookups<"${kind}", { ${lookup.args
            .map((arg) => `${arg.name}: string`)
            .join("; ")} }>("${kind}", "${lookup.name}");`
        : `const ${lookup.name}Lookups = singletonLookups("${kind}", "${lookup.name}");`,
      "",
      tsdocComment(
        `${lookup.description} ${
          noneFound ? "Rejects with a NotFoundError when the tenant has none." : "An empty list when it has none."
        }`,
        "",
      ),
      `export const ${lookup.name}: (args${keyed ? "" : "?"}: ${name}Args, opts?: LookupOptions) => Promise<${type}Result> =`,
      `  ${lookup.name}Lookups.get;`,
      "",
      `/** {@link ${lookup.name}} as an Output. */`,
      `export const ${lookup.name}Output: (`,
      `  args${keyed ? "" : "?"}: ${name}${keyed ? "Output" : ""}Args,`,
      "  opts?: LookupOptions,",
      `) => pulumi.Output<${type}Result> = ${lookup.name}Lookups.getOutput;`,
    );
  }
  return `${lines.join("\n")}\n`;
}

const capital = (name: string) => `${name[0].toUpperCase()}${name.slice(1)}`;

/** The lines of kind `kind`'s lookups by id alone (`getRateLimitPolicy`): one GET. */
function byIdLookupLines(kind: KindName, byId: readonly LookupSpec[]): string[] {
  const type = KINDS[kind].typeName;
  return byId.flatMap((lookup) => {
    const name = capital(lookup.name);
    const idDoc = lookup.args.find((arg) => arg.name === "id")?.description ?? `The ${KINDS[kind].label}'s id.`;
    const options = lookup.tenantOption ? `${name}Options` : "LookupOptions";
    return [
      "",
      `/** Arguments of {@link ${lookup.name}}. */`,
      `export interface ${name}Args extends TenantSelector {`,
      `  ${tsdocComment(idDoc, "  ")}`,
      "  id: string;",
      "}",
      "",
      `/** Arguments of {@link ${lookup.name}Output}. */`,
      `export interface ${name}OutputArgs extends TenantSelector {`,
      `  ${tsdocComment(idDoc, "  ")}`,
      "  id: pulumi.Input<string>;",
      "}",
      ...(lookup.tenantOption
        ? ["", `/** Options of {@link ${lookup.name}}. */`, `export type ${options} = TenantOptionLookupOptions;`]
        : []),
      "",
      tsdocComment(`${lookup.description} Rejects when none has the id, naming the tenant.`, ""),
      `export const ${lookup.name}: (args: ${name}Args, opts?: ${options}) => Promise<${type}Object> = lookups.get;`,
      "",
      `/** {@link ${lookup.name}} as an Output, for ids that are themselves Outputs. */`,
      `export const ${lookup.name}Output: (`,
      `  args: ${name}OutputArgs,`,
      `  opts?: ${options},`,
      `) => pulumi.Output<${type}Object> = lookups.getOutput;`,
    ];
  });
}

/** The lines of kind `kind`'s list lookups (`getRateLimitPolicies`): every object, or those matching the arguments. */
function listLookupLines(kind: KindName, lists: readonly LookupSpec[]): string[] {
  const type = KINDS[kind].typeName;
  return lists.flatMap((lookup) => {
    const name = capital(lookup.name);
    const fields = lookup.args.map((arg) => arg.name);
    const argLines = (valueType: (field: string) => string) =>
      lookup.args.flatMap((arg) => [
        `  ${tsdocComment(arg.description, "  ")}`,
        `  ${arg.name}?: ${valueType(arg.name)};`,
      ]);
    return [
      "",
      `/** Arguments of {@link ${lookup.name}}. */`,
      `export interface ${name}Args extends TenantSelector {`,
      ...argLines(() => "string"),
      "}",
      "",
      `/** Arguments of {@link ${lookup.name}Output}. */`,
      `export interface ${name}OutputArgs extends TenantSelector {`,
      ...argLines(() => "pulumi.Input<string>"),
      "}",
      "",
      `const ${lookup.name}Lookups = kindListLookups<"${kind}", { ${fields.map((field) => `${field}?: string`).join("; ")} }>("${kind}");`,
      "",
      tsdocComment(`${lookup.description} Follows the pages.`, ""),
      `export const ${lookup.name}: (args?: ${name}Args, opts?: LookupOptions) => Promise<${type}Object[]> =`,
      `  ${lookup.name}Lookups.get;`,
      "",
      `/** {@link ${lookup.name}} as an Output. */`,
      `export const ${lookup.name}Output: (`,
      `  args?: ${name}OutputArgs,`,
      "  opts?: LookupOptions,",
      `) => pulumi.Output<${type}Object[]> = ${lookup.name}Lookups.getOutput;`,
    ];
  });
}

/**
 * `source` as the repository's formatter writes it (the generated files pass `npm run
 * format:check`): prettier's own CLI, in a child process (its API is ESM-only under Jest).
 */
function formatted(root: string, file: string, source: string): string {
  const cli = require.resolve("prettier/bin/prettier.cjs", { paths: [REPO_ROOT] });
  const run = spawnSync(process.execPath, [cli, "--stdin-filepath", path.join(root, file)], {
    input: source,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`prettier could not format ${file}: ${run.stderr}`);
  return run.stdout;
}

/** Every generated file, by path from the repository root, unformatted. */
function generatedSources(): Map<string, string> {
  const files = new Map<string, string>();
  const kinds = generatedKinds();
  for (const kind of kinds) files.set(path.join(GENERATED_DIR, `${kebab(kind)}.ts`), classSource(kind));
  const index = [
    "/**",
    " * The resource classes made from the table of kinds.",
    ` * ${HEADER}`,
    " */",
    ...kinds.map((kind) => `export * from "./${kebab(kind)}";`),
  ];
  if (kinds.length === 0) index.push("export {};");
  files.set(path.join(GENERATED_DIR, "index.ts"), `${index.join("\n")}\n`);
  return files;
}

/** Every generated file, by path from the repository root, formatted. */
export async function generatedFiles(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const [file, source] of generatedSources()) files.set(file, formatted(root, file, source));
  return files;
}

/** The generated files that differ from the disk (or are missing, or are left over); with `write`, brings them in line. */
export async function syncClasses(root: string, write: boolean): Promise<string[]> {
  const wanted = await generatedFiles(root);
  const dir = path.join(root, GENERATED_DIR);
  const present = fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(GENERATED_DIR, name)) : [];
  const differing = [...wanted].filter(([file, text]) => {
    const full = path.join(root, file);
    return !fs.existsSync(full) || fs.readFileSync(full, "utf8") !== text;
  });
  const leftOver = present.filter((file) => !wanted.has(file));
  if (write) {
    fs.mkdirSync(dir, { recursive: true });
    for (const [file, text] of differing) fs.writeFileSync(path.join(root, file), text);
    for (const file of leftOver) fs.rmSync(path.join(root, file));
  }
  return [...differing.map(([file]) => file), ...leftOver].sort();
}

async function main(): Promise<void> {
  const check = process.argv.slice(2).includes("--check");
  const unknown = process.argv.slice(2).filter((arg) => arg !== "--check");
  if (unknown.length > 0) {
    console.error(`npm run classes: unknown argument ${unknown.join(" ")} (it takes only --check)`);
    process.exit(2);
  }
  const changed = await syncClasses(REPO_ROOT, !check);
  for (const file of changed) console.log(`${file}${check ? " differs from the table" : " written"}`);
  if (check && changed.length > 0) {
    console.log(`${changed.length} generated class file(s) differ from the table of kinds: run \`npm run classes\`.`);
    process.exit(1);
  }
  if (!check) console.log(`${changed.length} generated class file(s) written from the table of kinds.`);
}

if (require.main === module) void main();
