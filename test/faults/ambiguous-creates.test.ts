/**
 * Issue 7, item 1: creates whose outcome the client cannot know. The server commits the
 * POST and then answers 5xx (`fail-after`) or drops the connection (`drop-after`); some
 * POSTs fail before they commit (`fail-before`) so that "look, then create again" is
 * exercised too. Through the provider objects in-process (with concurrent creates of
 * identical content, the hard case for "adopt what my POST made") and through
 * `pulumi up` with the real engine.
 *
 * Figures: duplicates (a second object for one resource, or two resources owning one
 * object) = 0, orphans (objects in the tenant that no resource owns) = 0, failed creates
 * or `up`s that a rerun does not repair = 0.
 */
import { configureFromSettings, resetRuntime } from "../../provider/runtime";
import { eventStreamProvider, formProvider } from "../fixtures/providers";
import { startTenantServer, type TenantServer } from "../../server/index";
import { E2E_TIMEOUT_MS, setScenario, startE2e, TenantApi, type E2eContext } from "../e2e/harness";
import { printFigure, sized, stackName } from "./support";

jest.setTimeout(E2E_TIMEOUT_MS * 3);

const MODES = ["fail-after", "drop-after", "fail-after", "drop-after", "fail-before"] as const;
const FORMS_ROUTE = "/api/v2/forms";
const STREAMS_ROUTE = "/api/v2/event-streams";

type Kind = "form" | "stream";

const formInputs = (name: string) => ({
  name,
  start: { next_node: "flow_1" },
  nodes: [{ id: "flow_1", type: "FLOW", config: { flow_id: "af_1", next_node: "$ending" } }],
});
const streamInputs = (name: string) => ({
  name,
  subscriptions: [{ event_type: "user.created" }],
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: "https://hooks.example.com/in",
      webhook_authorization: { method: "bearer", token: "ambiguous-token-1" },
    },
  },
});

/** Every object of the tenant, by kind. */
async function tenantObjects(api: TenantApi): Promise<{ id: string; name: string; kind: Kind }[]> {
  const forms: { id: string; name: string }[] = [];
  for (let page = 0; ; page++) {
    const reply = await api.call<{ forms: { id: string; name: string }[]; total: number }>(
      "GET",
      `/forms?per_page=100&page=${page}&include_totals=true`,
    );
    forms.push(...reply.body.forms);
    if (reply.body.forms.length === 0 || forms.length >= reply.body.total) break;
  }
  const streams: { id: string; name: string }[] = [];
  let from = "";
  for (;;) {
    const reply = await api.call<{ eventStreams: { id: string; name: string }[]; next?: string }>(
      "GET",
      `/event-streams?take=100${from ? `&from=${from}` : ""}`,
    );
    streams.push(...reply.body.eventStreams);
    if (!reply.body.next) break;
    from = reply.body.next;
  }
  return [
    ...forms.map((form) => ({ ...form, kind: "form" as const })),
    ...streams.map((stream) => ({ ...stream, kind: "stream" as const })),
  ];
}

/** Duplicates and orphans of a tenant against the ids resources own. */
function tally(
  objects: { id: string; name: string }[],
  owned: string[],
): { duplicates: number; orphans: number; detail: string[] } {
  const ownedSet = new Set(owned);
  const sharedOwnership = owned.length - ownedSet.size;
  const ownedNames = new Set(objects.filter((object) => ownedSet.has(object.id)).map((object) => object.name));
  const unowned = objects.filter((object) => !ownedSet.has(object.id));
  // An unowned object with the name of an owned one is a duplicate made by a retry; any unowned object is an orphan.
  const extraCopies = unowned.filter((object) => ownedNames.has(object.name)).length;
  const missing = owned.filter((id) => !objects.some((object) => object.id === id));
  return {
    duplicates: sharedOwnership + extraCopies,
    orphans: unowned.length,
    detail: [
      ...unowned.map((object) => `unowned ${object.id} "${object.name}"`),
      ...(sharedOwnership ? [`${sharedOwnership} ids owned twice`] : []),
      ...missing.map((id) => `owned ${id} does not exist`),
    ],
  };
}

