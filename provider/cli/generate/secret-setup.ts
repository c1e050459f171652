/**
 * How a generated program's secrets are set: the `pulumi config set --secret` lines (a value
 * read into {@link SECRETS_DIR}, a prompt, or an object's fields by `--path`) and the
 * README's words on them (what each holds; an object's shapes from its schema).
 */
import { shellWord } from "../shell";
import type { SecretConfig } from "./model";

/** The folder of secret values read from the tenant (git-ignored; delete it once the config is set). */
export const SECRETS_DIR = ".tenant-secrets";

/**
 * The `pulumi config set --secret` lines of each secret, relative to the project folder: a
 * value read into {@link SECRETS_DIR}, a prompt, or (a JSON object) one `--path` line per
 * field of its first example, known values given and the others prompted for.
 */
export function secretLines(secrets: SecretConfig[]): string[] {
  return secrets.flatMap((secret) => {
    if (secret.value !== undefined)
      return [`pulumi config set --secret ${secret.name} < ${SECRETS_DIR}/${secret.name}`];
    if (secret.object) {
      return leavesOf(secret.object.examples[0], secret.name).map(([place, value]) =>
        typeof value === "string" && /^<.*>$/.test(value)
          ? `pulumi config set --secret --path ${shellWord(place)}     # prompts: ${value.slice(1, -1)}`
          : `pulumi config set --secret --path ${shellWord(place)} ${shellWord(String(value))}`,
      );
    }
    return [`pulumi config set --secret ${secret.name}     # prompts: ${secret.description}`];
  });
}

/** The leaves of an example object as `--path` places (`storeSetup.api_key`, `list[0]`) and their values. */
function leavesOf(value: unknown, place: string): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leavesOf(item, `${place}[${index}]`));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) =>
      leavesOf(item, /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${place}.${key}` : `${place}[${JSON.stringify(key)}]`),
    );
  }
  return [[place, value]];
}

/**
 * The README's lines on the secrets: webhook secrets are write-only (`compare`: what the
 * provider makes of that), form component secrets were read into {@link SECRETS_DIR}.
 */
export function secretNotes(secrets: SecretConfig[], compare: string[]): string[] {
  return [
    ...(secrets.some((secret) => secret.value === undefined)
      ? [
          "",
          "Write-only secrets (webhook secrets, a connection's setup, …): the API never returns them, so type in the",
          "ones in use.",
          ...compare,
        ]
      : []),
    ...secretList(secrets),
    ...(secrets.some((secret) => secret.value !== undefined)
      ? [
          "",
          `Form component secrets were read from the tenant into \`${SECRETS_DIR}/\` (git-ignored, readable by you only):`,
          "set them as above, then delete the folder.",
        ]
      : []),
  ];
}

/** The README's list of the secrets: each with what it holds; a JSON object with examples of its shape. */
export function secretList(secrets: SecretConfig[]): string[] {
  if (secrets.length === 0) return [];
  return [
    "",
    "The secrets the program reads from the stack configuration:",
    "",
    ...secrets.flatMap((secret) => [
      `- \`${secret.name}\`: ${secret.description}${secret.object ? ". A JSON object, for example:" : ""}`,
      ...(secret.object
        ? [
            "",
            "  ```json",
            ...secret.object.examples.map((example) => `  ${JSON.stringify(example)}`),
            "  ```",
            "",
            "  (one of these shapes; set it field by field with `pulumi config set --secret --path`, as above).",
          ]
        : []),
    ]),
  ];
}
