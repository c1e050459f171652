/**
 * The tenant's branding theme (`/api/v2/branding/themes`): the login box's borders, colours,
 * fonts, page background, widget layout and how identifiers show. The tenant has at most one:
 * `POST /branding/themes` makes it and answers it with its `themeId` (32 letters and digits),
 * `GET /branding/themes/default` reads it whatever its id (404 `theme_not_found` while there is
 * none), and `GET`/`PATCH`/`DELETE /branding/themes/{themeId}` read, change (the whole theme:
 * every section is required, as in the create) and delete it. A second `POST` is a 409.
 *
 * A singleton whose id the tenant makes: the resource's id is the theme's `themeId`, what
 * `pulumi import` takes. Creating the resource on a tenant that has a theme adopts it (a PATCH
 * to its id; `adopt: true` when it differs from the program), never a second one. `displayName`
 * and `identifiers` are optional: left out, they stay as the tenant has them. The Terraform
 * provider's equivalent is `auth0_branding_theme`; the deploy CLI's is `themes`.
 */
import type { KindDeclaration } from "../../table/kind-spec";
import { boolean, enumOf, number, object, string, type Static } from "../../schema/builder";
import { brandingThemeProviderHooks } from "./provider";
import { BRANDING_THEME_EXAMPLE, BRANDING_THEME_FIELD_DOCS } from "./docs";

/** The field of an answer holding the theme's id. */
export const THEME_ID_FIELD = "themeId";
/** A theme id: 32 letters and digits, made by the tenant. */
export const THEME_ID_PATTERN = "^[A-Za-z0-9]{32}$";
/** Path of the themes under `/api/v2`. */
export const BRANDING_THEMES_PATH = "/branding/themes";

/** A theme colour: `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`. */
const color = string({ pattern: "^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$" });
/** A URL of the theme: empty (none) or https. */
const urlOrEmpty = string({ pattern: "^(https://\\S+)?$", maxLength: 2048 });
const size = number({ minimum: 0 });
const textStyle = object({ bold: boolean(), size }, { required: ["bold", "size"] });
const styles = enumOf(["pill", "rounded", "sharp"] as const);
const alignment = enumOf(["center", "left", "right"] as const);

/** The theme's borders. */
export const themeBordersSchema = object(
  {
    button_border_radius: size,
    button_border_weight: size,
    buttons_style: styles,
    input_border_radius: size,
    input_border_weight: size,
    inputs_style: styles,
    show_widget_shadow: boolean(),
    widget_border_weight: size,
    widget_corner_radius: size,
  },
  {
    required: [
      "button_border_radius",
      "button_border_weight",
      "buttons_style",
      "input_border_radius",
      "input_border_weight",
      "inputs_style",
      "show_widget_shadow",
      "widget_border_weight",
      "widget_corner_radius",
    ],
  },
);

const REQUIRED_COLORS = [
  "body_text",
  "error",
  "header",
  "icons",
  "input_background",
  "input_border",
  "input_filled_text",
  "input_labels_placeholders",
  "links_focused_components",
  "primary_button",
  "primary_button_label",
  "secondary_button_border",
  "secondary_button_label",
  "success",
  "widget_background",
  "widget_border",
] as const;

/** The theme's colours. */
export const themeColorsSchema = object(
  {
    base_focus_color: color,
    base_hover_color: color,
    body_text: color,
    captcha_widget_theme: enumOf(["auto", "dark", "light"] as const),
    error: color,
    header: color,
    icons: color,
    input_background: color,
    input_border: color,
    input_filled_text: color,
    input_labels_placeholders: color,
    links_focused_components: color,
    primary_button: color,
    primary_button_label: color,
    read_only_background: color,
    secondary_button_border: color,
    secondary_button_label: color,
    success: color,
    widget_background: color,
    widget_border: color,
  },
  { required: [...REQUIRED_COLORS] },
);

