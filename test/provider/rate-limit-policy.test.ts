/** The rate limit policy lookup against a started tenant server: every outcome. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRateLimitPolicy, getRateLimitPolicyOutput } from "../../provider/index";
import {
  FeatureUnavailableError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from "../../provider/client/errors";
import { startHarness, type ProviderHarness } from "./helpers";

const MISSING_ID = "rlp_111111111111111111111";

/** A tenant without the Early Access feature: the whole API answers 404 (no such route). */
async function startFeatureOffTenant(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    response.setHeader("content-type", "application/json; charset=utf-8");
    if (request.url?.startsWith("/oauth/token")) {
      response.end(
        JSON.stringify({
          access_token: "feature-off-token",
          token_type: "Bearer",
          expires_in: 86400,
          scope: "read:rate_limit_policies",
        }),
      );
      return;
    }
    response.statusCode = 404;
    response.end(JSON.stringify({ statusCode: 404, error: "Not Found", message: "Not Found", errorCode: "not_found" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("getRateLimitPolicy", () => {
  let harness: ProviderHarness;
  let policyId: string;
  let admin: { domain: string; clientId: string; clientSecret: string };

  beforeAll(async () => {
    harness = await startHarness();
    const { domain, clientId, clientSecret } = harness.server.credentials;
    admin = { domain, clientId, clientSecret };
    const created = await harness.admin("POST", "/rate-limit-policies", {
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: "default",
      configuration: { action: "block", limit: 100 },
    });
    expect(created.status).toBe(201);
    policyId = created.json.id;
    harness.server.addClient({
      client_id: "no-scope-client",
      client_secret: "no-scope-secret-123",
      scopes: ["read:forms"],
      global: true,
    });
    harness.server.addClient({
      client_id: "tenant-client",
      client_secret: "tenant-secret-456",
      scopes: ["read:rate_limit_policies"],
      global: false,
    });
  });
  afterAll(async () => harness.close());

  it("returns the policy, typed per the seed", async () => {
    const policy = await getRateLimitPolicy({ id: policyId }, { settings: admin });
    expect(policy).toEqual({
      id: policyId,
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: "default",
      configuration: { action: "block", limit: 100 },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it("works as an Output too", async () => {
    const output = getRateLimitPolicyOutput({ id: Promise.resolve(policyId) }, { settings: admin });
    const value = await new Promise((resolve) => output.apply(resolve));
    expect(value).toMatchObject({ id: policyId, consumer_selector: "default" });
  });

  it("says a missing policy was not found", async () => {
    const failure = getRateLimitPolicy({ id: MISSING_ID }, { settings: admin });
    await expect(failure).rejects.toBeInstanceOf(NotFoundError);
    await expect(failure).rejects.toThrow(`rate limit policy ${MISSING_ID} not found`);
  });

  it("names the missing scope", async () => {
    const failure = getRateLimitPolicy(
      { id: policyId },
      { settings: { domain: admin.domain, clientId: "no-scope-client", clientSecret: "no-scope-secret-123" } },
    );
    await expect(failure).rejects.toBeInstanceOf(ForbiddenError);
    await expect(failure).rejects.toMatchObject({ missingScope: "read:rate_limit_policies", status: 403 });
    await expect(failure).rejects.toThrow(/lacks the scope read:rate_limit_policies.*Grant read:rate_limit_policies/);
  });

  it("explains that a non-global client cannot read policies", async () => {
    const failure = getRateLimitPolicy(
      { id: policyId },
      { settings: { domain: admin.domain, clientId: "tenant-client", clientSecret: "tenant-secret-456" } },
    );
    await expect(failure).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(failure).rejects.toThrow(/client tenant-client is not a global client.*needs a global client/);
  });

  it("says the feature is not enabled when the tenant has no such API", async () => {
    const tenant = await startFeatureOffTenant();
    try {
      const failure = getRateLimitPolicy(
        { id: policyId },
        { settings: { domain: tenant.url, clientId: "x", clientSecret: "y-secret" } },
      );
      await expect(failure).rejects.toBeInstanceOf(FeatureUnavailableError);
      await expect(failure).rejects.toThrow("rate limit policies are not enabled for this tenant");
    } finally {
      await tenant.close();
    }
  });

  it("reports bad credentials without revealing the secret", async () => {
    const secret = "wrong-secret-d41d8cd9";
    const failure = getRateLimitPolicy(
      { id: policyId },
      { settings: { domain: admin.domain, clientId: admin.clientId, clientSecret: secret } },
    );
    await expect(failure).rejects.toBeInstanceOf(UnauthorizedError);
    const error = (await failure.catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/token endpoint .* refused client/);
    expect(`${error.message} ${JSON.stringify(error)} ${error.stack}`).not.toContain(secret);
  });

  it("fails clearly when not configured", async () => {
    const saved = { ...process.env };
    for (const key of ["AUTH0_DOMAIN", "AUTH0_CLIENT_ID", "AUTH0_CLIENT_SECRET", "AUTH0_API_TOKEN"])
      delete process.env[key];
    try {
      await expect(getRateLimitPolicy({ id: policyId })).rejects.toThrow(/missing tenant:domain/);
    } finally {
      process.env = saved;
    }
  });

  it("takes the tenant in its arguments, as every lookup does (and in its options, as 0.2.0 did)", async () => {
    await expect(getRateLimitPolicy({ id: policyId, tenant: "prod" })).rejects.toThrow(/missing prod:domain/);
    await expect(getRateLimitPolicy({ id: policyId }, { tenant: "staging" })).rejects.toThrow(/missing staging:domain/);
    // The arguments win over the deprecated option.
    await expect(getRateLimitPolicy({ id: policyId, tenant: "prod" }, { tenant: "staging" })).rejects.toThrow(
      /missing prod:domain/,
    );
    await expect(getRateLimitPolicy({ id: policyId, tenant: "not a namespace" })).rejects.toThrow(
      /tenant must name a configuration namespace/,
    );
  });
});
