/**
 * The prompts' settings (`/api/v2/prompts`): which login experience the tenant shows
 * (`universal_login_experience`), whether the identifier is asked on a screen of its own
 * (`identifier_first`), and whether a platform passkey may be the first factor
 * (`webauthn_platform_first_factor`). A singleton of the tenant that always exists: `PATCH`
 * merges the fields given, and every answer carries all three. The Terraform provider's
 * equivalent is `auth0_prompt`.
 */
import { boolean, enumOf, object, type Static } from "../../schema/builder";
import type { KindDeclaration } from "../../table/kind-spec";
import { PROMPT_SETTINGS_DEFAULTS, promptSettingsProviderHooks } from "./provider";

export { PROMPT_SETTINGS_DEFAULTS } from "./provider";

/** Path of the prompts' settings under `/api/v2`. */
export const PROMPT_SETTINGS_PATH = "/prompts";

/** The login experiences a tenant may show. */
export const LOGIN_EXPERIENCES = ["new", "classic"] as const;

/** The prompts' settings, as `PATCH` takes them and `GET` answers them (every field optional in a write). */
export const promptSettingsSchema = object({
  /** The login experience: `new` (Universal Login) or `classic`. */
  universal_login_experience: enumOf(LOGIN_EXPERIENCES),
  /** Whether the login asks for the identifier first, then the password on a screen of its own. */
  identifier_first: boolean(),
  /** Whether a platform passkey (WebAuthn) may be the first factor. */
  webauthn_platform_first_factor: boolean(),
});

/** The prompts' settings. */
export type PromptSettings = Static<typeof promptSettingsSchema>;

/** What each field of the prompts' settings means (the table's `fieldDocs`). */
const PROMPT_SETTINGS_FIELD_DOCS: Readonly<Record<string, string>> = {
  universal_login_experience: `The login experience the tenant shows: \`new\` (Universal Login) or \`classic\`; the service's default is \`${PROMPT_SETTINGS_DEFAULTS.universal_login_experience}\`.`,
  identifier_first: `Whether the login asks for the identifier first and the password on a screen of its own; default ${PROMPT_SETTINGS_DEFAULTS.identifier_first}.`,
  webauthn_platform_first_factor: `Whether a platform passkey (WebAuthn) may be the first factor; default ${PROMPT_SETTINGS_DEFAULTS.webauthn_platform_first_factor}.`,
};

/** The prompts' settings' entry in the table of kinds. */
export const promptSettingsKind = {
  typeName: "PromptSettings",
  label: "prompt settings",
  plural: "prompt settings",
  description:
    "The tenant's login prompts' settings (the login experience, identifier first, passkeys as a first factor): " +
    "a singleton of the tenant; a field left out is left as the tenant has it.",
  path: PROMPT_SETTINGS_PATH,
  shape: "singleton",
  singletonId: "prompts",
  // PATCH merges the fields given; removing the resource puts the service's defaults back.
  singletonWrites: { method: "PATCH", deleteWrites: PROMPT_SETTINGS_DEFAULTS },
  createSchema: promptSettingsSchema,
  updateSchema: promptSettingsSchema,
  responseSchema: promptSettingsSchema,
  secretPaths: [],
  secretsAre: "read-back",
  scopes: { get: "read:prompts", update: "update:prompts", delete: "update:prompts" },
  notFoundCode: "inexistent_prompts",
  fieldDocs: PROMPT_SETTINGS_FIELD_DOCS,
  example: { universal_login_experience: "new", identifier_first: true },
  lookups: [
    { name: "getPromptSettings", description: "Reads the tenant's prompts' settings.", args: [], result: "object" },
  ],
  provider: promptSettingsProviderHooks,
} as const satisfies KindDeclaration;
