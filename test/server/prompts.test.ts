/** The prompts' routes' refusals: partials without a custom domain or a template, unknown names, bad bodies. */
import { NO_CUSTOM_DOMAIN_MESSAGE } from "../../api";
import { NO_TEMPLATE_MESSAGE } from "../../api/kinds/prompt-screen-partials/provider";
import { expectError, startHarness, TEMPLATE, type Harness } from "./helpers";

const PARTIALS = "/api/v2/prompts/login/partials";
const SOME = { login: { "form-content-start": "<div>Hi</div>" } };

describe("a tenant without a custom domain", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ customDomain: false });
  });
  afterAll(() => h.close());

  test("refuses partials in the service's words, and takes clearing them", async () => {
    expect(expectError(await h.call("PUT", PARTIALS, { body: SOME }), 400).message).toBe(NO_CUSTOM_DOMAIN_MESSAGE);
    expect((await h.call("PUT", PARTIALS, { body: {} })).json).toEqual({});
  });
});

describe("a tenant with a custom domain", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  test("refuses partials until it has a page template", async () => {
    expect(expectError(await h.call("PUT", PARTIALS, { body: SOME }), 400, "invalid_body").message).toBe(
      NO_TEMPLATE_MESSAGE,
    );
    await h.call("PUT", "/api/v2/branding/templates/universal-login", { body: { template: TEMPLATE } });
    expect((await h.call("PUT", PARTIALS, { body: { ...SOME, "login-id": {} } })).json).toEqual(SOME);
  });

  test("refuses unknown prompts and languages in the path, and bodies of the wrong shape", async () => {
    expectError(await h.call("GET", "/api/v2/prompts/mfa/partials"), 400, "invalid_uri");
    expectError(await h.call("GET", "/api/v2/prompts/login/custom-text/klingon"), 400, "invalid_uri");
    expectError(
      await h.call("PUT", "/api/v2/prompts/login/custom-text/en", { body: { login: { title: 1 } } }),
      400,
      "invalid_body",
    );
    expectError(await h.call("PATCH", "/api/v2/prompts", { body: { identifier_first: "yes" } }), 400, "invalid_body");
    expectError(await h.call("PATCH", "/api/v2/prompts", { body: [] }), 400, "invalid_body");
  });
});
