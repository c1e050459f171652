/**
 * A prompt's screen partials on the tenant server (the generic routes of a keyed singleton): a
 * prompt that takes no partials is 400 `invalid_uri`; `PUT` replaces the whole prompt (a screen
 * left out is dropped, a screen with an empty object is dropped, `{}` clears) and answers what it
 * kept; `GET` answers `{}` before any write. A PUT with any partial needs a custom domain and a
 * login page template, its entry's `relations.needs` (chosen: the recordings show clients making
 * both first; clearing needs neither). Loaded by the tenant server only.
 */
import type { KindRules } from "../../table/kind-spec";
import { PARTIAL_PROMPTS, screensBodyIssue } from "../../prompt-names";
import { NO_TEMPLATE_MESSAGE } from "./provider";

/** The partials as stored and answered: every screen with at least one partial. */
export function keptPartials(
  body: Readonly<Record<string, Record<string, string>>>,
): Record<string, Record<string, string>> {
  return Object.fromEntries(Object.entries(body).filter(([, points]) => Object.keys(points).length > 0));
}

/** A prompt's partials' rules on the tenant server. */
export const promptScreenPartialsTenantRules = {
  singleton: {
    // The table the partials had before their routes were generic: data directories keep them.
    table: "prompt_partials",
    keyValues: { prompt: PARTIAL_PROMPTS },
    bodyIssue: screensBodyIssue,
    stored: (fields) => keptPartials(fields as Readonly<Record<string, Record<string, string>>>),
    absent: {},
    putAnswersStored: true,
    writeNeeds: { customDomain: true, missingMessage: NO_TEMPLATE_MESSAGE },
  },
} as const satisfies KindRules;
