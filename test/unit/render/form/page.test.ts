/** A form's step as a hosted login page: in the tenant's template and look, where the login box goes. */
import type { TenantLook } from "../../../../render";
import { FORM_SCREEN, renderFormPage, renderFormStep } from "../../../../render/form";
import { FORM } from "./fixture";

const LOOK: TenantLook = {
  tenant: { name: "acme", friendly_name: "Acme" },
  branding: { logo_url: "https://cdn.example.com/logo.png" },
  template:
    '<!DOCTYPE html><html><head>{%- auth0:head -%}</head><body><div id="banner">{{ prompt.screen.name }} for {{ application.name }}</div>{%- auth0:widget -%}<footer>end</footer></body></html>',
};
const PAGE = { language: "en", application: { id: "web", name: "<Shop>" } };
const STEP = renderFormStep(FORM, "details", {}, { action: "/u/form?state=s1" });

test("the step takes the login box's place in the tenant's template, with the logo and the look", () => {
  const { html, templateError } = renderFormPage(LOOK, PAGE, STEP);
  expect(templateError).toBeUndefined();
  expect(html).toContain(`<div id="banner">${FORM_SCREEN} for &lt;Shop&gt;</div>`);
  expect(html).toContain(
    '<main class="login-box" data-screen="form"><img class="logo" src="https://cdn.example.com/logo.png"',
  );
  expect(html).toContain(`${STEP}</main><footer>end</footer>`);
  expect(html).not.toContain("<h1>");
  expect(html).toContain("--primary-color");
});

test("a template that does not render gives the default page around the step, and says why", () => {
  const { html, templateError } = renderFormPage({ ...LOOK, template: "<html>no widget</html>" }, PAGE, STEP);
  expect(templateError).toMatch(/widget/);
  expect(html).toContain(`${STEP}</main>`);
});
