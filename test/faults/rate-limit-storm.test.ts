/**
 * Issue 7, item 4: a server that allows 2 requests per second and answers slowly, shared
 * with a neighbour (another tool on the same tenant and address) that takes about one of
 * those requests each second, so the provider's own pacing cannot avoid 429s. The real
 * engine runs `up`, `refresh` and `destroy` of many resources (9 quick, 50 full) through
 * the provider, which shares one limiter in its process and waits out each 429
 * (Retry-After / X-RateLimit-Reset). Every operation must complete; the figure also shows
 * how many 429s the storm provoked on the provider's requests (the neighbour's aside).
 */
import { E2E_TIMEOUT_MS, setScenario, startE2e, type E2eContext } from "../e2e/harness";
import { printFigure, sized, stackName } from "./support";

jest.setTimeout(E2E_TIMEOUT_MS * 2);

const RATE = 2;
const INSPECTION_RATE = 10_000;

describe("429 storms and slow servers", () => {
  let ctx: E2eContext;
  const total = sized(9, 50);
  const streamCount = Math.floor(total / 3);
  const formCount = total - streamCount;

  beforeAll(async () => {
    ctx = await startE2e({
      stackName: stackName("storm"),
      config: { hookPassword: { value: "storm-hook-password-1", secret: true } },
    });
    await setScenario(ctx.stack, { formCount, streamCount });
  });

  afterAll(async () => {
    await ctx?.dispose();
  });

  /** Latency on every route the operations use, for part of their requests. */
  const slowDown = () => {
    const delays: [string, string][] = [
      ["POST", "/api/v2/forms"],
      ["POST", "/api/v2/event-streams"],
      ["GET", "/api/v2/forms/:id"],
      ["GET", "/api/v2/event-streams/:id"],
      ["DELETE", "/api/v2/forms/:id"],
      ["DELETE", "/api/v2/event-streams/:id"],
      ["POST", "/oauth/token"],
    ];
    for (const [method, path] of delays)
      ctx.server.faults.add({ method, path, mode: "delay", delayMs: 1_000, times: Math.ceil(total / 4) });
  };

  /** The neighbour: a GET about every second until stopped; returns the 429s it drew itself. */
  const startNeighbour = () => {
    let running = true;
    let own429 = 0;
    const loop = (async () => {
      while (running) {
        if ((await ctx.api.call("GET", "/forms?per_page=1")).status === 429) own429 += 1;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    })();
    return async () => {
      running = false;
      await loop;
      return own429;
    };
  };

  /** The tenant as the test sees it, read at a rate that does not disturb the figure. */
  const tenantCounts = async () => {
    ctx.server.setRateLimit(INSPECTION_RATE);
    const counts = { forms: (await ctx.api.forms()).length, streams: (await ctx.api.eventStreams()).length };
    ctx.server.setRateLimit(RATE);
    return counts;
  };

  test(`up, refresh and destroy of ${total} resources at ${RATE} requests/s with latency all complete`, async () => {
    const failures: string[] = [];
    let tooMany = 0;
    const run = async (name: string, operation: () => Promise<unknown>) => {
      ctx.server.setRateLimit(RATE);
      ctx.server.counters.reset();
      slowDown();
      const stopNeighbour = startNeighbour();
      try {
        await operation();
      } catch (error) {
        failures.push(`${name}: ${String((error as Error).message).slice(-600)}`);
      }
      const neighbour429 = await stopNeighbour();
      ctx.server.faults.clear();
      const provoked = (ctx.server.counters.snapshot()["429"] ?? 0) - neighbour429;
      tooMany += provoked;
      console.log(`${name}: ${provoked} responses 429 at ${RATE}/s`);
    };

    await run("up", () => ctx.stack.up());
    const afterUp = await tenantCounts();
    if (afterUp.forms !== formCount || afterUp.streams !== streamCount)
      failures.push(`after up the tenant holds ${JSON.stringify(afterUp)}`);

    await run("refresh", () => ctx.stack.refresh({ expectNoChanges: true }));

    await run("destroy", () => ctx.stack.destroy());
    const afterDestroy = await tenantCounts();
    if (afterDestroy.forms !== 0 || afterDestroy.streams !== 0)
      failures.push(`after destroy the tenant holds ${JSON.stringify(afterDestroy)}`);

    printFigure("rate-limit-storm", {
      resources: total,
      ratePerSecond: RATE,
      operations: 3,
      failedOperations: failures.length,
      "429s": tooMany,
    });
    expect(failures).toEqual([]);
    expect(tooMany).toBeGreaterThan(0);
  });
});
