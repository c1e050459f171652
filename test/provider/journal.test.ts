/**
 * The create journal against a started tenant server: a provider process that is killed
 * after its POSTs (simulated by resetting the runtime, as a new process starts) leaves
 * entries, and the next process adopts those objects instead of creating them again.
 */
import * as fs from "node:fs";
import { journalPath, parseJournal, serialiseJournal } from "../../provider/lifecycle/journal";
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

const PASSWORD = "journal-hook-password-31";
const form = (name: string) => ({
  name,
  nodes: [{ id: "s", type: "STEP", config: { components: [], next_node: "$ending" } }],
  start: { next_node: "s" },
});
const stream = (name: string) => ({
  name,
  subscriptions: [{ event_type: "user.created" }],
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: "https://hooks.example.com/j",
      webhook_authorization: { method: "basic", username: "hook", password: PASSWORD },
    },
  },
});

describe("create journal", () => {
  let harness: ProviderHarness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness.close());

  const file = () => journalPath(harness.server.baseUrl);
  const entries = () => parseJournal(fs.readFileSync(file(), "utf8"));
  /** What a new provider process starts with: no claims, a new journal owner (the file stays). */
  const restart = () => {
    runtime.resetRuntime();
    const { domain, clientId, clientSecret } = harness.server.credentials;
    runtime.configureFromSettings({ domain, clientId, clientSecret }, FAST_RETRIES);
  };
  /** The dead process's POST committed but its answer never came: its entry has no id. */
  const forgetAnswer = (id: string) => {
    fs.writeFileSync(
      file(),
      serialiseJournal(
        entries().map(({ createdId, ...entry }) => (createdId === id ? entry : { ...entry, createdId })),
      ),
    );
  };
  /** Tenant API calls since the last reset, without token requests. */
  const apiCalls = () =>
    Object.fromEntries(Object.entries(harness.server.counters.snapshot()).filter(([key]) => key.includes("/api/v2/")));

  it("a normal create makes one POST, no lookup, and records its id", async () => {
    restart();
    harness.server.counters.reset();
    const created = await call(formProvider, "create")(form("Journal normal"));
    expect(apiCalls()).toEqual({ "POST /api/v2/forms": 1 });
    harness.server.counters.reset();
    const createdStream = await call(eventStreamProvider, "create")(stream("journal-normal"));
    expect(apiCalls()).toEqual({ "POST /api/v2/event-streams": 1 });
    expect(entries().map((entry) => entry.createdId)).toEqual(expect.arrayContaining([created.id, createdStream.id]));
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
  });

  it("after the process died, a create of the same content adopts its object by id (answered POST)", async () => {
    restart();
    const first = await call(formProvider, "create")(form("Journal answered"));
    const forms = await countForms(harness);
    restart();
    harness.server.counters.reset();
    const again = await call(formProvider, "create")(form("Journal answered"));
    expect(again.id).toBe(first.id);
    expect(again.outs).toEqual(first.outs);
    expect(apiCalls()).toEqual({ "GET /api/v2/forms/:id": 1 });
    expect(await countForms(harness)).toBe(forms);
  });

  it("after the process died, a create of the same content finds the object of an unanswered POST", async () => {
    restart();
    const first = await call(formProvider, "create")(form("Journal unanswered"));
    forgetAnswer(first.id);
    const forms = await countForms(harness);
    restart();
    harness.server.counters.reset();
    const again = await call(formProvider, "create")(form("Journal unanswered"));
    expect(again.id).toBe(first.id);
    expect(apiCalls()["POST /api/v2/forms"]).toBeUndefined();
    expect(apiCalls()["GET /api/v2/forms"]).toBe(1);
    expect(await countForms(harness)).toBe(forms);
    // The entry is the new process's now, with the id, until the engine shows it holds the object.
    expect(entries().filter((entry) => entry.createdId === first.id)).toHaveLength(1);
  });

  it("adopts an event stream the same way; the journal never holds the webhook secret", async () => {
    restart();
    const first = await call(eventStreamProvider, "create")(stream("journal-stream"));
    expect(fs.readFileSync(file(), "utf8")).not.toContain(PASSWORD);
    forgetAnswer(first.id);
    const streams = await countEventStreams(harness);
    restart();
    harness.server.counters.reset();
    const again = await call(eventStreamProvider, "create")(stream("journal-stream"));
    expect(again.id).toBe(first.id);
    expect(again.outs.destination.configuration.webhook_authorization.password).toBe(PASSWORD);
    expect(apiCalls()["POST /api/v2/event-streams"]).toBeUndefined();
    expect(await countEventStreams(harness)).toBe(streams);
    expect(fs.readFileSync(file(), "utf8")).not.toContain(PASSWORD);
  });

  it("an object the engine has shown it holds is never adopted: a second resource of the same content gets its own", async () => {
    restart();
    const first = await call(formProvider, "create")(form("Journal confirmed"));
    restart();
    // The next process reads (refresh) or diffs (up) the recorded resource: its entry is done.
    await call(formProvider, "read")(first.id, first.outs);
    expect(entries().some((entry) => entry.createdId === first.id)).toBe(false);
    harness.server.counters.reset();
    const second = await call(formProvider, "create")(form("Journal confirmed"));
    expect(second.id).not.toBe(first.id);
    expect(apiCalls()).toEqual({ "POST /api/v2/forms": 1 });
  });

  it("a leftover whose POST never committed is dropped, and the create posts once", async () => {
    restart();
    const first = await call(formProvider, "create")(form("Journal lost"));
    forgetAnswer(first.id);
    await harness.admin("DELETE", `/forms/${first.id}`);
    restart();
    harness.server.counters.reset();
    const created = await call(formProvider, "create")(form("Journal lost"));
    expect(apiCalls()).toEqual({ "GET /api/v2/forms": 1, "POST /api/v2/forms": 1 });
    expect(entries().filter((entry) => entry.createdId === undefined)).toEqual([]);
    expect(entries().filter((entry) => entry.createdId === created.id)).toHaveLength(1);
  });

  it("a resource renamed without an alias keeps the object: the old resource's delete of an adopted id is skipped", async () => {
    restart();
    const old = await call(formProvider, "create")(form("Journal renamed"));
    restart();
    // The engine creates the new resource first (its content equals the old one's), then deletes the old one.
    const renamed = await call(formProvider, "create")(form("Journal renamed"));
    expect(renamed.id).toBe(old.id);
    await call(formProvider, "delete")(old.id, old.outs);
    expect((await harness.admin("GET", `/forms/${old.id}`)).status).toBe(200);
    // A later process (destroy) deletes it for real.
    restart();
    await call(formProvider, "delete")(renamed.id, renamed.outs);
    expect((await harness.admin("GET", `/forms/${old.id}`)).status).toBe(404);
  });
});
