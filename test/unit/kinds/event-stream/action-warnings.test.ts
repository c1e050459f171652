/**
 * An event stream whose `action` destination names, by a literal id, an action its tenant
 * lacks is accepted (what the real service answers is not published) and warned of at
 * preview, on the stream's line: the entry's `warnings` hook as the provider runs it at check,
 * the tenant's actions read page by page as the published list pages them.
 */
import type { TenantClient } from "../../../../provider/client/http";
import { UNKNOWN } from "../../../../provider/lifecycle/shared";
import type { ProviderContext } from "../../../../provider/lifecycle/types";
import { checkKind, stderrOfEachTest } from "../../provider/lifecycle-helpers";

const MISSING_ACTION = "5f1c2d3e-0000-4000-8000-00000000dead";
/** The tenant's actions: more than one page of 100, the one streams use on the second page. */
const ACTION_IDS = Array.from(
  { length: 130 },
  (_, index) => `5f1c2d3e-0000-4000-8000-${String(index).padStart(12, "0")}`,
);
const KNOWN_ACTION = ACTION_IDS[120]!;

/** A tenant at `origin` holding {@link ACTION_IDS}; records the queries of its list requests. */
function tenant(origin: string): { ctx: ProviderContext; queries: Record<string, unknown>[] } {
  const queries: Record<string, unknown>[] = [];
  const client = {
    settings: { origin, domain: origin },
    get: async (path: string, _target: unknown, query: { page: number; per_page: number }) => {
      expect(path).toBe("/actions/actions");
      queries.push(query);
      const page = ACTION_IDS.slice(query.page * query.per_page, (query.page + 1) * query.per_page);
      return {
        data: {
          actions: page.map((id) => ({ id, name: `action ${id}` })),
          total: ACTION_IDS.length,
          page: query.page,
          per_page: query.per_page,
        },
      };
    },
  } as unknown as TenantClient;
  return { ctx: { client: () => client }, queries };
}

const stream = (actionId: unknown, name = "Relay") => ({
  name,
  subscriptions: [{ event_type: "user.created" }],
  destination: { type: "action", configuration: { action_id: actionId } },
});

describe("an event stream's action that the tenant lacks", () => {
  const stderr = stderrOfEachTest();
  const check = (ctx: ProviderContext, olds: object, news: object) => checkKind("eventStream", ctx, olds, news);

  it("is accepted and warned of, naming the stream, the id and what to do", async () => {
    const { ctx, queries } = tenant("https://a.example.com");
    const result = await check(ctx, {}, stream(MISSING_ACTION));
    expect(result.failures).toEqual([]);
    expect(stderr()).toHaveLength(1);
    expect(stderr()[0]).toContain(
      `event stream "Relay": destination.configuration.action_id names action ${MISSING_ACTION}, ` +
        "which the tenant https://a.example.com does not have",
    );
    expect(stderr()[0]).toContain("the stream would deliver its events to no action");
    expect(stderr()[0]).toContain(
      "Manage the action in the program and use its id (`action_id: action.id` of an Action resource)",
    );
    // Every page read, as the published list pages them (no `include_totals`: it has no such parameter).
    expect(queries).toEqual([
      { page: 0, per_page: 100 },
      { page: 1, per_page: 100 },
    ]);
  });

  it("is warned of when a change points the stream at it", async () => {
    const { ctx } = tenant("https://b.example.com");
    await check(ctx, stream(KNOWN_ACTION), stream(MISSING_ACTION));
    // Another action replaces the stream, and the tenant deletes the old action with it: said too.
    expect(stderr()).toEqual([
      expect.stringContaining(`names action ${MISSING_ACTION}`),
      expect.stringContaining(`deletes action ${KNOWN_ACTION} with the stream`),
    ]);
  });

  it("says nothing of an action the tenant has, of an id not known yet, or of one the stream named before", async () => {
    const { ctx, queries } = tenant("https://c.example.com");
    expect((await check(ctx, {}, stream(KNOWN_ACTION))).failures).toEqual([]);
    await check(ctx, {}, stream(UNKNOWN));
    await check(ctx, {}, { ...stream(KNOWN_ACTION), destination: UNKNOWN });
    const before = stream(MISSING_ACTION);
    await check(ctx, before, stream(MISSING_ACTION, "Renamed"));
    await check(ctx, {}, stream(KNOWN_ACTION, "Second"));
    expect(stderr()).toEqual([]);
    // The tenant's actions are listed once per provider process (both pages, once).
    expect(queries).toHaveLength(2);
  });

  it("asks nothing for a stream naming no action, or when nothing changes", async () => {
    const { ctx, queries } = tenant("https://d.example.com");
    const webhook = {
      name: "Hook",
      subscriptions: [{ event_type: "user.created" }],
      destination: {
        type: "webhook",
        configuration: {
          webhook_endpoint: "https://hooks.example.com/in",
          webhook_authorization: { method: "bearer" },
        },
      },
    };
    await check(ctx, {}, webhook);
    await check(ctx, stream(MISSING_ACTION), stream(MISSING_ACTION));
    expect(stderr()).toEqual([]);
    expect(queries).toEqual([]);
  });
});
