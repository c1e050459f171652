/**
 * Refresh reads through list snapshots (provider/lifecycle/list-snapshot.ts, list-read.ts):
 * request counts from the server's counters, every change seen, deletes and re-creations
 * seen, nothing written over a change made after the list was read, and the GET fallback.
 */
import * as net from "node:net";
import { providerFor } from "../fixtures/providers";
import {
  call,
  eventStreamProvider,
  FAST_RETRIES,
  formProvider,
  loginTemplateProvider,
  runtime,
  startHarness,
  TEMPLATE,
} from "./helpers";
import type { ProviderHarness } from "./helpers";
import {
  createAll,
  formInputs,
  newProcess,
  readAll,
  requestCount,
  routeCount,
  type Stored,
  streamInputs,
} from "./list-support";

jest.setTimeout(120_000);

const FORM_COUNT = 150;
const STREAM_COUNT = 150;
const policyProvider = providerFor("rateLimitPolicy");

describe("reads through list snapshots", () => {
  let harness: ProviderHarness;
  let forms: Stored[];
  let streams: Stored[];
  const formsIn = Array.from({ length: FORM_COUNT }, (_, i) => formInputs(i));
  const streamsIn = Array.from({ length: STREAM_COUNT }, (_, i) => streamInputs(i));

  beforeAll(async () => {
    harness = await startHarness({ rateLimit: 100_000 });
    forms = await createAll(formProvider, formsIn);
    streams = await createAll(eventStreamProvider, streamsIn);
  });
  afterAll(async () => harness.close());

  /** Reads every form and stream in a new process; returns the ids whose diff against the program changes. */
  async function refresh(): Promise<{ drifted: string[]; gone: string[]; requests: number }> {
    newProcess(harness);
    harness.server.counters.reset();
    const [formReads, streamReads] = await Promise.all([
      readAll(formProvider, forms),
      readAll(eventStreamProvider, streams),
    ]);
    const requests = requestCount(harness);
    const drifted: string[] = [];
    const gone: string[] = [];
    const judge = async (
      provider: typeof formProvider,
      stored: Stored[],
      reads: typeof formReads,
      inputs: object[],
    ) => {
      for (const [i, read] of reads.entries()) {
        if (!read.id) gone.push(stored[i].id);
        else if ((await call(provider, "diff")(read.id, read.props, inputs[i])).changes) drifted.push(read.id);
      }
    };
    await judge(formProvider, forms, formReads, formsIn);
    await judge(eventStreamProvider, streams, streamReads, streamsIn);
    return { drifted, gone, requests };
  }

  it("a refresh of 150 forms and 150 event streams with no drift costs at most 12 requests", async () => {
    const result = await refresh();
    expect(result).toMatchObject({ drifted: [], gone: [] });
    expect(result.requests).toBeLessThanOrEqual(12);
    expect(result.requests).toBe(5); // one token, two list pages per kind
    expect(routeCount(harness, "GET /api/v2/forms/:id") + routeCount(harness, "GET /api/v2/event-streams/:id")).toBe(0);
  });

  it("the read of an unchanged object gives what its GET would", async () => {
    newProcess(harness);
    const listed = await readAll(formProvider, forms.slice(0, 5));
    const listedStreams = await readAll(eventStreamProvider, streams.slice(0, 5));
    newProcess(harness, "get");
    expect(await readAll(formProvider, forms.slice(0, 5))).toEqual(listed);
    expect(await readAll(eventStreamProvider, streams.slice(0, 5))).toEqual(listedStreams);
  });

  it("after 3 hand edits a refresh costs at most 15 requests and shows every edit", async () => {
    const edits = [forms[3].id, forms[77].id, streams[5].id];
    await harness.admin("PATCH", `/forms/${forms[3].id}`, { name: "renamed by hand" });
    await harness.admin("PATCH", `/forms/${forms[77].id}`, { style: { css: "body { color: red; }" } });
    await harness.admin("PATCH", `/event-streams/${streams[5].id}`, { status: "disabled" });
    const result = await refresh();
    expect(result.drifted.sort()).toEqual([...edits].sort());
    expect(result.gone).toEqual([]);
    expect(result.requests).toBeLessThanOrEqual(15);
    expect(result.requests).toBe(7);
    // The edited forms' updated_at moved: one GET each; the stream is seen as listed.
    expect(routeCount(harness, "GET /api/v2/forms/:id")).toBe(2);
    expect(routeCount(harness, "GET /api/v2/event-streams/:id")).toBe(0);
    // Put them back for the next tests.
    await harness.admin("PATCH", `/forms/${forms[3].id}`, { name: "Sign-up 3" });
    await harness.admin("PATCH", `/forms/${forms[77].id}`, { style: { css: "body { color: #111; }" } });
    await harness.admin("PATCH", `/event-streams/${streams[5].id}`, { status: "enabled" });
    newProcess(harness, "get");
    for (const index of [3, 77])
      forms[index].outs = (await call(formProvider, "read")(forms[index].id, forms[index].outs)).props;
    streams[5].outs = (await call(eventStreamProvider, "read")(streams[5].id, streams[5].outs)).props;
  });

  it("sees deletes and re-creations: an object missing from the list is gone once a GET agrees", async () => {
    const [form, stream] = [forms[10], streams[10]];
    await harness.admin("DELETE", `/forms/${form.id}`);
    await harness.admin("DELETE", `/event-streams/${stream.id}`);
    // Re-created by hand with the same content: a new object, under a new id.
    const again = await harness.admin("POST", "/event-streams", {
      ...streamsIn[10],
      destination: { ...(streamsIn[10].destination as object) },
    });
    expect(again.status).toBe(201);
    const result = await refresh();
    expect(result.gone.sort()).toEqual([form.id, stream.id].sort());
    expect(result.drifted).toEqual([]);
    expect(routeCount(harness, "GET /api/v2/forms/:id")).toBe(1);
    expect(routeCount(harness, "GET /api/v2/event-streams/:id")).toBe(1);
    forms = forms.filter((f) => f !== form);
    streams = streams.filter((s) => s !== stream);
    formsIn.splice(10, 1);
    streamsIn.splice(10, 1);
  });

  it("finds an object created after the list was read with a GET instead of declaring it gone", async () => {
    newProcess(harness);
    await call(formProvider, "read")(forms[0].id, forms[0].outs); // the list is read now
    // Made by hand, and by this process: neither is in the list.
    const posted = await harness.admin("POST", "/forms", { name: "made after the list" });
    const [late] = await createAll(formProvider, [formInputs(999)]);
    harness.server.counters.reset();
    expect((await call(formProvider, "read")(posted.json.id, posted.json)).id).toBe(posted.json.id);
    expect((await call(formProvider, "read")(late.id, late.outs)).id).toBe(late.id);
    expect(routeCount(harness, "GET /api/v2/forms/:id")).toBe(2);
    expect(routeCount(harness, "GET /api/v2/forms")).toBe(0);
  });

  it("an edit made after the list was read is seen by the next read and never written over by an update", async () => {
    newProcess(harness);
    const [form, stream] = [forms[20], streams[20]];
    const formRead = await call(formProvider, "read")(form.id, form.outs);
    const streamRead = await call(eventStreamProvider, "read")(stream.id, stream.outs);
    await harness.admin("PATCH", `/forms/${form.id}`, { name: "edited after the list" });
    await harness.admin("PATCH", `/event-streams/${stream.id}`, { name: "edited after the list" });

    // The program changes another field: the update looks first and refuses, naming the change.
    const formNews = { ...formsIn[20], name: "Sign-up 20", style: { css: "p { margin: 0; }" } };
    await expect(call(formProvider, "update")(form.id, formRead.props, formNews)).rejects.toThrow(
      /changed outside Pulumi after this run read it.*pulumi up --refresh/,
    );
    const streamNews = { ...streamsIn[20], status: "disabled" };
    await expect(call(eventStreamProvider, "update")(stream.id, streamRead.props, streamNews)).rejects.toThrow(
      /event stream .* changed outside Pulumi/,
    );
    expect((await harness.admin("GET", `/forms/${form.id}`)).json.name).toBe("edited after the list");
    expect((await harness.admin("GET", `/event-streams/${stream.id}`)).json.status).toBe("enabled");

    // A second read in the same process is a later pass: the kind is listed again, and the edit shows.
    expect((await call(formProvider, "read")(form.id, form.outs)).props.name).toBe("edited after the list");
    expect((await call(eventStreamProvider, "read")(stream.id, stream.outs)).props.name).toBe("edited after the list");

    // Read afresh, the update goes through.
    newProcess(harness);
    const fresh = await call(formProvider, "read")(form.id, form.outs);
    const updated = await call(formProvider, "update")(form.id, fresh.props, formNews);
    expect(updated.outs).toMatchObject({ name: "Sign-up 20", style: { css: "p { margin: 0; }" } });
    forms[20] = { id: form.id, outs: updated.outs };
    formsIn[20] = formNews;
    await harness.admin("PATCH", `/event-streams/${stream.id}`, { name: "audit-20" });
  });

  it("an update of an object read from an unchanged list looks once, then writes", async () => {
    newProcess(harness);
    const stream = streams[30];
    const read = await call(eventStreamProvider, "read")(stream.id, stream.outs);
    harness.server.counters.reset();
    const news = { ...streamsIn[30], status: "disabled" };
    const updated = await call(eventStreamProvider, "update")(stream.id, read.props, news);
    expect(updated.outs.status).toBe("disabled");
    expect(routeCount(harness, "GET /api/v2/event-streams/:id")).toBe(1);
    expect(routeCount(harness, "PATCH /api/v2/event-streams/:id")).toBe(1);
    // Written by this process: a later read asks the server, not the list.
    harness.server.counters.reset();
    expect((await call(eventStreamProvider, "read")(stream.id, updated.outs)).props.status).toBe("disabled");
    expect(routeCount(harness, "GET /api/v2/event-streams/:id")).toBe(1);
    streams[30] = { id: stream.id, outs: updated.outs };
    streamsIn[30] = news;
  });

  it("falls back to one GET per object when the list fails", async () => {
    newProcess(harness);
    // More failures than the client's attempts: the list cannot be read in this process.
    harness.server.faults.add({ method: "GET", path: "/api/v2/forms", mode: "fail-before", times: 5 });
    harness.server.counters.reset();
    const reads = await readAll(formProvider, forms.slice(0, 20));
    harness.server.faults.clear();
    expect(reads.map((read) => read.id)).toEqual(forms.slice(0, 20).map((form) => form.id));
    expect(routeCount(harness, "GET /api/v2/forms/:id")).toBe(20);
  });

  it(`${"PULUMI_TENANT_READ_MODE"}=get reads each object with its own GET`, async () => {
    newProcess(harness, "get");
    harness.server.counters.reset();
    await readAll(eventStreamProvider, streams.slice(0, 12));
    expect(routeCount(harness, "GET /api/v2/event-streams")).toBe(0);
    expect(routeCount(harness, "GET /api/v2/event-streams/:id")).toBe(12);
  });

  it("keeps one list per tenant namespace", async () => {
    newProcess(harness, "list", "prod");
    harness.server.counters.reset();
    await readAll(formProvider, forms.slice(0, 3));
    await readAll(
      formProvider,
      forms.slice(3, 6).map((form) => ({ id: form.id, outs: { ...form.outs, tenant: "prod" } })),
    );
    expect(routeCount(harness, "GET /api/v2/forms")).toBe(4); // two pages of 100, once per namespace
    expect(routeCount(harness, "GET /api/v2/forms/:id")).toBe(0);
  });

  it("reads rate limit policies from their list, and the login template with its single GET", async () => {
    const [policy] = await createAll(policyProvider, [
      {
        resource: "oauth_authentication_api",
        consumer: "client",
        consumer_selector: "third_party_clients",
        configuration: { action: "block", limit: 50 },
      },
    ]);
    const template = await call(loginTemplateProvider, "create")({ template: TEMPLATE });
    await harness.admin("PATCH", `/rate-limit-policies/${policy.id}`, { configuration: { action: "log", limit: 9 } });
    newProcess(harness);
    harness.server.counters.reset();
    const read = await call(policyProvider, "read")(policy.id, policy.outs);
    expect(read.props.configuration).toEqual({ action: "log", limit: 9 });
    await call(loginTemplateProvider, "read")(template.id, template.outs);
    expect(routeCount(harness, "GET /api/v2/rate-limit-policies")).toBe(1);
    expect(routeCount(harness, "GET /api/v2/rate-limit-policies/:id")).toBe(0);
    expect(routeCount(harness, "GET /api/v2/branding/templates/universal-login")).toBe(1);
  });

  it("a tenant that went away: the first read gets the full message, every other read a pointer to it", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    runtime.resetRuntime();
    const { clientId, clientSecret } = harness.server.credentials;
    runtime.configureFromSettings({ domain: `http://127.0.0.1:${port}`, clientId, clientSecret }, FAST_RETRIES);
    const settled = await Promise.all(
      [
        ...forms.slice(0, 4).map((form) => call(formProvider, "read")(form.id, form.outs)),
        ...streams.slice(0, 4).map((stream) => call(eventStreamProvider, "read")(stream.id, stream.outs)),
      ].map((read) =>
        read.then(
          () => "read",
          (error: Error) => error.message,
        ),
      ),
    );
    const full = settled.filter((message) => message.startsWith("Could not get an access token"));
    expect(full).toHaveLength(1);
    expect(full[0]).toContain(`127.0.0.1:${port}`);
    expect(
      settled.filter((message) => message.startsWith("Not attempted: could not get an access token")),
    ).toHaveLength(7);
  });
});
