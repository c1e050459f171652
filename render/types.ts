/** What the hosted login's renderer draws from: the tenant's configuration and the page asked for. */
import type { BrandingSettings } from "../api/neighbours";
import type { BrandingTheme } from "../api/kinds/branding-theme/contract";
import type { PromptSettings } from "../api/kinds/prompt-settings/contract";
import type { ScreenName } from "./texts";

/** `T` with every field optional, deeply: what a half-known configuration (a plan's) may give. */
export type DeepPartial<T> = T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** The prompts' settings as the renderer takes them. */
export type SettingsLook = Partial<PromptSettings>;

/** Texts or HTML by screen and key: `{ login: { title: "Hello" } }`. */
export type ByScreen = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The tenant's configuration the pages show. */
export interface TenantLook {
  /** The page template's markup (the LoginTemplate kind's), when the tenant has one. */
  template?: string;
  /** The branding settings (`/branding`). */
  branding?: BrandingSettings;
  /** The branding theme: the login box's colours, borders, fonts, page background and layout. */
  theme?: DeepPartial<BrandingTheme>;
  /** The prompts' settings (`identifier_first`: the login's first screen asks for the identifier only). */
  promptSettings?: SettingsLook;
  /** The custom texts: prompt → language → screen → key → text (over the default texts). */
  customTexts?: Readonly<Record<string, Readonly<Record<string, ByScreen>>>>;
  /** The screen partials: prompt → screen → insertion point → the tenant's HTML. */
  partials?: Readonly<Record<string, ByScreen>>;
  /** The tenant's names. */
  tenant: { name: string; friendly_name: string; support_email?: string; support_url?: string };
}

/** The login box's HTML form on a login or signup page. */
export interface LoginBoxForm {
  /** Where the form posts. */
  action: string;
  /** The login's transaction id (`state`). */
  state: string;
  /** The per-login token the form must send back. */
  csrf: string;
  /** What the person typed, shown again after a refusal (escaped). */
  values?: { username?: string; email?: string };
  /** The text key of the refusal to show (`wrong-credentials`, …). */
  errorKey?: string;
  /** The link to the other screen (login ↔ signup). */
  switchHref?: string;
  /** On the password screen of identifier first, the link back to the identifier screen. */
  identifierHref?: string;
}

/** A page of the hosted login. */
export interface LoginPage {
  /** The prompt (`login`, `login-id`, `login-password`, `signup`, or `error` for the error page). */
  prompt: ScreenName;
  /** The screen within the prompt (named as its prompt: `login`, `login-id`, `login-password`, `signup`, `error`). */
  screen: string;
  /** The language of the texts, one of the tenant's enabled locales (see texts.ts `chooseLanguage`). */
  language: string;
  /** The application being logged in to. */
  application?: { id: string; name: string };
  /** The authenticated user, once there is one (`user.*` of the template). */
  user?: Readonly<Record<string, unknown>>;
  /** The authorization request's `ext-*` parameters. */
  extParams?: Readonly<Record<string, string>>;
  /** The form of a login or signup page. */
  form?: LoginBoxForm;
  /** What went wrong, on the error page. */
  error?: { code: string; description: string };
}

/** A rendered page, and why the tenant's template was not used when it was not. */
export interface RenderedPage {
  html: string;
  /** Why the tenant's template did not render (the page is the default one then); for the server's log. */
  templateError?: string;
}

export type { ScreenName } from "./texts";
