/** A form's STEP drawn as HTML: every component type, labels, values shown back, errors, stand-ins, translations, escaping. */
import { FORM_COMPONENT_TYPES } from "../../../../api/kinds/form/components";
import { escapeHtml } from "../../../../render";
import { renderComponent, renderFormStep, type FormComponent, type RenderableForm } from "../../../../render/form";
import { EVERY_COMPONENT, FORM, HOSTILE } from "./fixture";

const ALL_TYPES = [...FORM_COMPONENT_TYPES.BLOCK, ...FORM_COMPONENT_TYPES.WIDGET, ...FORM_COMPONENT_TYPES.FIELD];
const html = (component: FormComponent, state = {}, form: RenderableForm = FORM, language?: string) =>
  renderComponent(form, component, state, language);
const byId = (id: string) => {
  const component = EVERY_COMPONENT.find((candidate) => candidate.id === id);
  if (!component) throw new Error(`fixture has no ${id}`);
  return component;
};

test("the fixture has one component of each of the 27 types, and each draws something", () => {
  expect(EVERY_COMPONENT.map((component) => component.type).sort()).toEqual([...ALL_TYPES].sort());
  for (const component of EVERY_COMPONENT) expect(html(component)).toContain(`data-component="${component.id}"`);
});

test("the step is a form posting the component ids, with the hidden inputs, messages and style sheet", () => {
  const page = renderFormStep(
    FORM,
    "details",
    { messages: ["Check your details"] },
    { action: "/u/form?state=s1", hidden: { state: "s1" } },
  );
  expect(page.startsWith("<style>.af-form{color:navy}</style><form")).toBe(true);
  expect(page).toContain('action="/u/form?state=s1" enctype="multipart/form-data" lang="en" data-step="details">');
  expect(page).toContain('<div class="af-messages" role="status"><p class="af-message">Check your details</p></div>');
  expect(page).toContain('<input type="hidden" name="state" value="s1">');
  for (const id of [
    "email",
    "name",
    "age",
    "phone",
    "site",
    "birthday",
    "country",
    "colour",
    "upload",
    "terms",
    "agree",
    "secret",
  ]) {
    expect(page).toContain(`name="${id}"`);
  }
});

test("text fields: label bound to the input, required marked, hint, placeholder, limits, error linked", () => {
  const email = html(byId("email"), { values: { email: "a@b.co" }, errors: { email: "Enter a valid email address." } });
  expect(email).toContain('<label for="af-email">Email<span class="af-required" aria-hidden="true">*</span></label>');
  expect(email).toContain(
    '<input type="email" id="af-email" name="email" required aria-invalid="true" aria-describedby="af-email-hint af-email-error" placeholder="you@example.com" autocomplete="email" value="a@b.co">',
  );
  expect(email).toContain('<p class="af-hint" id="af-email-hint">We never share it</p>');
  expect(email).toContain('<p class="af-error" id="af-email-error" role="alert">Enter a valid email address.</p>');
  expect(html(byId("name"))).toContain(
    'type="text" id="af-name" name="name" placeholder="Jane" minlength="2" maxlength="10"',
  );
  expect(html(byId("age"))).toContain(
    'type="number" id="af-age" name="age" inputmode="decimal" min="18" max="120" step="any"',
  );
  expect(html(byId("phone"))).toContain(
    'type="tel" id="af-phone" name="phone" minlength="6" maxlength="20" autocomplete="tel"',
  );
  expect(html(byId("site"))).toContain('type="url" id="af-site" name="site"');
  expect(html(byId("birthday"))).toContain('type="date" id="af-birthday" name="birthday"');
  const time = {
    id: "at",
    category: "FIELD",
    type: "DATE",
    label: "At",
    config: { format: "TIME", default_value: "09:30" },
  } as FormComponent;
  expect(html(time)).toContain('<input type="time" id="af-at" name="at" value="09:30">');
  const multiline = {
    id: "bio",
    category: "FIELD",
    type: "TEXT",
    label: "Bio",
    config: { multiline: true },
  } as FormComponent;
  expect(html(multiline, { values: { bio: "Hi" } })).toContain('<textarea id="af-bio" name="bio">Hi</textarea>');
});

test("a password is never shown back", () => {
  expect(html(byId("secret"), { values: { secret: "hunter2" } })).not.toContain("hunter2");
});

