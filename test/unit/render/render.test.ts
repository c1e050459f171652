/** The hosted login's renderer on HTML: the template's variables and tags, the login box, escaping, the fallback, the texts. */
import {
  chooseLanguage,
  DEFAULT_TEMPLATE,
  pickLanguage,
  renderLoginPage,
  type LoginPage,
  type TenantLook,
} from "../../../render";

const LOOK: TenantLook = {
  tenant: { name: "acme", friendly_name: "Acme" },
  branding: {
    colors: { primary: "#0a7d3e", page_background: "#101010" },
    logo_url: "https://cdn.example.com/logo.png",
  },
};
const LOGIN: LoginPage = {
  prompt: "login",
  screen: "login",
  language: "en",
  application: { id: "app1", name: "Shop" },
  form: { action: "/u/login?state=s1", state: "s1", csrf: "token1", switchHref: "/u/signup?state=s1" },
};
const HOSTILE = `"><script>alert(1)</script>`;

test("the template's markup wraps the login box, with the documented variables", () => {
  const template =
    '<html lang="{{ locale }}" dir="{{ dir }}"><head>{%- auth0:head -%}</head><body><header id="brand">{{ tenant.friendly_name }} / {{ application.name }} / {{ prompt.name }}:{{ prompt.screen.name }} / {{ prompt.screen.texts.title }} / {{ branding.colors.primary }} / {{ transaction.params.ext-campaign }}</header>{%- auth0:widget -%}</body></html>';
  const { html, templateError } = renderLoginPage(
    { ...LOOK, template },
    { ...LOGIN, extParams: { "ext-campaign": "spring" } },
  );
  expect(templateError).toBeUndefined();
  expect(html).toContain('<html lang="en" dir="ltr">');
  expect(html).toContain(
    '<header id="brand">Acme / Shop / login:login / Welcome / #0a7d3e / spring</header><main class="login-box"',
  );
  expect(html).toMatch(/<head><meta charset="utf-8">.*<title>Log in \| Shop<\/title>/);
});

test("the login box has the service's fields, each labelled, the tenant's colours and logo", () => {
  const { html } = renderLoginPage(LOOK, LOGIN);
  expect(html).toContain('<label for="username">Email address</label><input id="username" name="username" type="text"');
  expect(html).toContain('<label for="password">Password</label><input id="password" name="password" type="password"');
  expect(html).toContain('<button type="submit" name="action" value="default">Continue</button>');
  expect(html).toContain('<input type="hidden" name="_csrf" value="token1">');
  expect(html).toContain("--primary-color:#0a7d3e");
  expect(html).toContain('<img class="logo" src="https://cdn.example.com/logo.png" alt="Acme">');
  const signup = renderLoginPage(LOOK, { ...LOGIN, prompt: "signup", screen: "signup" }).html;
  expect(signup).toContain('<label for="email">Email address</label><input id="email" name="email" type="email"');
  expect(signup).toContain("Create Your Account");
});

test("nothing typed or sent by a browser is rendered unescaped, in the box or in the template", () => {
  const template =
    "<html><head>{%- auth0:head -%}</head><body>{{ transaction.params.ext-x }}{{ application.name }}{%- auth0:widget -%}</body></html>";
  const { html } = renderLoginPage(
    { ...LOOK, template, branding: { logo_url: "javascript:alert(1)", colors: { primary: "red;}</style><script>" } } },
    {
      ...LOGIN,
      application: { id: "a", name: HOSTILE },
      extParams: { "ext-x": HOSTILE },
      form: { ...LOGIN.form!, state: HOSTILE, csrf: HOSTILE, values: { username: HOSTILE }, errorKey: HOSTILE },
    },
  );
  expect(html).not.toContain("<script>");
  expect(html).not.toContain("javascript:");
  expect(html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
});

test("a template that does not render gives the default page and the reason", () => {
  for (const template of [
    "{% for x in %}",
    "<html>{%- auth0:head -%} no widget</html>",
    "{% for i in (1..100000000) %}{{ i }}{% endfor %}{%- auth0:widget -%}",
  ]) {
    const { html, templateError } = renderLoginPage({ ...LOOK, template }, LOGIN);
    expect(templateError).toEqual(expect.any(String));
    expect(html).toContain('<main class="login-box"');
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
  }
  expect(DEFAULT_TEMPLATE).toContain("{%- auth0:widget -%}");
});

test("texts follow the request's language, English when it has none the table knows", () => {
  expect(pickLanguage("de-DE,fr;q=0.8,en;q=0.5")).toBe("fr");
  expect(pickLanguage("xx", undefined)).toBe("en");
  expect(pickLanguage(undefined, "fr-CA")).toBe("fr");
  expect(renderLoginPage(LOOK, { ...LOGIN, language: "fr" }).html).toContain("Mot de passe");
  const error = renderLoginPage(LOOK, {
    prompt: "error",
    screen: "error",
    language: "en",
    error: { code: "invalid_request", description: HOSTILE },
  }).html;
  expect(error).toContain("<code>invalid_request</code>");
  expect(error).not.toContain("<script>");
});

test("the language is chosen among the tenant's enabled locales: ui_locales, then Accept-Language, then the first", () => {
  const enabled = ["de", "fr-CA", "pt-BR", "ar"];
  expect(chooseLanguage(enabled, "es fr-ca", "de")).toBe("fr-CA");
  expect(chooseLanguage(enabled, "es", "it;q=0.9, pt;q=0.8, de;q=0.1")).toBe("pt-BR");
  expect(chooseLanguage(enabled, "ja", "es, *")).toBe("de");
  expect(chooseLanguage(["en", "fr"], undefined, "fr-FR;q=0.5, en-GB;q=0.6")).toBe("en");
  expect(chooseLanguage([], "fr")).toBe("en");
});

test("a language without default texts takes the tenant's custom texts and English elsewhere, its direction right", () => {
  const look: TenantLook = { ...LOOK, customTexts: { login: { ar: { login: { title: "مرحبا" } } } } };
  const { html } = renderLoginPage(look, { ...LOGIN, language: "ar" });
  expect(html).toContain('<html lang="ar" dir="rtl">');
  expect(html).toContain("<h1>مرحبا</h1>");
  expect(html).toContain('<label for="password">Password</label>');
  expect(renderLoginPage(LOOK, { ...LOGIN, language: "he" }).html).toContain('dir="rtl"');
  const canadian = renderLoginPage(LOOK, { ...LOGIN, language: "fr-CA" }).html;
  expect(canadian).toContain('<html lang="fr-CA" dir="ltr">');
  expect(canadian).toContain("Mot de passe");
});

test("the password screen of identifier first shows the identifier read-only, a link to change it", () => {
  const page: LoginPage = {
    ...LOGIN,
    prompt: "login-password",
    screen: "login-password",
    form: {
      ...LOGIN.form!,
      action: "/u/login/password?state=s1",
      values: { username: HOSTILE },
      identifierHref: "/u/login/identifier?state=s1",
    },
  };
  const { html } = renderLoginPage(LOOK, page);
  expect(html).toContain("<h1>Enter Your Password</h1>");
  expect(html).toMatch(
    /<input id="username" name="username" type="text"[^>]* value="&quot;&gt;&lt;script[^>]* readonly>/,
  );
  expect(html).toContain('<a href="/u/login/identifier?state=s1">Edit</a>');
  expect(html).toContain('<input id="password" name="password" type="password" autocomplete="current-password"');
  const first = renderLoginPage(LOOK, { ...LOGIN, prompt: "login-id", screen: "login-id" }).html;
  expect(first).toContain('<input id="username"');
  expect(first).not.toContain('id="password"');
});
