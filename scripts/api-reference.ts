/**
 * `npm run docs`: the offline API reference of the plugin's package, generated from
 * `schema.json` into docs/reference/ — one Markdown page per resource and function, with its
 * description, its examples in every language, and each property's name in every language,
 * type and meaning (the table's `fieldDocs`), plus the provider's configuration and the
 * object types. Pulumi's own docs generator (pkg/v3/codegen/docs) writes pages for Pulumi's
 * website (Hugo shortcodes, site templates); this one writes plain Markdown readable in a
 * checkout or on a code host. `--check` names the pages that differ (exit 1).
 */
import * as fs from "node:fs";
import * as path from "node:path";
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

/** A table of properties: the name in each language, type, required, meaning. */
function propertyTable(properties: Properties, required: readonly string[] = []): string[] {
  if (Object.keys(properties).length === 0) return ["None."];
  return [
    "| TypeScript, Java, YAML | Python | Go | Type | Description |",
    "|---|---|---|---|---|",
    ...Object.entries(properties).map(([name, spec]) => {
      const marks = [required.includes(name) ? "**required**" : "", spec.secret ? "🔒 secret" : ""].filter(Boolean);
      const description = [marks.join(", "), spec.description ?? ""].filter(Boolean).join(". ");
      return `| \`${name}\` | \`${pythonName(name)}\` | \`${goName(name)}\` | ${typeText(spec)} | ${cell(description)} |`;
    }),
  ];
}

/** A description with Pulumi's example shortcodes taken out (the code blocks stay). */
const plainDescription = (text: string): string =>
  text
    .replace(/^\{\{% \/?examples? %\}\}\n?/gm, "")
    .replace(/^## Example Usage$/m, "## Example")
    .trim();

function resourcePage(token: string, resource: Schema["resources"][string]): string {
  const name = shortName(token);
  return [
    `# ${name}`,
    "",
    `Type token \`${token.replace(":index:", ":")}\` (\`${token}\`).`,
    "",
    plainDescription(resource.description),
    "",
    "## Inputs",
    "",
    ...propertyTable(resource.inputProperties, resource.requiredInputs),
    "",
    "## Outputs",
    "",
    "Every input, and `id`, plus:",
    "",
    ...propertyTable(
      Object.fromEntries(Object.entries(resource.properties).filter(([key]) => !(key in resource.inputProperties))),
    ),
    "",
    `Import: \`pulumi import ${token} <name> <id>\`.`,
    "",
  ].join("\n");
}

function functionPage(token: string, fn: Schema["functions"][string]): string {
  return [
    `# ${shortName(token)}`,
    "",
    `Function token \`${token}\`.`,
    "",
    plainDescription(fn.description),
    "",
    "## Arguments",
    "",
    ...propertyTable(fn.inputs.properties),
    "",
    "## Result",
    "",
    ...propertyTable(fn.outputs.properties),
    "",
  ].join("\n");
}

function typesPage(types: Schema["types"]): string {
  return [
    "# Object types",
    "",
    "The objects resources and functions take and return, by name (in Go `<Name>Args` as an input).",
    "",
    ...Object.entries(types).flatMap(([token, type]) => [
      `## ${shortName(token)}`,
      "",
      ...(type.description ? [cell(type.description), ""] : []),
      ...propertyTable(type.properties, type.required),
      "",
    ]),
  ].join("\n");
}

/** Every page of the reference of `schema`, by file name. */
export function referencePages(schema: Schema): Record<string, string> {
  const pages: Record<string, string> = {};
  for (const [token, resource] of Object.entries(schema.resources))
    pages[`${shortName(token)}.md`] = resourcePage(token, resource);
  for (const [token, fn] of Object.entries(schema.functions)) pages[`${shortName(token)}.md`] = functionPage(token, fn);
  pages["types.md"] = typesPage(schema.types);
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

function main(): void {
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
    if (stale.length > 0) {
      console.error(`docs/reference is not what schema.json gives: ${stale.join(", ")}. Run \`npm run docs\`.`);
      process.exit(1);
    }
    return;
  }
  fs.rmSync(REFERENCE_DIR, { recursive: true, force: true });
  fs.mkdirSync(REFERENCE_DIR, { recursive: true });
  for (const [file, text] of Object.entries(pages)) fs.writeFileSync(path.join(REFERENCE_DIR, file), text);
  console.log(`wrote ${path.relative(REPO_ROOT, REFERENCE_DIR)}/ (${Object.keys(pages).length} pages)`);
}

if (require.main === module) main();
