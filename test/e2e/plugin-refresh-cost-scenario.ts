/**
 * Refresh at the cost of what changed through the resource plugin, counted by the tenant
 * server: a stack of forms, event streams and the login template (the bench's plugin program,
 * bench/programs/plugin) is refreshed with one list per kind per pass. The list holds every
 * object of its kind in the tenant, whichever stack manages it: objects made beside the stack
 * (another stack's, by hand) add their pages, once per pass, and are never read one by one.
 * (This is what the bench's 22 requests at N = 1,000 were: its plugin stack shared the tenant
 * with the dynamic stack's 1,000 objects.)
 *
 * Two sizes share these tests. `npm test` (plugin-refresh-cost.test.ts) runs them at a few
 * objects per kind, one page each, where a GET per object would add more requests than the
 * pages; `npm run test:full` (plugin-refresh-cost.full.test.ts) at 120 + 120, two pages per
 * kind, with the exact count of a refresh and of a refresh preview besides.
 */
import * as path from "node:path";
import { REPO_ROOT } from "../../scripts/lib/pulumi";
import { E2E_TIMEOUT_MS, runCli, startE2e, type E2eContext } from "./harness";
import { pagesOf, requests, type RefreshCostSize } from "./refresh-cost-scenario";

const FORM_PAGES = "GET /api/v2/forms";
const STREAM_PAGES = "GET /api/v2/event-streams";
/** Forms made beside the stack: more than a page, so each read of the forms takes one page more. */
const BESIDE = 120;

/** The suite at `size`, on its own stack. */
export function describePluginRefreshCost(stackName: string, size: RefreshCostSize): void {
  jest.setTimeout(E2E_TIMEOUT_MS);
  const { forms, streams } = size;

  describe(`refresh through list snapshots, resource plugin, real engine, ${forms} forms and ${streams} event streams`, () => {
    let ctx: E2eContext;

    beforeAll(async () => {
      ctx = await startE2e({
        programDir: path.join(REPO_ROOT, "bench", "programs", "plugin"),
        stackName,
        server: { rateLimit: 100_000 },
        config: {
          scenario: { value: JSON.stringify({ forms, streams, template: true }) },
          hookPassword: { value: "hook-pa55word-plugin", secret: true },
        },
      });
      const up = await ctx.stack.up();
      expect(up.summary.result).toBe("succeeded");
      expect(up.summary.resourceChanges?.create).toBe(forms + streams + 2);
    });

    afterAll(async () => {
      await ctx?.dispose();
    });

    if (size.tests === "every") {
      test("a refresh and a refresh preview list each kind once, no GET per object", async () => {
        ctx.server.counters.reset();
        const refresh = await ctx.stack.refresh();
        expect(refresh.summary.resourceChanges).not.toHaveProperty("update");
        let counters = ctx.server.counters.snapshot();
        expect(counters[FORM_PAGES]).toBe(pagesOf(forms));
        expect(counters[STREAM_PAGES]).toBe(pagesOf(streams));
        expect(counters["GET /api/v2/forms/:id"] ?? 0).toBe(0);
        expect(counters["GET /api/v2/event-streams/:id"] ?? 0).toBe(0);
        // The pages, the template's GET and the plugin's token.
        expect(requests(counters)).toBe(pagesOf(forms) + pagesOf(streams) + 2);

        ctx.server.counters.reset();
        await ctx.stack.preview({ refresh: true, expectNoChanges: true });
        counters = ctx.server.counters.snapshot();
        expect(counters[FORM_PAGES]).toBe(pagesOf(forms));
        expect(counters[STREAM_PAGES]).toBe(pagesOf(streams));
        expect(requests(counters)).toBe(pagesOf(forms) + pagesOf(streams) + 2);
      });
    }

    test("`pulumi refresh` with its preview pass: one list per kind in each pass", async () => {
      ctx.server.counters.reset();
      await runCli(ctx.stack, ["refresh", "--yes", "--color", "never"]);
      const counters = ctx.server.counters.snapshot();
      expect(counters[FORM_PAGES]).toBe(2 * pagesOf(forms));
      expect(counters[STREAM_PAGES]).toBe(2 * pagesOf(streams));
      expect(counters["GET /api/v2/forms/:id"] ?? 0).toBe(0);
      expect(counters["GET /api/v2/event-streams/:id"] ?? 0).toBe(0);
      expect(requests(counters)).toBeLessThanOrEqual(12);
    });

    test("objects beside the stack add their pages, once per kind, and are never read one by one", async () => {
      // More forms, as another stack (or a person) would have made them: one more page of forms.
      for (let i = 0; i < BESIDE; i += 1) {
        const made = await ctx.api.call("POST", "/forms", { name: `beside ${i}` });
        expect(made.status).toBe(201);
      }
      expect(pagesOf(forms + BESIDE)).toBeGreaterThan(pagesOf(forms));
      ctx.server.counters.reset();
      const refresh = await ctx.stack.refresh();
      expect(refresh.summary.resourceChanges).not.toHaveProperty("update");
      const counters = ctx.server.counters.snapshot();
      expect(counters[FORM_PAGES]).toBe(pagesOf(forms + BESIDE));
      expect(counters[STREAM_PAGES]).toBe(pagesOf(streams));
      expect(counters["GET /api/v2/forms/:id"] ?? 0).toBe(0);
      // The pages, the template's GET and the plugin's token.
      expect(requests(counters)).toBe(pagesOf(forms + BESIDE) + pagesOf(streams) + 2);
    });
  });
}
