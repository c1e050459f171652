/**
 * Writes api/prompt-names.generated.ts: the prompts, screens, languages and partial
 * insertion points a program may name in the login's look (custom text, screen partials), read
 * from the published types of the official Management API SDK (`auth0`'s
 * `dist/cjs/management/api/types/types.d.ts`), so the names follow the service rather than a list
 * kept by hand. Refresh after updating the `auth0` package:
 *
 * ```sh
 * npx tsc -p tsconfig.build.json && node dist/scripts/prompt-names.js
 * ```
 *
 * `--check` writes nothing and exits 1 when the file differs from what the types give.
 *
 * What the types hold: the prompts (`PromptGroupNameEnum`), the screens (`ScreenGroupNameEnum`),
 * the custom-text languages (`PromptLanguageEnum`) and the prompts that take partials
 * (`PartialGroupsEnum`). What they do not hold, and is kept below with its source: which prompt a
 * screen belongs to where its name does not start with the prompt's (`SCREEN_PROMPT_EXCEPTIONS`),
 * and the partials' insertion points (`INSERTION_POINTS`), both from the service's documentation
 * of custom text and partials. A screen of the types that no rule places fails the script, so a
 * new screen is never silently left out.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** The SDK's published types, from the repository root. */
export const SDK_TYPES = path.join("node_modules", "auth0", "dist", "cjs", "management", "api", "types", "types.d.ts");
/** The generated table, from the repository root. */
export const PROMPT_NAMES_FILE = path.join("api", "prompt-names.generated.ts");

/** The enums of the SDK's types the table is made of, by the table's name for them. */
export const SDK_ENUMS = {
  prompts: "PromptGroupNameEnum",
  screens: "ScreenGroupNameEnum",
  languages: "PromptLanguageEnum",
  partialPrompts: "PartialGroupsEnum",
} as const;

/**
 * Screens whose name does not start with their prompt's (the service's custom-text documentation
 * lists each prompt's screens): every other screen belongs to the longest prompt its name is or
 * starts with (`reset-password-email` → `reset-password`).
 */
const SCREEN_PROMPT_EXCEPTIONS: Readonly<Record<string, string>> = {
  "device-code-activation": "device-flow",
  "device-code-activation-allowed": "device-flow",
  "device-code-activation-denied": "device-flow",
  "device-code-confirmation": "device-flow",
  "organization-selection": "organizations",
  "organization-picker": "organizations",
  "pre-login-organization-picker": "organizations",
  "accept-invitation": "invitation",
  "redeem-ticket": "common",
  "passkey-enrollment": "passkeys",
  "passkey-enrollment-local": "passkeys",
  "interstitial-captcha": "captcha",
  "async-approval-error": "async-approval-flow",
  "async-approval-accepted": "async-approval-flow",
  "async-approval-denied": "async-approval-flow",
  "async-approval-wrong-user": "async-approval-flow",
};

/** Where a partial may insert HTML on a screen (the service's partials documentation; the SDK types the body as any object). */
const INSERTION_POINTS = [
  "form-content-start",
  "form-content-end",
  "form-footer-start",
  "form-footer-end",
  "secondary-actions-start",
  "secondary-actions-end",
] as const;

/** The string values of `export declare const <name>: { readonly X: "value"; … }` in `types`. */
export function enumValues(types: string, name: string): string[] {
  const match = new RegExp(`export declare const ${name}: \\{([^}]*)\\}`).exec(types);
  if (!match) throw new Error(`the SDK's types declare no ${name}: has the auth0 package changed its types?`);
  return [...match[1]!.matchAll(/readonly \w+: "([^"]+)"/g)].map((value) => value[1]!);
}

/** The table's content read from the SDK's types. */
export interface PromptNames {
  prompts: string[];
  screens: string[];
  languages: string[];
  partialPrompts: string[];
  screensOf: Record<string, string[]>;
  insertionPoints: string[];
}

