/**
 * The hosted login's language: chosen from the request (`ui_locales`, then `Accept-Language`)
 * among the tenant's enabled locales, the first of them the default, as the service chooses it.
 */
import type { FastifyRequest } from "fastify";
import { chooseLanguage } from "../../render";
import { currentTenantSettings, DEFAULT_ENABLED_LOCALES } from "../routes/tenant-settings";
import type { Store } from "../store";

/** The tenant's `enabled_locales` (a fresh tenant's: `["en"]`). */
export function enabledLocales(store: Store): readonly string[] {
  const stored: unknown = currentTenantSettings(store).enabled_locales;
  const locales = Array.isArray(stored) ? stored.filter((locale): locale is string => typeof locale === "string") : [];
  return locales.length > 0 ? locales : DEFAULT_ENABLED_LOCALES;
}

/** The language of a page answering `request` (with the login's `ui_locales`, when there is a login). */
export function requestLanguage(store: Store, request: FastifyRequest, uiLocales?: unknown): string {
  const accepted = request.headers["accept-language"];
  return chooseLanguage(
    enabledLocales(store),
    typeof uiLocales === "string" ? uiLocales : undefined,
    typeof accepted === "string" ? accepted : undefined,
  );
}
