/** LoginTemplate provider methods against a started tenant server: the singleton's lifecycle. */
import { FeatureUnavailableError } from "../../provider/client/errors";
import { getLoginTemplate } from "../../provider/index";
import { call, loginTemplateProvider, startHarness, TEMPLATE, type ProviderHarness } from "./helpers";

const PATH = "/branding/templates/universal-login";

describe("LoginTemplate provider", () => {
  let harness: ProviderHarness;
  /** The tenant's origin, which the runtime records in every resource's outputs (ownership). */
  const origin = () => new URL(harness.server.url).origin;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness.close());

  it("refuses at check to take over a different existing template unless adopt is set", async () => {
    await harness.admin("PUT", PATH, { template: TEMPLATE.replace("<body>", "<body>old") });
    const refused = await call(loginTemplateProvider, "check")({}, { template: TEMPLATE });
    expect(refused.failures).toEqual([
      { property: "adopt", reason: expect.stringContaining("already has a different login page template") },
    ]);
    expect(refused.failures?.[0].reason).toContain("Set `adopt: true` to take it over");
    // The same markup is no takeover; an update (olds present) is never vetted again.
    expect(
      (await call(loginTemplateProvider, "check")({}, { template: TEMPLATE.replace("<body>", "<body>old") })).failures,
    ).toEqual([]);
    expect((await call(loginTemplateProvider, "check")({ template: "x" }, { template: TEMPLATE })).failures).toEqual(
      [],
    );
    expect((await call(loginTemplateProvider, "check")({}, { template: TEMPLATE, adopt: "yes" })).failures).toEqual([
      { property: "adopt", reason: "Must be a boolean" },
    ]);
  });

  it("runs the full lifecycle; creating with adopt over an existing template replaces it", async () => {
    await harness.admin("PUT", PATH, { template: TEMPLATE.replace("<body>", "<body>old") });
    const inputs = { template: TEMPLATE, adopt: true };
    expect((await call(loginTemplateProvider, "check")({}, inputs)).failures).toEqual([]);

    const created = await call(loginTemplateProvider, "create")(inputs);
    expect(created).toEqual({
      id: "universal-login",
      outs: { template: TEMPLATE, adopt: true, tenantOrigin: origin() },
    });
    expect((await harness.admin("GET", PATH)).json.body).toBe(TEMPLATE);

    const read = await call(loginTemplateProvider, "read")(created.id, created.outs);
    expect(read).toEqual({ id: "universal-login", props: { ...inputs, tenantOrigin: origin() }, inputs });
    expect(await call(loginTemplateProvider, "diff")(created.id, read.props, inputs)).toEqual({ changes: false });

    const next = { template: TEMPLATE.replace("<body>", '<body class="dark">'), adopt: true };
    expect(await call(loginTemplateProvider, "diff")(created.id, read.props, next)).toEqual({ changes: true });
    expect((await call(loginTemplateProvider, "update")(created.id, read.props, next)).outs).toEqual({
      ...next,
      tenantOrigin: origin(),
    });
    expect((await harness.admin("GET", PATH)).json.body).toBe(next.template);

    await call(loginTemplateProvider, "delete")(created.id, next);
    expect((await harness.admin("GET", PATH)).status).toBe(404);
    expect(await call(loginTemplateProvider, "read")(created.id, next)).toEqual({});
    await call(loginTemplateProvider, "delete")(created.id, next);
  });

  it("refresh reports a template edited out of band", async () => {
    const created = await call(loginTemplateProvider, "create")({ template: TEMPLATE });
    const edited = TEMPLATE.replace("</body>", "<p>hi</p></body>");
    await harness.admin("PUT", PATH, { template: edited });
    const read = await call(loginTemplateProvider, "read")(created.id, created.outs);
    expect(read.props).toEqual({ template: edited, tenantOrigin: origin() });
    expect(await call(loginTemplateProvider, "diff")(created.id, read.props, { template: TEMPLATE })).toEqual({
      changes: true,
    });
  });

  it("check refuses a template without the widget tag", async () => {
    const result = await call(loginTemplateProvider, "check")(
      {},
      { template: "<html><head>{%- auth0:head -%}</head></html>" },
    );
    expect(result.failures).toEqual([
      { property: "template", reason: "The template must contain the tag {%- auth0:widget -%}" },
    ]);
  });

  describe("on a tenant without a custom domain (which a template needs on the real service)", () => {
    let removed: string[] = [];
    beforeAll(async () => {
      const domains = (await harness.admin("GET", "/custom-domains")).json as {
        custom_domain_id: string;
        domain: string;
      }[];
      removed = domains.map((domain) => domain.domain);
      for (const domain of domains) await harness.admin("DELETE", `/custom-domains/${domain.custom_domain_id}`);
    });
    afterAll(async () => {
      for (const domain of removed) {
        const created = await harness.admin("POST", "/custom-domains", { domain, type: "auth0_managed_certs" });
        await harness.admin("POST", `/custom-domains/${created.json.custom_domain_id}/verify`);
      }
    });

    it("check (what preview runs) fails on the template, naming the rule and the fix", async () => {
      const result = await call(loginTemplateProvider, "check")({}, { template: TEMPLATE });
      expect(result.failures).toEqual([
        { property: "template", reason: expect.stringContaining("has no custom domain") },
      ]);
      expect(result.failures?.[0].reason).toContain("Add a custom domain to the tenant and verify it");
      // An update is checked too: the tenant may have lost its domain since the template was made.
      expect((await call(loginTemplateProvider, "check")({ template: "x" }, { template: TEMPLATE })).failures).toEqual([
        expect.objectContaining({ property: "template" }),
      ]);
    });

    it("getLoginTemplate and the provider's read reject naming the rule and the fix", async () => {
      const { domain, clientId, clientSecret } = harness.server.credentials;
      const lookup = getLoginTemplate({}, { settings: { domain, clientId, clientSecret } });
      await expect(lookup).rejects.toBeInstanceOf(FeatureUnavailableError);
      await expect(lookup).rejects.toThrow(/has no custom domain.*Add a custom domain to the tenant/s);
      await expect(call(loginTemplateProvider, "read")("universal-login", { template: TEMPLATE })).rejects.toThrow(
        /has no custom domain/,
      );
    });
  });
});
