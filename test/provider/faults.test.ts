/**
 * Failures the client must survive: 5xx after a create committed (reply replaced or
 * connection dropped), 5xx before it, 5xx on reads, and 429 storms.
 */
import {
  call,
  countEventStreams,
  countForms,
  eventStreamProvider,
  FAST_RETRIES,
  formProvider,
  runtime,
  startHarness,
  type ProviderHarness,
} from "./helpers";

jest.setTimeout(120_000);

const webhookStream = (name: string) => ({
  name,
  subscriptions: [{ event_type: "user.created" }],
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: "https://hooks.example.com/x",
      webhook_authorization: { method: "bearer", token: "bearer-token-91c" },
    },
  },
});

describe("faults", () => {
  let harness: ProviderHarness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness.close());
  afterEach(() => harness.server.faults.clear());

  it.each(["fail-after", "drop-after"] as const)(
    "a form create answered by %s leaves exactly one form",
    async (mode) => {
      const before = await countForms(harness);
      harness.server.faults.add({ method: "POST", path: "/api/v2/forms", mode, status: 503 });
      harness.server.counters.reset();
      const created = await call(formProvider, "create")({ name: `faulty ${mode}`, style: { css: "x" } });
      expect(await countForms(harness)).toBe(before + 1);
      expect(harness.server.counters.snapshot()["POST /api/v2/forms"]).toBe(1);
      expect((await harness.admin("GET", `/forms/${created.id}`)).json.name).toBe(`faulty ${mode}`);
    },
  );

  it("a form create refused before commit (fail-before) is sent again and leaves exactly one form", async () => {
    const before = await countForms(harness);
    harness.server.faults.add({ method: "POST", path: "/api/v2/forms", mode: "fail-before", status: 502 });
    harness.server.counters.reset();
    const created = await call(formProvider, "create")({ name: "faulty before" });
    expect(await countForms(harness)).toBe(before + 1);
    expect(harness.server.counters.snapshot()["POST /api/v2/forms"]).toBe(2);
    expect(created.id).toMatch(/^ap_/);
  });

  it("two identical forms created at once, both answered by 5xx after commit, end as two forms, one each", async () => {
    const before = await countForms(harness);
    harness.server.faults.add({ method: "POST", path: "/api/v2/forms", mode: "fail-after", times: 2 });
    const [a, b] = await Promise.all([
      call(formProvider, "create")({ name: "twin" }),
      call(formProvider, "create")({ name: "twin" }),
    ]);
    expect(a.id).not.toBe(b.id);
    expect(await countForms(harness)).toBe(before + 2);
  });

  it.each(["fail-after", "drop-after"] as const)(
    "an event stream create answered by %s leaves exactly one stream",
    async (mode) => {
      const before = await countEventStreams(harness);
      harness.server.faults.add({ method: "POST", path: "/api/v2/event-streams", mode });
      const created = await call(eventStreamProvider, "create")(webhookStream(`stream ${mode}`));
      expect(await countEventStreams(harness)).toBe(before + 1);
      expect(created.outs.destination.configuration.webhook_authorization.token).toBe("bearer-token-91c");
    },
  );

  it("a form create that times out while the server is still working leaves exactly one form", async () => {
    const { domain, clientId, clientSecret } = harness.server.credentials;
    runtime.configureFromSettings({ domain, clientId, clientSecret }, { ...FAST_RETRIES, timeoutMs: 300 });
    try {
      const before = await countForms(harness);
      harness.server.faults.add({ method: "POST", path: "/api/v2/forms", mode: "delay", delayMs: 1500 });
      harness.server.counters.reset();
      const created = await call(formProvider, "create")({ name: "slow form" });
      expect(harness.server.counters.snapshot()["POST /api/v2/forms"]).toBe(1);
      expect(await countForms(harness)).toBe(before + 1);
      expect((await harness.admin("GET", `/forms/${created.id}`)).json.name).toBe("slow form");
    } finally {
      runtime.configureFromSettings({ domain, clientId, clientSecret }, FAST_RETRIES);
    }
  });

  it("reads, updates and deletes are retried through 5xx", async () => {
    const created = await call(formProvider, "create")({ name: "retry me" });
    harness.server.faults.add({ method: "GET", path: "/api/v2/forms/:id", mode: "fail-before", times: 2 });
    expect((await call(formProvider, "read")(created.id, created.outs)).id).toBe(created.id);
    harness.server.faults.add({ method: "PATCH", path: "/api/v2/forms/:id", mode: "drop-after" });
    expect((await call(formProvider, "update")(created.id, created.outs, { name: "retried" })).outs.name).toBe(
      "retried",
    );
    harness.server.faults.add({ method: "DELETE", path: "/api/v2/forms/:id", mode: "fail-after" });
    await call(formProvider, "delete")(created.id, created.outs);
    expect((await harness.admin("GET", `/forms/${created.id}`)).status).toBe(404);
  });

  it("a 429 storm completes: many creates at 2 requests per second all succeed", async () => {
    const before = await countForms(harness);
    harness.server.counters.reset();
    harness.server.setRateLimit(2);
    try {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, index) => call(formProvider, "create")({ name: `storm ${index}` })),
      );
      expect(new Set(results.map((result) => result.id)).size).toBe(12);
      const counts = harness.server.counters.snapshot();
      expect(counts["POST /api/v2/forms"]).toBeGreaterThanOrEqual(12);
      expect(counts["429"]).toBeGreaterThan(0);
    } finally {
      harness.server.setRateLimit(1000);
    }
    expect(await countForms(harness)).toBe(before + 12);
  });
});