/** The theme's fonts. */
export const themeFontsSchema = object(
  {
    body_text: textStyle,
    buttons_text: textStyle,
    font_url: urlOrEmpty,
    input_labels: textStyle,
    links: textStyle,
    links_style: enumOf(["normal", "underlined"] as const),
    reference_text_size: size,
    subtitle: textStyle,
    title: textStyle,
  },
  {
    required: [
      "body_text",
      "buttons_text",
      "font_url",
      "input_labels",
      "links",
      "links_style",
      "reference_text_size",
      "subtitle",
      "title",
    ],
  },
);

/** The page around the login box. */
export const themePageBackgroundSchema = object(
  { background_color: color, background_image_url: urlOrEmpty, page_layout: alignment },
  { required: ["background_color", "background_image_url", "page_layout"] },
);

/** The login box (widget). */
export const themeWidgetSchema = object(
  {
    header_text_alignment: alignment,
    logo_height: size,
    logo_position: enumOf(["center", "left", "none", "right"] as const),
    logo_url: urlOrEmpty,
    social_buttons_layout: enumOf(["bottom", "top"] as const),
  },
  { required: ["header_text_alignment", "logo_height", "logo_position", "logo_url", "social_buttons_layout"] },
);

/** How identifiers (email, phone) show. */
export const themeIdentifiersSchema = object(
  {
    login_display: enumOf(["separate", "unified"] as const),
    otp_autocomplete: boolean(),
    phone_display: object(
      {
        formatting: enumOf(["international", "regional"] as const),
        masking: enumOf(["hide_country_code", "mask_digits", "show_all"] as const),
      },
      { required: ["formatting", "masking"] },
    ),
  },
  { required: ["login_display", "otp_autocomplete", "phone_display"] },
);

/** The theme as the create and the update take it, and as a program states it. */
export const brandingThemeSchema = object(
  {
    displayName: string({ maxLength: 2048, pattern: "^[^<>]*$" }),
    borders: themeBordersSchema,
    colors: themeColorsSchema,
    fonts: themeFontsSchema,
    page_background: themePageBackgroundSchema,
    widget: themeWidgetSchema,
    identifiers: themeIdentifiersSchema,
  },
  { required: ["borders", "colors", "fonts", "page_background", "widget"] },
);

/** A branding theme (without its id). */
export type BrandingTheme = Static<typeof brandingThemeSchema>;

/** The branding theme's entry in the table of kinds. */
export const brandingThemeKind = {
  typeName: "BrandingTheme",
  label: "branding theme",
  plural: "branding themes",
  description:
    "The tenant's one branding theme: the login box's borders, colours, fonts, page background, widget layout and " +
    "identifiers. Its id is the theme's `themeId`; creating it on a tenant that has a theme takes that one over.",
  path: `${BRANDING_THEMES_PATH}/{${THEME_ID_FIELD}}`,
  shape: "singleton",
  singletonMadeId: {
    field: THEME_ID_FIELD,
    createPath: BRANDING_THEMES_PATH,
    currentPath: `${BRANDING_THEMES_PATH}/default`,
    pattern: THEME_ID_PATTERN,
  },
  singletonWrites: { method: "PATCH" },
  createSchema: brandingThemeSchema,
  updateSchema: brandingThemeSchema,
  responseSchema: brandingThemeSchema,
  secretPaths: [],
  secretsAre: "read-back",
  scopes: { get: "read:branding", create: "create:branding", update: "update:branding", delete: "delete:branding" },
  notFoundCode: "theme_not_found",
  namedTypes: [
    [themeBordersSchema, "BrandingThemeBorders"],
    [themeColorsSchema, "BrandingThemeColors"],
    [themeFontsSchema, "BrandingThemeFonts"],
    [themePageBackgroundSchema, "BrandingThemePageBackground"],
    [themeWidgetSchema, "BrandingThemeWidget"],
    [themeIdentifiersSchema, "BrandingThemeIdentifiers"],
  ],
  fieldDocs: BRANDING_THEME_FIELD_DOCS,
  example: BRANDING_THEME_EXAMPLE,
  lookups: [
    {
      name: "getBrandingTheme",
      description: "Reads the tenant's branding theme; fails when the tenant has none.",
      args: [],
      result: "object",
    },
  ],
  provider: brandingThemeProviderHooks,
} as const satisfies KindDeclaration;
