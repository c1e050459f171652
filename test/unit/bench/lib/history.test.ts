import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  commitLabel,
  appendHistory,
  compareWithHistory,
  historyEntry,
  readHistory,
  renderChanges,
  type HistoryEntry,
} from "../../../../bench/lib/history";
import type { Figure } from "../../../../bench/lib/report";

const figure = (id: string, value: number | string | null, unit: string): Figure => ({
  id,
  section: "s",
  label: id,
  value,
  unit,
});

const entry = (commit: string, mode: string, figures: HistoryEntry["figures"]): HistoryEntry => ({
  startedAt: "2026-11-29T08:00:00.000Z",
  commit,
  mode,
  sections: ["cpu"],
  load: [1, 2],
  figures,
});

describe("bench history", () => {
  it("keeps only a run's numeric figures", () => {
    const e = historyEntry({ startedAt: "t", commit: "abc", mode: "quick", sections: ["cpu"], load: [0, 0] }, [
      figure("a", 1.5, "s"),
      figure("b", "12 req, 3 s", ""),
      figure("c", null, "s"),
    ]);
    expect(e.figures).toEqual({ a: { value: 1.5, unit: "s" } });
  });

  it("compares each figure with the last run of the same mode that has it, and flags a loss over 10 %", () => {
    const history = [
      entry("old", "quick", { wall: { value: 10, unit: "s" }, cpu: { value: 100, unit: "ms" } }),
      entry("full", "full", { wall: { value: 1, unit: "s" } }),
      entry("new", "quick", { cpu: { value: 50, unit: "ms" } }),
    ];
    const changes = compareWithHistory(
      [figure("wall", 11.5, "s"), figure("cpu", 54, "ms"), figure("never", 3, "s")],
      history,
      "quick",
    );
    expect(changes.map((c) => [c.id, c.last, c.lastCommit, Math.round(c.change * 100), c.loss])).toEqual([
      ["wall", 10, "old", 15, true], // 10 → 11.5 s: 15 % slower
      ["cpu", 50, "new", 8, false], // 50 → 54 ms: 8 %, under the threshold
    ]);
  });

  it("compares like with like: the last run on the same engine and Node.js major version (unrecorded: the pinned ones)", () => {
    const history = [
      entry("pinned", "quick", { wall: { value: 10, unit: "s" } }), // recorded before engine and node were kept
      { ...entry("newest", "quick", { wall: { value: 8, unit: "s" } }), engine: "v3.277.0", node: "v20.19.5" },
      { ...entry("node24", "quick", { wall: { value: 7, unit: "s" } }), engine: "v3.277.0", node: "v24.19.0" },
    ];
    const lastOf = (setup: { engine?: string; node?: string }) =>
      compareWithHistory([figure("wall", 9, "s")], history, "quick", setup).map((c) => c.lastCommit);
    expect(lastOf({ engine: "v3.248.0", node: "v20.18.0" })).toEqual(["pinned"]);
    expect(lastOf({})).toEqual(["pinned"]);
    expect(lastOf({ engine: "v3.277.0", node: "v20.11.1" })).toEqual(["newest"]);
    expect(lastOf({ engine: "v3.277.0", node: "v24.1.0" })).toEqual(["node24"]);
    expect(lastOf({ engine: "v3.276.0", node: "v24.1.0" })).toEqual([]);
  });

  it("takes more as better for throughputs and shares", () => {
    const history = [entry("a", "full", { rps: { value: 1000, unit: "req/s" }, share: { value: 60, unit: "%" } })];
    const changes = compareWithHistory([figure("rps", 850, "req/s"), figure("share", 70, "%")], history, "full");
    expect(changes.map((c) => [c.id, c.loss])).toEqual([
      ["rps", true],
      ["share", false],
    ]);
  });

  it("flags a count that grew from nothing", () => {
    const changes = compareWithHistory(
      [figure("writes", 1, "req")],
      [entry("a", "quick", { writes: { value: 0, unit: "req" } })],
      "quick",
    );
    expect(changes[0].loss).toBe(true);
    expect(renderChanges(changes, [0, 0])).toContain("LOSS > 10 %");
  });

  it("appends runs to a file and reads them back, skipping a torn line", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-history-"));
    try {
      const file = path.join(dir, "history.jsonl");
      appendHistory(file, entry("a", "quick", { x: { value: 1, unit: "s" } }));
      fs.appendFileSync(file, '{"startedAt": "torn');
      fs.appendFileSync(file, "\n");
      appendHistory(file, entry("b", "quick", { x: { value: 2, unit: "s" } }));
      expect(readHistory(file).map((e) => e.commit)).toEqual(["a", "b"]);
      expect(readHistory(path.join(dir, "none.jsonl"))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says so when no earlier run has the figures", () => {
    expect(renderChanges([], [1, 1])).toMatch(/no earlier run/);
  });
});

test("a run's commit: the short hash, + when api/, server/ or provider/ changed beside it, unknown outside git", () => {
  expect(commitLabel({ commit: "abc1234", changedFiles: [] })).toBe("abc1234");
  expect(commitLabel({ commit: "abc1234", changedFiles: ["server/index.ts"] })).toBe("abc1234+");
  expect(commitLabel({})).toBe("unknown");
});
