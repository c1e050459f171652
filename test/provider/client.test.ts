/** The HTTP client against a started tenant server: one token, renewed before expiry. */
import { TenantClient } from "../../provider/client/http";
import { resolveSettings } from "../../provider/client/settings";
import { startHarness, type ProviderHarness } from "./helpers";

jest.setTimeout(60_000);

describe("TenantClient", () => {
  let harness: ProviderHarness;
  beforeAll(async () => { harness = await startHarness(); });
  afterAll(async () => harness.close());

  const settings = () => resolveSettings({
    domain: harness.server.credentials.domain, clientId: harness.server.credentials.clientId, clientSecret: harness.server.credentials.clientSecret,
  });
  const target = { kind: "form", action: "list" };

  it("fetches one token for many concurrent calls", async () => {
    const client = new TenantClient(settings());
    harness.server.counters.reset();
    await Promise.all(Array.from({ length: 20 }, () => client.get("/forms", target)));
    const counts = harness.server.counters.snapshot();
    expect(counts["POST /oauth/token"]).toBe(1);
    expect(counts["GET /api/v2/forms"]).toBe(20);
  });

  it("renews the token before it expires", async () => {
    let offset = 0;
    const client = new TenantClient(settings(), { now: () => Date.now() + offset });
    harness.server.counters.reset();
    await client.get("/forms", target);
    await client.get("/forms", target);
    expect(harness.server.counters.snapshot()["POST /oauth/token"]).toBe(1);
    offset = 24 * 3600 * 1000 - 60_000; // a minute before a one-day token expires
    await client.get("/forms", target);
    expect(harness.server.counters.snapshot()["POST /oauth/token"]).toBe(2);
  });

  it("sends a static API token as is, without the token endpoint", async () => {
    const token = (await (await fetch(harness.server.credentials.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials", client_id: harness.server.credentials.clientId,
        client_secret: harness.server.credentials.clientSecret, audience: harness.server.credentials.audience,
      }).toString(),
    })).json() as { access_token: string }).access_token;
    const client = new TenantClient(resolveSettings({ domain: harness.server.credentials.domain, apiToken: token }));
    harness.server.counters.reset();
    expect((await client.get("/forms", target)).status).toBe(200);
    expect(harness.server.counters.snapshot()["POST /oauth/token"]).toBeUndefined();
  });
});
