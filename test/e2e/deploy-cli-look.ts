/**
 * The login page's look in the deploy-CLI suite (deploy-cli.full.test.ts), beyond the branding
 * settings and template: what it seeds in the exported tenant (a theme; prompt settings, the
 * identifier screen's texts in the tenant's two languages and a partial), and what it reads
 * from each tenant in a form two tenants share (the theme without its id, which each tenant
 * makes).
 */
import { BRANDING_THEME_EXAMPLE } from "../../api/kinds/branding-theme/docs";
import type { TenantApi } from "./deploy-cli-actions";

type Json = Record<string, unknown>;

/** The identifier screen's title in the exported tenant's two languages. */
export const LOGIN_ID_TITLES = { en: "Welcome", fr: "Bienvenue" };
/** The HTML the identifier screen inserts under its form. */
export const PARTIAL = '<p class="help">Trouble signing in? Ask it@example.com</p>';
/** Words of the seeded look that the YAML export holds. */
export const LOOK_WORDS = [
  "Brand",
  "#0059d6",
  "identifier_first: true",
  ...Object.values(LOGIN_ID_TITLES),
  "it@example.com",
];

/** A theme, the example's with the brand's colours. */
export async function seedTheme(call: TenantApi): Promise<void> {
  const colors = { ...(BRANDING_THEME_EXAMPLE.colors as Json), primary_button: "#0059d6", header: "#101820" };
  await call("POST", "/branding/themes", { ...BRANDING_THEME_EXAMPLE, displayName: "Brand", colors });
}

/**
 * Prompt settings, the identifier screen's texts in English and French, and its partial. The CLI
 * exports custom text in the tenant's enabled languages (`GET /tenants/settings`), so French is
 * enabled first; partials need the login page template, seeded with the branding before.
 */
export async function seedPrompts(call: TenantApi): Promise<void> {
  await call("PATCH", "/tenants/settings", { enabled_locales: ["en", "fr"] });
  await call("PATCH", "/prompts", { identifier_first: true });
  for (const [language, title] of Object.entries(LOGIN_ID_TITLES)) {
    await call("PUT", `/prompts/login-id/custom-text/${language}`, { "login-id": { title } });
  }
  await call("PUT", "/prompts/login-id/partials", { "login-id": { "form-content-end": PARTIAL } });
}

/** The tenant's theme id. */
export async function themeIdOf(call: TenantApi): Promise<unknown> {
  return ((await call("GET", "/branding/themes/default")) as Json).themeId;
}

/** The tenant's theme without its id (each tenant makes its own, 32 letters and digits). */
export async function readTheme(call: TenantApi): Promise<Json> {
  const { themeId, ...theme } = (await call("GET", "/branding/themes/default")) as Json;
  expect(themeId).toMatch(/^[A-Za-z0-9]{32}$/);
  return theme;
}

/** The prompt settings, the identifier screen's texts in both languages, and its partials. */
export async function readPrompts(call: TenantApi): Promise<Json> {
  const texts = Object.keys(LOGIN_ID_TITLES).map((language) =>
    call("GET", `/prompts/login-id/custom-text/${language}`),
  );
  return {
    settings: await call("GET", "/prompts"),
    customText: await Promise.all(texts),
    partials: await call("GET", "/prompts/login-id/partials"),
  };
}
