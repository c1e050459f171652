/**
 * A form's step as a hosted login page: the tenant's page template and look around it, as the
 * login's own pages have them, with the step where the login box goes. Pure.
 */
import { renderLoginPage } from "../page";
import type { LoginPage, RenderedPage, TenantLook } from "../types";

/** The screen name the form's pages carry (`data-screen` of the box, the template's `prompt.screen.name`). */
export const FORM_SCREEN = "form";

/** The box the widget draws; the step replaces what it holds after the logo. */
const BOX_OPEN = `<main class="login-box" data-screen="${FORM_SCREEN}">`;
const BOX_CLOSE = "</main>";
const TITLE_OPEN = "<h1>";

/** Styles the forms' components need inside the login box (the form's own `style.css` comes after them). */
const FORM_STYLE =
  "<style>.login-box .af-form{text-align:left}.login-box .af-form label{display:block;margin-top:16px}" +
  ".login-box .af-error{color:#d03c38;font-size:14px}.login-box .af-messages{color:#d03c38;margin:12px 0}" +
  ".login-box .af-form button{width:auto;margin-right:8px}</style>";

/**
 * The page of one step: `page` (its language, application, user) drawn as the login prompt's
 * page in the tenant's template, the box's title and description replaced by `stepHtml`.
 */
export function renderFormPage(
  look: TenantLook,
  page: Omit<LoginPage, "prompt" | "screen" | "form" | "error">,
  stepHtml: string,
): RenderedPage {
  const rendered = renderLoginPage(look, { ...page, prompt: "login", screen: FORM_SCREEN });
  const box = rendered.html.indexOf(BOX_OPEN);
  const title = box < 0 ? -1 : rendered.html.indexOf(TITLE_OPEN, box);
  const end = box < 0 ? -1 : rendered.html.indexOf(BOX_CLOSE, box);
  // The widget always draws the box with a title; the check keeps a surprise from losing the step.
  if (box < 0 || title < 0 || end < title) throw new Error("The login page has no login box to draw the form in.");
  return { ...rendered, html: rendered.html.slice(0, title) + FORM_STYLE + stepHtml + rendered.html.slice(end) };
}
