/**
 * The generator's reading of a tenant against a started server: list pages plus one GET
 * per form and nothing else, paging past 100 objects, 429s waited out, policies skipped
 * with a note when they cannot be read, and never a write.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ACTION_TRIGGER_IDS } from "../../api/kinds/action/triggers";
import { PARTIAL_PROMPTS, PROMPT_NAMES } from "../../api/prompt-names";
import { readTenant } from "../../provider/cli/generate/snapshot";
import { TenantClient } from "../../provider/client/http";
import { resolveSettings } from "../../provider/client/settings";
import { startTenantServer, type TenantServer } from "../../server/index";
import { view } from "../fixtures/generate-snapshot";
import { seedManyObjects, seedRealisticTenant } from "../fixtures/realistic-tenant";

jest.setTimeout(120_000);

const writes = (counters: Record<string, number>) =>
  Object.keys(counters).filter((key) => /^(POST|PATCH|PUT|DELETE) \/api\/v2\//.test(key));

/** The scopes to read the flows and their vault connections. */
const FLOW_SCOPES = ["read:flows", "read:flows_vault_connections", "read:actions"];

describe("reading a tenant for generate", () => {
  let server: TenantServer;
  const client = (overrides: { clientId?: string; clientSecret?: string } = {}) =>
    new TenantClient(
      resolveSettings({
        domain: server.url,
        clientId: overrides.clientId ?? server.credentials.clientId,
        clientSecret: overrides.clientSecret ?? server.credentials.clientSecret,
      }),
      { backoffBaseMs: 5, backoffMaxMs: 50 },
    );

  beforeAll(async () => {
    server = await startTenantServer({ port: 0, logger: false, rateLimit: 1000 });
  });
  afterAll(async () => server?.close());

  it("reads the realistic tenant whole, exactly as the API returns it", async () => {
    const seeded = await seedRealisticTenant(server);
    const lines: string[] = [];
    const snapshot = await readTenant(client(), { progress: (line) => lines.push(line) });
    expect(view(snapshot).forms).toEqual(seeded.forms);
    expect(view(snapshot).eventStreams).toEqual(seeded.eventStreams);
    expect(view(snapshot).loginTemplate).toBe(seeded.template);
    expect(view(snapshot).rateLimitPolicies).toEqual(seeded.rateLimitPolicies);
    expect(snapshot.notes).toEqual([]);
    expect(lines).toEqual(
      expect.arrayContaining([
        "forms: 5 of 5 listed",
        "forms: 5 of 5 read",
        "event streams: 5 listed",
        "rate limit policies: 4 listed",
      ]),
    );
  });

  it("pages past 100 objects with list pages plus one GET per form, and nothing else", async () => {
    await seedManyObjects(server, { forms: 200, streams: 150 });
    server.counters.reset();
    const snapshot = await readTenant(client());
    expect(view(snapshot).forms).toHaveLength(205);
    expect(view(snapshot).eventStreams).toHaveLength(155);
    expect(new Set(view(snapshot).forms.map((form) => form.id)).size).toBe(205);
    expect(server.counters.snapshot()).toEqual({
      "POST /oauth/token": 1,
      "GET /api/v2/forms": 3, // 100 + 100 + 5 (a short page ends the list)
      "GET /api/v2/forms/:id": 205,
      "GET /api/v2/event-streams": 2,
      "GET /api/v2/branding/templates/universal-login": 1,
      "GET /api/v2/branding": 1,
      "GET /api/v2/branding/themes/default": 1,
      "GET /api/v2/prompts": 1,
      // The tenant's languages, then one GET per prompt and language (the tenant has no list of every text):
      // a fresh tenant speaks English alone.
      "GET /api/v2/tenants/settings": 1,
      "GET /api/v2/prompts/:prompt/custom-text/:language": PROMPT_NAMES.length,
      // One GET per prompt that takes partials.
      "GET /api/v2/prompts/:prompt/partials": PARTIAL_PROMPTS.length,
      "GET /api/v2/rate-limit-policies": 1,
      "GET /api/v2/flows": 1, // none: one empty page
      "GET /api/v2/flows/vault/connections": 1,
      "GET /api/v2/actions/actions": 1, // none: one empty page
      // One GET per trigger: the tenant has no list of every trigger's bindings.
      // Not event-stream, custom-token-exchange or password-hash-migration: the service lists none of theirs.
      "GET /api/v2/actions/triggers/:triggerId/bindings": ACTION_TRIGGER_IDS.length - 3,
    });
  });

  it("waits out 429s (Retry-After) and still reads everything, under the server's own rate limit too", async () => {
    // A proxy that answers the first GET of every form with 429 and `Retry-After: 0`.
    const refused = new Set<string>();
    const proxy = createServer(async (request, response) => {
      if (request.method === "GET" && /^\/api\/v2\/forms\/ap_/.test(request.url ?? "") && !refused.has(request.url!)) {
        refused.add(request.url!);
        response.writeHead(429, { "content-type": "application/json", "retry-after": "0" });
        response.end(
          JSON.stringify({
            statusCode: 429,
            error: "Too Many Requests",
            message: "Global limit has been reached",
            errorCode: "too_many_requests",
          }),
        );
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const upstream = await fetch(`${server.url}${request.url}`, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      response.writeHead(upstream.status, {
        "content-type": upstream.headers.get("content-type") ?? "application/json",
      });
      response.end(Buffer.from(await upstream.arrayBuffer()));
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    server.setRateLimit(40);
    try {
      server.counters.reset();
      const { port } = proxy.address() as AddressInfo;
      const viaProxy = new TenantClient(
        resolveSettings({
          domain: `http://127.0.0.1:${port}`,
          clientId: server.credentials.clientId,
          clientSecret: server.credentials.clientSecret,
          audience: server.credentials.audience,
        }),
        { backoffBaseMs: 5, backoffMaxMs: 50 },
      );
      const snapshot = await readTenant(viaProxy);
      expect(view(snapshot).forms).toHaveLength(205);
      expect(refused.size).toBe(205);
      const counters = server.counters.snapshot();
      expect(counters["GET /api/v2/forms/:id"]).toBeGreaterThanOrEqual(205);
      expect(writes(counters)).toEqual([]);
    } finally {
      server.setRateLimit(1000);
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it("skips rate limit policies with a note for a non-global client or a missing scope", async () => {
    server.addClient({
      client_id: "not-global",
      client_secret: "not-global-secret",
      scopes: [
        ...FLOW_SCOPES,
        "read:forms",
        "read:event_streams",
        "read:branding",
        "read:rate_limit_policies",
        "read:actions",
        "read:prompts",
      ],
      global: false,
    });
    server.addClient({
      client_id: "no-policy-scope",
      client_secret: "no-policy-secret",
      scopes: [...FLOW_SCOPES, "read:forms", "read:event_streams", "read:branding", "read:actions", "read:prompts"],
      global: true,
    });
    const notGlobal = await readTenant(client({ clientId: "not-global", clientSecret: "not-global-secret" }));
    expect(view(notGlobal).rateLimitPolicies).toEqual([]);
    expect(notGlobal.notes).toEqual([expect.stringContaining("need a global client")]);
    const noScope = await readTenant(client({ clientId: "no-policy-scope", clientSecret: "no-policy-secret" }));
    expect(noScope.notes).toEqual([expect.stringContaining("lacks the scope read:rate_limit_policies")]);
    expect(view(noScope).forms).toHaveLength(205);
  });

  it("a client made before flows were managed: flows and connections skipped with a note naming the scope", async () => {
    server.addClient({
      client_id: "no-flow-scopes",
      client_secret: "no-flow-scopes-secret",
      scopes: [
        "read:forms",
        "read:event_streams",
        "read:branding",
        "read:rate_limit_policies",
        "read:actions",
        "read:prompts",
      ],
      global: true,
    });
    const snapshot = await readTenant(client({ clientId: "no-flow-scopes", clientSecret: "no-flow-scopes-secret" }));
    expect(snapshot.notes).toEqual([
      expect.stringContaining("flows were not read: the client lacks the scope read:flows"),
      expect.stringContaining(
        "flow vault connections were not read: the client lacks the scope read:flows_vault_connections",
      ),
    ]);
    expect(view(snapshot).forms).toHaveLength(205);
  });

  it("a missing scope for forms stops the generation with the scope named", async () => {
    server.addClient({
      client_id: "no-forms",
      client_secret: "no-forms-secret",
      scopes: ["read:event_streams"],
      global: true,
    });
    await expect(readTenant(client({ clientId: "no-forms", clientSecret: "no-forms-secret" }))).rejects.toThrow(
      /lacks the scope read:forms/,
    );
  });
});

test("on a tenant without a custom domain, generate writes no template and its notes say why and what to do", async () => {
  const server = await startTenantServer({ port: 0, logger: false, customDomain: false });
  try {
    const client = new TenantClient(
      resolveSettings({
        domain: server.url,
        clientId: server.credentials.clientId,
        clientSecret: server.credentials.clientSecret,
      }),
    );
    const lines: string[] = [];
    const snapshot = await readTenant(client, { progress: (line) => lines.push(line) });
    expect(view(snapshot).loginTemplate).toBeUndefined();
    expect(snapshot.notes).toEqual([expect.stringContaining("has no custom domain")]);
    expect(snapshot.notes[0]).toContain("Add a custom domain to the tenant and verify it");
    expect(lines).toContain(snapshot.notes[0]);
  } finally {
    await server.close();
  }
});
