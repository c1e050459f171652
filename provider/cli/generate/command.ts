/**
 * `pulumi-tenant generate --out DIR`: a ready Pulumi program from a live tenant. Reads
 * every form, event stream, the login page template and every rate limit policy (GETs
 * only) and writes a TypeScript project whose resources adopt those objects on that tenant.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { kindNames, kindSpec, type KindSpec } from "../../../api";
import { ConfigurationError } from "../../client/errors";
import { TenantClient } from "../../client/http";
import {
  ENV_KEYS,
  readSettingsInput,
  resolveSettings,
  type TenantSettings,
  type TenantSettingsInput,
} from "../../client/settings";
import { BucketPacer } from "./pacer";
import { buildProgram, DEFAULT_NAMESPACE, describeContents, dynamicSteps, SECRETS_DIR } from "./program";
import { buildPluginProgram, IMPORT_FILE, PLUGIN_LANGUAGES, type PluginLanguage, pluginSteps } from "./plugin-program";
import { localSdkSources, providerSource } from "./provider-source";
import { readTenant } from "./snapshot";

/** Exit codes of `pulumi-tenant generate`. */
export const GENERATE_EXIT = { ok: 0, error: 1 } as const;

/** The kinds, in the table's order, then the declared ones. */
const tableSpecs = (): KindSpec[] => kindNames().map((kind) => kindSpec(kind)!);

/** `text` wrapped as the rest of the help, at 86 columns. */
function wrapped(text: string): string {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + 1 + word.length <= 86) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines.join("\n");
}

/** What `generate` reads, from the table: every object of each collection, each singleton. */
function objectsRead(): string {
  const words = tableSpecs().map((spec) =>
    spec.shape !== "singleton"
      ? `every ${spec.label}`
      : spec.singletonKey
        ? `the ${spec.label} of every ${spec.singletonKey.field.replace(/_id$/, "").replace(/_/g, " ")}`
        : `the ${spec.label}`,
  );
  return [words.slice(0, -1).join(", "), ...words.slice(-1)].filter(Boolean).join(" and ");
}

/** The help's scope paragraph, from the table: each kind's read scope, an Early Access kind's with a global client. */
function scopesNeeded(): string {
  const specs = tableSpecs();
  const read = (spec: KindSpec) => spec.scopes.list ?? spec.scopes.get;
  const plain = specs.filter((spec) => !spec.earlyAccess).map(read);
  const early = specs.filter((spec) => spec.earlyAccess);
  const earlyWords = early.map((spec) => spec.plural).join(" and ");
  const words = [
    "Scopes the client needs:",
    ...plain.map((scope) => `${scope},`),
    ...(early.length > 0
      ? ["and", ...early.map(read), `with a global client for the ${earlyWords}. Without that scope,`]
      : []),
  ];
  if (early.length > 0)
    words.push(`a global client or the Early Access feature, the ${earlyWords} are skipped with a note.`);
  return wrapped(words.join(" "));
}

