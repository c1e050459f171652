/** Every lookup against a started tenant server: by id, by name, as Outputs, and each way one fails. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  AmbiguousNameError,
  getEventStream,
  getEventStreamOutput,
  getForm,
  getFormOutput,
  getLoginTemplate,
  getLoginTemplateOutput,
  getRateLimitPolicies,
  getRateLimitPoliciesOutput,
} from "../../provider/index";
import {
  FeatureUnavailableError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from "../../provider/client/errors";
import type { Output } from "@pulumi/pulumi";
import { startTenantServer, type TenantServer } from "../../server/index";
import { seedRealisticTenant, type SeededTenant, adminToken } from "../fixtures/realistic-tenant";

const valueOf = <T>(output: Output<T>) => new Promise<T>((resolve) => output.apply(resolve));
const isSecret = (output: Output<unknown>) => (output as unknown as { isSecret: Promise<boolean> }).isSecret;

/** A tenant without the Early Access feature: every path answers 404. */
async function startFeatureOffTenant(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    response.setHeader("content-type", "application/json; charset=utf-8");
    if (request.url?.startsWith("/oauth/token")) {
      response.end(JSON.stringify({ access_token: "feature-off-token", token_type: "Bearer", expires_in: 86400 }));
      return;
    }
    response.statusCode = 404;
    response.end(JSON.stringify({ statusCode: 404, error: "Not Found", message: "Not Found", errorCode: "not_found" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("lookups against a tenant", () => {
  let server: TenantServer;
  let seeded: SeededTenant;
  let settings: { domain: string; clientId: string; clientSecret: string };

  beforeAll(async () => {
    server = await startTenantServer({ port: 0, logger: false, rateLimit: 1000 });
    seeded = await seedRealisticTenant(server);
    settings = {
      domain: server.url,
      clientId: server.credentials.clientId,
      clientSecret: server.credentials.clientSecret,
    };
    server.addClient({
      client_id: "reader-no-policies",
      client_secret: "reader-secret-123",
      scopes: ["read:forms", "read:event_streams", "read:branding"],
      global: false,
    });
  });
  afterAll(async () => server?.close());

  describe("getForm", () => {
    it("by id returns the whole form as the API stores it", async () => {
      const form = seeded.forms[0];
      await expect(getForm({ id: form.id }, { settings })).resolves.toEqual(form);
    });

    it("by name reads the list, then the one form", async () => {
      const form = seeded.forms.find((candidate) => candidate.name === "Address & payment")!;
      server.counters.reset();
      await expect(getForm({ name: "Address & payment" }, { settings })).resolves.toEqual(form);
      expect(server.counters.snapshot()).toMatchObject({ "GET /api/v2/forms": 1, "GET /api/v2/forms/:id": 1 });
    });

    it("a name two forms share rejects with both ids", async () => {
      const ids = seeded.forms.filter((form) => form.name === "Newsletter").map((form) => form.id);
      const failure = getForm({ name: "Newsletter" }, { settings });
      await expect(failure).rejects.toBeInstanceOf(AmbiguousNameError);
      await expect(failure).rejects.toMatchObject({ ids });
      await expect(failure).rejects.toThrow(`2 forms are named "Newsletter": ${ids.join(", ")}`);
    });

    it("an unknown id or name is not found, and says so", async () => {
      await expect(getForm({ id: "ap_1111111111111111111111" }, { settings })).rejects.toThrow(
        /form ap_1111111111111111111111 not found: no form with this id exists in the tenant/,
      );
      await expect(getForm({ name: "No such form" }, { settings })).rejects.toBeInstanceOf(NotFoundError);
    });

    it("as an Output, by a plain or an Output id; secret when a component holds a secret", async () => {
      const [withSecret, plain] = [
        seeded.forms[0],
        seeded.forms.find((form) => form.name === "2FA enrolment – Ünïcode")!,
      ];
      const secretOutput = getFormOutput({ id: Promise.resolve(withSecret.id) }, { settings });
      expect(await valueOf(secretOutput)).toEqual(withSecret);
      expect(await isSecret(secretOutput)).toBe(true);
      const plainOutput = getFormOutput({ name: plain.name }, { settings });
      expect(await valueOf(plainOutput)).toEqual(plain);
      expect(await isSecret(plainOutput)).toBe(false);
    });

    it("a missing scope is named", async () => {
      server.addClient({
        client_id: "streams-only",
        client_secret: "streams-secret-123",
        scopes: ["read:event_streams"],
        global: true,
      });
      const failure = getForm(
        { id: seeded.forms[0].id },
        { settings: { domain: server.url, clientId: "streams-only", clientSecret: "streams-secret-123" } },
      );
      await expect(failure).rejects.toBeInstanceOf(ForbiddenError);
      await expect(failure).rejects.toMatchObject({ missingScope: "read:forms" });
    });
  });

  describe("getEventStream", () => {
    it("by id and by name, webhook secrets never included", async () => {
      const audit = seeded.eventStreams.find((stream) => stream.name === "audit")!;
      await expect(getEventStream({ id: audit.id }, { settings })).resolves.toEqual(audit);
      const byName = await getEventStream({ name: "audit" }, { settings });
      expect(byName).toEqual(audit);
      expect(JSON.stringify(byName)).not.toContain(seeded.webhookSecrets[audit.id]);
    });

    it("as an Output", async () => {
      const bus = seeded.eventStreams.find((stream) => stream.destination.type === "eventbridge")!;
      expect(await valueOf(getEventStreamOutput({ id: Promise.resolve(bus.id) }, { settings }))).toEqual(bus);
      expect(await valueOf(getEventStreamOutput({ name: "Enrich users" }, { settings }))).toMatchObject({
        destination: { type: "action" },
      });
    });

    it("an unknown name or id is not found", async () => {
      await expect(getEventStream({ name: "nope" }, { settings })).rejects.toThrow("no event stream of the tenant");
      await expect(getEventStream({ id: "est_1111111111111111111111" }, { settings })).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });

    it("a name two streams share names both ids", async () => {
      const twin = await fetch(`${server.baseUrl}/event-streams`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${await adminToken(server)}` },
        body: JSON.stringify({
          name: "Enrich users",
          subscriptions: [{ event_type: "user.deleted" }],
          destination: { type: "action", configuration: { action_id: "act_2" } },
        }),
      }).then((reply) => reply.json() as Promise<{ id: string }>);
      const original = seeded.eventStreams.find((stream) => stream.name === "Enrich users")!;
      await expect(getEventStream({ name: "Enrich users" }, { settings })).rejects.toThrow(
        `${original.id}, ${twin.id}`,
      );
    });
  });

  describe("getLoginTemplate", () => {
    it("returns the markup, as a promise and as an Output", async () => {
      await expect(getLoginTemplate({}, { settings })).resolves.toEqual({ template: seeded.template });
      expect(await valueOf(getLoginTemplateOutput({}, { settings }))).toEqual({ template: seeded.template });
    });

    it("a tenant without a template is not found", async () => {
      const empty = await startTenantServer({ port: 0, logger: false });
      try {
        const { clientId, clientSecret } = empty.credentials;
        const failure = getLoginTemplate({}, { settings: { domain: empty.url, clientId, clientSecret } });
        await expect(failure).rejects.toBeInstanceOf(NotFoundError);
        await expect(failure).rejects.toThrow(/has no login page template/);
      } finally {
        await empty.close();
      }
    });
  });

  describe("getRateLimitPolicies", () => {
    it("returns every policy, or those of one consumer selector", async () => {
      await expect(getRateLimitPolicies({}, { settings })).resolves.toEqual(seeded.rateLimitPolicies);
      const thirdParty = seeded.rateLimitPolicies.filter(
        (policy) => policy.consumer_selector === "third_party_clients",
      );
      await expect(getRateLimitPolicies({ consumer_selector: "third_party_clients" }, { settings })).resolves.toEqual(
        thirdParty,
      );
      expect(
        await valueOf(
          getRateLimitPoliciesOutput({ consumer_selector: Promise.resolve("third_party_clients") }, { settings }),
        ),
      ).toEqual(thirdParty);
      expect(await valueOf(getRateLimitPoliciesOutput({}, { settings }))).toHaveLength(seeded.rateLimitPolicies.length);
      await expect(getRateLimitPolicies({ consumer_selector: "client_id:nobody" }, { settings })).resolves.toEqual([]);
    });

    it("a non-global client is told it needs a global one", async () => {
      const failure = getRateLimitPolicies(
        {},
        { settings: { domain: server.url, clientId: "reader-no-policies", clientSecret: "reader-secret-123" } },
      );
      await expect(failure).rejects.toBeInstanceOf(UnauthorizedError);
    });

    it("a tenant without the feature says rate limit policies are not enabled", async () => {
      const off = await startFeatureOffTenant();
      try {
        const failure = getRateLimitPolicies({}, { settings: { domain: off.url, apiToken: "t0ken-feature-off" } });
        await expect(failure).rejects.toBeInstanceOf(FeatureUnavailableError);
        await expect(failure).rejects.toThrow(/rate limit policies are not enabled for this tenant/);
      } finally {
        await off.close();
      }
    });
  });

  describe("afterwards", () => {
    it("every lookup only read", async () => {
      expect(Object.keys(server.counters.snapshot()).filter((key) => /^(PATCH|PUT|DELETE) /.test(key))).toEqual([]);
    });
  });
});