describe("ambiguous creates", () => {
  test("through the provider: committed-then-5xx and dropped connections make no duplicate and no orphan", async () => {
    const server: TenantServer = await startTenantServer({ port: 0, logger: false, rateLimit: 10_000 });
    const api = new TenantApi(server);
    // Short back-offs: the waits are not what is measured here.
    configureFromSettings(
      { domain: server.url, clientId: server.credentials.clientId, clientSecret: server.credentials.clientSecret },
      { backoffBaseMs: 20, backoffMaxMs: 200 },
    );
    const total = sized(24, 100);
    const batchSize = 4;
    const owned: string[] = [];
    let failedCreates = 0;
    let unrepaired = 0;
    let ambiguous = 0;
    const notes: string[] = [];
    try {
      for (let start = 0; start < total; start += batchSize) {
        const batch = Math.floor(start / batchSize);
        const kind: Kind = batch % 2 === 0 ? "form" : "stream";
        const mode = MODES[batch % MODES.length];
        // Every other batch creates identical content four times at once: each resource must end with its own object.
        const identical = batch % 4 < 2;
        const size = Math.min(batchSize, total - start);
        const names = Array.from({ length: size }, (_, i) =>
          identical ? `ambiguous-${batch}` : `ambiguous-${batch}-${i}`,
        );
        // Every POST of the batch hits the fault once (retries after fail-before go through).
        server.faults.add({
          method: "POST",
          path: kind === "form" ? FORMS_ROUTE : STREAMS_ROUTE,
          times: size,
          mode,
          status: [500, 502, 503, 504][batch % 4],
        });
        if (mode !== "fail-before") ambiguous += size;
        const provider = kind === "form" ? formProvider : eventStreamProvider;
        const inputs = (name: string) => (kind === "form" ? formInputs(name) : streamInputs(name));
        const results = await Promise.allSettled(names.map((name) => provider.create!(inputs(name))));
        server.faults.clear();
        for (const [index, result] of results.entries()) {
          if (result.status === "fulfilled") {
            owned.push(result.value.id);
            continue;
          }
          // What the next `pulumi up` does: create again. It must succeed without leaving a second object.
          failedCreates += 1;
          notes.push(`${kind} ${names[index]} (${mode}): ${(result.reason as Error).message}`);
          try {
            owned.push((await provider.create!(inputs(names[index]))).id);
          } catch {
            unrepaired += 1;
          }
        }
      }
      const { duplicates, orphans, detail } = tally(await tenantObjects(api), owned);
      if (notes.length)
        console.log(`creates that failed (then repaired by a rerun unless counted): ${notes.join("; ")}`);
      if (detail.length) console.log(`tenant vs resources: ${detail.join("; ")}`);
      printFigure("ambiguous-creates-provider", {
        tried: total,
        ambiguous,
        duplicates,
        orphans,
        failedCreates,
        unrepaired,
      });
      expect({ duplicates, orphans, unrepaired }).toEqual({ duplicates: 0, orphans: 0, unrepaired: 0 });
    } finally {
      resetRuntime();
      await server.close();
    }
  });

  describe("through pulumi up", () => {
    let ctx: E2eContext;

    beforeAll(async () => {
      ctx = await startE2e({
        stackName: stackName("ambiguous"),
        config: { hookPassword: { value: "ambiguous-hook-password-1", secret: true } },
      });
    });

    afterAll(async () => {
      await ctx?.dispose();
    });

    test("up with every create ambiguous converges with no duplicate and no orphan", async () => {
      const rounds = sized(1, 5);
      const formCount = sized(4, 12);
      const streamCount = sized(2, 8);
      let tried = 0;
      let failedUps = 0;
      let unrepaired = 0;
      let duplicates = 0;
      let orphans = 0;
      let posts = 0;
      const details: string[] = [];
      for (let round = 0; round < rounds; round++) {
        await setScenario(ctx.stack, { formCount, streamCount, formName: `Ambiguous ${round}` });
        const formMode = round % 2 === 0 ? "fail-after" : "drop-after";
        const streamMode = round % 2 === 0 ? "drop-after" : "fail-after";
        ctx.server.faults.add({ method: "POST", path: FORMS_ROUTE, times: formCount, mode: formMode, status: 502 });
        ctx.server.faults.add({
          method: "POST",
          path: STREAMS_ROUTE,
          times: streamCount,
          mode: streamMode,
          status: 503,
        });
        tried += formCount + streamCount;
        ctx.server.counters.reset();
        try {
          await ctx.stack.up();
        } catch (error) {
          failedUps += 1;
          details.push(`round ${round}: up failed: ${String((error as Error).message).slice(-400)}`);
          ctx.server.faults.clear();
          try {
            await ctx.stack.up();
          } catch (rerunError) {
            unrepaired += 1;
            details.push(`round ${round}: the rerun failed too: ${String((rerunError as Error).message).slice(-400)}`);
          }
        }
        ctx.server.faults.clear();
        // Every create met its fault: at least one POST per resource reached the server.
        const counters = ctx.server.counters.snapshot();
        posts += (counters[`POST ${FORMS_ROUTE}`] ?? 0) + (counters[`POST ${STREAMS_ROUTE}`] ?? 0);
        const deployment = (await ctx.stack.exportStack()).deployment as {
          resources?: { type: string; id?: string }[];
        };
        const owned = (deployment.resources ?? [])
          .filter((resource) => resource.type.startsWith("pulumi-nodejs:dynamic/tenant:") && resource.id)
          .map((resource) => resource.id!);
        const counted = tally(await tenantObjects(ctx.api), owned);
        duplicates += counted.duplicates;
        orphans += counted.orphans;
        details.push(...counted.detail.map((line) => `round ${round}: ${line}`));
        if (owned.length !== formCount + streamCount)
          details.push(`round ${round}: state holds ${owned.length} objects, expected ${formCount + streamCount}`);
        // The next round starts from an empty tenant.
        await ctx.stack.destroy();
      }
      if (details.length) console.log(details.join("\n"));
      printFigure("ambiguous-creates-pulumi-up", {
        tried,
        posts,
        ups: rounds,
        duplicates,
        orphans,
        failedUps,
        unrepaired,
      });
      expect(posts).toBeGreaterThanOrEqual(tried);
      expect({ duplicates, orphans, unrepaired }).toEqual({ duplicates: 0, orphans: 0, unrepaired: 0 });
      expect(details.filter((line) => /state holds/.test(line))).toEqual([]);
    });
  });
});
