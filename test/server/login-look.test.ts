/**
 * The hosted login's pages draw the tenant's whole look as its routes store it: the branding
 * theme's style sheet, the custom text of the page's prompt and language, the screen's partials.
 */
import { TEMPLATE } from "./helpers";
import { CookieClient, startLoginServer, TestAccounts, type LoginServer } from "./login-support";

const CALLBACK = "https://app.example.com/callback";

/** A complete theme (every section the create requires), its button pink. */
const THEME = {
  borders: {
    button_border_radius: 3,
    button_border_weight: 1,
    buttons_style: "pill",
    input_border_radius: 3,
    input_border_weight: 1,
    inputs_style: "rounded",
    show_widget_shadow: true,
    widget_border_weight: 0,
    widget_corner_radius: 5,
  },
  colors: {
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
        "primary_button_label",
        "secondary_button_border",
        "secondary_button_label",
        "success",
        "widget_background",
        "widget_border",
      ].map((name) => [name, "#222222"]),
    ),
    primary_button: "#ff0066",
  },
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
  page_background: { background_color: "#0b1f3a", background_image_url: "", page_layout: "center" },
  widget: {
    header_text_alignment: "center",
    logo_height: 52,
    logo_position: "center",
    logo_url: "",
    social_buttons_layout: "bottom",
  },
};

let server: LoginServer;

beforeAll(async () => {
  const accounts = new TestAccounts();
  accounts.addApplication({ client_id: "web-app", name: "Web App", callbacks: [CALLBACK] });
  server = await startLoginServer(accounts);
});
afterAll(() => server.close());

/** Starts a login and answers its page's HTML. */
async function loginPage(): Promise<string> {
  const browser = new CookieClient();
  const query = new URLSearchParams({
    response_type: "code",
    client_id: "web-app",
    redirect_uri: CALLBACK,
    scope: "openid",
  });
  const started = await browser.send(`${server.url}/authorize?${query}`);
  expect(started.status).toBe(303);
  const response = await browser.send(new URL(started.headers.get("location")!, server.url).href);
  expect(response.status).toBe(200);
  return response.text();
}

test("the login page shows the stored theme, custom text and partials", async () => {
  const writes = [
    await server.manage("PUT", "/branding/templates/universal-login", { template: TEMPLATE }),
    await server.manage("POST", "/branding/themes", THEME),
    await server.manage("PUT", "/prompts/login/custom-text/en", { login: { title: "Hello there" } }),
    await server.manage("PUT", "/prompts/login/custom-text/fr", { login: { title: "Salut" } }),
    await server.manage("PUT", "/prompts/login/partials", {
      login: { "form-content-end": '<div id="terms">Terms</div>' },
    }),
  ];
  expect(writes.map(({ status }) => status).filter((status) => status >= 300)).toEqual([]);
  const html = await loginPage();
  expect(html).toContain("body{background-color:#0b1f3a}");
  expect(html).toContain(".login-box button{color:#222222;background:#ff0066;border:1px solid;border-radius:9999px");
  expect(html).toContain("<h1>Hello there</h1>");
  expect(html).toMatch(/<input id="password"[^>]*><div id="terms">Terms<\/div><button/);
});

test("the page speaks the language the request asks for among the tenant's enabled locales, with its custom texts", async () => {
  const writes = [
    // The default template (the earlier test's has no lang attribute).
    await server.manage("DELETE", "/branding/templates/universal-login"),
    await server.manage("PATCH", "/tenants/settings", { enabled_locales: ["es", "fr", "ar"] }),
    await server.manage("PUT", "/prompts/login/custom-text/es", { login: { title: "Hola" } }),
    await server.manage("PUT", "/prompts/login/custom-text/ar", { login: { description: "مرحبا بكم" } }),
  ];
  expect(writes.map(({ status }) => status).filter((status) => status >= 300)).toEqual([]);
  try {
    /** The login page's HTML for `ui_locales` (when given) and `Accept-Language`. */
    const page = async (acceptLanguage: string, uiLocales?: string) => {
      const query = new URLSearchParams({
        response_type: "code",
        client_id: "web-app",
        redirect_uri: CALLBACK,
        scope: "openid",
        ...(uiLocales ? { ui_locales: uiLocales } : {}),
      });
      const headers = { "accept-language": acceptLanguage };
      const started = await fetch(`${server.url}/authorize?${query}`, { headers, redirect: "manual" });
      const response = await fetch(new URL(started.headers.get("location")!, server.url), { headers });
      expect(response.status).toBe(200);
      return response.text();
    };
    // ui_locales first: a language without default texts of ours, its custom text, English elsewhere, right to left.
    const arabic = await page("fr", "ar-EG en");
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('<p class="description">مرحبا بكم</p>');
    expect(arabic).toContain("<h1>Welcome</h1>");
    // Then Accept-Language; the stored French custom text applies over the French defaults.
    const french = await page("de, fr-CA;q=0.5", "ja");
    expect(french).toContain('<html lang="fr" dir="ltr">');
    expect(french).toContain("<h1>Salut</h1>");
    expect(french).toContain("Mot de passe");
    // A language the tenant has not enabled falls back to its first enabled locale.
    const spanish = await page("en");
    expect(spanish).toContain('<html lang="es" dir="ltr">');
    expect(spanish).toContain("<h1>Hola</h1>");
    expect(spanish).toContain('<label for="password">Password</label>');
  } finally {
    await server.manage("PATCH", "/tenants/settings", { enabled_locales: ["en"] });
  }
});
