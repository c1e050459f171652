/**
 * `npm run sdk`: writes the SDKs of the provider plugin — sdk/nodejs, sdk/python, sdk/go,
 * sdk/java — from `schema.json`: the first three with the project's code generator
 * (scripts/codegen/main.go on Pulumi's own codegen), Java with pulumi-java's language host
 * (`pulumi package gen-sdk --language java`), both built and cached by
 * scripts/setup-languages.sh. They are committed, as Pulumi providers do, so that programs
 * use them straight from a checkout.
 *
 * `--check` writes them to a temporary folder instead and names every file that differs
 * from sdk/ (exit 1): `npm test` runs it so the committed SDKs never fall behind the table
 * of kinds.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "./lib/pulumi";
import { multiWordSchemaNames, spellFieldSpans, spellForLanguage } from "../provider/schema/names";
import { parseScriptArgs } from "./lib/args";
import { JAVA_BASE_PACKAGE } from "../provider/schema/identity";

export const SDK_LANGUAGES = ["nodejs", "python", "go", "java"] as const;
const CODEGEN_LANGUAGES = ["nodejs", "python", "go"] as const;
export const SDK_DIR = path.join(REPO_ROOT, "sdk");

/** Builds (or finds) the generator; returns its path. Progress goes to stderr. */
export function ensureCodegen(): string {
  const out = execFileSync("bash", [path.join(REPO_ROOT, "scripts", "setup-languages.sh"), "--sdk-only"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  });
  return path.join(out.trim().split("\n").pop() ?? "", "pulumi-tenant-codegen");
}

/** Generates every SDK from `schemaFile` into `outDir/<language>`. */
export function generateSdks(codegen: string, schemaFile: string, outDir: string): void {
  execFileSync(codegen, [schemaFile, outDir, ...CODEGEN_LANGUAGES], { stdio: ["ignore", "ignore", "inherit"] });
  giveNodeResourcesTurns(path.join(outDir, "nodejs"));
  generateJava(path.dirname(codegen), schemaFile, outDir);
  for (const language of SDK_LANGUAGES) spellFieldsInDocs(path.join(outDir, language), language);
}

/**
 * The modules of a program's side that both doors' resource classes use: written once in
 * provider/lifecycle/, copied into the Node SDK (a package of its own cannot import the
 * provider's), under the SDK's own spelling of file names.
 */
const PROGRAM_MODULES = [
  ["registration-turns.ts", "registrationTurns.ts"],
  ["stack-formatting.ts", "stackFormatting.ts"],
] as const;

/** What `utilities.ts` of the Node SDK gets: the calls its resource classes make. */
const UTILITIES_ADDED = `
/**
 * \`opts\` with the resource's turn to register (./registrationTurns.ts): a promise of their own
 * \`dependsOn\`, which the SDK awaits before it prepares the registration. The first resource of
 * a burst registers at once, with \`opts\` as they are.
 *
 * @internal
 */
export function inTurn(opts: pulumi.CustomResourceOptions): pulumi.CustomResourceOptions {
    const dependsOn = registrationTurns.inTurn(opts.dependsOn);
    return dependsOn === opts.dependsOn ? opts : { ...opts, dependsOn: dependsOn as pulumi.Input<pulumi.Resource> };
}

/**
 * Before a resource of this package calls the SDK's constructor: the stack traces the SDK takes
 * are made cheap (./stackFormatting.ts), this package's frames left out of the registration's.
 *
 * @internal
 */
export function enterRegistration(): void {
    stackFormatting.enterRegistration(__dirname + path.sep);
}

/** @internal */
export function leaveRegistration(): void {
    stackFormatting.leaveRegistration();
}
`;

