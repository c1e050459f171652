/**
 * The prompts' settings' own rules on the provider's side: the tenant always has them, so a
 * program manages only the fields it writes (a field left out is the tenant's, not drift), the
 * service's defaults count as none (`generate` writes no resource for them, and a program may
 * create the resource without `adopt`), and removing the resource writes the defaults back.
 */
import type { ProviderHooks } from "../../table/provider-hooks";

/**
 * What the service answers for a tenant whose settings were never written (the first answer of
 * the recorded acceptance test `TestAccPrompt`, which wrote only `identifier_first: false`).
 */
export const PROMPT_SETTINGS_DEFAULTS = {
  universal_login_experience: "new",
  identifier_first: false,
  webauthn_platform_first_factor: true,
} as const;

const FIELDS = Object.keys(PROMPT_SETTINGS_DEFAULTS) as (keyof typeof PROMPT_SETTINGS_DEFAULTS)[];

/** `current` with only the fields `desired` sets: the others are the tenant's to keep. */
export function managedSettings(
  desired: Readonly<Record<string, unknown>>,
  current: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    FIELDS.filter((field) => desired[field] !== undefined).map((field) => [field, current[field]]),
  );
}

/** `universal_login_experience new, identifier_first true, …`. */
export const settingsWords = (fields: Readonly<Record<string, unknown>>): string =>
  FIELDS.filter((field) => fields[field] !== undefined)
    .map((field) => `${field} ${String(fields[field])}`)
    .join(", ");

/** The prompts' settings' provider hooks. */
export const promptSettingsProviderHooks = {
  naming: { words: () => "prompt settings" },
  generate: { comment: () => "The tenant's login prompts' settings." },
  singleton: {
    fromResponse: (answer) =>
      Object.fromEntries(FIELDS.map((field) => [field, (answer as Record<string, unknown> | null)?.[field]])),
    comparable: managedSettings,
    isEmpty: (fields) =>
      FIELDS.every((field) => fields[field] === undefined || fields[field] === PROMPT_SETTINGS_DEFAULTS[field]),
    describe: settingsWords,
    noneMeans: "the service's defaults",
  },
} as const satisfies ProviderHooks;
