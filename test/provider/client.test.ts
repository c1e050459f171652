/**
 * The HTTP client against a started tenant server and against servers that are not a
 * tenant: one token, renewed before expiry; the token endpoint's failures told apart;
 * bounded waits; a failure that stops the tenant told once.
 */
import {
  ConfigurationError,
  NetworkError,
  NotFoundError,
  ServerError,
  UnauthorizedError,
} from "../../provider/client/errors";
import { TenantClient } from "../../provider/client/http";
import { resolveSettings, type TenantSettingsInput } from "../../provider/client/settings";
import { startPlainServer, startSilentHost } from "../e2e/hosts";
import { startHarness, type ProviderHarness } from "./helpers";

const target = { kind: "form", action: "list" };
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (error: unknown) => error as Error,
  );
const fast = { backoffBaseMs: 5, backoffMaxMs: 10 };

/** A sleep that records the delays the client schedules (and sleeps them: they are a few ms here). */
function recordedSleep(): { delays: number[]; sleep: (ms: number) => Promise<void> } {
  const delays: number[] = [];
  return {
    delays,
    sleep: (ms) => {
      delays.push(ms);
      return new Promise((resolve) => setTimeout(resolve, ms));
    },
  };
}

/** Resolves on the event loop's next turn: after every promise already settled, before any I/O answer. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("TenantClient", () => {
  let harness: ProviderHarness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness.close());

  const settings = (overrides: TenantSettingsInput = {}) =>
    resolveSettings({
      domain: harness.server.credentials.domain,
      clientId: harness.server.credentials.clientId,
      clientSecret: harness.server.credentials.clientSecret,
      ...overrides,
    });

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
    const token = (
      (await (
        await fetch(harness.server.credentials.tokenUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            grant_type: "client_credentials",
            client_id: harness.server.credentials.clientId,
            client_secret: harness.server.credentials.clientSecret,
            audience: harness.server.credentials.audience,
          }).toString(),
        })
      ).json()) as { access_token: string }
    ).access_token;
    const client = new TenantClient(resolveSettings({ domain: harness.server.credentials.domain, apiToken: token }));
    harness.server.counters.reset();
    expect((await client.get("/forms", target)).status).toBe(200);
    expect(harness.server.counters.snapshot()["POST /oauth/token"]).toBeUndefined();
  });

  it("the waits come from the settings: 10 s per request and 3 attempts by default", () => {
    expect(new TenantClient(settings())).toMatchObject({ timeoutMs: 10_000, maxAttempts: 3 });
    expect(new TenantClient(settings({ timeoutSeconds: "2", maxRetries: "0" }))).toMatchObject({
      timeoutMs: 2_000,
      maxAttempts: 1,
    });
  });

  describe("the token endpoint's answers are told apart", () => {
    it("401: the client id and secret", async () => {
      const client = new TenantClient(settings({ clientSecret: "wrong-secret-0a1b2c" }), fast);
      const error = await failureOf(client.verify());
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect(error.message).toBe(
        `Could not get an access token: the token endpoint ${harness.server.url}/oauth/token refused client ` +
          `${harness.server.credentials.clientId} (401 invalid_client: Client authentication failed). ` +
          "Check tenant:clientId (or AUTH0_CLIENT_ID) and tenant:clientSecret (or AUTH0_CLIENT_SECRET) " +
          "(`pulumi config set --secret tenant:clientSecret -- <client secret>`).",
      );
      expect(`${error.message}${error.stack}${JSON.stringify(error)}`).not.toContain("wrong-secret-0a1b2c");
    });

    it("403: the client, and its authorization for the Management API", async () => {
      const client = new TenantClient(settings({ audience: "https://elsewhere.example.com/api/v2/" }), fast);
      const error = await failureOf(client.verify());
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect(error.message).toBe(
        `Could not get an access token: the token endpoint ${harness.server.url}/oauth/token refused client ` +
          `${harness.server.credentials.clientId} (403 access_denied: Service not found: https://elsewhere.example.com/api/v2/). ` +
          "Check tenant:clientId (or AUTH0_CLIENT_ID) and tenant:clientSecret (or AUTH0_CLIENT_SECRET), and that this application " +
          "is authorized for the Management API (audience https://elsewhere.example.com/api/v2/, tenant:audience (or AUTH0_AUDIENCE)).",
      );
    });

    it("404: the domain is not a tenant", async () => {
      const site = await startPlainServer(404, "<html><body>Not here</body></html>");
      try {
        const client = new TenantClient(
          resolveSettings({ domain: site.url, clientId: "id", clientSecret: "secret" }, "prod"),
          fast,
        );
        const error = await failureOf(client.verify());
        expect(error).toBeInstanceOf(ConfigurationError);
        expect(error.message).toBe(
          `Could not get an access token: ${site.url}/oauth/token answered 404 (not found), so prod:domain "${site.url}" ` +
            "does not lead to a tenant. Check prod:domain: the tenant's domain (my-tenant.eu.auth0.com) or the origin of a tenant server (http://127.0.0.1:4010).",
        );
        expect(error.stack).toBe(`ConfigurationError: ${error.message}`);
      } finally {
        await site.close();
      }
    });

    it("an unknown host: the domain", async () => {
      const client = new TenantClient(
        resolveSettings({ domain: "no-such-tenant.invalid", clientId: "id", clientSecret: "secret" }),
        fast,
      );
      const error = await failureOf(client.verify());
      expect(error).toBeInstanceOf(NetworkError);
      expect(error.message).toBe(
        "Could not get an access token: the host no-such-tenant.invalid could not be resolved (ENOTFOUND, 3 attempts). " +
          "Check tenant:domain (or AUTH0_DOMAIN): the tenant's domain, such as my-tenant.eu.auth0.com.",
      );
    });

    it("5xx on every attempt: the tenant, try later", async () => {
      harness.server.faults.add({ method: "POST", path: "/oauth/token", mode: "fail-before", status: 503, times: 3 });
      try {
        const client = new TenantClient(settings(), fast);
        const error = await failureOf(client.verify());
        expect(error).toBeInstanceOf(ServerError);
        expect(error.message).toMatch(
          new RegExp(
            `^Could not get an access token: ${harness.server.url}/oauth/token failed with 503.* on 3 attempts\\. ` +
              "The tenant is having problems: try again later\\.$",
          ),
        );
      } finally {
        harness.server.faults.clear();
      }
    });
  });

  it("a silent host fails after timeoutSeconds × (maxRetries + 1), saying what was waited for; then nobody waits again", async () => {
    const host = await startSilentHost();
    try {
      const waits = recordedSleep();
      const client = new TenantClient(
        resolveSettings({
          domain: host.url,
          clientId: "id",
          clientSecret: "secret",
          timeoutSeconds: 0.5,
          maxRetries: 1,
        }),
        { ...fast, sleep: waits.sleep },
      );
      const [first, second] = await Promise.all([
        failureOf(client.get("/forms/ap_1", { kind: "form", id: "ap_1", action: "read" })),
        failureOf(client.get("/forms/ap_2", { kind: "form", id: "ap_2", action: "read" })),
      ]);
      // What bounds the wait is what the client decided: one token request for both calls, sent
      // twice (maxRetries 1), each attempt on its own connection, one back-off between the two.
      expect(host.connections()).toBe(2);
      expect(waits.delays).toHaveLength(1);
      expect(waits.delays[0]).toBeLessThanOrEqual(fast.backoffBaseMs);
      expect(first).toBeInstanceOf(NetworkError);
      expect(first.message).toMatch(
        new RegExp(
          `^Could not get an access token: no answer from ${host.url} to POST /oauth/token within 0\\.5 s ` +
            "\\(2 attempts over [0-9.]+ s\\)\\. Check tenant:domain \\(or AUTH0_DOMAIN\\) and the network, or raise tenant:timeoutSeconds / tenant:maxRetries\\.$",
        ),
      );
      // The time it names covers both timeouts: a timer never fires early, however slow the machine.
      expect(Number(/over ([0-9.]+) s/.exec(first.message)![1])).toBeGreaterThanOrEqual(1);
      // The two calls shared one token request: the second gets a pointer, not the same text again.
      expect(second.message).toBe(
        `Not attempted: could not get an access token: ${host.url} did not answer within 0.5 s; ` +
          "the error of form ap_1 says what to do.",
      );
      // A later call is refused at once: settled before the event loop's next turn, so it neither
      // connected nor waited on a timer; and no back-off was scheduled for it.
      const later = failureOf(client.get("/forms", target));
      const settled = await Promise.race([later, nextTurn().then(() => "still pending" as const)]);
      expect(settled).not.toBe("still pending");
      expect((await later).message).toMatch(/^Not attempted: /);
      expect(host.connections()).toBe(2);
      expect(waits.delays).toHaveLength(1);
    } finally {
      await host.close();
    }
  });

  it("many calls to a silent host: one bound of waiting in all, one full message, pointers for the rest", async () => {
    const host = await startSilentHost();
    try {
      const client = new TenantClient(
        resolveSettings({ domain: host.url, apiToken: "static-token-5678", timeoutSeconds: 0.5, maxRetries: 1 }),
        fast,
      );
      const errors = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          failureOf(client.get(`/forms/ap_${i}`, { kind: "form", id: `ap_${i}`, action: "read" })),
        ),
      );
      // 8 at a time, each attempt on its own connection: without the block every call would make
      // both its attempts (40 connections); with it, no attempt starts once the first call has failed.
      expect(host.connections()).toBeLessThan(20 * 2);
      const full = errors.filter((error) => !error.message.startsWith("Not attempted: "));
      expect(full).toHaveLength(1);
      expect(full[0].message).toMatch(
        new RegExp(
          `^form ap_\\d+: read failed: no answer from ${host.url} to GET /api/v2/forms/ap_\\d+ within 0\\.5 s `,
        ),
      );
      expect(errors.every((error) => error instanceof NetworkError)).toBe(true);
    } finally {
      await host.close();
    }
  });

  it("a 404 that is no API error (another server) is never 'not found': a refresh would drop the resource", async () => {
    const site = await startPlainServer(404, "<html>nothing</html>");
    try {
      const client = new TenantClient(resolveSettings({ domain: site.url, apiToken: "static-token-1234" }), fast);
      const error = await failureOf(client.get("/forms/ap_1", { kind: "form", id: "ap_1", action: "read" }));
      expect(error).not.toBeInstanceOf(NotFoundError);
      expect(error.message).toBe(
        `form ap_1: read failed: ${site.url}/api/v2 answered 404 without an API error, so tenant:domain "${site.url}" ` +
          "does not lead to a tenant's management API. Check tenant:domain (or AUTH0_DOMAIN).",
      );
    } finally {
      await site.close();
    }
  });

  it("an API's 404 is 'not found'", async () => {
    const client = new TenantClient(settings(), fast);
    await expect(
      client.get("/forms/ap_1111111111111111111111", { kind: "form", id: "ap_1111111111111111111111", action: "read" }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
