/**
 * Branding and BrandingTheme through the provider's dispatch (check, diff, create, read,
 * update, delete, the lookups) against a started tenant server: the settings' fields managed
 * one by one, the theme adopted rather than duplicated and imported with every setting.
 */
import { NotFoundError } from "../../provider/client/errors";
import { TenantClient } from "../../provider/client/http";
import { resolveSettings } from "../../provider/client/settings";
import type { ModelContext } from "../../provider/lifecycle/generator";
import { kindModule } from "../../provider/lifecycle/kind-modules";
import { getBranding, getBrandingTheme } from "../../provider/index";
import { call, dispatchingProvider, startHarness, type ProviderHarness } from "./helpers";

const branding = dispatchingProvider("branding");
const theme = dispatchingProvider("brandingTheme");

/** A complete theme with every field set, the optional ones too. */
const THEME = {
  displayName: "Ours",
  borders: {
    button_border_radius: 1.1,
    button_border_weight: 1.34,
    buttons_style: "pill",
    input_border_radius: 3.2,
    input_border_weight: 1.99,
    inputs_style: "pill",
    show_widget_shadow: false,
    widget_border_weight: 1.11,
    widget_corner_radius: 3.57,
  },
  colors: {
    base_focus_color: "#635dff",
    base_hover_color: "#000000",
    captcha_widget_theme: "dark",
    read_only_background: "#eeeeee",
    ...Object.fromEntries(
      [
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
      ].map((name) => [name, "#FF00CC"]),
    ),
  },
  fonts: {
    body_text: { bold: false, size: 99.5 },
    buttons_text: { bold: true, size: 99.5 },
    font_url: "https://example.com/font.woff",
    input_labels: { bold: false, size: 99.5 },
    links: { bold: false, size: 99.5 },
    links_style: "underlined",
    reference_text_size: 12.5,
    subtitle: { bold: false, size: 99.5 },
    title: { bold: true, size: 150 },
  },
  page_background: {
    background_color: "#000000",
    background_image_url: "https://example.com/background.png",
    page_layout: "left",
  },
  widget: {
    header_text_alignment: "left",
    logo_height: 55.5,
    logo_position: "right",
    logo_url: "https://example.com/logo.png",
    social_buttons_layout: "top",
  },
  identifiers: {
    login_display: "unified",
    otp_autocomplete: true,
    phone_display: { formatting: "international", masking: "mask_digits" },
  },
};
const { displayName: _name, identifiers: _identifiers, ...REQUIRED_ONLY } = THEME;

describe("Branding", () => {
  let harness: ProviderHarness;
  const origin = () => new URL(harness.server.url).origin;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness.close());
  beforeEach(async () => {
    await harness.admin("PATCH", "/branding", { colors: null, logo_url: null, favicon_url: null, font: null });
  });

  it("check asks for adopt only where the program would overwrite a value the tenant has", async () => {
    await harness.admin("PATCH", "/branding", { colors: { primary: "#111111" } });
    const check = call(branding, "check");
    expect((await check({}, { colors: { primary: "#222222" } })).failures).toEqual([
      { property: "adopt", reason: expect.stringContaining("already has a different branding settings") },
    ]);
    // A field the tenant lacks, or has as the program says, takes nothing over.
    expect((await check({}, { colors: { primary: "#111111", page_background: "#000" } })).failures).toEqual([]);
    expect((await check({}, { logo_url: "https://example.com/logo.png" })).failures).toEqual([]);
    expect((await check({}, { logo_url: "http://example.com/logo.png" })).failures).toEqual([
      expect.objectContaining({ property: "logo_url" }),
    ]);
  });

  it("manages the fields it sets: others stay, a dropped field is removed, delete removes only its own", async () => {
    await harness.admin("PATCH", "/branding", {
      colors: { page_background: "#000000" },
      favicon_url: "https://x.io/f.ico",
    });
    const inputs = { colors: { primary: "#0059d6" }, logo_url: "https://example.com/logo.png" };
    const created = await call(branding, "create")(inputs);
    expect(created).toEqual({ id: "branding", outs: { ...inputs, tenantOrigin: origin() } });
    expect((await harness.admin("GET", "/branding")).json).toEqual({
      colors: { page_background: "#000000", primary: "#0059d6" },
      favicon_url: "https://x.io/f.ico",
      logo_url: "https://example.com/logo.png",
    });
    const read = await call(branding, "read")(created.id, created.outs);
    expect(read.props).toEqual({ ...inputs, tenantOrigin: origin() });
    expect(await call(branding, "diff")(created.id, read.props, inputs)).toEqual({ changes: false });

    // Out of band: the managed colour changed shows; the unmanaged favicon does not.
    await harness.admin("PATCH", "/branding", { colors: { primary: "#ffffff" }, favicon_url: "https://x.io/g.ico" });
    const drifted = await call(branding, "read")(created.id, created.outs);
    expect(drifted.props).toEqual({
      colors: { primary: "#ffffff" },
      logo_url: inputs.logo_url,
      tenantOrigin: origin(),
    });
    expect(await call(branding, "diff")(created.id, drifted.props, inputs)).toEqual({ changes: true });

    const next = { colors: { primary: "#0059d6" } };
    expect(await call(branding, "diff")(created.id, read.props, next)).toEqual({ changes: true });
    await call(branding, "update")(created.id, read.props, next);
    expect((await harness.admin("GET", "/branding")).json).toEqual({
      colors: { page_background: "#000000", primary: "#0059d6" },
      favicon_url: "https://x.io/g.ico",
    });

    await call(branding, "delete")(created.id, { ...next, tenantOrigin: origin() });
    expect((await harness.admin("GET", "/branding")).json).toEqual({
      colors: { page_background: "#000000" },
      favicon_url: "https://x.io/g.ico",
    });
  });

  it("getBranding answers the tenant's settings, {} when none is set", async () => {
    const { domain, clientId, clientSecret } = harness.server.credentials;
    const settings = { settings: { domain, clientId, clientSecret } };
    expect(await getBranding({}, settings)).toEqual({});
    await harness.admin("PATCH", "/branding", { logo_url: "https://example.com/l.png" });
    expect(await getBranding({}, settings)).toEqual({ logo_url: "https://example.com/l.png" });
  });
});

