/**
 * `login-theme-contrast`: WCAG 2.x relative luminance and contrast ratio, and a branding theme's
 * text colours judged against what they stand on, both doors.
 */
import { tenantResource } from "../../../policy/src/resources";
import {
  contrastRatio,
  parseHex,
  relativeLuminance,
  themeContrast,
  themeTextContrast,
  THEME_TEXT_PAIRS,
} from "../../../policy/src/rules/contrast";
import { UNKNOWN } from "../../../policy/src/rules/urls";

const WHITE = [255, 255, 255] as const;
const BLACK = [0, 0, 0] as const;

/** A theme whose every text pair is dark on white (ratio well above 4.5). */
const readable: Record<string, string> = Object.fromEntries(
  THEME_TEXT_PAIRS.flatMap((pair) => [
    [pair.text, "#1e212a"],
    [pair.on, "#ffffff"],
  ]),
);

function theme(door: "dynamic" | "plugin", colors: Record<string, unknown>) {
  const type = door === "dynamic" ? "pulumi-nodejs:dynamic/tenant:BrandingTheme" : "tenant:index:BrandingTheme";
  const camel = (key: string) => key.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase());
  const spelt = door === "dynamic" ? colors : Object.fromEntries(Object.entries(colors).map(([k, v]) => [camel(k), v]));
  return tenantResource({ type, name: "look", urn: `urn:pulumi:dev::shop::${type}::look`, props: { colors: spelt } })!;
}

describe("WCAG 2.x contrast", () => {
  it("reads #rgb and #rrggbb, nothing else", () => {
    expect(parseHex("#fff")).toEqual([255, 255, 255]);
    expect(parseHex(" #0059D6 ")).toEqual([0, 89, 214]);
    expect(parseHex("#ffff")).toBeUndefined();
    expect(parseHex("#ffffff80")).toBeUndefined();
    expect(parseHex("white")).toBeUndefined();
    expect(parseHex("rgb(0,0,0)")).toBeUndefined();
  });

  it("computes the luminance and ratios of the specification's reference points", () => {
    expect(relativeLuminance(WHITE)).toBeCloseTo(1, 10);
    expect(relativeLuminance(BLACK)).toBe(0);
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 10);
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 10);
    // #767676 on white is the lightest grey that passes AA (4.54:1); #777777 fails (4.48:1).
    expect(contrastRatio(parseHex("#767676")!, WHITE)).toBeCloseTo(4.54, 2);
    expect(contrastRatio(parseHex("#777777")!, WHITE)).toBeCloseTo(4.48, 2);
  });
});

describe("login-theme-contrast", () => {
  it.each(["dynamic", "plugin"] as const)(
    "passes a readable theme and names a faint pair with the fix (%s door)",
    (door) => {
      expect(themeTextContrast(theme(door, readable))).toEqual([]);
      const faint = { ...readable, primary_button: "#7fb2ff", primary_button_label: "#ffffff" };
      expect(themeTextContrast(theme(door, faint)).map((v) => v.message)).toEqual([
        expect.stringMatching(
          /^BrandingTheme "look": colors\.primary_button_label \(#ffffff\) on colors\.primary_button \(#7fb2ff\), the primary button's label, has a contrast ratio of 2\.\d\d:1, below 4\.5:1 .*Darken or lighten/,
        ),
      ]);
    },
  );

  it("judges at the configured minimum", () => {
    const grey = { ...readable, body_text: "#595959" }; // 7.00:1 on white
    expect(themeTextContrast(theme("dynamic", grey), { minimumRatio: 7 })).toEqual([]);
    expect(
      themeTextContrast(theme("dynamic", { ...readable, body_text: "#5a5a5a" }), { minimumRatio: 7 }),
    ).toHaveLength(1);
  });

  it("skips colours it cannot judge with a note, and leaves unknown ones alone", () => {
    const findings = themeContrast({ ...readable, body_text: "#1e212a80", links_focused_components: UNKNOWN });
    expect(findings).toEqual({
      failing: [],
      skipped: [{ text: "body_text", on: "widget_background", color: "#1e212a80" }],
    });
    const both = { ...readable, header: "#cccccc", input_filled_text: "#000000cc" };
    expect(themeTextContrast(theme("dynamic", both)).map((v) => v.message)).toEqual([
      expect.stringMatching(
        /colors\.header .* Not judged \(only #rgb and #rrggbb are\): colors\.input_filled_text on colors\.input_background \(#000000cc\)\.$/,
      ),
    ]);
    expect(themeTextContrast(theme("dynamic", { ...readable, header: "#cccccc" }))).toHaveLength(1);
  });

  it("judges only branding themes", () => {
    const branding = tenantResource({
      type: "pulumi-nodejs:dynamic/tenant:Branding",
      name: "b",
      urn: "u",
      props: { colors: { body_text: "#fff", widget_background: "#fff" } },
    })!;
    expect(themeTextContrast(branding)).toEqual([]);
  });
});
