/** Values of `pulumi stack export --show-secrets` as the program had them. */

/** The signature key of a secret value in Pulumi's state, and its value. */
const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/**
 * `value` with every secret envelope of an export replaced by its plaintext (JSON-decoded, as
 * `--show-secrets` writes it); an envelope still encrypted becomes undefined.
 */
export function revealExported(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revealExported);
  if (value === null || typeof value !== "object") return value;
  const object = value as Record<string, unknown>;
  if (object[SECRET_SIG_KEY] === SECRET_SIG) {
    if (typeof object.plaintext === "string") return revealExported(JSON.parse(object.plaintext));
    return "value" in object ? revealExported(object.value) : undefined;
  }
  return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, revealExported(item)]));
}
