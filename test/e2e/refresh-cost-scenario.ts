/**
 * Refresh at the cost of what changed, through the real engine, dynamic providers: a stack of
 * forms and event streams is refreshed and checked for drift with one list per kind per pass
 * (the server's counters), every hand edit and delete is seen, and putting the code's values
 * back writes exactly the edited objects.
 *
 * Two sizes share these tests. `npm test` (refresh-cost.test.ts) runs the per-pass test at a
 * few objects per kind: one list page per kind per pass, where a GET per object would add more
 * requests than the pages. `npm run test:full` (refresh-cost.full.test.ts) runs every test at
 * 150 + 150, two pages per kind; provider/list-reads.test.ts checks the same counts without the
 * engine.
 */
import { PAGE_SIZE } from "../../provider/client/paging";
import { E2E_TIMEOUT_MS, runCli, setScenario, startE2e, writesIn, type E2eContext } from "./harness";

/** The stack's size, and whether the request-count tests run beside the per-pass test. */
export interface RefreshCostSize {
  forms: number;
  streams: number;
  /**
   * `per-pass`: the tests `npm test` keeps, the two-pass `pulumi refresh` first; `every`: the
   * request counts of a refresh, after edits and after deletes besides (the dynamic suite then
   * edits form 90: at least 91 forms).
   */
  tests: "per-pass" | "every";
}

/** Requests the server answered (tokens included) since its counters were reset. */
export const requests = (counters: Record<string, number>) =>
  Object.entries(counters)
    .filter(([key]) => key !== "429" && key !== "5xx")
    .reduce((sum, [, n]) => sum + n, 0);

/** The list pages one read of `count` objects of a kind costs (an empty list is a page too). */
export const pagesOf = (count: number) => Math.max(1, Math.ceil(count / PAGE_SIZE));

/** The suite at `size`, on its own stack. */
export function describeRefreshCost(stackName: string, size: RefreshCostSize): void {
  jest.setTimeout(E2E_TIMEOUT_MS);
  const { forms, streams } = size;
  const objects = `${forms} forms and ${streams} event streams`;

  describe(`refresh through list snapshots, real engine, ${objects}`, () => {
    let ctx: E2eContext;
    let formIds: string[];
    let streamIds: string[];

    beforeAll(async () => {
      ctx = await startE2e({
        stackName,
        server: { rateLimit: 100_000 },
        config: { hookPassword: { value: "hook-pa55word-refresh", secret: true } },
      });
      await setScenario(ctx.stack, { formCount: forms, streamCount: streams });
      const up = await ctx.stack.up();
      expect(up.summary.result).toBe("succeeded");
      formIds = up.outputs.formIds.value as string[];
      streamIds = up.outputs.streamIds.value as string[];
    });

    afterAll(async () => {
      await ctx?.dispose();
    });

    test("`pulumi refresh` with its preview pass lists each kind once per pass", async () => {
      ctx.server.counters.reset();
      await runCli(ctx.stack, ["refresh", "--yes", "--color", "never"]);
      const counters = ctx.server.counters.snapshot();
      // Two passes (preview, then update), each its own provider process with its own lists.
      expect(counters["GET /api/v2/forms"]).toBe(2 * pagesOf(forms));
      expect(counters["GET /api/v2/event-streams"]).toBe(2 * pagesOf(streams));
      expect(counters["GET /api/v2/forms/:id"] ?? 0).toBe(0);
      expect(counters["GET /api/v2/event-streams/:id"] ?? 0).toBe(0);
      expect(requests(counters)).toBeLessThanOrEqual(12);
    });

    if (size.tests === "per-pass") return;

    test(`a refresh of ${objects} with no drift costs at most 12 requests`, async () => {
      ctx.server.counters.reset();
      const refresh = await ctx.stack.refresh();
      const counters = ctx.server.counters.snapshot();
      expect(refresh.summary.resourceChanges).not.toHaveProperty("update");
      expect(requests(counters)).toBeLessThanOrEqual(12);
      expect(counters["GET /api/v2/forms/:id"] ?? 0).toBe(0);
      expect(counters["GET /api/v2/event-streams/:id"] ?? 0).toBe(0);

      // The drift check (`pulumi preview --refresh --expect-no-changes`) costs the same.
      ctx.server.counters.reset();
      await ctx.stack.preview({ refresh: true, expectNoChanges: true });
      expect(requests(ctx.server.counters.snapshot())).toBeLessThanOrEqual(12);
    });

    test("after 3 hand edits a refresh costs at most 15 requests and shows every edit", async () => {
      expect((await ctx.api.call("PATCH", `/forms/${formIds[3]}`, { name: "renamed by hand" })).status).toBe(200);
      const style = { css: "body { color: red; }" };
      expect((await ctx.api.call("PATCH", `/forms/${formIds[90]}`, { style })).status).toBe(200);
      expect((await ctx.api.call("PATCH", `/event-streams/${streamIds[7]}`, { status: "disabled" })).status).toBe(200);

      ctx.server.counters.reset();
      const preview = await ctx.stack.preview({ refresh: true });
      expect(preview.changeSummary.update).toBe(3);
      expect(requests(ctx.server.counters.snapshot())).toBeLessThanOrEqual(15);

      ctx.server.counters.reset();
      const refresh = await ctx.stack.refresh();
      expect(refresh.summary.resourceChanges?.update).toBe(3);
      expect(requests(ctx.server.counters.snapshot())).toBeLessThanOrEqual(15);
      const state = JSON.stringify((await ctx.stack.exportStack()).deployment);
      expect(state).toContain("renamed by hand");
      expect(state).toContain("body { color: red; }");

      // `pulumi up --refresh` puts the code's values back: one look and one write per edited object.
      ctx.server.counters.reset();
      const up = await ctx.stack.up({ refresh: true });
      expect(up.summary.resourceChanges?.update).toBe(3);
      const counters = ctx.server.counters.snapshot();
      expect(writesIn(counters)).toBe(3);
      expect(requests(counters)).toBeLessThanOrEqual(15);
      expect((await ctx.api.call<{ name: string }>("GET", `/forms/${formIds[3]}`)).body.name).toBe("Sign-up 3");
      await ctx.stack.preview({ refresh: true, expectNoChanges: true });
    });

    test("a delete and a re-creation by hand are seen, for one GET each", async () => {
      expect((await ctx.api.call("DELETE", `/forms/${formIds[5]}`)).status).toBe(204);
      const stream = await ctx.api.call<Record<string, unknown>>("GET", `/event-streams/${streamIds[9]}`);
      expect((await ctx.api.call("DELETE", `/event-streams/${streamIds[9]}`)).status).toBe(204);
      const { id: _id, created_at: _created, updated_at: _updated, ...fields } = stream.body;
      const destination = fields.destination as { configuration: Record<string, unknown> };
      const authorization = { method: "basic", username: "hook", password: "hook-pa55word-refresh" };
      const again = await ctx.api.call("POST", "/event-streams", {
        ...fields,
        destination: {
          ...destination,
          configuration: { ...destination.configuration, webhook_authorization: authorization },
        },
      });
      expect(again.status).toBe(201);

      ctx.server.counters.reset();
      const preview = await ctx.stack.preview({ refresh: true });
      expect(preview.changeSummary.create).toBe(2);
      const counters = ctx.server.counters.snapshot();
      expect(counters["GET /api/v2/forms/:id"]).toBe(1);
      expect(counters["GET /api/v2/event-streams/:id"]).toBe(1);
      expect(requests(counters)).toBeLessThanOrEqual(12);
    });
  });
}
