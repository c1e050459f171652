/**
 * `generate --language python`: `__main__.py` and `requirements.txt` of a program over the
 * resource plugin and its SDK `pulumi_tenant` (keyword arguments by the API's names in
 * snake case). Secrets are read from the stack configuration (`cfg.require_secret`), a file
 * beside the program byte for byte, another resource's id as `variable.id`.
 */
import { Code, printLiteral, PYTHON } from "../../printers/literal";
import { Interpolation, ResourceRef, SecretRef, type TenantModel } from "./model";
import { type ManifestOptions, type ProgramRef, replaceRefs, sectionLine } from "./program-parts";
import { pythonRequirement } from "./provider-source";

/** Python's keywords and soft keywords, and the builtins a program should not shadow. */
const PYTHON_RESERVED = [
  ..."False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case type".split(
    " ",
  ),
  ..."id input list dict str int float bool print open object format filter map next len set range vars".split(" "),
  "pulumi",
  "tenant",
  "cfg",
  "os",
  "read_file",
];

/** `signUpForm` → `sign_up_form`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
}

/** A Python variable for `wanted`, not reserved and not in `taken` (which it joins). */
function uniquePython(taken: Set<string>, wanted: string): string {
  const base = /^[a-z_][a-z0-9_]*$/.test(wanted) ? wanted : `resource_${wanted.replace(/[^a-z0-9_]/g, "_")}`;
  let name = PYTHON_RESERVED.includes(base) ? `${base}_` : base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return name;
}

/** The files of the Python program of `model`; `usesConfig`: some value is read from the stack configuration. */
export function pythonProgramFiles(
  { resources, files }: Pick<TenantModel, "resources" | "files">,
  header: string[],
  options: ManifestOptions,
  usesConfig: boolean,
): Record<string, string> {
  const variables = new Set<string>();
  // Every resource's variable first: a reference prints the other resource's (`store.id`).
  const variableOf = new Map(
    resources.map((resource) => [resource.name, uniquePython(variables, snakeCase(resource.name))]),
  );
  const pythonRef = (ref: ProgramRef): Code => {
    if (ref instanceof ResourceRef) return new Code(`${variableOf.get(ref.name)!}.id`);
    if (ref instanceof Interpolation) {
      const parts = ref.parts.map((part) =>
        typeof part === "string" ? JSON.stringify(part) : `${variableOf.get(part.name)!}.id`,
      );
      return new Code(`pulumi.Output.concat(${parts.join(", ")})`);
    }
    if (ref instanceof SecretRef) {
      return new Code(`cfg.${ref.object ? "require_secret_object" : "require_secret"}(${JSON.stringify(ref.key)})`);
    }
    return new Code(`read_file(${JSON.stringify(ref.file)})`);
  };
  const blocks = resources.map((resource, index) => {
    const variable = variableOf.get(resource.name)!;
    const args = replaceRefs(resource.args, pythonRef) as Record<string, unknown>;
    const lines = [`    ${JSON.stringify(resource.name)},`];
    for (const [key, value] of Object.entries(args)) {
      if (value === undefined) continue;
      const head = `    ${snakeCase(key)}=`;
      lines.push(`${head}${printLiteral(value, 4, { syntax: PYTHON, indentSize: 4, width: 100 }, head.length)},`);
    }
    if (resource.dependsOn?.length) {
      const needed = resource.dependsOn.map((name) => variableOf.get(name)!).join(", ");
      lines.push(`    opts=pulumi.ResourceOptions(depends_on=[${needed}]),`);
    }
    return [
      ...sectionLine(resource.kind, resources[index - 1], "#"),
      `# ${resource.comment}`,
      `${variable} = tenant.${resource.kind}(`,
      ...lines,
      ")",
    ].join("\n");
  });
  const preamble = [
    `"""${header.join("\n").replace(/\\/g, "\\\\").replace(/"""/g, '\\"\\"\\"')}"""`,
    "",
    ...(files.length > 0 ? ["import os", ""] : []),
    "import pulumi",
    "import pulumi_tenant as tenant",
    ...(usesConfig ? ["", "# Secrets are stack configuration: see README.md.", "cfg = pulumi.Config()"] : []),
    ...(files.length > 0
      ? [
          "",
          "",
          "def read_file(name: str) -> str:",
          '    """The content of a file beside this program, byte for byte."""',
          '    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), name), encoding="utf-8", newline="") as f:',
          "        return f.read()",
        ]
      : []),
  ];
  return {
    "__main__.py": `${preamble.join("\n")}\n\n\n${blocks.join("\n\n")}\n`,
    "requirements.txt": `pulumi==${options.pulumiVersion}\n${pythonRequirement(options.providerVersion, options.sdkSources?.python)}\n`,
  };
}
