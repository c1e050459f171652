/**
 * What both TypeScript programs share (the one over the dynamic providers and the one over
 * the plugin's SDK): a reference printed as TypeScript, package.json and tsconfig.json.
 */
import { Code } from "../../printers/literal";
import { Interpolation, ResourceRef, SecretRef, type ModelResource } from "./model";
import type { ProgramRef } from "./program-parts";

/**
 * A reference as TypeScript: `cfg.requireSecret("…")` (`requireSecretObject` for a JSON
 * object), the file read beside the program, or the other resource's `.id`. `typed`: the
 * program's `tenant` is this package, whose types name an object's shapes (the plugin's SDK
 * has no such type).
 */
export function typescriptRef(ref: ProgramRef, typed = true): Code {
  if (ref instanceof ResourceRef) return new Code(`${ref.name}.id`);
  if (ref instanceof Interpolation) {
    // A template literal: the text's own backticks, backslashes and `${` stay text.
    const text = (part: string) => part.replace(/[`\\]|\$\{/g, (found) => `\\${found}`);
    const parts = ref.parts.map((part) => (typeof part === "string" ? text(part) : `\${${part.name}.id}`));
    return new Code(`pulumi.interpolate\`${parts.join("")}\``);
  }
  if (ref instanceof SecretRef) {
    // A JSON object from the configuration is read as the package's type of its shapes where one
    // names it (a connection's setup: its app's setups); otherwise untyped, and the check judges it.
    const read = ref.object
      ? `requireSecretObject<${typed && ref.typeName ? `tenant.${ref.typeName}` : "any"}>`
      : "requireSecret";
    return new Code(`cfg.${read}(${JSON.stringify(ref.key)})`);
  }
  return new Code(`fs.readFileSync(path.join(__dirname, ${JSON.stringify(ref.file)}), "utf8")`);
}

/**
 * The dependencies whose install scripts a generated project allows (npm 11's `allowScripts`; npm
 * warns of any other, and a later npm skips them): protobufjs, which `@pulumi/pulumi` installs, as
 * this repository's own package.json allows it.
 */
export const ALLOWED_INSTALL_SCRIPTS: Readonly<Record<string, true>> = { protobufjs: true };

/** A generated project's package.json: its name from the project's, private, `index.ts` as main. */
export function packageJson(projectName: string, description: string, dependencies: Record<string, string>): string {
  return `${JSON.stringify(
    {
      name:
        projectName
          .toLowerCase()
          .replace(/[^a-z0-9._-]+/g, "-")
          .replace(/^[._-]+/, "") || "tenant",
      private: true,
      description,
      main: "index.ts",
      dependencies,
      devDependencies: { "@types/node": "^20.19.0", typescript: "~5.9.3" },
      allowScripts: ALLOWED_INSTALL_SCRIPTS,
    },
    null,
    2,
  )}\n`;
}

/** A generated TypeScript project's tsconfig.json. */
export const TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      strict: true,
      outDir: "bin",
      target: "ES2022",
      module: "commonjs",
      moduleResolution: "node",
      sourceMap: true,
      esModuleInterop: true,
      skipLibCheck: true,
      forceConsistentCasingInFileNames: true,
    },
    files: ["index.ts"],
  },
  null,
  2,
)}\n`;

/** The resource options argument of a resource (`, { dependsOn: [login] }`), or nothing. */
export function typescriptOptions(resource: Pick<ModelResource, "dependsOn">): string {
  return resource.dependsOn?.length ? `, { dependsOn: [${resource.dependsOn.join(", ")}] }` : "";
}
