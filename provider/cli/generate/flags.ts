/**
 * The flags of `pulumi-tenant generate`: parsed (a value may start with a dash), the tenant's
 * settings with the `AUTH0_*` variables as fallbacks, the project name, and which program to
 * write. Errors say what to pass instead.
 */
import * as path from "node:path";
import { parseArgs } from "node:util";
import { ConfigurationError } from "../../client/errors";
import {
  ENV_KEYS,
  readSettingsInput,
  resolveSettings,
  type TenantSettings,
  type TenantSettingsInput,
} from "../../client/settings";
import { PLUGIN_LANGUAGES, type PluginLanguage } from "./plugin-program";

/** The flags of `generate`, by name. */
export interface GenerateFlags {
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

/** What to write: the dynamic-provider program, or a plugin program in a language. */
export type ProgramTarget = { kind: "dynamic" } | { kind: "plugin"; language: PluginLanguage; importFile?: string };

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
