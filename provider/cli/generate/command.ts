/**
 * `pulumi-tenant generate --out DIR`: a ready Pulumi program from a live tenant. Reads every
 * object of every kind (GETs only), builds the program the flags ask for (flags.ts: the
 * TypeScript one over the dynamic providers, or a plugin program in a language), writes it
 * with the secret values read, and prints the steps to a stack that adopts the objects.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { DEFAULT_NAMESPACE } from "../../client/settings";
import { TenantClient } from "../../client/http";
import { parseFlags, programTarget, projectNameFrom, settingsFromFlags } from "./flags";
import { generateHelp } from "./help";
import { describeContents } from "./model";
import { BucketPacer } from "./pacer";
import { buildPluginProgram, IMPORT_FILE, pluginSteps } from "./plugin-program";
import { localSdkSources, nodeSdkBeside, providerSource } from "./provider-source";
import { SECRETS_DIR } from "./secret-setup";
import { readTenant } from "./snapshot";
import { buildProgram, dynamicSteps } from "./typescript-program";

/** Exit codes of `pulumi-tenant generate`. */
export const GENERATE_EXIT = { ok: 0, error: 1 } as const;

/** The folder and manifest of the package that holds this file (`pulumi-tenant`), when found. */
export function ownPackage(): { dir: string; name: string; version: string } | undefined {
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
  const own = ownPackage();
  if (target.kind === "dynamic") {
    // The package as this program gets it: from a registry, else this very package packed beside it.
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
    process.stdout.write(nextSteps(out, withPacked(program, source.tarball), steps));
    return GENERATE_EXIT.ok;
  }
  const sdkSources = localSdkSources(own);
  if (target.language === "typescript") {
    // `@pulumi-tenant/sdk` is not on a registry: from a checkout it is compiled and packed beside the program.
    fs.mkdirSync(out, { recursive: true });
    const tarball = nodeSdkBeside(own, out, progress);
    if (tarball) sdkSources.nodejs = tarball;
  }
  const program = buildPluginProgram(snapshot, {
    ...common,
    language: target.language,
    providerVersion: providerVersion(),
    pluginPath: localPluginDir(),
    sdkSources,
  });
  writeProgram(out, program.files, program.secrets);
  if (target.language === "go") formatGo(path.join(out, "main.go"));
  if (target.importFile) {
    fs.mkdirSync(path.dirname(target.importFile), { recursive: true });
    fs.writeFileSync(target.importFile, program.files[IMPORT_FILE]!);
  }
  const steps = pluginSteps(snapshot.domain, { language: target.language, auth: common.auth }, program.secrets);
  process.stdout.write(nextSteps(out, withPacked(program, sdkSources.nodejs), steps, target.importFile));
  return GENERATE_EXIT.ok;
}

/** `program` with the tarball packed beside it (if any) among its files, as the next steps list them. */
function withPacked<P extends { files: Record<string, string> }>(program: P, tarball: string | undefined): P {
  return tarball ? { ...program, files: { ...program.files, [tarball]: "" } } : program;
}

/** Aligns a written Go file as `gofmt` does, when Go is installed (the program is valid Go either way). */
function formatGo(file: string): void {
  try {
    execFileSync("gofmt", ["-w", file], { stdio: "ignore", timeout: 30_000 });
  } catch {
    // No gofmt on PATH: the file stays as written, unaligned.
  }
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
