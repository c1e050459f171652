/**
 * A prompt's custom text in one language (`/api/v2/prompts/{prompt}/custom-text/{language}`):
 * each screen's texts by key (`{"login": {"title": "Welcome"}}`). A singleton keyed by the
 * prompt and the language, its id `<prompt>:<language>` (`login-id:en`). `PUT` replaces the whole
 * object for that prompt and language; `GET` answers `{}` before any write. The Terraform
 * provider's equivalent is `auth0_prompt_custom_text`.
 */
import { object, record, string, type Static } from "../../schema/builder";
import type { KindDeclaration } from "../../table/kind-spec";
import { changesByScreen, PROMPT_LANGUAGES, PROMPT_NAMES } from "../../prompt-names";
import { customTextLanguagesToRead, promptCustomTextProviderHooks } from "./provider";

/** Path of a prompt's custom text in one language under `/api/v2`. */
export const PROMPT_CUSTOM_TEXT_PATH = "/prompts/{prompt}/custom-text/{language}";

/** Each screen's texts by key, as `PUT` takes and `GET` answers them. */
export const customTextBodySchema = record(record(string()));

/** A prompt's custom text in one language, in the program's words. */
export const promptCustomTextSchema = object(
  {
    /** The prompt (`login`, `login-id`, …): with `language`, the object's id. */
    prompt: string({ replaceOnChange: true }),
    /** The language (`en`, `fr-CA`, …): with `prompt`, the object's id. */
    language: string({ replaceOnChange: true }),
    /** Each screen's texts by key: `{"login": {"title": "Welcome"}}`. */
    body: customTextBodySchema,
  },
  { required: ["prompt", "language", "body"] },
);

/** A prompt's custom text in one language. */
export type PromptCustomText = Static<typeof promptCustomTextSchema>;

/** What each field means (the table's `fieldDocs`). */
const PROMPT_CUSTOM_TEXT_FIELD_DOCS: Readonly<Record<string, string>> = {
  prompt:
    "The prompt whose screens' texts these are (`login`, `login-id`, …; the service's names). A change replaces the resource.",
  language: "The language of the texts (`en`, `fr-CA`, …; the service's names). A change replaces the resource.",
  body:
    'Each screen\'s texts by key (`{login: {title: "Welcome"}}`): the whole custom text of the prompt in the language; ' +
    "a key left out shows the service's default text.",
};

/** The custom text's entry in the table of kinds. */
export const promptCustomTextKind = {
  typeName: "PromptCustomText",
  label: "prompt custom text",
  plural: "prompt custom texts",
  description:
    "The texts of one prompt's screens in one language, by screen and key; one per prompt and language, " +
    "its id `<prompt>:<language>` (`login-id:en`).",
  path: PROMPT_CUSTOM_TEXT_PATH,
  shape: "singleton",
  singletonKey: {
    field: "prompt",
    fields: ["prompt", "language"],
    // Without the tenant's languages, generate would read every prompt in every language.
    values: PROMPT_NAMES.map((prompt) => `${prompt}:en`),
    valuesFrom: customTextLanguagesToRead,
  },
  // PUT replaces the whole object; removing the resource writes it empty (the service's texts).
  singletonWrites: { method: "PUT", deleteWrites: { body: {} } },
  // A refresh says what was edited by hand, by screen and key.
  readChanges: (before, after) => changesByScreen(before.body, after.body),
  createSchema: promptCustomTextSchema,
  updateSchema: promptCustomTextSchema,
  responseSchema: promptCustomTextSchema,
  secretPaths: [],
  secretsAre: "read-back",
  scopes: { get: "read:prompts", update: "update:prompts", delete: "update:prompts" },
  notFoundCode: "inexistent_prompts",
  fieldDocs: PROMPT_CUSTOM_TEXT_FIELD_DOCS,
  example: { prompt: "login", language: "en", body: { login: { title: "Welcome to ${companyName}" } } },
  lookups: [
    {
      name: "getPromptCustomText",
      description: "Reads one prompt's custom text in one language (`{}` when none was written).",
      args: [
        { name: "prompt", description: "The prompt (`login`, …)." },
        { name: "language", description: "The language (`en`, …)." },
      ],
      result: "object",
      example: { prompt: "login", language: "en" },
    },
  ],
  provider: promptCustomTextProviderHooks,
} as const satisfies KindDeclaration;

/** Every language the service takes custom text in (re-exported for the tenant's checks). */
export const CUSTOM_TEXT_LANGUAGES = PROMPT_LANGUAGES;
