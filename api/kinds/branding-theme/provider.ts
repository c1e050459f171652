/**
 * The branding theme's own rules on the provider's side, run by the singleton lifecycle
 * (provider/lifecycle/singleton.ts): its optional sections, left out of a program, stay as the
 * tenant has them, so they are compared only when the program sets them.
 */
import type { ProviderHooks } from "../../table/provider-hooks";

/** The theme's sections a program may leave to the tenant. */
const OPTIONAL_SECTIONS = ["displayName", "identifiers"] as const;

/** The branding theme's provider hooks. */
export const brandingThemeProviderHooks = {
  naming: { words: () => "branding theme" },
  generate: { comment: () => "The tenant's branding theme (the login box's look)." },
  singleton: {
    // The answer's `themeId` is the resource's id, not a field.
    fromResponse: (answer) => {
      const { themeId: _id, ...fields } = (answer ?? {}) as Record<string, unknown>;
      return fields;
    },
    comparable: (desired, current) => {
      const left = OPTIONAL_SECTIONS.filter((section) => desired[section] === undefined);
      return Object.fromEntries(Object.entries(current).filter(([field]) => !(left as string[]).includes(field)));
    },
    describe: (fields) =>
      typeof fields.displayName === "string" ? `"${fields.displayName}"` : "a theme without a display name",
    noneMeans: "the login box has the default look",
    noneFound: {
      problem: "has no branding theme (the login box has the default look)",
      remedy: "Create one with a BrandingTheme resource, or do not look it up",
    },
  },
} as const satisfies ProviderHooks;
