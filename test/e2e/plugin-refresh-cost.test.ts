/**
 * Refresh at the cost of what changed through the resource plugin (issue 30), counted by the
 * tenant server: a stack of 120 forms, 120 event streams and the login template (the bench's
 * plugin program, bench/programs/plugin) is refreshed with one list per kind per pass, two
 * pages each. The list holds every object of its kind in the tenant, whichever stack manages
 * it: objects made beside the stack (another stack's, by hand) add their pages, once per pass,
 * and are never read one by one. (This is what the bench's 22 requests at N = 1,000 were: its
 * plugin stack shared the tenant with the dynamic stack's 1,000 objects.)
 */
import * as path from "node:path";
import { REPO_ROOT } from "../../scripts/lib/pulumi";
import { E2E_TIMEOUT_MS, runCli, startE2e, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

const FORMS = 120;
const STREAMS = 120;
const STACK = "plugin-refresh-cost";
const FORM_PAGES = "GET /api/v2/forms";
const STREAM_PAGES = "GET /api/v2/event-streams";

/** Requests the server answered (tokens included) since its counters were reset. */
const requests = (counters: Record<string, number>) =>
  Object.entries(counters)
    .filter(([key]) => key !== "429" && key !== "5xx")
    .reduce((sum, [, n]) => sum + n, 0);

describe("refresh through list snapshots, resource plugin, real engine", () => {
  let ctx: E2eContext;

  beforeAll(async () => {
    ctx = await startE2e({
      programDir: path.join(REPO_ROOT, "bench", "programs", "plugin"),
      stackName: STACK,
      server: { rateLimit: 100_000 },
      config: {
        scenario: { value: JSON.stringify({ forms: FORMS, streams: STREAMS, template: true }) },
        hookPassword: { value: "hook-pa55word-plugin", secret: true },
      },
    });
    const up = await ctx.stack.up();
    expect(up.summary.result).toBe("succeeded");
    expect(up.summary.resourceChanges?.create).toBe(FORMS + STREAMS + 2);
  });

  afterAll(async () => {
    await ctx?.dispose();
  });

  test("a refresh and a refresh preview list each kind once: 2 pages per kind, no GET per object", async () => {
    ctx.server.counters.reset();
    const refresh = await ctx.stack.refresh();
    expect(refresh.summary.resourceChanges).not.toHaveProperty("update");
    let counters = ctx.server.counters.snapshot();
    expect(counters[FORM_PAGES]).toBe(2);
    expect(counters[STREAM_PAGES]).toBe(2);
    expect(counters["GET /api/v2/forms/:id"] ?? 0).toBe(0);
    expect(counters["GET /api/v2/event-streams/:id"] ?? 0).toBe(0);
    // The pages, the template's GET and the plugin's token.
    expect(requests(counters)).toBe(6);

    ctx.server.counters.reset();
    await ctx.stack.preview({ refresh: true, expectNoChanges: true });
    counters = ctx.server.counters.snapshot();
    expect(counters[FORM_PAGES]).toBe(2);
    expect(counters[STREAM_PAGES]).toBe(2);
    expect(requests(counters)).toBe(6);
  });

  test("`pulumi refresh` with its preview pass: one list per kind in each pass", async () => {
    ctx.server.counters.reset();
    await runCli(ctx.stack, ["refresh", "--yes", "--color", "never"]);
    const counters = ctx.server.counters.snapshot();
    expect(counters[FORM_PAGES]).toBe(4);
    expect(counters[STREAM_PAGES]).toBe(4);
    expect(counters["GET /api/v2/forms/:id"] ?? 0).toBe(0);
    expect(requests(counters)).toBeLessThanOrEqual(12);
  });

  test("objects beside the stack add their pages, once per kind, and are never read one by one", async () => {
    // 120 more forms, as another stack (or a person) would have made them: 240 in the tenant, 3 pages.
    for (let i = 0; i < 120; i += 1) {
      const made = await ctx.api.call("POST", "/forms", { name: `beside ${i}` });
      expect(made.status).toBe(201);
    }
    ctx.server.counters.reset();
    const refresh = await ctx.stack.refresh();
    expect(refresh.summary.resourceChanges).not.toHaveProperty("update");
    const counters = ctx.server.counters.snapshot();
    expect(counters[FORM_PAGES]).toBe(3);
    expect(counters[STREAM_PAGES]).toBe(2);
    expect(counters["GET /api/v2/forms/:id"] ?? 0).toBe(0);
    expect(requests(counters)).toBe(7);
  });
});
