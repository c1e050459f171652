/**
 * `npm run docs`: the offline API reference of the plugin's package, generated from
 * `schema.json` into docs/reference/ — one Markdown page per resource and function, with its
 * description, its examples in every language, and each property's name in every language,
 * type and meaning (the table's `fieldDocs`), plus the provider's configuration and the
 * object types. Pulumi's own docs generator (pkg/v3/codegen/docs) writes pages for Pulumi's
 * website (Hugo shortcodes, site templates); this one writes plain Markdown readable in a
 * checkout or on a code host. Each property is also named as the dynamic TypeScript classes
 * of `pulumi-tenant` take it: the API's own name (`next_node`), read off the table's schemas.
 * It then rewrites the generated blocks of the user docs (scripts/docs-facts.ts). `--check`
 * names the pages and files that differ (exit 1).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { kindNames, kindOfTypeName, kindSpec, type JsonSchema } from "../api";
import { schemaName } from "../provider/schema/names";
import { dynamicToken, writeFacts } from "./docs-facts";
import { REPO_ROOT } from "./lib/pulumi";
import { parseScriptArgs } from "./lib/args";

/** Where the reference is written. */
export const REFERENCE_DIR = path.join(REPO_ROOT, "docs", "reference");

type Spec = Record<string, unknown> & { description?: string; secret?: boolean };
type Properties = Record<string, Spec>;
interface Schema {
  name: string;
  version: string;
  description: string;
  config: { variables: Properties };
  resources: Record<
    string,
    { description: string; inputProperties: Properties; properties: Properties; requiredInputs?: string[] }
  >;
  functions: Record<
    string,
    { description: string; inputs: { properties: Properties }; outputs: { properties: Properties } }
  >;
  types: Record<string, { description?: string; properties: Properties; required?: string[] }>;
}

const shortName = (token: string): string => token.split(":").pop()!;
const pythonName = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const goName = (name: string): string => name[0]!.toUpperCase() + name.slice(1);
/** A table cell: one line, pipes escaped. */
const cell = (text: string): string => text.replace(/\n+/g, " ").replace(/\|/g, "\\|");

/** A type as a reader wants it: `string`, `FormStart` (linked), `FormNode[]`, `map of …`, `one of …`. */
function typeText(spec: Spec): string {
  if (typeof spec.$ref === "string") {
    if (spec.$ref === "pulumi.json#/Any") return "any";
    const name = shortName(spec.$ref);
    return `[${name}](types.md#${name.toLowerCase()})`;
  }
  if (Array.isArray(spec.oneOf)) return `one of ${(spec.oneOf as Spec[]).map(typeText).join(", ")}`;
  if (spec.type === "array") return `${typeText(spec.items as Spec)}[]`;
  if (spec.type === "object" && spec.additionalProperties)
    return `map of ${typeText(spec.additionalProperties as Spec)}`;
  return String(spec.type ?? "any");
}

/** Every property name of `schema` and the schemas inside it, into `names`. */
function collectNames(schema: unknown, names: Set<string>): void {
  if (Array.isArray(schema)) return schema.forEach((item) => collectNames(item, names));
  if (typeof schema !== "object" || schema === null) return;
  const record = schema as JsonSchema;
  if (typeof record.properties === "object" && record.properties !== null)
    for (const [name, inner] of Object.entries(record.properties as Record<string, unknown>)) {
      names.add(name);
      collectNames(inner, names);
    }
  for (const key of ["items", "oneOf", "anyOf", "allOf", "additionalProperties", "then", "else", "if"])
    collectNames(record[key], names);
}

/**
 * The API's name of each package schema name (`nextNode` → `next_node`), from the schemas of
 * the table's kinds: what the dynamic TypeScript classes take.
 */
export function apiNames(): Map<string, string> {
  const wire = new Set<string>();
  for (const kind of kindNames()) {
    const spec = kindSpec(kind)!;
    for (const schema of [spec.createSchema, spec.updateSchema, spec.responseSchema]) collectNames(schema, wire);
    for (const lookup of spec.lookups) lookup.args.forEach((arg) => wire.add(arg.name));
  }
  const names = new Map<string, string>();
  for (const name of [...wire].sort()) if (!names.has(schemaName(name))) names.set(schemaName(name), name);
  return names;
}

/** A table of properties: the name in each language, type, required, meaning. */
function propertyTable(
  properties: Properties,
  required: readonly string[] = [],
  api: ReadonlyMap<string, string> = new Map(),
): string[] {
  if (Object.keys(properties).length === 0) return ["None."];
  const dynamic = api.size > 0;
  return [
    `| TypeScript SDK, Java, YAML | Python | Go |${dynamic ? " Dynamic TypeScript (API name) |" : ""} Type | Description |`,
    `|---|---|---|${dynamic ? "---|" : ""}---|---|`,
    ...Object.entries(properties).map(([name, spec]) => {
      const marks = [required.includes(name) ? "**required**" : "", spec.secret ? "🔒 secret" : ""].filter(Boolean);
      const description = [marks.join(", "), spec.description ?? ""].filter(Boolean).join(". ");
      const apiName = dynamic ? ` \`${api.get(name) ?? name}\` |` : "";
      return `| \`${name}\` | \`${pythonName(name)}\` | \`${goName(name)}\` |${apiName} ${typeText(spec)} | ${cell(description)} |`;
    }),
  ];
}

