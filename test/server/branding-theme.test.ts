/**
 * The branding theme (the tenant's one, made by POST with an id of the tenant's) and the branding
 * settings' merging PATCH, beyond what the recordings show (test/server/look-recordings.test.ts):
 * a second theme refused, ids in paths, the optional sections kept, a gradient background.
 */
import { Management, ManagementClient } from "auth0";
import { expectError, startHarness, tokenFor, type Harness } from "./helpers";

const THEMES = "/api/v2/branding/themes";

/** A complete theme, as the Terraform provider's recordings send one. */
const THEME = {
  borders: {
    button_border_radius: 3,
    button_border_weight: 1,
    buttons_style: "rounded",
    input_border_radius: 3,
    input_border_weight: 1,
    inputs_style: "rounded",
    show_widget_shadow: true,
    widget_border_weight: 0,
    widget_corner_radius: 5,
  },
  colors: Object.fromEntries(
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
    ].map((name) => [name, "#635dff"]),
  ),
  fonts: {
    body_text: { bold: false, size: 87.5 },
    buttons_text: { bold: false, size: 100 },
    font_url: "",
    input_labels: { bold: false, size: 100 },
    links: { bold: true, size: 87.5 },
    links_style: "normal",
    reference_text_size: 16,
    subtitle: { bold: false, size: 87.5 },
    title: { bold: false, size: 150 },
  },
  page_background: { background_color: "#000000", background_image_url: "", page_layout: "center" },
  widget: {
    header_text_alignment: "center",
    logo_height: 52,
    logo_position: "center",
    logo_url: "",
    social_buttons_layout: "bottom",
  },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    clients: [{ client_id: "reader", client_secret: "reader-secret", scopes: ["read:branding"], global: false }],
  });
});
afterAll(() => h.close());

describe("the branding theme", () => {
  test("one per tenant: a second POST is 409 in the service's words; DELETE frees the place", async () => {
    const first = await h.call("POST", THEMES, { body: THEME });
    expect(first.status).toBe(200);
    const id = first.json.themeId as string;
    expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    const second = expectError(await h.call("POST", THEMES, { body: THEME }), 409, "conflict");
    expect(second.message).toBe("There was an error creating branding settings: theme already exists");
    expect((await h.call("GET", `${THEMES}/${id}`)).json).toEqual(first.json);
    expect((await h.call("DELETE", `${THEMES}/${id}`)).status).toBe(204);
    expectError(await h.call("GET", `${THEMES}/default`), 404, "theme_not_found");
    expect((await h.call("POST", THEMES, { body: THEME })).status).toBe(200);
    await h.call("DELETE", `${THEMES}/${(await h.call("GET", `${THEMES}/default`)).json.themeId}`);
  });

  test("a path id that is no theme id is 400 invalid_uri (the service's words); another theme's is 404", async () => {
    const body = expectError(await h.call("PATCH", `${THEMES}/default`, { body: THEME }), 400, "invalid_uri");
    expect(body.message).toBe(
      "Path validation error: 'Object didn't pass validation for format theme-id: default' on property themeId (The ID of the theme).",
    );
    expectError(await h.call("DELETE", `${THEMES}/${"A".repeat(32)}`), 404, "theme_not_found");
  });

  test("PATCH answers the theme; a display name, once set, stays when a later PATCH leaves it out", async () => {
    const id = (await h.call("POST", THEMES, { body: THEME })).json.themeId as string;
    try {
      const named = await h.call("PATCH", `${THEMES}/${id}`, { body: { ...THEME, displayName: "Ours" } });
      expect(Object.keys(named.json)).toEqual(["displayName", ...Object.keys(THEME), "themeId"]);
      const again = await h.call("PATCH", `${THEMES}/${id}`, {
        body: { ...THEME, widget: { ...THEME.widget, logo_height: 60 } },
      });
      expect([again.json.displayName, again.json.widget.logo_height]).toEqual(["Ours", 60]);
    } finally {
      await h.call("DELETE", `${THEMES}/${id}`);
    }
  });

  test("refuses a theme missing a section, a colour that is none, and a reader's write", async () => {
    const { widget: _widget, ...partial } = THEME;
    expectError(await h.call("POST", THEMES, { body: partial }), 400, "invalid_body");
    expectError(
      await h.call("POST", THEMES, { body: { ...THEME, colors: { ...THEME.colors, error: "red" } } }),
      400,
      "invalid_body",
    );
    const reader = await tokenFor(h.server, "reader", "reader-secret");
    expectError(await h.call("POST", THEMES, { body: THEME, token: reader }), 403, "insufficient_scope");
    expectError(await h.call("GET", `${THEMES}/default`, { token: reader }), 404, "theme_not_found");
  });
});

describe("the branding settings", () => {
  test("a gradient background replaces a colour whole, and a colour a gradient", async () => {
    const gradient = { type: "linear-gradient", start: "#FFFFFF", end: "#000000", angle_deg: 35 };
    await h.call("PATCH", "/api/v2/branding", { body: { colors: { primary: "#0059d6", page_background: "#000000" } } });
    const withGradient = await h.call("PATCH", "/api/v2/branding", { body: { colors: { page_background: gradient } } });
    expect(withGradient.json.colors).toEqual({ primary: "#0059d6", page_background: gradient });
    const back = await h.call("PATCH", "/api/v2/branding", { body: { colors: { page_background: "#111111" } } });
    expect(back.json.colors).toEqual({ primary: "#0059d6", page_background: "#111111" });
    expect((await h.call("PATCH", "/api/v2/branding", { body: { colors: null } })).json).toEqual({});
  });
});

describe("the official SDK (what Auth0's deploy CLI calls)", () => {
  /** The SDK's https://host requests sent to the local http server. */
  const localFetch: typeof fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    return fetch(url.replace(/^https:\/\//, "http://"), init);
  };
  const sdk = () =>
    new ManagementClient({
      domain: new URL(h.server.url).host,
      fetch: localFetch,
      maxRetries: 0,
      clientId: h.server.credentials.clientId,
      clientSecret: h.server.credentials.clientSecret,
    });

  // The literal's strings are the SDK's enums' values.
  const SDK_THEME = THEME as unknown as Management.CreateBrandingThemeRequestContent;

  test("themes: getDefault (NotFoundError with none), create, update, get, delete; branding get and update", async () => {
    const client = sdk();
    await expect(client.branding.themes.getDefault()).rejects.toBeInstanceOf(Management.NotFoundError);
    const created = await client.branding.themes.create(SDK_THEME);
    expect(created.themeId).toMatch(/^[A-Za-z0-9]{32}$/);
    await expect(client.branding.themes.create(SDK_THEME)).rejects.toBeInstanceOf(Management.ConflictError);
    const updated = await client.branding.themes.update(created.themeId, {
      ...SDK_THEME,
      displayName: "Via the SDK",
    });
    expect(updated.displayName).toBe("Via the SDK");
    expect((await client.branding.themes.getDefault()).themeId).toBe(created.themeId);
    expect((await client.branding.themes.get(created.themeId)).displayName).toBe("Via the SDK");
    await client.branding.themes.delete(created.themeId);
    await expect(client.branding.themes.get(created.themeId)).rejects.toBeInstanceOf(Management.NotFoundError);

    await client.branding.update({ logo_url: "https://example.com/sdk.png", colors: null });
    expect(await client.branding.get()).toEqual({ logo_url: "https://example.com/sdk.png" });
  });
});
