/**
 * `GET /forms` returns summaries (id, name, timestamps); what it costs must not grow with
 * what the forms hold. The same page of 100 forms is listed when the forms are tiny and
 * when each holds most of a megabyte (quick: a quarter of one), and the event loop's
 * longest stall is measured meanwhile.
 *
 * Figure: the time of a 100-form page, tiny and large, and the longest event loop stall
 * while listing the large ones.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startHarness, type Harness } from "../server/helpers";
import { FULL, printFigure, sized } from "./support";

jest.setTimeout(FULL ? 600_000 : 180_000);

const FORMS = "/api/v2/forms";
const PAGES = 5;
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** A form whose `translations` hold about `bytes` of text. */
function formOf(name: string, bytes: number): Record<string, unknown> {
  const chunk = "x".repeat(4000);
  const entries = Object.fromEntries(Array.from({ length: Math.ceil(bytes / 4000) }, (_, i) => [`k${i}`, chunk]));
  return { name, translations: { en: entries } };
}

async function createForms(prefix: string, count: number, bytes: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const reply = await h.call("POST", FORMS, { body: formOf(`${prefix}-${i}`, bytes) });
    if (reply.status !== 201) throw new Error(`create failed: ${reply.status} ${reply.text.slice(0, 200)}`);
  }
}

/** Median milliseconds of a 100-form page starting at `page`, and the longest event loop stall meanwhile. */
async function timePages(page: number): Promise<{ medianMs: number; stallMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const times: number[] = [];
  for (let i = 0; i < PAGES; i++) {
    const started = performance.now();
    const reply = await h.call("GET", `${FORMS}?page=${page}&per_page=100&include_totals=true`);
    times.push(performance.now() - started);
    expect(reply.json.forms).toHaveLength(100);
    expect(Object.keys(reply.json.forms[0]).sort()).toEqual(["created_at", "id", "name", "updated_at"]);
  }
  delay.disable();
  times.sort((a, b) => a - b);
  return { medianMs: Math.round(times[Math.floor(times.length / 2)]), stallMs: Math.round(delay.max / 1e6) };
}

test("a page of 100 summaries costs the same for tiny and for large forms", async () => {
  const largeBytes = sized(250_000, 900_000);
  await createForms("tiny", 100, 10);
  await createForms("large", 100, largeBytes);
  const tiny = await timePages(0);
  const large = await timePages(1);
  printFigure("listing-cost", {
    forms: 100,
    largeFormKb: Math.round(largeBytes / 1024),
    tinyPageMs: tiny.medianMs,
    largePageMs: large.medianMs,
    largeStallMs: large.stallMs,
  });
  expect(large.medianMs).toBeLessThanOrEqual(Math.max(3 * tiny.medianMs, tiny.medianMs + 30));
  expect(large.stallMs).toBeLessThan(100);
});