describe("BrandingTheme", () => {
  let harness: ProviderHarness;
  const origin = () => new URL(harness.server.url).origin;
  const current = async () => harness.admin("GET", "/branding/themes/default");
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness.close());
  afterEach(async () => {
    const existing = await current();
    if (existing.status === 200) await harness.admin("DELETE", `/branding/themes/${existing.json.themeId}`);
  });

  it("creates by POST, its id the tenant's themeId; changes by PATCH; deletes; the lookup then fails in words", async () => {
    expect((await call(theme, "check")({}, REQUIRED_ONLY)).failures).toEqual([]);
    const created = await call(theme, "create")(REQUIRED_ONLY);
    expect(created.id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((await current()).json.themeId).toBe(created.id);
    const read = await call(theme, "read")(created.id, created.outs);
    expect(read.props).toEqual({ ...REQUIRED_ONLY, tenantOrigin: origin() });
    expect(await call(theme, "diff")(created.id, read.props, REQUIRED_ONLY)).toEqual({ changes: false });

    const next = { ...REQUIRED_ONLY, displayName: "Renamed" };
    expect(await call(theme, "diff")(created.id, read.props, next)).toEqual({ changes: true });
    await call(theme, "update")(created.id, read.props, next);
    expect((await current()).json).toMatchObject({ displayName: "Renamed", themeId: created.id });

    const { domain, clientId, clientSecret } = harness.server.credentials;
    const settings = { settings: { domain, clientId, clientSecret } };
    expect(await getBrandingTheme({}, settings)).toEqual(next);
    await call(theme, "delete")(created.id, next);
    expect((await current()).status).toBe(404);
    expect(await call(theme, "read")(created.id, next)).toEqual({});
    const lookup = getBrandingTheme({}, settings);
    await expect(lookup).rejects.toBeInstanceOf(NotFoundError);
    await expect(lookup).rejects.toThrow(/has no branding theme.*Create one with a BrandingTheme resource/s);
  });

  it("takes over the tenant's theme instead of making a second: adopt needed only when it differs", async () => {
    const existing = (await harness.admin("POST", "/branding/themes", REQUIRED_ONLY)).json.themeId as string;
    // The same theme: adopted silently, nothing written.
    expect((await call(theme, "check")({}, REQUIRED_ONLY)).failures).toEqual([]);
    expect((await call(theme, "create")(REQUIRED_ONLY)).id).toBe(existing);

    const different = { ...REQUIRED_ONLY, widget: { ...REQUIRED_ONLY.widget, logo_height: 20 } };
    expect((await call(theme, "check")({}, different)).failures).toEqual([
      { property: "adopt", reason: expect.stringContaining("already has a different branding theme") },
    ]);
    expect((await call(theme, "check")({}, { ...different, adopt: true })).failures).toEqual([]);
    const adopted = await call(theme, "create")({ ...different, adopt: true });
    expect(adopted.id).toBe(existing);
    expect((await current()).json.widget.logo_height).toBe(20);
  });

  it("generate reads the tenant's theme by its current path and names the resource by its themeId", async () => {
    const id = (await harness.admin("POST", "/branding/themes", THEME)).json.themeId as string;
    const { domain, clientId, clientSecret } = harness.server.credentials;
    const client = new TenantClient(resolveSettings({ domain, clientId, clientSecret }));
    const generator = kindModule("brandingTheme").generator!;
    const notes: string[] = [];
    const [read, ...more] = await generator.read(client, { notes, concurrency: 1 });
    expect([more, notes]).toEqual([[], []]);
    const model = { name: (words?: string) => words!.replace(/ (\w)/g, (_, c: string) => c.toUpperCase()) };
    const resource = generator.resource(read, model as unknown as ModelContext);
    expect(resource).toMatchObject({ name: "brandingTheme", id, args: THEME });
  });

  it("an imported theme keeps every setting: read by id gives inputs that check and diff to nothing", async () => {
    const id = (await harness.admin("POST", "/branding/themes", THEME)).json.themeId as string;
    const imported = await call(theme, "read")(id, undefined);
    expect(imported.props).toEqual({ ...THEME, tenantOrigin: origin() });
    const inputs = imported.inputs!;
    expect((await call(theme, "check")(imported.props!, inputs)).failures).toEqual([]);
    expect(await call(theme, "diff")(id, imported.props!, inputs)).toEqual({ changes: false });
    // Left out of a program, the optional sections stay as the tenant has them: no change either.
    expect(await call(theme, "diff")(id, imported.props!, REQUIRED_ONLY)).toEqual({ changes: false });
  });
});
