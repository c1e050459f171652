/**
 * Custom domains as the published API has them, and the login page template's rule: the real
 * service answers 400 on a tenant without a custom domain; with one, the template works.
 */
import { NO_CUSTOM_DOMAIN_CODE, NO_CUSTOM_DOMAIN_MESSAGE } from "../../api";
import { DEFAULT_CUSTOM_DOMAIN } from "../../server/index";
import { expectError, removeDir, startHarness, tempDir, TEMPLATE, type Harness } from "./helpers";

const DOMAINS = "/api/v2/custom-domains";
const TEMPLATE_PATH = "/api/v2/branding/templates/universal-login";

describe("a tenant started with the default options", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  test("lists one verified, primary custom domain as a bare array", async () => {
    const reply = await h.call("GET", DOMAINS);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual([
      expect.objectContaining({
        custom_domain_id: expect.stringMatching(/^cd_/),
        domain: DEFAULT_CUSTOM_DOMAIN,
        primary: true,
        status: "ready",
        type: "auth0_managed_certs",
      }),
    ]);
  });

  test("takes, answers and deletes a login page template", async () => {
    expect((await h.call("PUT", TEMPLATE_PATH, { body: { template: TEMPLATE } })).status).toBe(201);
    expect((await h.call("GET", TEMPLATE_PATH)).json).toEqual({ body: TEMPLATE });
    expect((await h.call("DELETE", TEMPLATE_PATH)).status).toBe(204);
  });

  test("create (pending, with its TXT record), get, verify (ready), patch, delete, then 404", async () => {
    const created = await h.call("POST", DOMAINS, { body: { domain: "auth.example.org", type: "self_managed_certs" } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      domain: "auth.example.org",
      primary: false,
      status: "pending_verification",
      type: "self_managed_certs",
      verification: { methods: [{ name: "txt", record: expect.stringMatching(/^auth0-domain-verification=/) }] },
    });
    const id = created.json.custom_domain_id as string;
    expect((await h.call("GET", `${DOMAINS}/${id}`)).json).toEqual(created.json);
    // 201, as a real tenant answers the verify (the Terraform provider's recordings).
    const verified = await h.call("POST", `${DOMAINS}/${id}/verify`);
    expect([verified.status, verified.json.status]).toEqual([201, "ready"]);
    const patched = await h.call("PATCH", `${DOMAINS}/${id}`, {
      body: { custom_client_ip_header: "cf-connecting-ip" },
    });
    expect(patched.json.custom_client_ip_header).toBe("cf-connecting-ip");
    expect((await h.call("DELETE", `${DOMAINS}/${id}`)).status).toBe(204);
    expectError(await h.call("GET", `${DOMAINS}/${id}`), 404, "inexistent_custom_domain");
  });

  test("Auth0-managed certificates: a CNAME of the domain itself to the tenant's edge host, no verification status", async () => {
    const created = await h.call("POST", DOMAINS, {
      body: { domain: "login.example.org", type: "auth0_managed_certs" },
    });
    expect(created.status).toBe(201);
    const id = created.json.custom_domain_id as string;
    const edge = `local-tenant-${id.replace("_", "-").toLowerCase()}.edge.tenants.local.test`;
    expect(created.json).toEqual({
      custom_domain_id: id,
      domain: "login.example.org",
      primary: false,
      is_default: false,
      status: "pending_verification",
      type: "auth0_managed_certs",
      verification: { methods: [{ name: "CNAME", record: edge, domain: "login.example.org" }] },
      tls_policy: "recommended",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const verified = await h.call("POST", `${DOMAINS}/${id}/verify`);
    expect(verified.json).toEqual({ ...created.json, status: "ready", origin_domain_name: edge });
    expect((await h.call("DELETE", `${DOMAINS}/${id}`)).status).toBe(204);
  });

  test("refuses a second domain of the same name (409), an unknown field and a malformed id", async () => {
    expectError(
      await h.call("POST", DOMAINS, { body: { domain: DEFAULT_CUSTOM_DOMAIN, type: "auth0_managed_certs" } }),
      409,
    );
    expectError(await h.call("POST", DOMAINS, { body: { domain: "x.example.org", type: "x" } }), 400, "invalid_body");
    expectError(await h.call("GET", `${DOMAINS}/not-an-id`), 400, "invalid_uri");
  });
});

describe("a tenant without a custom domain", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ customDomain: false });
  });
  afterAll(() => h.close());

  test("lists none", async () => {
    expect((await h.call("GET", DOMAINS)).json).toEqual([]);
  });

  test.each(["GET", "PUT", "DELETE"])("%s of the template answers the real service's 400", async (method) => {
    const reply = await h.call(method, TEMPLATE_PATH, method === "PUT" ? { body: { template: TEMPLATE } } : {});
    const body = expectError(reply, 400, NO_CUSTOM_DOMAIN_CODE);
    expect(body.message).toBe(NO_CUSTOM_DOMAIN_MESSAGE);
  });

  test("once a domain is added (admin API), the template is taken; with none again, refused again", async () => {
    const set = await h.call("PUT", "/__admin/custom-domains", { body: { domains: ["login.example.net"] } });
    expect(set.json).toEqual([expect.objectContaining({ domain: "login.example.net", status: "ready" })]);
    expect((await h.call("PUT", TEMPLATE_PATH, { body: { template: TEMPLATE } })).status).toBe(201);
    await h.call("PUT", "/__admin/custom-domains", { body: { domains: [] } });
    expectError(await h.call("GET", TEMPLATE_PATH), 400, NO_CUSTOM_DOMAIN_CODE);
  });
});

test("the start option applies once per data directory: a deleted domain stays deleted after a restart", async () => {
  const dataDir = tempDir();
  try {
    let h = await startHarness({ dataDir });
    const [domain] = (await h.call("GET", DOMAINS)).json as { custom_domain_id: string }[];
    expect((await h.call("DELETE", `${DOMAINS}/${domain.custom_domain_id}`)).status).toBe(204);
    await h.close();
    h = await startHarness({ dataDir, customDomain: "other.example.com" });
    expect((await h.call("GET", DOMAINS)).json).toEqual([]);
    await h.close();
  } finally {
    removeDir(dataDir);
  }
});
