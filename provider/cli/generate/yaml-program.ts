/**
 * `generate --language yaml`: the body of a Pulumi YAML program over the resource plugin
 * (appended to Pulumi.yaml: a YAML program lives in its project file). Resources are
 * `type: tenant:<Kind>` with the package schema's names (`nextNode`); secrets are secret
 * configuration read as `${key}` (an object-valued one declared `type: object`); files beside
 * the program are `fn::readFile`; another resource's id is `${flow.id}`. No SDK: YAML
 * programs need only the plugin and its schema.
 */
import { kindOfTypeName, renameResource } from "../../schema/names";
import { FileRef, Interpolation, ResourceRef, SecretRef, type ModelResource, type TenantModel } from "./model";

/** A YAML scalar: strings JSON-quoted (valid YAML), `${` escaped so YAML does not read it as an expression. */
function scalar(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value.replace(/\$\{/g, () => "$${")) : JSON.stringify(value);
}

/** Words YAML reads as booleans or null when bare (a form's boolean options are keyed `true` and `false`). */
const YAML_WORDS = /^(true|false|yes|no|on|off|y|n|null)$/i;

/** A key: bare when plain, quoted otherwise (and when YAML would read it as a boolean or null). */
const key = (name: string): string =>
  /^[A-Za-z_][A-Za-z0-9_-]*$/.test(name) && !YAML_WORDS.test(name) ? name : JSON.stringify(name);

/** `value` as block YAML at `indent` spaces: the text after `key:` (a leading space or new lines). */
function block(value: unknown, indent: number): string {
  const pad = " ".repeat(indent);
  if (value instanceof SecretRef) return ` \${${value.key}}`;
  if (value instanceof ResourceRef) return ` \${${value.name}.id}`;
  if (value instanceof Interpolation) {
    // One YAML string: its text's own `${` escaped as `$${`, each id Pulumi YAML's `${name.id}`.
    const parts = value.parts.map((part) =>
      typeof part === "string"
        ? JSON.stringify(part.replace(/\$\{/g, () => "$${")).slice(1, -1)
        : `\${${part.name}.id}`,
    );
    return ` "${parts.join("")}"`;
  }
  if (value instanceof FileRef) return `\n${pad}fn::readFile: ${JSON.stringify(`./${value.file}`)}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return " []";
    return value.map((item) => `\n${pad}-${block(item, indent + 2).replace(/^\n\s*/, " ")}`).join("");
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    if (entries.length === 0) return " {}";
    return entries.map(([name, item]) => `\n${pad}${key(name)}:${block(item, indent + 2)}`).join("");
  }
  return ` ${scalar(value)}`;
}

/** One resource of the program. */
function resourceBlock(resource: ModelResource): string[] {
  const args = renameResource(kindOfTypeName(resource.kind)!, resource.args, "toSchema");
  return [
    `  # ${resource.comment}`,
    `  ${key(resource.name)}:`,
    `    type: tenant:${resource.kind}`,
    `    properties:${block(args, 6)}`,
    ...(resource.dependsOn?.length
      ? ["    options:", "      dependsOn:", ...resource.dependsOn.map((name) => `        - \${${name}}`)]
      : []),
  ];
}

/** What follows the project settings in Pulumi.yaml: the secrets' config declarations and the resources. */
export function yamlProgramBody(model: TenantModel, header: string[]): string {
  const config = model.secrets.map((secret) => [
    `  ${key(secret.name)}:`,
    `    type: ${secret.object ? "object" : "string"}`,
    "    secret: true",
  ]);
  return [
    ...header.map((line) => `# ${line}`),
    ...(config.length > 0 ? ["# Secrets are stack configuration: see README.md.", "config:", ...config.flat()] : []),
    "resources:",
    ...model.resources.flatMap(resourceBlock),
    "",
  ].join("\n");
}
