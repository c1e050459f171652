/**
 * A prompt's custom text on the tenant server (the generic routes of a keyed singleton): an
 * unknown prompt or language in the path is 400 `invalid_uri`; `PUT` takes an object of screens,
 * each an object of texts, replaces the whole custom text of the prompt in the language (`{}`
 * removing it) and answers it; `GET` answers `{}` before any write. Loaded by the tenant server only.
 */
import type { KindRules } from "../../table/kind-spec";
import { PROMPT_LANGUAGES, PROMPT_NAMES, screensBodyIssue } from "../../prompt-names";

/** A custom text's rules on the tenant server. */
export const promptCustomTextTenantRules = {
  singleton: {
    // The table the texts had before their routes were generic: data directories keep them.
    table: "prompt_custom_texts",
    keyValues: { prompt: PROMPT_NAMES, language: PROMPT_LANGUAGES },
    bodyIssue: screensBodyIssue,
    absent: {},
    putAnswersStored: true,
  },
} as const satisfies KindRules;