/** The prompt screen `screen` belongs to (see {@link SCREEN_PROMPT_EXCEPTIONS}); throws for none. */
function promptOfScreen(screen: string, prompts: readonly string[]): string {
  const listed = SCREEN_PROMPT_EXCEPTIONS[screen];
  if (listed !== undefined && prompts.includes(listed)) return listed;
  const owner = prompts
    .filter((prompt) => screen === prompt || screen.startsWith(`${prompt}-`))
    .sort((a, b) => b.length - a.length)[0];
  if (owner === undefined) {
    throw new Error(
      `screen ${screen} of the SDK's types belongs to no prompt: add it to SCREEN_PROMPT_EXCEPTIONS in scripts/prompt-names.ts`,
    );
  }
  return owner;
}

/** The table from the text of the SDK's types. */
export function promptNamesFrom(types: string): PromptNames {
  const prompts = enumValues(types, SDK_ENUMS.prompts);
  const screens = enumValues(types, SDK_ENUMS.screens);
  const screensOf: Record<string, string[]> = Object.fromEntries(prompts.map((prompt) => [prompt, []]));
  for (const screen of screens) screensOf[promptOfScreen(screen, prompts)]!.push(screen);
  return {
    prompts,
    screens,
    languages: enumValues(types, SDK_ENUMS.languages),
    partialPrompts: enumValues(types, SDK_ENUMS.partialPrompts),
    screensOf,
    insertionPoints: [...INSERTION_POINTS],
  };
}

const list = (values: readonly string[]) => `[\n${values.map((value) => `  ${JSON.stringify(value)},\n`).join("")}]`;

/** The generated file's text. */
export function promptNamesSource(names: PromptNames): string {
  const screensOf = Object.entries(names.screensOf)
    .map(([prompt, screens]) => `  ${JSON.stringify(prompt)}: ${JSON.stringify(screens)},\n`)
    .join("");
  return `/**
 * Generated by scripts/prompt-names.ts from the official SDK's published types (auth0's
 * management types.d.ts): do not edit. Refresh with \`node dist/scripts/prompt-names.js\`.
 */

/** Every prompt (\`${SDK_ENUMS.prompts}\`). */
export const PROMPT_NAMES = ${list(names.prompts)} as const;

/** Every screen (\`${SDK_ENUMS.screens}\`). */
export const SCREEN_NAMES = ${list(names.screens)} as const;

/** Each prompt's screens. */
export const PROMPT_SCREENS: Readonly<Record<string, readonly string[]>> = {
${screensOf}};

/** Every language custom text may be written in (\`${SDK_ENUMS.languages}\`). */
export const PROMPT_LANGUAGES = ${list(names.languages)} as const;

/** The prompts whose screens take partials (\`${SDK_ENUMS.partialPrompts}\`). */
export const PARTIAL_PROMPTS = ${list(names.partialPrompts)} as const;

/** Where a partial may insert HTML on a screen. */
export const PARTIAL_INSERTION_POINTS = ${list(names.insertionPoints)} as const;
`;
}

/** The file's text as the repository's formatter writes it (so that `npx prettier --check` passes). */
async function formatted(text: string): Promise<string> {
  const prettier = await import("prettier");
  const options = (await prettier.resolveConfig(PROMPT_NAMES_FILE)) ?? {};
  return prettier.format(text, { ...options, filepath: PROMPT_NAMES_FILE });
}

async function main(): Promise<void> {
  const check = process.argv.includes("--check");
  const text = await formatted(promptNamesSource(promptNamesFrom(fs.readFileSync(SDK_TYPES, "utf8"))));
  if (check) {
    const current = fs.existsSync(PROMPT_NAMES_FILE) ? fs.readFileSync(PROMPT_NAMES_FILE, "utf8") : "";
    if (current !== text) {
      console.error(`${PROMPT_NAMES_FILE} is not what the SDK's types give: run node dist/scripts/prompt-names.js`);
      process.exit(1);
    }
    return;
  }
  fs.writeFileSync(PROMPT_NAMES_FILE, text);
  console.log(`wrote ${PROMPT_NAMES_FILE}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