/** The help of `generate`, from the table of kinds as it is now (kinds declared with `defineKind` too). */
export const generateHelp = (): string => `Usage: pulumi-tenant generate --out DIR [options]

${wrapped(`Reads ${objectsRead()} of a tenant and writes a ready Pulumi project to DIR, one resource per object:`)}

- by default a TypeScript program over the dynamic providers (package \`pulumi-tenant\`):
  Pulumi.yaml, package.json, tsconfig.json, index.ts, adopt.json (the tenant's ids, by
  resource), login.html, README.md, .gitignore. On this tenant the first \`pulumi up\` adopts
  every object and writes nothing while the tenant matches; a stack on any other tenant
  creates its own objects from the same code (tenant.adoption answers the ids by tenant).
- with --language python|go|yaml (or --plugin for TypeScript) a program over the resource
  plugin \`tenant\` and its SDK (__main__.py and requirements.txt, main.go and go.mod, or
  index.ts and package.json), with ${IMPORT_FILE}: \`pulumi import --file ${IMPORT_FILE}\`
  adopts every object by id without a write, then \`pulumi preview\` shows no change.

Only GET requests are sent: nothing in the tenant changes. Lists are read page by page
(one GET per form besides, since the forms list holds summaries), 429 answers are waited
out as Retry-After says, and progress goes to stderr.

Options:
  --out DIR            the folder to write (created; must be empty unless --force)
  --domain DOMAIN      the tenant's domain or origin        (default: $AUTH0_DOMAIN)
  --client-id ID       a machine-to-machine client's id     (default: $AUTH0_CLIENT_ID)
  --client-secret S    its secret                           (default: $AUTH0_CLIENT_SECRET)
  --api-token TOKEN    a Management API token instead       (default: $AUTH0_API_TOKEN)
  --audience URL       the token audience                   (default: $AUTH0_AUDIENCE, else <origin>/api/v2/)
  --language LANG      typescript (default), python, go or yaml; python, go and yaml are plugin programs
  --plugin             a TypeScript program over the resource plugin and @pulumi-tenant/sdk
  --import-file FILE   also write the \`pulumi import --file\` file to FILE (implies --plugin;
                       plugin programs always get DIR/${IMPORT_FILE})
  --tenant NS          the dynamic providers' configuration namespace in the program (default:
                       tenant); plugin programs choose a tenant with a tenant.Provider instead
  --project NAME       the Pulumi project name (default: the folder's name)
  --refresh-always     write \`options: refresh: always\` into Pulumi.yaml: every preview and up
                       reads the tenant first (a list page per 100 objects), so a plain \`pulumi up\`
                       undoes drift (without it: \`pulumi up --refresh\`)
  --force              write into a folder that is not empty (overwrites the generated files)
  --quiet              no progress lines
  -h, --help           this text

${scopesNeeded()}

Secrets: write-only ones (webhook secrets: password, token, header value; any field the
API never answers, a whole object too) become configuration placeholders; form component
secrets (reCAPTCHA secret key, Google Maps API key, payment private key, verifiable
credentials access token) are read from the tenant into DIR/${SECRETS_DIR}/ (mode 0600,
git-ignored). The program reads all of them from the stack configuration, and the
\`pulumi config set --secret\` lines to run are printed at the end.

References: a field holding another object's id is written as that resource's id
(\`flow.id\`), never as the tenant's literal id; an id naming an object the tenant lacks
is kept, with a note in the README.

Exit codes: 0 the program was written, 1 error (message on stderr).`;

interface GenerateFlags {
  out?: string;
  domain?: string;
  "client-id"?: string;
  "client-secret"?: string;
  "api-token"?: string;
  audience?: string;
  tenant?: string;
  project?: string;
  force?: boolean;
  quiet?: boolean;
  help?: boolean;
  "refresh-always"?: boolean;
  language?: string;
  plugin?: boolean;
  "import-file"?: string;
}

const STRING_FLAGS = [
  "out",
  "domain",
  "client-id",
  "client-secret",
  "api-token",
  "audience",
  "tenant",
  "project",
  "language",
  "import-file",
] as const;

/** Parses the flags. A value may start with a dash (client ids and secrets do): `--client-id -x` is read as `--client-id=-x`. */
export function parseFlags(args: string[]): GenerateFlags {
  const joined: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    const isStringFlag = arg.startsWith("--") && (STRING_FLAGS as readonly string[]).includes(arg.slice(2));
    if (isStringFlag && index + 1 < args.length) {
      joined.push(`${arg}=${args[index + 1]}`);
      index += 1;
    } else {
      joined.push(arg);
    }
  }
  const options = Object.fromEntries(STRING_FLAGS.map((flag) => [flag, { type: "string" as const }]));
  const { values } = parseArgs({
    args: joined,
    strict: true,
    options: {
      ...options,
      force: { type: "boolean" },
      quiet: { type: "boolean" },
      "refresh-always": { type: "boolean" },
      plugin: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  return values as GenerateFlags;
}

/** Settings from the flags, with the `AUTH0_*` variables as fallbacks; errors name both. */
export function settingsFromFlags(flags: GenerateFlags, env: NodeJS.ProcessEnv = process.env): TenantSettings {
  const fromEnv = readSettingsInput(() => undefined, env);
  const input: TenantSettingsInput = {
    domain: flags.domain ?? fromEnv.domain,
    clientId: flags["client-id"] ?? fromEnv.clientId,
    clientSecret: flags["client-secret"] ?? fromEnv.clientSecret,
    apiToken: flags["api-token"] ?? fromEnv.apiToken,
    audience: flags.audience ?? fromEnv.audience,
  };
  const missing: string[] = [];
  if (!input.domain) missing.push(`--domain (or ${ENV_KEYS.domain})`);
  if (!input.apiToken && !(input.clientId && input.clientSecret)) {
    missing.push(
      `--client-id and --client-secret (or ${ENV_KEYS.clientId} and ${ENV_KEYS.clientSecret}), or --api-token (or ${ENV_KEYS.apiToken})`,
    );
  }
  if (missing.length > 0)
    throw new ConfigurationError(`Which tenant? Missing ${missing.join("; ")}. See \`pulumi-tenant generate --help\`.`);
  return resolveSettings(input);
}

/** A Pulumi project name from a folder name: letters, digits, `-`, `_`, `.`. */
export function projectNameFrom(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9_.-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "");
  return cleaned || "tenant";
}

/** The folder and manifest of the package that holds this file (`pulumi-tenant`), when found. */
function ownPackage(): { dir: string; name: string; version: string } | undefined {
  for (let dir = __dirname; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string; version?: string };
    if (manifest.name === "pulumi-tenant" && manifest.version)
      return { dir, name: manifest.name, version: manifest.version };
  }
  return undefined;
}