/**
 * The Node SDK's resources register as the dynamic classes do (issue 39): in turns
 * (provider/lifecycle/registration-turns.ts says why), and with the SDK's stack traces cheap
 * (provider/lifecycle/stack-formatting.ts). The generated SDK `dir` gets a copy of those
 * modules, `utilities.ts` the functions its resource classes call ({@link UTILITIES_ADDED}),
 * and each resource class's constructor calls them around the SDK's constructor. What a
 * resource registers is unchanged (the same inputs and dependencies), only when, and its
 * stack trace's frames.
 */
export function giveNodeResourcesTurns(dir: string): void {
  for (const [source, copy] of PROGRAM_MODULES)
    fs.writeFileSync(
      path.join(dir, copy),
      `// *** Copied from provider/lifecycle/${source} by scripts/sdk.ts: edit that file. ***\n\n` +
        fs.readFileSync(path.join(REPO_ROOT, "provider", "lifecycle", source), "utf8"),
    );
  const tsconfigFile = path.join(dir, "tsconfig.json");
  const tsconfig = fs.readFileSync(tsconfigFile, "utf8");
  const files = tsconfig.replace(
    /\n(\s*)"types\/index\.ts",/,
    (_, indent: string) =>
      `${PROGRAM_MODULES.map(([, copy]) => `\n${indent}"${copy}",`).join("")}\n${indent}"types/index.ts",`,
  );
  if (files === tsconfig) throw new Error(`${tsconfigFile}: no "types/index.ts" in its files to put the copies before`);
  fs.writeFileSync(tsconfigFile, files);
  const utilitiesFile = path.join(dir, "utilities.ts");
  const utilities = fs.readFileSync(utilitiesFile, "utf8");
  const imports = 'import * as pulumi from "@pulumi/pulumi";\n';
  if (!utilities.includes(imports))
    throw new Error(`${utilitiesFile}: no import of @pulumi/pulumi to add the copies' beside`);
  fs.writeFileSync(
    utilitiesFile,
    utilities.replace(
      imports,
      `import * as path from "path";\n${imports}import * as registrationTurns from "./registrationTurns";\nimport * as stackFormatting from "./stackFormatting";\n`,
    ) + UTILITIES_ADDED,
  );
  let classes = 0;
  for (const file of listFiles(dir)) {
    if (!file.endsWith(".ts")) continue;
    const full = path.join(dir, file);
    const text = fs.readFileSync(full, "utf8");
    if (!/ extends pulumi\.CustomResource \{/.test(text)) continue;
    const turned = text.replace(
      /\n(\s*)super\((\w+\.__pulumiType, name, resourceInputs, )opts\);/,
      (_, indent: string, args: string) =>
        [
          "",
          `${indent}utilities.enterRegistration();`,
          `${indent}try {`,
          `${indent}    super(${args}utilities.inTurn(opts));`,
          `${indent}} finally {`,
          `${indent}    utilities.leaveRegistration();`,
          `${indent}}`,
        ].join("\n"),
    );
    if (turned === text)
      throw new Error(`${full}: a resource class whose constructor registers otherwise than expected`);
    fs.writeFileSync(full, turned);
    classes++;
  }
  if (classes === 0) throw new Error(`${dir}: no resource class found to give turns`);
}

/**
 * The package schema's descriptions name fields in its camelCase (`nextNode`); Pulumi's
 * codegen copies them as they are. In a language that spells fields otherwise (Python
 * `next_node`, Go `NextNode`), the comments of the generated SDK `dir` are rewritten so they
 * name each field as that SDK's code does.
 */
export function spellFieldsInDocs(dir: string, language: string): void {
  const spell = spellForLanguage(language);
  if (!spell) return;
  const fields = multiWordSchemaNames();
  for (const file of listFiles(dir)) {
    const full = path.join(dir, file);
    const text = fs.readFileSync(full, "utf8");
    const next = spellFieldSpans(text, fields, spell);
    if (next !== text) fs.writeFileSync(full, next);
  }
}

/**
 * The Java SDK, by the CLI and pulumi-java's language host (both in `binDir`), plus the two
 * resources its Gradle build would write at build time (`version.txt`, `plugin.json`), so
 * that a Maven program can compile it from source as the end-to-end test does.
 */
function generateJava(binDir: string, schemaFile: string, outDir: string): void {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-sdk-home-"));
  const work = path.join(home, "out");
  try {
    execFileSync(path.join(binDir, "pulumi"), ["package", "gen-sdk", schemaFile, "--language", "java", "--out", work], {
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        ...process.env,
        PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`,
        PULUMI_HOME: home,
        PULUMI_SKIP_UPDATE_CHECK: "true",
      },
    });
    const target = path.join(outDir, "java");
    fs.cpSync(path.join(work, "java"), target, { recursive: true });
    const { name, version, pluginDownloadURL } = JSON.parse(fs.readFileSync(schemaFile, "utf8")) as {
      name: string;
      version: string;
      pluginDownloadURL?: string;
    };
    const resources = path.join(target, "src", "main", "resources", ...JAVA_BASE_PACKAGE.split("."), name);
    fs.mkdirSync(resources, { recursive: true });
    fs.writeFileSync(path.join(resources, "version.txt"), `${version}\n`);
    fs.writeFileSync(
      path.join(resources, "plugin.json"),
      // `server`: where the engine downloads the plugin from (the Java language host reports it).
      `${JSON.stringify({ resource: true, name, version, ...(pluginDownloadURL ? { server: pluginDownloadURL } : {}) }, null, 2)}\n`,
    );
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** Every file under `dir` (none when it does not exist), as paths relative to it. */
export function listFiles(dir: string, prefix = ""): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    );
}

/**
 * What `pip install` of sdk/python leaves in it (a generated Python program's requirements.txt
 * names the checkout's sdk/python, and pip builds it in place): ignored by git (sdk/python's
 * .gitignore) and by the comparison.
 */
const PIP_BUILD_OUTPUT = /^python\/(build\/|[^/]+\.egg-info\/)/;

/** The files that differ between two trees, each with what is wrong with it (pip's build output aside). */
export function compareTrees(expected: string, actual: string): string[] {
  const wanted = new Set(listFiles(expected));
  const present = new Set(listFiles(actual).filter((file) => !PIP_BUILD_OUTPUT.test(file)));
  const problems: string[] = [];
  for (const file of [...wanted].sort()) {
    if (!present.has(file)) problems.push(`${file}: missing`);
    else if (!fs.readFileSync(path.join(expected, file)).equals(fs.readFileSync(path.join(actual, file))))
      problems.push(`${file}: out of date`);
  }
  for (const file of [...present].sort()) if (!wanted.has(file)) problems.push(`${file}: no longer generated`);
  return problems;
}

function main(): void {
  const check = parseScriptArgs("npm run sdk", { check: { type: "boolean" } }).values.check ?? false;
  const schemaFile = path.join(REPO_ROOT, "schema.json");
  if (!fs.existsSync(schemaFile)) throw new Error(`${schemaFile} is missing: run \`npm run schema\` first.`);
  const codegen = ensureCodegen();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-sdk-"));
  try {
    generateSdks(codegen, schemaFile, work);
    if (check) {
      const problems = compareTrees(work, SDK_DIR);
      if (problems.length > 0) {
        console.error(
          `The committed SDKs (sdk/) are not what schema.json generates:\n  ${problems.join("\n  ")}\n` +
            "Run `npm run sdk` and commit sdk/.",
        );
        process.exit(1);
      }
      console.log(`sdk/ is current (${SDK_LANGUAGES.join(", ")})`);
      return;
    }
    for (const language of SDK_LANGUAGES) {
      const target = path.join(SDK_DIR, language);
      fs.rmSync(target, { recursive: true, force: true });
      fs.mkdirSync(SDK_DIR, { recursive: true });
      fs.cpSync(path.join(work, language), target, { recursive: true });
      console.log(`wrote ${path.relative(REPO_ROOT, target)}/ (${listFiles(target).length} files)`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) main();