test("choices: radios or checkboxes in a fieldset, the choice shown back, 'other' with its own text input", () => {
  const colour = html(byId("colour"), { values: { colour: "blue" } });
  expect(colour).toContain('<legend>Colour<span class="af-required" aria-hidden="true">*</span></legend>');
  expect(colour).toContain(
    '<input type="radio" id="af-colour-1" name="colour" value="blue" checked required><label for="af-colour-1"><span>Blue</span></label>',
  );
  expect(colour).toContain('name="colour[other]" aria-label="Something else" placeholder="Your colour">');
  expect(html(byId("colour"), { values: { colour: "green" } })).toContain('value="$other" checked>');
  const many = {
    ...byId("colour"),
    id: "tags",
    config: {
      multiple: true,
      options: [
        { value: "a", label: "A" },
        { value: "b", label: "B" },
      ],
    },
  } as FormComponent;
  expect(html(many, { values: { tags: ["a", "b"] } }).match(/type="checkbox"[^>]*checked/g)).toHaveLength(2);
  const country = html(byId("country"), { values: { country: "de" } });
  expect(country).toContain(
    '<label for="af-country">Country</label><select id="af-country" name="country"><option value="">Pick one</option>',
  );
  expect(country).toContain('<option value="de" selected>Germany</option>');
  expect(html(byId("plan"))).toContain('<img src="https://cdn.example.com/pro.png" alt=""><span>Pro</span>');
});

test("booleans: a checkbox, or two radios with the form's answers; legal text is a sanitised checkbox label", () => {
  expect(html(byId("agree"), { values: { agree: true } })).toContain(
    '<input type="checkbox" id="af-agree" name="agree" value="true" checked>',
  );
  const named = { ...byId("agree"), config: { options: { true: "Yes please", false: "No thanks" } } } as FormComponent;
  expect(html(named)).toContain(
    '<input type="radio" id="af-agree-false" name="agree" value="false"><label for="af-agree-false">No thanks</label>',
  );
  expect(html(byId("terms"))).toContain(
    '<input type="checkbox" id="af-terms" name="terms" required value="true"><label for="af-terms">I accept the <a>terms</a><span class="af-required" aria-hidden="true">*</span></label>',
  );
});

test("files: a file input accepting the extensions and categories; the form posts multipart", () => {
  expect(html(byId("upload"))).toContain(
    '<input type="file" id="af-upload" name="upload" multiple accept=".pdf,image/*">',
  );
});

test("buttons submit $action saying where they go", () => {
  expect(html(byId("jump"))).toContain(
    'name="$action" value="jump:$ending" data-component="jump" style="background-color:#ff0000">Skip</button>',
  );
  expect(html(byId("next"))).toContain('name="$action" value="next" data-component="next">Continue</button>');
  expect(html(byId("back"))).toContain(
    'name="$action" value="previous" data-component="back" formnovalidate>Back</button>',
  );
  expect(html(byId("resend"))).toContain(
    '<span>No code?</span> <button type="submit" class="af-button af-resend_button" name="$action" value="resend:resend"',
  );
  const hostileColour = {
    ...byId("jump"),
    config: { text: "Go", next_node: "vip", style: { background_color: "red;}</style>" } },
  } as FormComponent;
  expect(html(hostileColour)).not.toContain("style=");
});

test("layout blocks: divider, http(s) image only", () => {
  expect(html(byId("divider"))).toBe(
    '<div class="af-divider" role="separator" data-component="divider"><span>or</span></div>',
  );
  expect(html({ id: "line", category: "BLOCK", type: "DIVIDER" } as FormComponent)).toBe(
    '<hr class="af-divider" data-component="line">',
  );
  expect(html(byId("image"))).toContain('<img src="https://cdn.example.com/a.png" alt="" height="40">');
  expect(html({ ...byId("image"), config: { src: "javascript:alert(1)" } } as FormComponent)).toBe("");
  expect(html({ ...byId("image"), config: { src: "data:image/png;base64,AA" } } as FormComponent)).toBe("");
});

test("stand-ins name what the service shows and never its keys, tokens or secrets", () => {
  const page = renderFormStep(FORM, "details");
  expect(page).not.toMatch(/SECRET-|pk_test|steal\(\)/);
  expect(html(byId("pay"))).toContain(
    "<strong>Stand-in:</strong> the service shows Stripe&#39;s card form here for a one-off payment of 10 EUR.",
  );
  expect(html(byId("captcha"))).toContain("Google reCAPTCHA challenge");
  expect(html(byId("vc"))).toContain("QR code to present a verifiable credential here (Scan with your wallet)");
  expect(html(byId("address"))).toContain(
    'Google Maps address autocomplete here.</p><div class="af-field af-gmaps_address" data-component="address"><label for="af-address">Address</label><input type="text" id="af-address" name="address"',
  );
  expect(html(byId("social"))).toContain("social sign-in buttons");
  expect(html(byId("widget"))).toContain(
    '<label for="af-widget">Custom</label><textarea id="af-widget" name="widget"></textarea>',
  );
});

