/**
 * A prompt's custom text's own rules on the provider's side: the names it is keyed and made of
 * (prompt, language, screens) checked at preview against the service's (prompt-names.generated.ts),
 * the body sent as the PUT's whole object, `{}` read as none, and the changes between two
 * versions in words a reviewer reads, by screen and key. `generate` reads the prompts in the
 * languages the tenant has enabled (`enabled_locales` of its settings), one request each: the API
 * has no call answering several prompts or languages at once.
 */
import type { CheckIssue, ProviderHooks, TenantReader } from "../../table/provider-hooks";
import { PROMPT_LANGUAGES, PROMPT_NAMES, PROMPT_SCREENS, unknownNameIssue } from "../../prompt-names";

/** The tenant's settings, whose `enabled_locales` say which languages are worth reading. */
const TENANT_SETTINGS_PATH = "/tenants/settings";
/** The language read when the tenant's languages cannot be read: the service's default one. */
const DEFAULT_LANGUAGE = "en";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The screens a prompt's custom text may name: the prompt's screens, and the prompt's own name. */
export const customTextScreensOf = (prompt: string): string[] => [
  ...new Set([...(PROMPT_SCREENS[prompt] ?? []), prompt]),
];

/** The names of a custom text the service lacks, each refused with the valid ones (the closest first). */
export function customTextNameIssues(
  fields: Readonly<Record<string, unknown>>,
  isUnknown: (value: unknown) => boolean,
): CheckIssue[] {
  const issues: CheckIssue[] = [];
  const { prompt, language, body } = fields;
  if (typeof prompt === "string" && !isUnknown(prompt)) {
    const issue = unknownNameIssue("prompt", "prompt", prompt, PROMPT_NAMES);
    if (issue) issues.push(issue);
    else if (isRecord(body) && !isUnknown(body)) {
      for (const screen of Object.keys(body)) {
        const screenIssue = unknownNameIssue(
          `body.${screen}`,
          `screen of the prompt ${prompt}`,
          screen,
          customTextScreensOf(prompt),
        );
        if (screenIssue) issues.push(screenIssue);
      }
    }
  }
  if (typeof language === "string" && !isUnknown(language)) {
    const issue = unknownNameIssue("language", "custom-text language", language, PROMPT_LANGUAGES);
    if (issue) issues.push(issue);
  }
  return issues;
}

/**
 * The custom texts `generate` reads: every prompt in each language the tenant has enabled
 * (`GET /tenants/settings`, `enabled_locales`), or in English when the tenant's settings cannot be
 * read (a client without `read:tenant_settings`, a server that has none).
 */
export async function customTextLanguagesToRead(
  tenant: TenantReader,
): Promise<{ values: string[]; requests: number; words: string }> {
  let languages: string[] | undefined;
  try {
    const settings = await tenant.get(TENANT_SETTINGS_PATH);
    const enabled = isRecord(settings) ? settings.enabled_locales : undefined;
    if (Array.isArray(enabled))
      languages = enabled.filter((language): language is string => typeof language === "string");
  } catch {
    languages = undefined;
  }
  const read = languages && languages.length > 0 ? languages : [DEFAULT_LANGUAGE];
  const why = languages
    ? `one per prompt in each language the tenant has enabled: ${read.join(", ")}`
    : `the tenant's enabled languages could not be read (${TENANT_SETTINGS_PATH}), so one per prompt in ${DEFAULT_LANGUAGE} only`;
  return {
    values: read.flatMap((language) => PROMPT_NAMES.map((prompt) => `${prompt}:${language}`)),
    requests: 1,
    words: `1 for the tenant's languages, then ${why}`,
  };
}

/** The number of keys of every screen of a custom text. */
const keyCount = (body: unknown) =>
  Object.values(isRecord(body) ? body : {}).reduce(
    (count: number, screen) => count + (isRecord(screen) ? Object.keys(screen).length : 0),
    0,
  );

/** A custom text's provider hooks. */
export const promptCustomTextProviderHooks = {
  check: customTextNameIssues,
  naming: { words: (object) => `${String(object.prompt)} ${String(object.language)} text` },
  generate: {
    comment: (object) => `The texts of the ${String(object.prompt)} prompt's screens in ${String(object.language)}.`,
  },
  singleton: {
    fromResponse: (answer, key) => {
      const [prompt, language] = String(key).split(":");
      return { prompt, language, body: isRecord(answer) ? answer : {} };
    },
    toRequest: (fields) => fields.body ?? {},
    isEmpty: (fields) => !isRecord(fields.body) || Object.keys(fields.body).length === 0,
    describe: (fields) =>
      `${String(fields.prompt)} in ${String(fields.language)}: ${keyCount(fields.body)} text(s) on ${Object.keys(isRecord(fields.body) ? fields.body : {}).length} screen(s)`,
    noneMeans: "the service's texts",
  },
} as const satisfies ProviderHooks;
