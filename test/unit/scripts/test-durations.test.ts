/** Where `npm test`'s time goes: suites from Jest's report, the end-of-run report, and the heaviest-first order. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  durationsReport,
  readDurations,
  recordOf,
  suitesOfReport,
  writeDurations,
} from "../../../scripts/lib/test-durations";

const ROOT = "/checkout";
const report = {
  testResults: [
    {
      name: "/checkout/test/e2e/slow.test.ts",
      startTime: 1_000,
      endTime: 181_000,
      assertionResults: [{ status: "passed" }, { status: "failed" }],
    },
    { name: "/checkout/test/unit/quick.test.ts", startTime: 0, endTime: 1_250, assertionResults: [] },
  ],
};

test("each suite's seconds come from its start and end, with its passed and failed tests", () => {
  // The shape of Jest's own `--json` report: each file's startTime and endTime (no perfStats there).
  expect(suitesOfReport(report, ROOT, "engine")).toEqual([
    { file: "test/e2e/slow.test.ts", seconds: 180, stage: "engine", passed: 1, failed: 1 },
    { file: "test/unit/quick.test.ts", seconds: 1.3, stage: "engine", passed: 0, failed: 0 },
  ]);
});

test("the report names each stage, the slowest suites first, and a suite that took over twice as long", () => {
  const suites = [
    ...suitesOfReport(report, ROOT, "engine"),
    { file: "test/e2e/steady.test.ts", seconds: 50, stage: "engine", passed: 1, failed: 0 },
    { file: "test/e2e/unmeasured.test.ts", seconds: 40, stage: "engine", passed: 1, failed: 0 },
  ];
  const last = recordOf({}, [
    { file: "test/e2e/slow.test.ts", seconds: 60, stage: "engine", passed: 1, failed: 0 },
    { file: "test/e2e/steady.test.ts", seconds: 45, stage: "engine", passed: 1, failed: 0 },
    { file: "test/unit/quick.test.ts", seconds: 0.2, stage: "engine", passed: 1, failed: 0 },
    { file: "test/e2e/unmeasured.test.ts", seconds: 0, stage: "engine", passed: 1, failed: 0 },
  ]);
  const text = durationsReport({ "type check": 40, engine: 300 }, suites, last);
  expect(text).toContain("     40 s  type check");
  expect(text).toContain("  5.0 min  engine");
  expect(text).toContain("  5.7 min  in all");
  const slowest = text.slice(text.indexOf("The slowest suites:"));
  expect(slowest.indexOf("slow.test.ts")).toBeLessThan(slowest.indexOf("steady.test.ts"));
  expect(slowest.indexOf("steady.test.ts")).toBeLessThan(slowest.indexOf("quick.test.ts"));
  // 180 s against 60 s is news; 50 against 45 is not; 1.3 against 0.2 is under the floor.
  expect(text).toContain("test/e2e/slow.test.ts: 3.0 min, was 60 s");
  expect(text).not.toMatch(/steady\.test\.ts: /);
  expect(text).not.toMatch(/quick\.test\.ts: /);
  // A last figure of 0 s measured nothing.
  expect(text).not.toMatch(/unmeasured\.test\.ts: /);
});

test("a written record reads back, slowest first; an unreadable file is no record", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "durations-"));
  try {
    const file = path.join(dir, "nested", "durations.json");
    writeDurations(file, recordOf({ unit: 10 }, suitesOfReport(report, ROOT, "unit"), new Date(0)));
    const read = readDurations(file)!;
    expect(Object.keys(read.suites)).toEqual(["test/e2e/slow.test.ts", "test/unit/quick.test.ts"]);
    expect(read.at).toBe("1970-01-01T00:00:00.000Z");
    fs.writeFileSync(file, "{torn");
    expect(readDurations(file)).toBeUndefined();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the sequencer starts the heaviest suites first, suites with no figure before them", () => {
  const HeaviestFirst = require("../../../test/sequencer.js") as new (options: object) => {
    sort(tests: { path: string; context: { config: { rootDir: string } } }[]): { path: string }[];
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "order-"));
  const previous = process.env.PULUMI_TENANT_TEST_ORDER;
  try {
    const file = path.join(dir, "durations.json");
    fs.writeFileSync(file, JSON.stringify({ at: "x", stages: {}, suites: { "a.test.ts": 5, "b.test.ts": 90 } }));
    process.env.PULUMI_TENANT_TEST_ORDER = file;
    const tests = ["a.test.ts", "b.test.ts", "new.test.ts"].map((name) => ({
      path: path.join(ROOT, name),
      context: { config: { rootDir: ROOT } },
    }));
    const sorted = new HeaviestFirst({ contexts: [], globalConfig: {} }).sort(tests);
    expect(sorted.map((test) => path.basename(test.path))).toEqual(["new.test.ts", "b.test.ts", "a.test.ts"]);
  } finally {
    if (previous === undefined) delete process.env.PULUMI_TENANT_TEST_ORDER;
    else process.env.PULUMI_TENANT_TEST_ORDER = previous;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
