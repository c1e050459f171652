/**
 * A hosted login page: the tenant's page template rendered with Liquid around the login
 * box, as the service renders it. Every `{{ value }}` is HTML-escaped (the values include
 * what the person's browser sent: `ext-*` parameters, the typed email); `{%- auth0:head -%}`
 * and `{%- auth0:widget -%}` are replaced by this renderer's own markup. A template that
 * does not render (bad syntax, a runaway loop, no widget tag) gives the default page, and
 * the reason comes back for the server's log.
 */
import { Liquid, type Emitter } from "liquidjs";
import { ownEntry, renderHead, renderWidget } from "./widget";
import { directionOf, screenTexts, type ScreenTexts } from "./texts";
import type { LoginPage, RenderedPage, TenantLook } from "./types";

/** The service's fallback page: the tags alone. */
export const DEFAULT_TEMPLATE =
  '<!DOCTYPE html><html lang="{{ locale }}" dir="{{ dir }}"><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>';

/** Bounds on one template: its size to parse, its rendering time and memory. */
export const TEMPLATE_LIMITS = { parseLimit: 200_000, renderLimit: 1_000, memoryLimit: 10_000_000 } as const;

// The markers the two tags write, replaced after rendering (NUL never survives into a template: it is stripped first).
const HEAD_MARKER = "\u0000auth0-head\u0000";
const WIDGET_MARKER = "\u0000auth0-widget\u0000";

/** A tag that writes a fixed marker. */
function markerTag(marker: string): Parameters<Liquid["registerTag"]>[1] {
  return {
    render(_context: unknown, emitter: Emitter): void {
      emitter.write(marker);
    },
  };
}

const liquid = new Liquid({ outputEscape: "escape", ownPropertyOnly: true, ...TEMPLATE_LIMITS });
liquid.registerTag("auth0_head", markerTag(HEAD_MARKER));
liquid.registerTag("auth0_widget", markerTag(WIDGET_MARKER));

/** The service's tag names (`auth0:head`) become names Liquid takes (`auth0_head`). */
function liquidSource(template: string): string {
  return template.replaceAll("\u0000", "").replace(/(\{%-?\s*)auth0:(head|widget)(\s*-?%\})/g, "$1auth0_$2$3");
}

/**
 * The login prompt's first screen for the tenant's prompt settings: `login-id` (the identifier
 * alone, the password on a screen of its own) when `identifier_first` is on, else `login`.
 */
export function firstLoginPrompt(look: TenantLook): "login" | "login-id" {
  return look.promptSettings?.identifier_first === true ? "login-id" : "login";
}

/** The page's texts: the defaults in its language, the tenant's custom text for its prompt, language and screen over them. */
function textsOf(look: TenantLook, page: LoginPage): ScreenTexts {
  const custom = ownEntry(ownEntry(ownEntry(look.customTexts, page.prompt), page.language), page.screen);
  return screenTexts(page.language, page.prompt, names(look, page), custom);
}

/** The variables the template sees, as the service documents them. */
export function templateVariables(look: TenantLook, page: LoginPage): Record<string, unknown> {
  const texts = textsOf(look, page);
  return {
    application: page.application ? { id: page.application.id, name: page.application.name } : {},
    branding: {
      logo_url: look.branding?.logo_url,
      colors: { primary: look.branding?.colors?.primary, page_background: look.branding?.colors?.page_background },
    },
    tenant: { ...look.tenant },
    locale: page.language,
    dir: directionOf(page.language),
    prompt: { name: page.prompt, screen: { name: page.screen, texts } },
    ...(page.user ? { user: page.user } : {}),
    transaction: { params: { ...(page.extParams ?? {}) } },
  };
}

function names(look: TenantLook, page: LoginPage): { clientName: string; companyName: string } {
  const companyName = look.tenant.friendly_name || look.tenant.name;
  return { companyName, clientName: page.application?.name ?? companyName };
}

function renderWith(template: string, look: TenantLook, page: LoginPage): string {
  const texts = textsOf(look, page);
  const output = liquid.parseAndRenderSync(liquidSource(template), templateVariables(look, page)) as string;
  if (!output.includes(WIDGET_MARKER)) throw new Error("the template has no {%- auth0:widget -%} tag");
  return output
    .replaceAll(HEAD_MARKER, renderHead(look, texts))
    .replaceAll(WIDGET_MARKER, renderWidget(look, page, texts));
}

/** The page, in the tenant's template when it renders, else in the default one. */
export function renderLoginPage(look: TenantLook, page: LoginPage): RenderedPage {
  if (look.template !== undefined) {
    try {
      return { html: renderWith(look.template, look, page) };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { html: renderWith(DEFAULT_TEMPLATE, look, page), templateError: reason.slice(0, 500) };
    }
  }
  return { html: renderWith(DEFAULT_TEMPLATE, look, page) };
}
