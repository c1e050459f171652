/**
 * Flows and flow vault connections through the module made from their table entries
 * (tableKindModule, for kinds whose list holds summaries): check, create, read, diff,
 * update and replace through the runtime's dispatch; a refresh of 150 of each read from the
 * lists, with a GET only for what changed; `generate` reading each object whole by GET.
 */
import { providerFor } from "../fixtures/providers";
import { readTenant } from "../../provider/cli/generate/snapshot";
import { sampleAction } from "../fixtures/flow-samples";
import { call, PROVIDER_TEXT, runtime, startHarness, type ProviderHarness } from "./helpers";
import { createAll, newProcess, readAll, requestCount, routeCount, type Stored } from "./list-support";

jest.setTimeout(180_000);

const flowProvider = providerFor("flow");
const connectionProvider = providerFor("flowVaultConnection");
const COUNT = 150;

const flowInputs = (i: number) => ({
  name: `flow-${i}`,
  actions: [sampleAction("HTTP/SEND_REQUEST"), sampleAction("JSON/PARSE_JSON")],
});
const connectionInputs = (i: number) => ({
  name: `conn-${i}`,
  app_id: "HTTP",
  setup: { type: "BEARER", token: `token-${i}` },
});

let harness: ProviderHarness;
beforeAll(async () => {
  harness = await startHarness({ rateLimit: 100_000 });
});
afterAll(async () => harness.close());

describe("the lifecycle of the table-made modules", () => {
  it("a flow: a wrong param fails check naming it; create, read, diff, update in place", async () => {
    const inputs = { ...flowInputs(0), __provider: PROVIDER_TEXT };
    const bad = structuredClone(inputs);
    (bad.actions[0].params as Record<string, unknown>).url = 7;
    const refused = await call(flowProvider, "check")({}, bad);
    expect(refused.failures?.map((failure) => failure.property)).toEqual([expect.stringMatching(/^actions/)]);
    const created = await call(flowProvider, "create")((await call(flowProvider, "check")({}, inputs)).inputs);
    expect(created.id).toMatch(/^af_/);
    const read = await call(flowProvider, "read")(created.id, created.outs);
    expect(read.props).toMatchObject({ name: "flow-0", actions: inputs.actions });
    expect(await call(flowProvider, "diff")(created.id, read.props, inputs)).toMatchObject({ changes: false });
    const renamed = { ...inputs, name: "flow-0b" };
    const diff = await call(flowProvider, "diff")(created.id, read.props, renamed);
    expect(diff).toMatchObject({ changes: true });
    expect(diff.replaces ?? []).toEqual([]);
    const updated = await call(flowProvider, "update")(created.id, read.props, renamed);
    expect((await harness.admin("GET", `/flows/${created.id}`)).json.name).toBe("flow-0b");
    await call(flowProvider, "delete")(created.id, updated.outs);
  });

  it("a vault connection: the setup carried from the inputs, a new one a change, a new app a replacement", async () => {
    const inputs = { ...connectionInputs(0), __provider: PROVIDER_TEXT };
    const created = await call(
      connectionProvider,
      "create",
    )((await call(connectionProvider, "check")({}, inputs)).inputs);
    expect(created.id).toMatch(/^ac_/);
    // The API never answers the setup: the outputs keep the program's.
    expect(created.outs.setup).toEqual(inputs.setup);
    expect(JSON.stringify((await harness.admin("GET", `/flows/vault/connections/${created.id}`)).json)).not.toContain(
      "token-0",
    );
    const read = await call(connectionProvider, "read")(created.id, created.outs);
    expect(await call(connectionProvider, "diff")(created.id, read.props, inputs)).toMatchObject({ changes: false });
    const rotated = { ...inputs, setup: { type: "BEARER", token: "token-0-rotated" } };
    const rotation = await call(connectionProvider, "diff")(created.id, read.props, rotated);
    expect(rotation).toMatchObject({ changes: true });
    expect(rotation.replaces ?? []).toEqual([]);
    const updated = await call(connectionProvider, "update")(created.id, read.props, rotated);
    expect(updated.outs.setup).toEqual(rotated.setup);
    const moved = { ...rotated, app_id: "SLACK", setup: { type: "WEBHOOK", url: "https://hooks.slack.com/x" } };
    expect((await call(connectionProvider, "diff")(created.id, updated.outs, moved)).replaces).toContain("app_id");
    await call(connectionProvider, "delete")(created.id, updated.outs);
  });
});

describe("a refresh of 150 flows and 150 vault connections", () => {
  let flows: Stored[];
  let connections: Stored[];
  const flowsIn = Array.from({ length: COUNT }, (_, i) => flowInputs(i));
  const connectionsIn = Array.from({ length: COUNT }, (_, i) => connectionInputs(i));

  beforeAll(async () => {
    flows = await createAll(flowProvider, flowsIn);
    connections = await createAll(connectionProvider, connectionsIn);
  });

  async function refresh() {
    newProcess(harness);
    harness.server.counters.reset();
    const [flowReads, connectionReads] = await Promise.all([
      readAll(flowProvider, flows),
      readAll(connectionProvider, connections),
    ]);
    const drifted: string[] = [];
    for (const [provider, reads, inputs] of [
      [flowProvider, flowReads, flowsIn],
      [connectionProvider, connectionReads, connectionsIn],
    ] as const) {
      for (const [i, read] of reads.entries()) {
        const desired = { ...inputs[i], __provider: PROVIDER_TEXT };
        if ((await call(provider, "diff")(read.id!, read.props, desired)).changes) drifted.push(read.id!);
      }
    }
    return { drifted, requests: requestCount(harness) };
  }

  it("with no drift costs a few list pages, no GET", async () => {
    const result = await refresh();
    expect(result.drifted).toEqual([]);
    // A token and two pages of 100 per kind.
    expect(result.requests).toBeLessThanOrEqual(12);
    expect(routeCount(harness, "GET /api/v2/flows/:id")).toBe(0);
  });

  it("a flow's action changed by hand is seen with one GET of that flow only", async () => {
    const changed = flows[7];
    await harness.admin("PATCH", `/flows/${changed.id}`, { actions: [sampleAction("XML/PARSE_XML")] });
    const result = await refresh();
    expect(result.drifted).toEqual([changed.id]);
    expect(routeCount(harness, "GET /api/v2/flows/:id")).toBe(1);
    await harness.admin("PATCH", `/flows/${changed.id}`, { actions: flowsIn[7].actions });
  });
});

it("generate reads each flow whole by GET and each connection without its setup", async () => {
  newProcess(harness);
  const snapshot = await readTenant(runtime.sharedClient());
  const flows = snapshot.objects.flow as { actions?: unknown[] }[];
  expect(flows.length).toBeGreaterThan(0);
  for (const flow of flows) expect(flow.actions).toHaveLength(2);
  const connections = snapshot.objects.flowVaultConnection as Record<string, unknown>[];
  expect(connections.length).toBeGreaterThan(0);
  for (const connection of connections) expect(connection).not.toHaveProperty("setup");
});
