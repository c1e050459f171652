/** configure, preview and the process-wide client; secrets never in errors. */
import { inspect } from "node:util";
import {
  call, eventStreamProvider, FAST_RETRIES, formProvider, loginTemplateProvider, PROVIDER_TEXT, runtime, startHarness, TEMPLATE, type ProviderHarness,
} from "./helpers";

jest.setTimeout(60_000);

const PASSWORD = "never-print-me-5e1f";
const stream = {
  name: "audit",
  subscriptions: [{ event_type: "user.created" }],
  destination: { type: "webhook", configuration: { webhook_endpoint: "https://hooks.example.com/x", webhook_authorization: { method: "basic", username: "u", password: PASSWORD } } },
};

function stackConfig(values: Record<string, string>) {
  return { get: (key: string) => values[key], require: (key: string) => values[key] };
}

/** Everything an error exposes: message, stack, own fields, inspection. */
const exposed = (error: unknown) => `${(error as Error).message}\n${(error as Error).stack}\n${JSON.stringify(error)}\n${inspect(error, { depth: 5 })}`;

describe("configuration and preview", () => {
  let harness: ProviderHarness;
  let config: ReturnType<typeof stackConfig>;
  beforeAll(async () => {
    harness = await startHarness();
    const { domain, clientId, clientSecret } = harness.server.credentials;
    config = stackConfig({ "tenant:domain": domain, "tenant:clientId": clientId, "tenant:clientSecret": clientSecret });
  });
  afterAll(async () => harness.close());

  it("missing settings fail configure with the keys to set, and every later call too", async () => {
    const saved = { ...process.env };
    for (const key of Object.keys(process.env)) if (key.startsWith("AUTH0_")) delete process.env[key];
    try {
      await expect(call(formProvider, "configure")({ config: stackConfig({}) })).rejects.toThrow(/missing tenant:domain, tenant:clientId, tenant:clientSecret/);
      await expect(call(formProvider, "create")({ name: "x" })).rejects.toThrow(/pulumi config set tenant:domain/);
    } finally {
      process.env = saved;
    }
  });

  it("configure, check and diff make no request (but a template's check on create looks for one to take over); the kinds share one client and one token", async () => {
    harness.server.counters.reset();
    for (const provider of [formProvider, eventStreamProvider, loginTemplateProvider]) await call(provider, "configure")({ config });
    expect((await call(formProvider, "check")({}, { name: "a", __provider: PROVIDER_TEXT })).failures).toEqual([]);
    expect(await call(formProvider, "diff")("ap_1111111111111111111111", { name: "a" }, { name: "b" })).toEqual({ changes: true });
    expect((await call(eventStreamProvider, "check")({}, stream)).failures).toEqual([]);
    expect(harness.server.counters.snapshot()).toEqual({});
    // The template is a singleton: creating one first looks whether the tenant has a different one.
    expect((await call(loginTemplateProvider, "check")({}, { template: TEMPLATE })).failures).toEqual([]);
    expect(harness.server.counters.snapshot()).toEqual({ "GET /api/v2/branding/templates/universal-login": 1, "POST /oauth/token": 1 });

    await call(formProvider, "create")({ name: "one" });
    await call(eventStreamProvider, "create")(stream);
    await call(loginTemplateProvider, "create")({ template: TEMPLATE });
    const counts = harness.server.counters.snapshot();
    expect(counts["POST /oauth/token"]).toBe(1);
  });

  it("a refused create does not reveal the webhook password or the token", async () => {
    runtime.configureFromSettings({ domain: harness.server.credentials.domain, clientId: harness.server.credentials.clientId, clientSecret: harness.server.credentials.clientSecret }, FAST_RETRIES);
    // Skipping check on purpose: the server refuses an http endpoint.
    const bad = { ...stream, destination: { ...stream.destination, configuration: { ...stream.destination.configuration, webhook_endpoint: "http://hooks.example.com" } } };
    const error = await call(eventStreamProvider, "create")(bad).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/event stream "audit": create failed: the API refused the request: Payload validation error/);
    const text = exposed(error);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(harness.server.credentials.clientSecret);
    expect(text).not.toMatch(/Bearer|eyJ[A-Za-z0-9_-]{10,}/);
  });

  it("a server that keeps failing gives a ServerError without secrets", async () => {
    const created = await call(eventStreamProvider, "create")(stream);
    harness.server.faults.add({ method: "PATCH", path: "/api/v2/event-streams/:id", mode: "fail-before", times: 10, status: 500 });
    try {
      const changed = { ...stream, name: "renamed" };
      const error = await call(eventStreamProvider, "update")(created.id, created.outs, changed).catch((e: unknown) => e);
      expect((error as Error).name).toBe("ServerError");
      expect((error as Error).message).toContain(`event stream ${created.id}: update failed: the server failed with 500`);
      const text = exposed(error);
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toMatch(/Bearer|eyJ[A-Za-z0-9_-]{10,}/);
    } finally {
      harness.server.faults.clear();
    }
  });

  it("an unreachable tenant gives a NetworkError naming the origin, without secrets", async () => {
    const token = "static-api-token-88aa";
    runtime.configureFromSettings({ domain: "http://127.0.0.1:9", apiToken: token }, { backoffBaseMs: 1, backoffMaxMs: 2 });
    try {
      const error = await call(formProvider, "read")("ap_1111111111111111111111", {}).catch((e: unknown) => e);
      expect((error as Error).name).toBe("NetworkError");
      expect((error as Error).message).toMatch(/form ap_1111111111111111111111: read failed: the connection was refused.*http:\/\/127\.0\.0\.1:9/);
      expect(exposed(error)).not.toContain(token);
    } finally {
      runtime.configureFromSettings({ domain: harness.server.credentials.domain, clientId: harness.server.credentials.clientId, clientSecret: harness.server.credentials.clientSecret }, FAST_RETRIES);
    }
  });
});
