/**
 * `generate --language go`: `main.go` and `go.mod` of a program over the resource plugin,
 * typed from the package schema (`&tenant.FormArgs{…}`). Secrets are read from the stack
 * configuration (`cfg.RequireSecret`; an object with `cfg.RequireSecretObject` into a map); a
 * resource another references is kept in a variable and referenced as `x.ID()`.
 */
import { GO_MODULE, packageSchema } from "../../schema/package-schema";
import { kindOfTypeName, renameResource } from "../../schema/names";
import { GoPrinter, goString, type ObjectTypes, type TypeSpec } from "../../printers/go";
import { Code } from "../../printers/literal";
import { type ModelResource, ResourceRef, SecretRef, type TenantModel } from "./model";
import { type ManifestOptions, type ProgramRef, replaceRefs, sectionLine } from "./program-parts";
import { Interpolation } from "./references";

/** Go's keywords and predeclared names, and the program's own: no resource variable takes them. */
export const GO_RESERVED = [
  ..."break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var".split(
    " ",
  ),
  ..."any bool byte error string int len cap make new nil true false append copy delete panic print recover".split(" "),
  "ctx",
  "cfg",
  "err",
  "os",
  "pulumi",
  "tenant",
  "config",
];

/** The files of the Go program of `model`; `usesConfig`: some value is read from the stack configuration. */
export function goProgramFiles(
  model: TenantModel,
  header: string[],
  options: ManifestOptions,
  usesConfig: boolean,
): Record<string, string> {
  const { resources, files } = model;
  const schema = packageSchema(options.providerVersion) as {
    types: ObjectTypes;
    resources: Record<string, { inputProperties: Record<string, TypeSpec> }>;
  };
  const printer = new GoPrinter(schema.types);
  const referenced = referencedNames(resources);
  const goRef = (ref: ProgramRef): Code => {
    // An id is a StringOutput: what a field of the SDK takes, optional or not.
    if (ref instanceof ResourceRef) return new Code(`${ref.name}.ID().ToStringOutput()`);
    if (ref instanceof Interpolation) {
      // The text is the format: its own `%` doubled; each id a `%v` argument.
      const format = ref.parts.map((part) => (typeof part === "string" ? part.replace(/%/g, "%%") : "%v")).join("");
      const ids = ref.parts.filter((part) => typeof part !== "string").map((part) => `${part.name}.ID()`);
      return new Code(`pulumi.Sprintf(${[goString(format), ...ids].join(", ")})`);
    }
    if (ref instanceof SecretRef) {
      return ref.object
        ? new Code(`pulumi.ToSecret(pulumi.ToMap(${goSecretVariable(ref.key)})).(pulumi.MapOutput)`)
        : new Code(`cfg.RequireSecret(${goString(ref.key)})`);
    }
    return new Code(`pulumi.String(string(${ref.variable}))`);
  };
  const blocks = resources.map((resource, index) => {
    const { inputProperties } = schema.resources[`tenant:index:${resource.kind}`]!;
    const args = printer.record(
      replaceRefs(renameResource(kindOfTypeName(resource.kind)!, resource.args, "toSchema"), goRef),
      resource.kind,
      inputProperties,
      2,
      resource.name,
    );
    const options = resource.dependsOn?.length
      ? `, pulumi.DependsOn([]pulumi.Resource{${resource.dependsOn.join(", ")}})`
      : "";
    const create = `tenant.New${resource.kind}(ctx, ${goString(resource.name)}, ${args}${options})`;
    // A resource another one references is kept in a variable (Go refuses an unused one).
    const call = referenced.has(resource.name)
      ? [`\t\t${resource.name}, err := ${create}`, "\t\tif err != nil {"]
      : [`\t\tif _, err := ${create}; err != nil {`];
    return [
      ...sectionLine(resource.kind, resources[index - 1], "//").map((line) => `\t\t${line}`),
      `\t\t// ${resource.comment}`,
      ...call,
      "\t\t\treturn err",
      "\t\t}",
    ].join("\n");
  });
  const objectSecrets = model.secrets.filter((secret) => secret.object !== undefined);
  const imports = [
    ...(files.length > 0 ? ['\t"os"', ""] : []),
    `\t"${GO_MODULE}/tenant"`,
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ...(usesConfig ? ['\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"'] : []),
  ];
  const prelude = [
    ...(usesConfig ? ["\t\t// Secrets are stack configuration: see README.md.", '\t\tcfg := config.New(ctx, "")'] : []),
    ...objectSecrets.flatMap((secret) => [
      `\t\tvar ${goSecretVariable(secret.name)} map[string]interface{}`,
      `\t\tcfg.RequireSecretObject(${goString(secret.name)}, &${goSecretVariable(secret.name)})`,
    ]),
    ...files.flatMap(({ file, variable }) => [
      `\t\t${variable}, err := os.ReadFile(${goString(file)})`,
      "\t\tif err != nil {",
      "\t\t\treturn err",
      "\t\t}",
    ]),
  ];
  const main = [
    ...header.map((line) => `// ${line}`),
    "package main",
    "",
    "import (",
    ...imports,
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
    ...(prelude.length > 0 ? [...prelude, ""] : []),
    ...blocks.flatMap((block) => [block, ""]),
    "\t\treturn nil",
    "\t})",
    "}",
    "",
  ];
  // A main module's path: the project's name, unless Go reserves it (`go`, `std`, …).
  const name = options.projectName.toLowerCase().replace(/[^a-z0-9._-]+/g, "-") || "tenant";
  const module = ["go", "std", "cmd", "all", "main", "tool", "work", "local"].includes(name) ? `${name}-tenant` : name;
  return {
    "main.go": main.join("\n"),
    "go.mod": [
      `module ${module}`,
      "",
      "go 1.25",
      "",
      "require (",
      `\t${GO_MODULE} v${options.providerVersion}`,
      `\tgithub.com/pulumi/pulumi/sdk/v3 v${options.pulumiVersion}`,
      ")",
      "",
      ...goSdkReplace(options.sdkSources?.go),
    ].join("\n"),
  };
}

/**
 * The `replace` of the SDK module by its folder beside the generating package: no module proxy
 * serves it, so without the folder `go mod tidy` could not resolve the `require` line.
 */
function goSdkReplace(folder: string | undefined): string[] {
  if (!folder) return [];
  // go.mod quotes a path holding a space or a quote; a JSON string is a Go interpreted string there.
  const written = /[\s"'`\\]/.test(folder) ? JSON.stringify(folder) : folder;
  return [`replace ${GO_MODULE} => ${written}`, ""];
}

/** The Go variable an object-valued secret is read into (`billingSetup` → `billingSetupSecret`). */
const goSecretVariable = (key: string): string => `${key.replace(/[^A-Za-z0-9_]/g, "_")}Secret`;

/** The names of the resources some resource's arguments reference. */
function referencedNames(resources: readonly ModelResource[]): Set<string> {
  const names = new Set<string>();
  for (const resource of resources) {
    for (const name of resource.dependsOn ?? []) names.add(name);
    replaceRefs(resource.args, (ref) => {
      if (ref instanceof ResourceRef) names.add(ref.name);
      if (ref instanceof Interpolation)
        for (const part of ref.parts) if (typeof part !== "string") names.add(part.name);
      return ref;
    });
  }
  return names;
}
