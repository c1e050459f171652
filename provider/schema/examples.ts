/**
 * The examples of the package schema: each resource and function's description ends with an
 * "Example Usage" section in TypeScript, Python, Go, Java and YAML, in the form Pulumi's code
 * generators read (`{{% examples %}}`): each SDK keeps the code of its own language in its
 * docs, and the API reference (scripts/api-reference.ts) shows them all. The examples' values
 * are the table's (`example` of a kind, of a lookup), in the API's names, printed in each
 * language's names by the printers `generate` uses, so they cannot drift from the schema.
 */
import type { KindSpec, LookupSpec } from "../../api";
import { GoPrinter, goString, type ObjectTypes, type TypeSpec } from "../printers/go";
import { JavaPrinter, javaString } from "../printers/java";
import { printLiteral, PYTHON } from "../printers/literal";
import { JAVA_PACKAGE } from "./identity";
import { renameResource, schemaName } from "./names";

/** `nextNode` → `next_node`: Python's name of a schema property. */
const pythonName = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The variable an example gives its resource: the type name in camelCase (`loginTemplate`). */
const variableOf = (typeName: string): string => typeName[0]!.toLowerCase() + typeName.slice(1);

/** A YAML value, block style, indented by `indent` spaces (JSON scalars are valid YAML scalars). */
function yaml(value: unknown, indent: number): string {
  const pad = " ".repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) return " []";
    return value.map((item) => `\n${pad}-${yaml(item, indent + 2).replace(/^\n\s*/, " ")}`).join("");
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return " {}";
    return entries.map(([key, item]) => `\n${pad}${key}:${yaml(item, indent + 2)}`).join("");
  }
  return ` ${JSON.stringify(value)}`;
}

/** Wraps language blocks as Pulumi's docs tooling reads them. */
function examplesSection(
  title: string,
  blocks: Record<"typescript" | "python" | "go" | "java" | "yaml", string>,
): string {
  const code = Object.entries(blocks).map(([language, text]) => `\`\`\`${language}\n${text}\n\`\`\``);
  return [
    "",
    "",
    "{{% examples %}}",
    "## Example Usage",
    "{{% example %}}",
    `### ${title}`,
    "",
    ...code,
    "{{% /example %}}",
    "{{% /examples %}}",
  ].join("\n");
}

/** A Java program whose `Pulumi.run` body is `body` (lines, indented by the caller), importing `imports`. */
function javaProgram(imports: string[], body: string[]): string {
  return [
    "import com.pulumi.Pulumi;",
    ...imports.map((name) => `import ${name};`),
    "",
    "public class App {",
    "    public static void main(String[] args) {",
    "        Pulumi.run(ctx -> {",
    ...body.map((line) => `            ${line}`),
    "        });",
    "    }",
    "}",
  ].join("\n");
}

/** The example section of resource `kind`: its table `example` declared in each language. */
export function resourceExample(
  kind: string,
  spec: KindSpec,
  types: ObjectTypes,
  inputProperties: Record<string, TypeSpec>,
): string {
  if (!spec.example) return "";
  const args = renameResource(kind, { ...spec.example }, "toSchema");
  const name = variableOf(spec.typeName);
  const python = Object.entries(spec.example)
    .map(([key, value]) => `    ${key}=${printLiteral(value, 4, { syntax: PYTHON, indentSize: 4, width: 100 })},`)
    .join("\n");
  const go = new GoPrinter(types).record(args, spec.typeName, inputProperties, 0, name);
  return examplesSection(`A ${spec.label}`, {
    typescript: [
      'import * as tenant from "@pulumi-tenant/sdk";',
      "",
      `const ${name} = new tenant.${spec.typeName}(${JSON.stringify(name)}, ${printLiteral(args, 0)});`,
    ].join("\n"),
    python: [
      "import pulumi_tenant as tenant",
      "",
      `${pythonName(name)} = tenant.${spec.typeName}(`,
      `    "${name}",`,
      python,
      ")",
    ].join("\n"),
    go: [
      `_, err := tenant.New${spec.typeName}(ctx, ${goString(name)}, ${go})`,
      "if err != nil {",
      "\treturn err",
      "}",
    ].join("\n"),
    java: javaProgram(
      [
        `${JAVA_PACKAGE}.${spec.typeName}`,
        `${JAVA_PACKAGE}.${spec.typeName}Args`,
        `${JAVA_PACKAGE}.inputs.*`,
        "java.util.List",
        "java.util.Map",
      ],
      `var ${name} = new ${spec.typeName}(${javaString(name)}, ${new JavaPrinter(types).record(args, spec.typeName, inputProperties, 0, name)});`.split(
        "\n",
      ),
    ),
    yaml: ["resources:", `  ${name}:`, `    type: tenant:${spec.typeName}`, `    properties:${yaml(args, 6)}`].join(
      "\n",
    ),
  });
}

/**
 * The example section of function `lookup` of `spec`: a call with its table `example`
 * arguments. Go names a function that reads one object of a resource type `Lookup…`.
 */
export function functionExample(spec: KindSpec, lookup: LookupSpec): string {
  const args = Object.fromEntries(Object.entries(lookup.example ?? {}).map(([key, value]) => [schemaName(key), value]));
  const outputName = lookup.name + "Output";
  const goName = lookup.name === `get${spec.typeName}` ? `Lookup${spec.typeName}` : lookup.name.replace(/^get/, "Get");
  const goArgs = Object.entries(args)
    .map(([key, value]) => `${key[0]!.toUpperCase()}${key.slice(1)}: pulumi.String(${goString(value)})`)
    .join(", ");
  const argsClass = `${lookup.name[0]!.toUpperCase()}${lookup.name.slice(1)}Args`;
  const javaArgs = Object.entries(args).map(([key, value]) => `    .${key}(${javaString(String(value))})`);
  const pythonArgs = Object.entries(args)
    .map(([key, value]) => `${pythonName(key)}=${JSON.stringify(value)}`)
    .join(", ");
  return examplesSection(lookup.description.replace(/\.$/, ""), {
    typescript: [
      'import * as tenant from "@pulumi-tenant/sdk";',
      "",
      `export const found = tenant.${outputName}(${Object.keys(args).length ? printLiteral(args, 0) : ""});`,
    ].join("\n"),
    python: [
      "import pulumi",
      "import pulumi_tenant as tenant",
      "",
      `pulumi.export("found", tenant.${pythonName(outputName)}(${pythonArgs}))`,
    ].join("\n"),
    go: `found := tenant.${goName}Output(ctx, tenant.${goName}OutputArgs{${goArgs}})\nctx.Export("found", found)`,
    java: javaProgram(
      [`${JAVA_PACKAGE}.TenantFunctions`, ...(javaArgs.length ? [`${JAVA_PACKAGE}.inputs.${argsClass}`] : [])],
      [
        `final var found = TenantFunctions.${lookup.name}(${javaArgs.length ? [`${argsClass}.builder()`, ...javaArgs, "    .build()"].join("\n") : ""});`,
        'ctx.export("found", found);',
      ]
        .join("\n")
        .split("\n"),
    ),
    yaml: [
      "variables:",
      "  found:",
      "    fn::invoke:",
      `      function: tenant:${lookup.name}`,
      ...(Object.keys(args).length ? [`      arguments:${yaml(args, 8)}`] : []),
    ].join("\n"),
  });
}
