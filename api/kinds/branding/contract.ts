/**
 * The tenant's branding settings (`/api/v2/branding`): the accent and page background colours,
 * the logo, the favicon and the font the hosted login pages show. A singleton of the tenant
 * that always exists (a fresh tenant answers `{}`), written by `PATCH`, which merges into what
 * the tenant has (nested objects too) and removes a field given `null`.
 *
 * What the resource manages is what the program sets: fields it leaves out stay as the tenant
 * has them (another program, the dashboard), and drift is reported on its own fields only. A
 * field the program stops setting is removed from the tenant (`null`). **Delete** removes the
 * fields the resource set (`null` for each, nested ones one by one) and leaves the rest: the
 * tenant then shows its default look for those, as before the resource existed. The Terraform
 * provider's equivalent is `auth0_branding`; the deploy CLI's is `branding`.
 */
import type { KindDeclaration } from "../../table/kind-spec";
import { enumOf, nullable, number, object, string, union, type Static } from "../../schema/builder";
import type { BrandingSettings as NeighbourBrandingSettings } from "../../neighbours";
import { brandingProviderHooks } from "./provider";

/** Path of the branding settings under `/api/v2`. */
export const BRANDING_PATH = "/branding";

const httpsUrl = string({ format: "strict-https-uri", maxLength: 1024 });
/** A colour as the branding settings take it (`#rrggbb` or `#rgb`). */
const color = string({ pattern: "^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$" });

/** A page background gradient (the published `{type, start, end, angle_deg}`). */
export const brandingGradientSchema = object(
  {
    type: enumOf(["linear-gradient"] as const),
    start: color,
    end: color,
    angle_deg: number({ minimum: 0, maximum: 360 }),
  },
  { required: ["type", "start", "end", "angle_deg"] },
);

/** The page background: a colour or a gradient. */
const pageBackground = union([color, brandingGradientSchema]);

/** The branding settings as GET answers them and as a program states them (only the fields set). */
export const brandingSchema = object({
  colors: object({ primary: color, page_background: pageBackground }),
  favicon_url: httpsUrl,
  logo_url: httpsUrl,
  font: object({ url: httpsUrl }),
});

/** `PATCH /branding`: each field set, or removed with `null` (nested ones too). */
export const brandingUpdateSchema = object({
  colors: nullable(object({ primary: nullable(color), page_background: nullable(pageBackground) })),
  favicon_url: nullable(httpsUrl),
  logo_url: nullable(httpsUrl),
  font: nullable(object({ url: nullable(httpsUrl) })),
});

/** The branding settings: what `GET /branding` answers (only the fields set). */
export type BrandingSettings = Static<typeof brandingSchema>;

// The type the login pages' look reads (api/neighbours.ts) is this one, both ways.
const SAME_SHAPE: [BrandingSettings, NeighbourBrandingSettings] = [
  {} as NeighbourBrandingSettings,
  {} as BrandingSettings,
];
void SAME_SHAPE;

/** What each field of the branding settings means (the table's `fieldDocs`). */
const BRANDING_FIELD_DOCS: Readonly<Record<string, string>> = {
  colors: "The login pages' colours; only the ones set are managed.",
  "colors.primary": "The accent colour (buttons, links): `#rrggbb` or `#rgb`.",
  "colors.page_background":
    'The page\'s background: a colour (`#rrggbb` or `#rgb`) or a gradient `{type: "linear-gradient", start, end, angle_deg}`.',
  "colors.page_background.type": "The gradient's kind: `linear-gradient`.",
  "colors.page_background.start": "The gradient's first colour.",
  "colors.page_background.end": "The gradient's last colour.",
  "colors.page_background.angle_deg": "The gradient's angle, in degrees (0 to 360).",
  favicon_url: "The favicon's URL (https).",
  logo_url: "The logo's URL (https), shown above the login box.",
  font: "The login pages' font.",
  "font.url": "The font file's URL (https): a font file, not a stylesheet.",
};

/** The branding settings' entry in the table of kinds. */
export const brandingKind = {
  typeName: "Branding",
  label: "branding settings",
  plural: "branding settings",
  description:
    "The tenant's branding settings (colours, logo, favicon, font) shown on its login pages. The resource manages " +
    "the fields it sets and leaves the others as the tenant has them; deleting it removes the fields it set.",
  path: BRANDING_PATH,
  shape: "singleton",
  singletonId: "branding",
  // PATCH merges; delete removes the fields the resource set (see the file's comment).
  singletonWrites: { method: "PATCH", merges: true },
  createSchema: brandingSchema,
  updateSchema: brandingUpdateSchema,
  responseSchema: brandingSchema,
  secretPaths: [],
  secretsAre: "read-back",
  // The service has no DELETE: a delete is a PATCH removing fields.
  scopes: { get: "read:branding", update: "update:branding", delete: "update:branding" },
  // GET always answers (`{}` on a fresh tenant): never a 404.
  notFoundCode: "inexistent_branding",
  fieldDocs: BRANDING_FIELD_DOCS,
  example: {
    colors: { primary: "#0059d6", page_background: "#000000" },
    logo_url: "https://example.com/logo.png",
    font: { url: "https://example.com/fonts/brand.woff2" },
  },
  lookups: [
    {
      name: "getBranding",
      description: "Reads the tenant's branding settings (only the fields set; `{}` when none is).",
      args: [],
      result: "object",
    },
  ],
  provider: brandingProviderHooks,
} as const satisfies KindDeclaration;
