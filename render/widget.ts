/**
 * The login box: this server's stand-in for the service's widget, whose markup is not
 * published. It keeps what applications, tests and password managers rely on: the service's
 * field names and ids (`username`, `password`, `email` at signup), the submit button
 * `name="action" value="default"`, a label for every field, and the tenant's colours and logo.
 */
import type { PARTIAL_INSERTION_POINTS } from "../api/prompt-names.generated";
import { escapeHtml, safeColour, safeUrl } from "./html";
import { hidesLogo, themeCss, themeLogo } from "./theme";
import type { ScreenTexts } from "./texts";
import type { LoginPage, TenantLook } from "./types";

/** Where a screen partial's HTML goes in the login box (the service's insertion points). */
export type InsertionPoint = (typeof PARTIAL_INSERTION_POINTS)[number];

/** `record[key]` when it is the record's own (a key from the store or a plan is never a prototype's). */
export function ownEntry<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * The tenant's HTML for `point` on the page's screen, inserted as the service inserts it: as is
 * (it is the tenant administrator's own markup, as trusted as the page template); empty when none.
 */
function partial(look: TenantLook, page: LoginPage, point: InsertionPoint): string {
  const html = ownEntry(ownEntry(ownEntry(look.partials, page.prompt), page.screen), point);
  return typeof html === "string" ? html : "";
}

/** The colours of a tenant without branding settings (the service's defaults). */
export const DEFAULT_COLOURS = { primary: "#635dff", page_background: "#000000" } as const;

/** The `<head>` content `{%- auth0:head -%}` stands for. */
export function renderHead(look: TenantLook, texts: ScreenTexts): string {
  const primary = safeColour(look.branding?.colors?.primary, DEFAULT_COLOURS.primary);
  const background = safeColour(look.branding?.colors?.page_background, DEFAULT_COLOURS.page_background);
  const favicon = safeUrl(look.branding?.favicon_url);
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(texts.pageTitle)}</title>`,
    favicon ? `<link rel="icon" href="${escapeHtml(favicon)}">` : "",
    "<style>",
    `:root{--primary-color:${primary};--page-background-color:${background}}`,
    "body{margin:0;font-family:system-ui,sans-serif;background:var(--page-background-color)}",
    ".login-box{max-width:400px;margin:48px auto;padding:40px;background:#fff;border-radius:5px;text-align:center}",
    ".login-box label{display:block;text-align:left;margin-top:16px;font-size:14px}",
    ".login-box input{box-sizing:border-box;width:100%;padding:12px;margin-top:4px;border:1px solid #c9cace;border-radius:3px}",
    ".login-box button{width:100%;margin-top:24px;padding:14px;border:0;border-radius:3px;color:#fff;background:var(--primary-color);font-size:16px}",
    ".login-box .error{color:#d03c38;margin-top:12px}",
    ".login-box .logo{max-height:52px}",
    themeCss(look.theme),
    "</style>",
  ].join("");
}

/** One labelled input. */
function field(
  id: string,
  label: string,
  type: string,
  autocomplete: string,
  value?: string,
  readOnly = false,
): string {
  return (
    `<label for="${id}">${escapeHtml(label)}</label>` +
    `<input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" required` +
    `${value === undefined ? "" : ` value="${escapeHtml(value)}"`}${readOnly ? " readonly" : ""}>`
  );
}

/** The identifier field: `email` at signup, else `username` (shown read-only on the password screen of identifier first). */
function identifierField(page: LoginPage, texts: ScreenTexts): string {
  const values = page.form?.values;
  if (page.prompt === "signup") return field("email", texts.emailPlaceholder, "email", "email", values?.email ?? "");
  const readOnly = page.prompt === "login-password";
  return field("username", texts.usernamePlaceholder, "text", "username", values?.username ?? "", readOnly);
}

/** The login box of a login or signup page (`{%- auth0:widget -%}`). */
export function renderWidget(look: TenantLook, page: LoginPage, texts: ScreenTexts): string {
  const logo = hidesLogo(look.theme) ? undefined : (themeLogo(look.theme) ?? safeUrl(look.branding?.logo_url));
  const form = page.form;
  const at = (point: InsertionPoint) => partial(look, page, point);
  const parts = [
    `<main class="login-box" data-screen="${escapeHtml(page.screen)}">`,
    logo ? `<img class="logo" src="${escapeHtml(logo)}" alt="${escapeHtml(look.tenant.friendly_name)}">` : "",
    `<h1>${escapeHtml(texts.title)}</h1>`,
    `<p class="description">${escapeHtml(texts.description)}</p>`,
  ];
  if (page.prompt === "error") {
    const error = page.error ?? { code: "server_error", description: "" };
    parts.push(
      `<p class="error" role="alert">${escapeHtml(error.description)}</p>`,
      `<p>${escapeHtml(texts.traceLabel)}: <code>${escapeHtml(error.code)}</code></p>`,
    );
  } else if (form) {
    parts.push(
      `<form method="post" action="${escapeHtml(form.action)}">`,
      `<input type="hidden" name="state" value="${escapeHtml(form.state)}">`,
      `<input type="hidden" name="_csrf" value="${escapeHtml(form.csrf)}">`,
      form.errorKey
        ? `<p class="error" id="error-element" role="alert">${escapeHtml(texts[form.errorKey] ?? form.errorKey)}</p>`
        : "",
      at("form-content-start"),
      identifierField(page, texts),
      // The password screen of identifier first links back to the identifier screen.
      form.identifierHref
        ? `<p><a href="${escapeHtml(form.identifierHref)}">${escapeHtml(texts.editEmailText)}</a></p>`
        : "",
      // The identifier-first screen (`login-id`) asks for the identifier alone.
      page.prompt === "login-id"
        ? ""
        : field(
            "password",
            texts.passwordPlaceholder,
            "password",
            page.prompt === "signup" ? "new-password" : "current-password",
          ),
      at("form-content-end"),
      at("form-footer-start"),
      `<button type="submit" name="action" value="default">${escapeHtml(texts.buttonText)}</button>`,
      at("form-footer-end"),
      "</form>",
      at("secondary-actions-start"),
      form.switchHref
        ? page.prompt === "signup"
          ? `<p>${escapeHtml(texts.loginActionText)} <a href="${escapeHtml(form.switchHref)}">${escapeHtml(texts.loginActionLinkText)}</a></p>`
          : `<p>${escapeHtml(texts.signupActionText)} <a href="${escapeHtml(form.switchHref)}">${escapeHtml(texts.signupActionLinkText)}</a></p>`
        : "",
      at("secondary-actions-end"),
    );
  }
  parts.push("</main>");
  return parts.join("");
}
