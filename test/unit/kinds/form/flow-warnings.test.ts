/**
 * A form naming, by a literal id, a flow its tenant lacks is accepted (as the real service
 * does) and warned of at preview, on the form's line: the entry's `warnings` hook as the
 * provider runs it at check.
 */
import type { TenantClient } from "../../../../provider/client/http";
import { UNKNOWN } from "../../../../provider/lifecycle/shared";
import type { ProviderContext } from "../../../../provider/lifecycle/types";
import { checkKind, stderrOfEachTest } from "../../provider/lifecycle-helpers";

const KNOWN_FLOW = "af_2Nf7qL3mXcVbT8wRyK1pDz";
const MISSING_FLOW = "af_9Zz9qL3mXcVbT8wRyK1pDz";

/** A tenant at `origin` holding one flow; counts its list requests. */
function tenant(origin: string): { ctx: ProviderContext; lists: () => number } {
  let lists = 0;
  const client = {
    settings: { origin, domain: origin },
    get: async () => {
      lists += 1;
      return { data: { flows: [{ id: KNOWN_FLOW, name: "enrich" }], total: 1, start: 0, limit: 100 } };
    },
  } as unknown as TenantClient;
  return { ctx: { client: () => client }, lists: () => lists };
}

const form = (flowIds: { node?: string; ending?: string }) => ({
  name: "Sign-up",
  start: { next_node: "enrich" },
  nodes: [
    {
      id: "enrich",
      type: "FLOW",
      config: { flow_id: flowIds.node ?? KNOWN_FLOW, next_node: "$ending" },
    },
  ],
  ...(flowIds.ending ? { ending: { after_submit: { flow_id: flowIds.ending } } } : {}),
});

describe("a form's flow that the tenant lacks", () => {
  const stderr = stderrOfEachTest();
  const check = (ctx: ProviderContext, olds: object, news: object) => checkKind("form", ctx, olds, news);

  it("is accepted and warned of, naming the form, the node, the id and what to do", async () => {
    const { ctx } = tenant("https://a.example.com");
    const result = await check(ctx, {}, form({ node: MISSING_FLOW, ending: MISSING_FLOW }));
    expect(result.failures).toEqual([]);
    expect(stderr()).toEqual([
      expect.stringContaining(`form "Sign-up": node "enrich" (config.flow_id) names flow ${MISSING_FLOW}`),
      expect.stringContaining(`form "Sign-up": ending.after_submit.flow_id names flow ${MISSING_FLOW}`),
    ]);
    expect(stderr()[0]).toContain("https://a.example.com does not have");
    expect(stderr()[0]).toContain("`flow_id: flow.id` of a Flow resource");
  });

  it("says nothing of a flow the tenant has, of an id not known yet, or of one the form named before", async () => {
    const { ctx, lists } = tenant("https://b.example.com");
    expect((await check(ctx, {}, form({}))).failures).toEqual([]);
    await check(ctx, {}, form({ node: UNKNOWN, ending: UNKNOWN }));
    const before = form({ node: MISSING_FLOW });
    await check(ctx, before, { ...before, name: "Renamed" });
    expect(stderr()).toEqual([]);
    // The tenant's flows are listed once per provider process; a form naming no new flow asks nothing.
    expect(lists()).toBe(1);
  });
});
