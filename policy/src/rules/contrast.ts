/**
 * Text the login box shows against what it shows it on, by the contrast ratio of WCAG 2.x: the
 * relative luminance of each colour (sRGB channels linearised, weighted 0.2126, 0.7152, 0.0722)
 * and (lighter + 0.05) / (darker + 0.05). Level AA wants 4.5:1 for normal text.
 */
import { named, isRecord, type TenantResource } from "../resources";
import { UNKNOWN } from "./urls";
import type { Violation } from "./violation";

/** WCAG 2.x level AA's minimum contrast ratio for normal text (success criterion 1.4.3). */
export const AA_NORMAL_TEXT = 4.5;

/**
 * The pairs of a theme's colours the login box shows text in: each text colour and the colour it
 * stands on (fields of `colors`). Icons, borders and focus rings are not text and are left out.
 */
export const THEME_TEXT_PAIRS: readonly { text: string; on: string; what: string }[] = [
  { text: "body_text", on: "widget_background", what: "body text on the login box" },
  { text: "header", on: "widget_background", what: "the title on the login box" },
  { text: "links_focused_components", on: "widget_background", what: "links on the login box" },
  { text: "error", on: "widget_background", what: "error messages on the login box" },
  { text: "success", on: "widget_background", what: "success messages on the login box" },
  { text: "secondary_button_label", on: "widget_background", what: "secondary button labels on the login box" },
  { text: "primary_button_label", on: "primary_button", what: "the primary button's label" },
  { text: "input_filled_text", on: "input_background", what: "typed text in inputs" },
  { text: "input_labels_placeholders", on: "input_background", what: "input labels and placeholders" },
];

/** `#rgb` or `#rrggbb` as red, green and blue from 0 to 255; undefined for any other colour. */
export function parseHex(color: string): [number, number, number] | undefined {
  const match = /^#(?:([0-9a-f]{3})|([0-9a-f]{6}))$/i.exec(color.trim());
  if (!match) return undefined;
  const digits = match[1] ? [...match[1]].map((digit) => digit + digit).join("") : match[2]!;
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as [number, number, number];
}

/** The relative luminance of an sRGB colour (WCAG 2.x), from 0 (black) to 1 (white). */
export function relativeLuminance([red, green, blue]: readonly [number, number, number]): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** The contrast ratio of two colours (WCAG 2.x), from 1 to 21. */
export function contrastRatio(
  first: readonly [number, number, number],
  second: readonly [number, number, number],
): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** What the contrast check found for one theme: the pairs below the minimum, and the pairs it could not judge. */
export interface ContrastFindings {
  failing: { text: string; on: string; what: string; ratio: number }[];
  /** Pairs with a colour other than `#rgb`/`#rrggbb` (a transparent `#rgba`, a name): not judged. */
  skipped: { text: string; on: string; color: string }[];
}

/** The theme's text pairs below `minimum`, and those it skipped. Colours not set or unknown at preview are left out. */
export function themeContrast(colors: Record<string, unknown>, minimum = AA_NORMAL_TEXT): ContrastFindings {
  const findings: ContrastFindings = { failing: [], skipped: [] };
  for (const pair of THEME_TEXT_PAIRS) {
    const text = colors[pair.text];
    const on = colors[pair.on];
    if (typeof text !== "string" || typeof on !== "string" || text === UNKNOWN || on === UNKNOWN) continue;
    const [textRgb, onRgb] = [parseHex(text), parseHex(on)];
    if (!textRgb || !onRgb) {
      findings.skipped.push({ text: pair.text, on: pair.on, color: textRgb ? on : text });
      continue;
    }
    const ratio = contrastRatio(textRgb, onRgb);
    if (ratio < minimum) findings.failing.push({ ...pair, ratio });
  }
  return findings;
}

/** Configuration of `login-theme-contrast`. */
export interface ContrastConfig {
  /** The minimum contrast ratio (default 4.5, WCAG AA for normal text; 7 for AAA). */
  minimumRatio?: number;
}

/** `login-theme-contrast`: each text colour of a BrandingTheme against the colour it stands on. */
export function themeTextContrast(resource: TenantResource, config: ContrastConfig = {}): Violation[] {
  const colors = resource.fields.colors;
  if (resource.typeName !== "BrandingTheme" || !isRecord(colors)) return [];
  const minimum = config.minimumRatio ?? AA_NORMAL_TEXT;
  const { failing, skipped } = themeContrast(colors, minimum);
  const notJudged =
    skipped.length === 0
      ? ""
      : ` Not judged (only #rgb and #rrggbb are): ${skipped
          .map((pair) => `colors.${pair.text} on colors.${pair.on} (${pair.color})`)
          .join(", ")}.`;
  return failing.map((pair) => ({
    message:
      `${named(resource)}: colors.${pair.text} (${String(colors[pair.text])}) on colors.${pair.on} ` +
      `(${String(colors[pair.on])}), ${pair.what}, has a contrast ratio of ${pair.ratio.toFixed(2)}:1, below ` +
      `${minimum}:1 (WCAG 2 level AA for normal text). Darken or lighten one of the two until the ratio reaches ` +
      `${minimum}:1 (a contrast checker names the nearest colour that does).${notJudged}`,
  }));
}
