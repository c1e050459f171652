/**
 * The branding theme as the login box's style sheet: the main colours, borders, fonts, page
 * background and layout of the theme, each value checked before it reaches the CSS (a colour
 * must be a plain CSS colour, a size a bounded number, an image an http(s) address without
 * quotes), a value that fails left out so the box keeps its default.
 */
import type { BrandingTheme } from "../api/kinds/branding-theme/contract";
import { safeColour, safeUrl } from "./html";
import type { DeepPartial } from "./types";

/** A theme as the renderer takes it: any part may be missing. */
export type ThemeLook = DeepPartial<BrandingTheme>;

/** The largest pixel size (borders, radii, the logo's height) and font percentage taken. */
const MAX_PIXELS = 400;
const MAX_PERCENT = 1_000;
/** The radius of a `pill` style. */
const PILL_RADIUS = "9999px";
/** The widget's shadow when `show_widget_shadow` is on. */
const WIDGET_SHADOW = "0 12px 40px rgba(0,0,0,.12)";

/** A plain CSS colour, or undefined. */
function colour(value: unknown): string | undefined {
  return safeColour(value, "") || undefined;
}

/** A number in [0, max] with its unit, or undefined. */
function size(value: unknown, unit: "px" | "%", max: number): string | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= max
    ? `${Math.round(value * 100) / 100}${unit}`
    : undefined;
}

const pixels = (value: unknown) => size(value, "px", MAX_PIXELS);

/** The radius of a `pill`, `rounded` (its radius) or `sharp` button or input. */
function radius(style: unknown, rounded: unknown): string | undefined {
  if (style === "pill") return PILL_RADIUS;
  if (style === "sharp") return "0";
  return pixels(rounded);
}

/** An image address for `url("…")`: http(s), nothing that could end the string or the style sheet. */
function imageUrl(value: unknown): string | undefined {
  const url = safeUrl(value);
  return url && !/["'\\()<>\s]/.test(url) ? url : undefined;
}

/** The declarations of a text style (`{ bold, size }`, its size a percentage of the reference). */
function textStyle(style: { bold?: boolean; size?: number } | undefined): [string, string | undefined][] {
  return [
    ["font-size", size(style?.size, "%", MAX_PERCENT)],
    ["font-weight", style?.bold === undefined ? undefined : style.bold ? "700" : "400"],
  ];
}

/** An alignment the theme names (`center`, `left`, `right`), or undefined. */
function alignment(value: unknown): string | undefined {
  return value === "center" || value === "left" || value === "right" ? value : undefined;
}

/** The margins placing a block (the box on the page, the logo in the box) left, right or in the centre. */
function placed(position: unknown, gap: string): [string, string | undefined][] {
  const where = alignment(position);
  if (!where) return [];
  return [
    ["margin-left", where === "left" ? gap : "auto"],
    ["margin-right", where === "right" ? gap : "auto"],
  ];
}

/** One rule of the declarations that have a value; empty when none has. */
function rule(selector: string, declarations: [string, string | undefined][]): string {
  const kept = declarations.filter(([, value]) => value !== undefined).map(([name, value]) => `${name}:${value}`);
  return kept.length > 0 ? `${selector}{${kept.join(";")}}` : "";
}

/** Whether the theme hides the logo (`widget.logo_position: none`). */
export function hidesLogo(theme: ThemeLook | undefined): boolean {
  return theme?.widget?.logo_position === "none";
}

/** The theme's own logo (`widget.logo_url`), which replaces the branding's when set. */
export function themeLogo(theme: ThemeLook | undefined): string | undefined {
  return safeUrl(theme?.widget?.logo_url);
}

/** The theme's rules, appended to the login box's default style sheet (empty without a theme). */
export function themeCss(theme: ThemeLook | undefined): string {
  if (!theme) return "";
  const { colors = {}, borders = {}, fonts = {}, page_background: page = {}, widget = {} } = theme;
  const image = imageUrl(page.background_image_url);
  const linkWeight = fonts.links?.bold === undefined ? undefined : fonts.links.bold ? "700" : "400";
  return [
    rule("body", [
      ["background-color", colour(page.background_color)],
      ["background-image", image && `url("${image}")`],
      ["background-size", image && "cover"],
    ]),
    rule(".login-box", [
      ["color", colour(colors.body_text)],
      ["background", colour(colors.widget_background)],
      ["border-style", borders.widget_border_weight === undefined ? undefined : "solid"],
      ["border-width", pixels(borders.widget_border_weight)],
      ["border-color", colour(colors.widget_border)],
      ["border-radius", pixels(borders.widget_corner_radius)],
      [
        "box-shadow",
        borders.show_widget_shadow === undefined ? undefined : borders.show_widget_shadow ? WIDGET_SHADOW : "none",
      ],
      ["font-size", pixels(fonts.reference_text_size)],
      ...placed(page.page_layout, "48px"),
    ]),
    rule(".login-box h1", [
      ["color", colour(colors.header)],
      ["text-align", alignment(widget.header_text_alignment)],
      ...textStyle(fonts.title),
    ]),
    rule(".login-box p", textStyle(fonts.body_text)),
    rule(".login-box .description", [
      ["text-align", alignment(widget.header_text_alignment)],
      ...textStyle(fonts.subtitle),
    ]),
    rule(".login-box label", [["color", colour(colors.input_labels_placeholders)], ...textStyle(fonts.input_labels)]),
    rule(".login-box input", [
      ["color", colour(colors.input_filled_text)],
      ["background", colour(colors.input_background)],
      ["border-color", colour(colors.input_border)],
      ["border-width", pixels(borders.input_border_weight)],
      ["border-radius", radius(borders.inputs_style, borders.input_border_radius)],
    ]),
    rule(".login-box button", [
      ["color", colour(colors.primary_button_label)],
      ["background", colour(colors.primary_button)],
      ["border", pixels(borders.button_border_weight) && `${pixels(borders.button_border_weight)} solid`],
      ["border-radius", radius(borders.buttons_style, borders.button_border_radius)],
      ...textStyle(fonts.buttons_text),
    ]),
    rule(".login-box a", [
      ["color", colour(colors.links_focused_components)],
      [
        "text-decoration",
        fonts.links_style === "underlined" ? "underline" : fonts.links_style === "normal" ? "none" : undefined,
      ],
      ["font-weight", linkWeight],
    ]),
    rule(".login-box .error", [["color", colour(colors.error)]]),
    rule(".login-box .logo", [
      ["display", alignment(widget.logo_position) && "block"],
      ["height", pixels(widget.logo_height)],
      ["max-height", pixels(widget.logo_height) && "none"],
      ...placed(widget.logo_position, "0"),
    ]),
  ].join("");
}
