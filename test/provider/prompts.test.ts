/**
 * The login's look kinds keyed by prompt through the runtime's dispatch against a started tenant
 * server: prompt settings (merged, only the program's fields managed), custom text (keyed by
 * prompt and language, deleted by writing `{}`), screen partials (the template they need checked
 * at preview against the tenant and the program, deleted by writing `{}`), and names refused.
 */
import { PROMPT_NAMES } from "../../api/prompt-names";
import { TenantClient } from "../../provider/client/http";
import { resolveSettings } from "../../provider/client/settings";
import { kindModule } from "../../provider/lifecycle/kind-modules";
import { call, dispatchingProvider, startHarness, TEMPLATE, type ProviderHarness } from "./helpers";

const settings = dispatchingProvider("promptSettings");
const customText = dispatchingProvider("promptCustomText");
const partials = dispatchingProvider("promptScreenPartials");
const template = dispatchingProvider("loginTemplate");

describe("prompts through dispatch", () => {
  let harness: ProviderHarness;
  const origin = () => new URL(harness.server.url).origin;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness.close());

  it("prompt settings: creates over the defaults, manages only its fields, deletes back to the defaults", async () => {
    const inputs = { identifier_first: true };
    expect((await call(settings, "check")({}, inputs)).failures).toEqual([]);
    const created = await call(settings, "create")(inputs);
    expect(created.id).toBe("prompts");
    expect((await harness.admin("GET", "/prompts")).json).toEqual({
      universal_login_experience: "new",
      identifier_first: true,
      webauthn_platform_first_factor: true,
    });
    const read = await call(settings, "read")(created.id, created.outs);
    expect(read.props).toEqual({ identifier_first: true, tenantOrigin: origin() });
    await harness.admin("PATCH", "/prompts", { webauthn_platform_first_factor: false });
    const again = await call(settings, "read")(created.id, read.props);
    expect((await call(settings, "diff")(created.id, again.props, inputs)).changes).toBe(false);
    await call(settings, "delete")(created.id, again.props);
    expect((await harness.admin("GET", "/prompts")).json.identifier_first).toBe(false);
  });

  it("custom text: keyed by prompt and language, replaced whole, deleted by writing {}", async () => {
    const inputs = { prompt: "login-id", language: "fr", body: { "login-id": { title: "Bienvenue" } } };
    expect((await call(customText, "check")({}, inputs)).failures).toEqual([]);
    const created = await call(customText, "create")(inputs);
    expect(created.id).toBe("login-id:fr");
    expect((await harness.admin("GET", "/prompts/login-id/custom-text/fr")).json).toEqual(inputs.body);
    const read = await call(customText, "read")(created.id, created.outs);
    expect(read.props).toEqual({ ...inputs, tenantOrigin: origin() });
    // Edited by hand: the refresh says what changed, by screen and key.
    await harness.admin("PUT", "/prompts/login-id/custom-text/fr", { "login-id": { title: "Salut" } });
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const refreshed = await call(customText, "read")(created.id, read.props);
      expect(refreshed.props.body).toEqual({ "login-id": { title: "Salut" } });
      const warned = stderr.mock.calls.map(([text]) => String(text)).join("");
      expect(warned).toContain('login-id › title: "Bienvenue" → "Salut"');
      expect(warned).toContain("the prompt custom text login-id:fr on ");
    } finally {
      stderr.mockRestore();
    }
    await harness.admin("PUT", "/prompts/login-id/custom-text/fr", inputs.body);
    const language = { ...inputs, language: "de" };
    expect(await call(customText, "diff")(created.id, read.props, language)).toEqual({
      changes: true,
      replaces: ["language"],
    });
    await call(customText, "delete")(created.id, read.props);
    expect((await harness.admin("GET", "/prompts/login-id/custom-text/fr")).json).toEqual({});
  });

  it("partials: a second resource of the program for the same prompt is refused, naming what the first writes", async () => {
    await harness.admin("PUT", "/branding/templates/universal-login", { template: TEMPLATE });
    const whole = { prompt: "signup", screens: { signup: { "form-content-start": "<b>1</b>" } } };
    const other = { prompt: "signup", screens: { signup: { "form-footer-end": "<b>2</b>" } } };
    expect((await call(partials, "check")({}, whole)).failures).toEqual([]);
    // The same resource checked again (the update after its preview) claims nothing new.
    expect((await call(partials, "check")({}, whole)).failures).toEqual([]);
    expect((await call(partials, "check")({}, other)).failures).toEqual([
      {
        property: "prompt",
        reason: expect.stringMatching(
          /^another resource of this program already manages the prompt screen partials signup on .* \(signup: 1 partial\(s\) on 1 screen\(s\)\)/,
        ),
      },
    ]);
    await harness.admin("DELETE", "/branding/templates/universal-login");
  });

  it("generate reads custom text one request per prompt in the tenant's languages, and says how many", async () => {
    await harness.admin("PUT", "/prompts/signup/custom-text/en", { signup: { title: "Join" } });
    await harness.admin("PUT", "/prompts/login-id/custom-text/fr", { "login-id": { title: "Bonjour" } });
    await harness.admin("PATCH", "/tenants/settings", { enabled_locales: ["en", "fr"] });
    const { domain, clientId, clientSecret } = harness.server.credentials;
    const client = new TenantClient(resolveSettings({ domain, clientId, clientSecret }));
    const notes: string[] = [];
    const progress: string[] = [];
    const read = await kindModule("promptCustomText").generator!.read(client, {
      notes,
      concurrency: 4,
      progress: (line) => progress.push(line),
    });
    expect(read).toEqual(
      expect.arrayContaining([
        { prompt: "signup", language: "en", body: { signup: { title: "Join" } } },
        { prompt: "login-id", language: "fr", body: { "login-id": { title: "Bonjour" } } },
      ]),
    );
    expect(read).toHaveLength(2);
    // The tenant's languages first (one request), then one GET per prompt in each: the API has no list of texts.
    expect(notes).toEqual([]);
    expect(progress.slice(-1)).toEqual([
      `prompt custom texts: ${2 * PROMPT_NAMES.length + 1} requests (1 for the tenant's languages, then one per ` +
        "prompt in each language the tenant has enabled: en, fr)",
    ]);
    await harness.admin("PATCH", "/tenants/settings", { enabled_locales: ["en"] });
    await harness.admin("PUT", "/prompts/login-id/custom-text/fr", {});
  });

  it("refuses unknown names at check, naming the valid ones", async () => {
    const failures = (await call(customText, "check")({}, { prompt: "login-idd", language: "en", body: {} })).failures;
    expect(failures).toEqual([
      { property: "prompt", reason: expect.stringContaining('no prompt "login-idd": did you mean login-id') },
    ]);
  });

  it("partials: refused at preview without a template, accepted with one the program declares first", async () => {
    const inputs = { prompt: "login", screens: { login: { "form-content-start": "<div>Hi</div>" } } };
    const refused = (await call(partials, "check")({}, inputs)).failures;
    expect(refused).toEqual([{ property: "", reason: expect.stringContaining("has no login page template") }]);
    // A LoginTemplate the program declares (checked before) counts, though the tenant has none yet.
    expect((await call(template, "check")({}, { template: TEMPLATE })).failures).toEqual([]);
    expect((await call(partials, "check")({}, inputs)).failures).toEqual([]);
    await harness.admin("PUT", "/branding/templates/universal-login", { template: TEMPLATE });
    const created = await call(partials, "create")(inputs);
    expect(created.id).toBe("login");
    expect((await harness.admin("GET", "/prompts/login/partials")).json).toEqual(inputs.screens);
    await call(partials, "delete")(created.id, created.outs);
    expect((await harness.admin("GET", "/prompts/login/partials")).json).toEqual({});
  });
});
