/** The renderer's whole look: the branding theme's style sheet, the prompts' settings, custom texts and screen partials. */
import { firstLoginPrompt, renderLoginPage, themeCss, type LoginPage, type TenantLook } from "../../../render";

const LOOK: TenantLook = {
  tenant: { name: "acme", friendly_name: "Acme" },
  branding: { colors: { primary: "#0a7d3e" }, logo_url: "https://cdn.example.com/logo.png" },
};
const LOGIN: LoginPage = {
  prompt: "login",
  screen: "login",
  language: "en",
  application: { id: "app1", name: "Shop" },
  form: { action: "/u/login?state=s1", state: "s1", csrf: "token1", switchHref: "/u/signup?state=s1" },
};
const HOSTILE = `"><script>alert(1)</script>`;

/** The `<style>` element's text of a page. */
const styleOf = (html: string) => /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? "";

test("the theme's colours, borders, fonts, page background and layout style the login box", () => {
  const theme: TenantLook["theme"] = {
    colors: {
      primary_button: "#ff0066",
      primary_button_label: "#ffffff",
      widget_background: "#fafafa",
      error: "#b00020",
    },
    borders: { buttons_style: "pill", inputs_style: "sharp", widget_corner_radius: 12, show_widget_shadow: false },
    fonts: { title: { bold: true, size: 180 }, links_style: "underlined" },
    page_background: {
      background_color: "#123456",
      background_image_url: "https://cdn.example.com/bg.png",
      page_layout: "left",
    },
    widget: { logo_position: "right", logo_height: 60, header_text_alignment: "left" },
  };
  const css = styleOf(renderLoginPage({ ...LOOK, theme }, LOGIN).html);
  expect(css).toContain('body{background-color:#123456;background-image:url("https://cdn.example.com/bg.png")');
  expect(css).toContain(
    ".login-box{background:#fafafa;border-radius:12px;box-shadow:none;margin-left:48px;margin-right:auto}",
  );
  expect(css).toContain(".login-box button{color:#ffffff;background:#ff0066;border-radius:9999px}");
  expect(css).toContain(".login-box input{border-radius:0}");
  expect(css).toContain(".login-box h1{text-align:left;font-size:180%;font-weight:700}");
  expect(css).toContain(".login-box a{text-decoration:underline}");
  expect(css).toContain(".login-box .error{color:#b00020}");
  expect(css).toContain(".login-box .logo{display:block;height:60px;max-height:none;margin-left:auto;margin-right:0}");
  // The theme's rules come after the defaults, so they win.
  expect(css.indexOf("#ff0066")).toBeGreaterThan(css.indexOf("background:var(--primary-color)"));
});

test("a theme value that is not a plain colour, size or https image never reaches the style sheet", () => {
  const theme = {
    colors: { primary_button: "red;}</style><script>", widget_background: "url(javascript:x)" },
    borders: { widget_corner_radius: "12px;}body{x" as unknown as number, button_border_radius: -3 },
    page_background: { background_image_url: 'https://x.example/a.png");}</style><script>' },
    widget: { logo_height: Number.POSITIVE_INFINITY },
  } as TenantLook["theme"];
  expect(themeCss(theme)).toBe("");
  const html = renderLoginPage({ ...LOOK, theme }, LOGIN).html;
  expect(html).not.toContain("<script>");
  expect(html).not.toContain("javascript:");
});

test("the theme's logo replaces the branding's; logo_position none hides it", () => {
  const own = renderLoginPage({ ...LOOK, theme: { widget: { logo_url: "https://cdn.example.com/theme.png" } } }, LOGIN);
  expect(own.html).toContain('<img class="logo" src="https://cdn.example.com/theme.png"');
  const none = renderLoginPage({ ...LOOK, theme: { widget: { logo_position: "none" } } }, LOGIN);
  expect(none.html).not.toContain('class="logo"');
});

test("identifier first: the login prompt's first screen is login-id, which asks for the identifier alone", () => {
  expect(firstLoginPrompt(LOOK)).toBe("login");
  const look = { ...LOOK, promptSettings: { identifier_first: true } };
  expect(firstLoginPrompt(look)).toBe("login-id");
  const { html } = renderLoginPage(look, { ...LOGIN, prompt: "login-id", screen: "login-id" });
  expect(html).toContain('<input id="username" name="username"');
  expect(html).not.toContain('name="password"');
  expect(html).toContain('data-screen="login-id"');
  expect(renderLoginPage(look, LOGIN).html).toContain('name="password"');
});

test("custom texts override the default texts of their prompt, language and screen, in the box and the template", () => {
  const look: TenantLook = {
    ...LOOK,
    template:
      "<html><head>{%- auth0:head -%}</head><body><i>{{ prompt.screen.texts.title }}</i>{%- auth0:widget -%}</body></html>",
    customTexts: {
      login: {
        en: { login: { title: "Hello ${companyName}", buttonText: HOSTILE } },
        fr: { login: { title: "Salut" } },
      },
      signup: { en: { signup: { title: "Join us" } } },
    },
  };
  const english = renderLoginPage(look, LOGIN).html;
  expect(english).toContain("<i>Hello Acme</i>");
  expect(english).toContain("<h1>Hello Acme</h1>");
  expect(english).toContain('<p class="description">Log in to Acme to continue to Shop.</p>');
  expect(english).not.toContain("<script>");
  expect(english).toContain("&quot;&gt;&lt;script&gt;");
  expect(renderLoginPage(look, { ...LOGIN, language: "fr" }).html).toContain("<h1>Salut</h1>");
  expect(renderLoginPage(look, { ...LOGIN, prompt: "signup", screen: "signup" }).html).toContain("<h1>Join us</h1>");
  // A key of the prototype's is no text.
  const odd = { ...LOOK, customTexts: JSON.parse('{"constructor": {"en": {"login": {"title": "x"}}}}') };
  expect(renderLoginPage(odd, LOGIN).html).toContain("<h1>Welcome</h1>");
});

test("screen partials are inserted where the service inserts them, as the tenant wrote them", () => {
  const points = [
    "form-content-start",
    "form-content-end",
    "form-footer-start",
    "form-footer-end",
    "secondary-actions-start",
    "secondary-actions-end",
  ];
  const look: TenantLook = {
    ...LOOK,
    partials: { login: { login: Object.fromEntries(points.map((point) => [point, `<div id="${point}"></div>`])) } },
  };
  const html = renderLoginPage(look, {
    ...LOGIN,
    form: { ...LOGIN.form!, values: { username: HOSTILE } },
  }).html;
  const at = (marker: string) => html.indexOf(marker);
  const order = [
    at('<div id="form-content-start">'),
    at('<input id="username"'),
    at('<input id="password"'),
    at('<div id="form-content-end">'),
    at('<div id="form-footer-start">'),
    at("<button"),
    at('<div id="form-footer-end">'),
    at("</form>"),
    at('<div id="secondary-actions-start">'),
    at("Sign up</a>"),
    at('<div id="secondary-actions-end">'),
  ];
  expect(order.every((position) => position >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  // The person's input stays escaped beside the tenant's own markup.
  expect(html).not.toContain("<script>");
  // Another screen's partials are not this one's.
  expect(renderLoginPage(look, { ...LOGIN, prompt: "signup", screen: "signup" }).html).not.toContain(
    "form-content-start",
  );
});