test("texts come from the request's language, custom messages filled in, the default language otherwise", () => {
  const form: RenderableForm = {
    ...FORM,
    messages: { custom: { promo: "Spring offer" } },
    translations: {
      fr: {
        components: {
          email: { label: "Courriel", hint: "Jamais partagé", placeholder: "vous@exemple.fr" },
          next: { text: "Suivant {{t('promo')}}" },
        },
        messages: { custom: { promo: "Offre de printemps" } },
      },
    },
  };
  const french = renderFormStep(form, "details", {}, { language: "fr-CA" });
  expect(french).toContain('lang="fr"');
  expect(french).toContain('<label for="af-email">Courriel<span');
  expect(french).toContain('placeholder="vous@exemple.fr"');
  expect(french).toContain(">Jamais partagé</p>");
  expect(french).toContain(">Suivant Offre de printemps</button>");
  const german = renderFormStep(form, "details", {}, { language: "de" });
  expect(german).toContain('lang="en"');
  expect(german).toContain('<label for="af-email">Email<span');
});

test("nothing a user typed is rendered unescaped, in any field, error or message", () => {
  const values = Object.fromEntries(EVERY_COMPONENT.map((component) => [component.id, HOSTILE]));
  const errors = Object.fromEntries(EVERY_COMPONENT.map((component) => [component.id, HOSTILE]));
  const page = renderFormStep(FORM, "details", { values, errors, messages: [HOSTILE] }, { hidden: { state: HOSTILE } });
  expect(page).not.toContain("<script");
  expect(page).not.toContain("<img src=x");
  // Every copy of what was typed is the escaped one: once they are taken out, none of it is left.
  const escaped = escapeHtml(HOSTILE);
  expect(page.split(escaped).length - 1).toBeGreaterThanOrEqual(EVERY_COMPONENT.length);
  expect(page.split(escaped).join("")).not.toMatch(/alert\(|onerror/);
  const listed = renderComponent(
    FORM,
    {
      ...byId("colour"),
      id: "tags",
      config: { multiple: true, options: [], allow_other: { enabled: true, label: "x", placeholder: "y" } },
    } as FormComponent,
    { values: { tags: [HOSTILE] } },
  );
  expect(listed).not.toContain("<script");
});

test("rich text keeps formatting and links, drops scripts, handlers, javascript: and frames", () => {
  const hostile =
    '<p onclick="x()" style="position:fixed">Hi <b>there</b> <a href="javascript:alert(1)">a</a> <a href="https://ok.example" target="_top">b</a></p>' +
    '<script>alert(1)</script><iframe src="https://evil.example"></iframe><img src="javascript:alert(2)" onerror="x()"><form action="/x"><input name="p"></form>' +
    '<svg onload="x()"><a href="JaVaScRiPt:alert(3)">c</a></svg><a href="  javascript:alert(4)">d</a>';
  for (const type of ["RICH_TEXT", "HTML"] as const) {
    const out = html({ id: "r", category: "BLOCK", type, config: { content: hostile } } as FormComponent);
    expect(out).toContain("<p>Hi <b>there</b> <a>a</a> ");
    expect(out).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">b</a>');
    expect(out).not.toMatch(/script|iframe|onclick|onerror|onload|javascript|style=|<form|<input|<svg/i);
  }
  const legal = html({
    id: "l",
    category: "FIELD",
    type: "LEGAL",
    label: "L",
    config: { text: hostile },
  } as FormComponent);
  expect(legal).not.toMatch(/<script|onclick|onerror|javascript:|<iframe/i);
});

test("the style sheet cannot close its <style> element", () => {
  for (const css of [
    "a{}</style><script>alert(1)</script>",
    "a{}</STYLE ><img src=x onerror=alert(1)>",
    "<!--</style><script>x</script>",
  ]) {
    const page = renderFormStep({ ...FORM, style: { css } }, "vip");
    expect(page.match(/<\/style/gi)).toHaveLength(1);
    expect(page).not.toMatch(/<script|<img|<!--/i);
    expect(page).toContain("\\3c /");
  }
});

test("a node that is not a STEP or does not exist is an error naming it", () => {
  expect(() => renderFormStep(FORM, "route")).toThrow('The node "route" is a ROUTER, not a STEP');
  expect(() => renderFormStep(FORM, "nowhere")).toThrow(
    'The form has no node "nowhere" (its nodes: details, route, vip, enrich).',
  );
  expect(() =>
    renderComponent(FORM, { id: "x", category: "FIELD", type: "SLIDER" } as unknown as FormComponent),
  ).toThrow('Unknown form component type "SLIDER"');
});
