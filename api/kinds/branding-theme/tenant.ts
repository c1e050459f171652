/**
 * The branding theme on the tenant server. Loaded by the tenant server only
 * (api/kinds/tenant.ts), never by the provider.
 */
import type { KindRules } from "../../table/kind-spec";

/**
 * The branding theme's rules on the tenant server (the generic singleton routes of a singleton
 * whose id the tenant makes), in the service's words: the 404 before a theme exists (recorded
 * on a real tenant), the 409 of a second create and the 400 of a path id that is not a theme's
 * (both quoted from the service by users of the Terraform provider; the 409's error code is
 * this server's choice, `conflict`, as nothing published shows it).
 */
export const brandingThemeTenantRules = {
  singleton: {
    notFoundMessage: "There was an error retrieving branding settings: invalid theme ID",
    expected: "Expected a branding theme object (borders, colors, fonts, page_background, widget)",
    conflictMessage: "There was an error creating branding settings: theme already exists",
    invalidIdMessage:
      "Path validation error: 'Object didn't pass validation for format theme-id: {id}' on property themeId (The ID of the theme).",
    table: "branding_themes",
    // The service's order: the display name first, the id last.
    answer: ({ displayName, borders, colors, fonts, page_background, widget, identifiers, themeId }) =>
      Object.fromEntries(
        Object.entries({ displayName, borders, colors, fonts, page_background, widget, identifiers, themeId }).filter(
          ([, value]) => value !== undefined,
        ),
      ),
  },
} as const satisfies KindRules;
