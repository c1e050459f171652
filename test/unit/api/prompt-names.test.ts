/**
 * The prompts' names table (api/prompt-names.generated.ts) against the SDK's published
 * types, and the words of a refused name and of a changed text.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  PARTIAL_PROMPTS,
  PROMPT_LANGUAGES,
  PROMPT_NAMES,
  PROMPT_SCREENS,
  SCREEN_NAMES,
  changesByScreen,
  unknownNameIssue,
} from "../../../api/prompt-names";
import { customTextLanguagesToRead, customTextNameIssues } from "../../../api/kinds/prompt-custom-text/provider";
import { partialsNameIssues, partialsNeedIssues } from "../../../api/kinds/prompt-screen-partials/provider";
import { enumValues, promptNamesFrom, SDK_ENUMS, SDK_TYPES } from "../../../scripts/prompt-names";

const ROOT = path.join(__dirname, "..", "..", "..");
const types = fs.readFileSync(path.join(ROOT, SDK_TYPES), "utf8");
const known = (_value: unknown) => false;

describe("the generated table of prompt names", () => {
  test.each([
    ["prompts", SDK_ENUMS.prompts, PROMPT_NAMES],
    ["screens", SDK_ENUMS.screens, SCREEN_NAMES],
    ["languages", SDK_ENUMS.languages, PROMPT_LANGUAGES],
    ["partial prompts", SDK_ENUMS.partialPrompts, PARTIAL_PROMPTS],
  ] as const)(
    "holds every one of the SDK's %s (%s): refresh with node dist/scripts/prompt-names.js",
    (_what, name, table) => {
      const missing = enumValues(types, name).filter((value) => !(table as readonly string[]).includes(value));
      expect(missing).toEqual([]);
    },
  );

  test("places every screen of the SDK under one prompt", () => {
    const placed = Object.values(PROMPT_SCREENS).flat();
    expect(SCREEN_NAMES.filter((screen) => !placed.includes(screen))).toEqual([]);
    expect(PROMPT_SCREENS["login-passwordless"]).toEqual(
      expect.arrayContaining(["login-passwordless-email-code", "login-passwordless-sms-otp"]),
    );
    expect(PROMPT_SCREENS.organizations).toContain("organization-selection");
  });

  test("a name the SDK gains fails the comparison (the script reads it)", () => {
    const grown = types.replace(
      "export declare const PromptGroupNameEnum: {",
      'export declare const PromptGroupNameEnum: {\n    readonly Shiny: "shiny-new";',
    );
    expect(promptNamesFrom(grown).prompts).toContain("shiny-new");
    expect(PROMPT_NAMES as readonly string[]).not.toContain("shiny-new");
  });
});

describe("an unknown name", () => {
  test("is refused naming the valid ones, the closest first", () => {
    const issue = unknownNameIssue("prompt", "prompt", "login-passwrd", PROMPT_NAMES)!;
    expect(issue.reason).toMatch(/^the service has no prompt "login-passwrd": did you mean login-password, /);
    expect(issue.reason).toContain("mfa-push");
  });

  test("of a custom text: prompt, language, screen", () => {
    expect(customTextNameIssues({ prompt: "login", language: "en", body: { login: { title: "x" } } }, known)).toEqual(
      [],
    );
    const issues = customTextNameIssues({ prompt: "login", language: "english", body: { "logn-id": {} } }, known);
    expect(issues.map((issue) => issue.property)).toEqual(["body.logn-id", "language"]);
    expect(issues[0]!.reason).toContain('no screen of the prompt login "logn-id": did you mean login');
  });

  test("of partials: prompt, screen, insertion point", () => {
    expect(partialsNameIssues({ prompt: "mfa", screens: {} }, known)[0]!.reason).toMatch(
      /prompt that takes partials "mfa"/,
    );
    const issues = partialsNameIssues(
      { prompt: "login-passwordless", screens: { "login-passwordless-sms-otp": { "form-content-strat": "<b/>" } } },
      known,
    );
    expect(issues).toEqual([
      {
        property: "screens.login-passwordless-sms-otp.form-content-strat",
        reason: expect.stringMatching(/"form-content-strat": did you mean form-content-start, /),
      },
    ]);
  });
});

test("a custom text's changes read by screen and key", () => {
  expect(
    changesByScreen(
      { login: { title: "Welcome", buttonText: "Continue" } },
      { login: { title: "Hello", description: "Sign in" }, "login-id": { title: "Hi" } },
    ),
  ).toEqual([
    'login › buttonText: removed (was "Continue")',
    'login › description: added "Sign in"',
    'login › title: "Welcome" → "Hello"',
    'login-id › title: added "Hi"',
  ]);
});

test("generate reads custom text in the tenant's enabled languages, one request per prompt and language", async () => {
  const tenant = {
    domain: "t.example",
    origin: "https://t.example",
    list: () => Promise.resolve([]),
    listOf: () => Promise.resolve([]),
    get: (requested: string) =>
      requested === "/tenants/settings"
        ? Promise.resolve({ enabled_locales: ["en", "fr"] })
        : Promise.reject(new Error()),
  };
  const chosen = await customTextLanguagesToRead(tenant);
  expect(chosen.values).toHaveLength(2 * PROMPT_NAMES.length);
  expect(chosen.values).toContain("login-id:fr");
  expect(chosen.words).toBe(
    "1 for the tenant's languages, then one per prompt in each language the tenant has enabled: en, fr",
  );
});

test("partials with HTML on a tenant without a custom domain are refused at preview, in the service's words", async () => {
  const tenant = (domains: unknown[]) => ({
    domain: "t.example",
    origin: "https://t.example",
    list: () => Promise.resolve([]),
    listOf: () => Promise.resolve([]),
    get: () => Promise.resolve(domains),
  });
  const some = { prompt: "login", screens: { login: { "form-content-start": "<b/>" } } };
  const [issue] = await partialsNeedIssues(some, tenant([]));
  expect(issue!.reason).toContain(
    'has no custom domain, and partials need one (the API answers "This feature requires',
  );
  expect(await partialsNeedIssues(some, tenant([{ domain: "login.example" }]))).toEqual([]);
  // Clearing them needs nothing.
  expect(await partialsNeedIssues({ prompt: "login", screens: {} }, tenant([]))).toEqual([]);
});
