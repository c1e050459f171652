/**
 * The hosted login's renderer: pure functions from the tenant's configuration and a page
 * (prompt, screen, language, form) to HTML. No I/O: the tenant server serves what it
 * draws, and the review draws the same pages.
 */
export { DEFAULT_TEMPLATE, TEMPLATE_LIMITS, firstLoginPrompt, renderLoginPage, templateVariables } from "./page";
export { DEFAULT_COLOURS, renderHead, renderWidget, type InsertionPoint } from "./widget";
export { themeCss, type ThemeLook } from "./theme";
export {
  DEFAULT_LANGUAGE,
  DEFAULT_TEXTS,
  chooseLanguage,
  directionOf,
  pickLanguage,
  screenTexts,
  type ScreenName,
  type ScreenTexts,
} from "./texts";
export { escapeHtml, safeColour, safeUrl } from "./html";
export type { ByScreen, DeepPartial, SettingsLook, LoginBoxForm, LoginPage, RenderedPage, TenantLook } from "./types";
