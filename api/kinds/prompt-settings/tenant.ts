/**
 * The prompts' settings on the tenant server (the generic singleton routes of a PATCH, which
 * merges): `GET` answers the stored settings over the service's defaults, so every answer carries
 * all three fields; `PATCH` checks the fields in the service's words, merges those given and
 * answers the result. Loaded by the tenant server only.
 */
import type { KindRules } from "../../table/kind-spec";
import { LOGIN_EXPERIENCES } from "./contract";
import { PROMPT_SETTINGS_DEFAULTS } from "./provider";

/** The settings as answered: the stored fields over the defaults. */
export const answeredSettings = (stored: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> => ({
  ...PROMPT_SETTINGS_DEFAULTS,
  ...stored,
});

/** What is wrong with a PATCH body, in the service's words; undefined when it is taken. */
export function settingsPatchIssue(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return "Expected type object but found type " + (Array.isArray(body) ? "array" : typeof body);
  for (const [field, value] of Object.entries(body)) {
    if (field === "universal_login_experience") {
      if (!LOGIN_EXPERIENCES.includes(value as never))
        return `No enum match for: ${JSON.stringify(value)}' on property universal_login_experience (${LOGIN_EXPERIENCES.join(", ")})`;
    } else if (field === "identifier_first" || field === "webauthn_platform_first_factor") {
      if (typeof value !== "boolean")
        return `Expected type boolean but found type ${typeof value}' on property ${field}`;
    } else return `Additional properties not allowed: ${field}`;
  }
  return undefined;
}

/** The prompts' settings' rules on the tenant server. */
export const promptSettingsTenantRules = {
  singleton: {
    // The table the settings had before their routes were generic: data directories keep them.
    table: "prompt_settings",
    bodyIssue: settingsPatchIssue,
    answer: answeredSettings,
  },
} as const satisfies KindRules;