/** The line on a resource's dynamic TypeScript class (`pulumi-tenant`), when the table has its kind. */
function dynamicClassLine(name: string): string[] {
  const kind = kindOfTypeName(name);
  if (kind === undefined) return [];
  const adopt =
    kindSpec(kind)!.shape === "singleton"
      ? "`adopt` (take over the tenant's one)"
      : "`adoptId` (adopt an existing object)";
  return [
    `Dynamic TypeScript (package \`pulumi-tenant\`, nothing to install): \`new tenant.${name}(name, args)\`, type token \`${dynamicToken(name)}\`. Its arguments are the inputs below under their API names, plus ${adopt}, \`tenant\` (a configuration namespace) and \`force\` (take an object over from another stack).`,
    "",
  ];
}

/** A description with Pulumi's example shortcodes taken out (the code blocks stay). */
const plainDescription = (text: string): string =>
  text
    .replace(/^\{\{% \/?examples? %\}\}\n?/gm, "")
    .replace(/^## Example Usage$/m, "## Example")
    .trim();

function resourcePage(token: string, resource: Schema["resources"][string], api: ReadonlyMap<string, string>): string {
  const name = shortName(token);
  return [
    `# ${name}`,
    "",
    `Type token \`${token.replace(":index:", ":")}\` (\`${token}\`).`,
    "",
    ...dynamicClassLine(name),
    plainDescription(resource.description),
    "",
    "## Inputs",
    "",
    ...propertyTable(resource.inputProperties, resource.requiredInputs, api),
    "",
    "## Outputs",
    "",
    "Every input, and `id`, plus:",
    "",
    ...propertyTable(
      Object.fromEntries(Object.entries(resource.properties).filter(([key]) => !(key in resource.inputProperties))),
      [],
      api,
    ),
    "",
    `Import: \`pulumi import ${token} <name> <id>\`.`,
    "",
  ].join("\n");
}

function functionPage(token: string, fn: Schema["functions"][string], api: ReadonlyMap<string, string>): string {
  const name = shortName(token);
  return [
    `# ${name}`,
    "",
    `Function token \`${token}\`.`,
    "",
    `Dynamic TypeScript (package \`pulumi-tenant\`): \`tenant.${name}(args)\` (a Promise) and \`tenant.${name}Output(args)\` (an Output), the arguments and result under their API names, plus \`tenant\` (a configuration namespace) in the arguments.`,
    "",
    plainDescription(fn.description),
    "",
    "## Arguments",
    "",
    ...propertyTable(fn.inputs.properties, [], api),
    "",
    "## Result",
    "",
    ...propertyTable(fn.outputs.properties, [], api),
    "",
  ].join("\n");
}

function typesPage(types: Schema["types"], api: ReadonlyMap<string, string>): string {
  return [
    "# Object types",
    "",
    "The objects resources and functions take and return, by name (in Go `<Name>Args` as an input). The dynamic TypeScript classes of `pulumi-tenant` take the same objects as plain JSON under the API's names.",
    "",
    ...Object.entries(types).flatMap(([token, type]) => [
      `## ${shortName(token)}`,
      "",
      ...(type.description ? [cell(type.description), ""] : []),
      ...propertyTable(type.properties, type.required, api),
      "",
    ]),
  ].join("\n");
}

/** Every page of the reference of `schema`, by file name. */
export function referencePages(schema: Schema): Record<string, string> {
  const pages: Record<string, string> = {};
  const api = apiNames();
  for (const [token, resource] of Object.entries(schema.resources))
    pages[`${shortName(token)}.md`] = resourcePage(token, resource, api);
  for (const [token, fn] of Object.entries(schema.functions))
    pages[`${shortName(token)}.md`] = functionPage(token, fn, api);
  pages["types.md"] = typesPage(schema.types, api);
  pages["README.md"] = [
    `# ${schema.name} ${schema.version}: API reference`,
    "",
    `${schema.description} Generated from \`schema.json\` by \`npm run docs\`; do not edit.`,
    "",
    "## Resources",
    "",
    ...Object.keys(schema.resources).map((token) => `- [${shortName(token)}](${shortName(token)}.md)`),
    "",
    "## Functions",
    "",
    ...Object.keys(schema.functions).map((token) => `- [${shortName(token)}](${shortName(token)}.md)`),
    "",
    "## Object types",
    "",
    "- [All object types](types.md)",
    "",
    "## Provider configuration",
    "",
    "Stack configuration `tenant:<key>` (the default provider) or a `tenant.Provider`'s arguments.",
    "",
    ...propertyTable(schema.config.variables),
    "",
  ].join("\n");
  return pages;
}

async function main(): Promise<void> {
  const { check } = parseScriptArgs("npm run docs", { check: { type: "boolean" } }).values;
  const schema = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "schema.json"), "utf8")) as Schema;
  const pages = referencePages(schema);
  if (check) {
    const stale = Object.entries(pages)
      .filter(
        ([file, text]) =>
          !fs.existsSync(path.join(REFERENCE_DIR, file)) ||
          fs.readFileSync(path.join(REFERENCE_DIR, file), "utf8") !== text,
      )
      .map(([file]) => file);
    stale.push(...(await writeFacts(true)));
    if (stale.length > 0) {
      console.error(`docs are not what schema.json and the table give: ${stale.join(", ")}. Run \`npm run docs\`.`);
      process.exit(1);
    }
    return;
  }
  fs.rmSync(REFERENCE_DIR, { recursive: true, force: true });
  fs.mkdirSync(REFERENCE_DIR, { recursive: true });
  for (const [file, text] of Object.entries(pages)) fs.writeFileSync(path.join(REFERENCE_DIR, file), text);
  console.log(`wrote ${path.relative(REPO_ROOT, REFERENCE_DIR)}/ (${Object.keys(pages).length} pages)`);
  const facts = await writeFacts();
  console.log(`generated blocks rewritten in ${facts.length > 0 ? facts.join(", ") : "no file (all current)"}`);
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
