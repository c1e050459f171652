/**
 * Validators compiled when the package is built (issue 39). ajv compiling a kind's create
 * schema at the first check of a provider process took 0.24 s for the form's (0.45 s in a
 * busy plugin process), on the path of every preview and of a deployment's first write.
 *
 * The provider's build (`npm run build` in provider/) writes the create validator of every
 * collection kind of the table as ajv standalone code, `dist/provider/validators/<kind>.js`,
 * with the hash of the schema it was compiled from. At run time a create schema whose hash
 * matches uses it; any other schema (a kind a program declares, the sub-schemas walked at a
 * preview with unknowns, the sources run by ts-node, a build older than the table) is
 * compiled as before. The code calls the formats of the process's own ajv instance by name
 * (./shared.ts `validatorFormats`), which has the same ones the build's instance had.
 *
 * `node dist/provider/lifecycle/precompiled.js [dir]` writes them (default: the built
 * package's own `validators/`).
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { _, type ValidateFunction } from "ajv";
import standaloneCode from "ajv/dist/standalone";
import { contractFormats, createAjv, KIND_NAMES, kindSpec, type JsonSchema } from "../../api";

/** Where the build writes them: `validators/` beside `lifecycle/` (in `dist/provider/`). */
export const VALIDATORS_DIR = path.join(__dirname, "..", "validators");

/** The module, relative to a file of {@link VALIDATORS_DIR}, whose `validatorFormats()` gives the formats. */
const FORMATS_MODULE = "../lifecycle/shared";

/** A precompiled validator's module: the function, with the hash of its schema. */
type PrecompiledModule = ValidateFunction & { schemaHash?: string };

/** The hash that ties a precompiled validator to the schema it was compiled from. */
export function schemaHash(schema: JsonSchema): string {
  return createHash("sha256").update(JSON.stringify(schema)).digest("hex");
}

/** The table's kinds whose create schema is precompiled: the collections (with ids). */
export function precompiledKinds(): { kind: string; schema: JsonSchema }[] {
  return KIND_NAMES.flatMap((kind) => {
    const spec = kindSpec(kind);
    return spec?.id && spec.createSchema ? [{ kind, schema: spec.createSchema }] : [];
  });
}

/**
 * The precompiled validate function of `schema`, the create schema of kind `kind`, from
 * `dir`: undefined when there is none or it was compiled from another schema.
 */
export function precompiledValidate(
  kind: string,
  schema: JsonSchema,
  dir = VALIDATORS_DIR,
): ValidateFunction | undefined {
  const file = path.join(dir, `${kind}.js`);
  if (!fs.existsSync(file)) return undefined;
  const validate = require(file) as PrecompiledModule;
  return typeof validate === "function" && validate.schemaHash === schemaHash(schema) ? validate : undefined;
}

/** Writes the precompiled validators of `kinds` into `dir` (a sibling of `lifecycle/`); returns the files. */
export function writePrecompiledValidators(dir = VALIDATORS_DIR, kinds = precompiledKinds()): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return kinds.map(({ kind, schema }) => {
    const ajv = createAjv(contractFormats, _`require(${FORMATS_MODULE}).validatorFormats()`);
    const code = standaloneCode(ajv, ajv.compile(schema));
    const file = path.join(dir, `${kind}.js`);
    fs.writeFileSync(
      file,
      `// The create validator of kind "${kind}", written by provider/lifecycle/precompiled.ts at build time.\n` +
        `${code}\nmodule.exports.schemaHash = ${JSON.stringify(schemaHash(schema))};\n`,
    );
    return file;
  });
}

if (require.main === module) {
  const dir = process.argv[2] ? path.resolve(process.argv[2]) : VALIDATORS_DIR;
  const files = writePrecompiledValidators(dir);
  // On stderr: `npm pack --json` runs the build, and its stdout must stay JSON.
  console.error(`precompiled validators: ${files.length} in ${path.relative(process.cwd(), dir) || "."}`);
}
