/**
 * The branding settings on the tenant server. Loaded by the tenant server only
 * (api/kinds/tenant.ts), never by the provider.
 */
import type { KindRules } from "../../table/kind-spec";

/**
 * The branding settings' rules on the tenant server (the generic singleton routes of a
 * merging PATCH: GET answers `{}` on a fresh tenant, PATCH merges nested objects and a `null`
 * removes a field, an object left empty goes too, and answers the whole settings). The service
 * has no PUT or DELETE here.
 */
export const brandingTenantRules = {
  singleton: {
    notFoundMessage: "The branding settings do not exist.",
    expected: "Expected an object of branding settings (colors, favicon_url, logo_url, font)",
    // The table the settings had as a neighbour: data directories keep them.
    table: "branding_settings",
  },
} as const satisfies KindRules;