/** The version of `pulumi-tenant`, for the generated package.json and the plugin version. */
export function providerVersion(): string {
  return ownPackage()?.version ?? "0.2.0";
}

function pulumiSdkVersion(): string {
  try {
    return (require("@pulumi/pulumi/package.json") as { version: string }).version;
  } catch {
    return "3.248.0";
  }
}

function checkOutDir(out: string, force: boolean): void {
  if (!fs.existsSync(out)) return;
  if (!fs.statSync(out).isDirectory()) throw new Error(`--out ${out} is a file, not a folder.`);
  if (!force && fs.readdirSync(out).length > 0) {
    throw new Error(
      `--out ${out} is not empty: choose a new folder, or pass --force to overwrite the generated files in it.`,
    );
  }
}

/** Runs the `generate` subcommand with its arguments; returns the exit code. */
export async function generateCommand(args: string[]): Promise<number> {
  const flags = parseFlags(args);
  if (flags.help) {
    process.stdout.write(`${generateHelp()}\n`);
    return GENERATE_EXIT.ok;
  }
  if (!flags.out)
    throw new Error("--out DIR is required: the folder to write the program to. See `pulumi-tenant generate --help`.");
  const out = path.resolve(flags.out);
  checkOutDir(out, flags.force ?? false);
  const target = programTarget(flags);
  const namespace = flags.tenant ?? DEFAULT_NAMESPACE;
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(namespace))
    throw new Error(`--tenant ${namespace}: a configuration namespace is a word (letters, digits, - and _).`);
  const settings = settingsFromFlags(flags);
  const progress = flags.quiet ? undefined : (line: string) => process.stderr.write(`generate: ${line}\n`);

  progress?.(`reading ${settings.origin} (GET requests only)`);
  const started = Date.now();
  // The pacer spreads the GETs at the tenant's announced rate: a 429 would stall every request for a second or more.
  const snapshot = await readTenant(new TenantClient(settings, { limiter: new BucketPacer() }), { progress });
  progress?.(`read ${describeContents(snapshot)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const common = {
    projectName: projectNameFrom(flags.project ?? path.basename(out)),
    pulumiVersion: pulumiSdkVersion(),
    auth: { clientId: settings.clientId },
    refreshAlways: flags["refresh-always"] ?? false,
  };
  if (target.kind === "dynamic") {
    // The package as this program gets it: from a registry, else this very package packed beside it.
    const own = ownPackage();
    fs.mkdirSync(out, { recursive: true });
    const source = own ? providerSource(own, out) : { spec: `^${providerVersion()}` };
    const program = buildProgram(snapshot, {
      ...common,
      namespace,
      providerVersion: source.spec,
      ...(source.tarball ? { providerTarball: source.tarball } : {}),
    });
    writeProgram(out, program.files, program.secrets);
    const steps = dynamicSteps(snapshot.domain, namespace, common.auth, program.secrets);
    const written = { ...program, files: { ...program.files, ...(source.tarball ? { [source.tarball]: "" } : {}) } };
    process.stdout.write(nextSteps(out, written, steps));
    return GENERATE_EXIT.ok;
  }
  const program = buildPluginProgram(snapshot, {
    ...common,
    language: target.language,
    providerVersion: providerVersion(),
    pluginPath: localPluginDir(),
    sdkSources: localSdkSources(ownPackage()),
  });
  writeProgram(out, program.files, program.secrets);
  if (target.language === "go") formatGo(path.join(out, "main.go"));
  if (target.importFile) {
    fs.mkdirSync(path.dirname(target.importFile), { recursive: true });
    fs.writeFileSync(target.importFile, program.files[IMPORT_FILE]!);
  }
  const steps = pluginSteps(snapshot.domain, { language: target.language, auth: common.auth }, program.secrets);
  process.stdout.write(nextSteps(out, program, steps, target.importFile));
  return GENERATE_EXIT.ok;
}

/** Aligns a written Go file as `gofmt` does, when Go is installed (the program is valid Go either way). */
function formatGo(file: string): void {
  try {
    execFileSync("gofmt", ["-w", file], { stdio: "ignore", timeout: 30_000 });
  } catch {
    // No gofmt on PATH: the file stays as written, unaligned.
  }
}

/** What to write: the dynamic-provider program, or a plugin program in a language. */
type ProgramTarget = { kind: "dynamic" } | { kind: "plugin"; language: PluginLanguage; importFile?: string };

/** The target the flags ask for; contradictions are errors that say what to pass instead. */
export function programTarget(flags: GenerateFlags): ProgramTarget {
  const language = (flags.language ?? "typescript") as PluginLanguage;
  if (!PLUGIN_LANGUAGES.includes(language))
    throw new Error(`--language ${flags.language}: choose one of ${PLUGIN_LANGUAGES.join(", ")}.`);
  const plugin = language !== "typescript" || flags.plugin === true || flags["import-file"] !== undefined;
  if (!plugin) return { kind: "dynamic" };
  if (flags.tenant !== undefined)
    throw new Error(
      "--tenant names a configuration namespace of the dynamic providers; a plugin program (--language python|go|yaml, " +
        "--plugin or --import-file) chooses its tenant with tenant:* configuration or a tenant.Provider: drop --tenant.",
    );
  return {
    kind: "plugin",
    language,
    ...(flags["import-file"] !== undefined ? { importFile: path.resolve(flags["import-file"]) } : {}),
  };
}

/** The folder of the resource plugin's launcher in this install (`provider/bin`), when it is there. */
export function localPluginDir(): string | undefined {
  const own = ownPackage();
  const bin = own && path.join(own.dir, "bin");
  return bin && fs.existsSync(path.join(bin, "pulumi-resource-tenant")) ? bin : undefined;
}

/** Writes the files, and the secret values the API returned into a private, git-ignored folder. */
export function writeProgram(
  out: string,
  files: Record<string, string>,
  secrets: { name: string; value?: string }[],
): void {
  fs.mkdirSync(out, { recursive: true });
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(out, name), content);
  const known = secrets.filter((secret) => secret.value !== undefined);
  if (known.length === 0) return;
  const dir = path.join(out, SECRETS_DIR);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  for (const secret of known) {
    const file = path.join(dir, secret.name);
    // No trailing newline: `pulumi config set` reads the value from stdin as it is.
    fs.writeFileSync(file, secret.value!, { mode: 0o600 });
    fs.chmodSync(file, 0o600);
  }
}

function nextSteps(
  out: string,
  program: { files: Record<string, string>; resources: { kind: string }[]; secrets: { value?: string }[] },
  steps: string[],
  importFile?: string,
): string {
  const fromHere = path.relative(process.cwd(), out);
  const relative = fromHere === "" ? "." : fromHere.startsWith("..") ? out : fromHere;
  const counts = new Map<string, number>();
  for (const resource of program.resources) counts.set(resource.kind, (counts.get(resource.kind) ?? 0) + 1);
  const summary = [...counts].map(([kind, n]) => `${n} ${kind}`).join(", ") || "no resources";
  const known = program.secrets.filter((secret) => secret.value !== undefined);
  const lines = [
    `Wrote ${relative}/: ${Object.keys(program.files).join(", ")}${known.length > 0 ? `, ${SECRETS_DIR}/` : ""}`,
    ...(importFile ? [`Wrote ${importFile}`] : []),
    `  ${program.resources.length} resources (${summary}), ${program.secrets.length} secrets read from the stack configuration`,
    "",
    "Next, in that folder:",
    "",
    `  cd ${relative}`,
    ...steps.map((line) => `  ${line}`),
    "",
  ];
  return `${lines.join("\n")}\n`;
}
