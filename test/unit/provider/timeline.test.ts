import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

type Timeline = typeof import("../../../provider/timeline");

/** The timeline module as a provider process with `env` would load it. */
function load(value: string | undefined): Timeline {
  const saved = process.env.PULUMI_TENANT_TIMELINE;
  if (value === undefined) delete process.env.PULUMI_TENANT_TIMELINE;
  else process.env.PULUMI_TENANT_TIMELINE = value;
  try {
    let timeline!: Timeline;
    jest.isolateModules(() => {
      timeline = jest.requireActual<Timeline>("../../../provider/timeline");
    });
    return timeline;
  } finally {
    if (saved === undefined) delete process.env.PULUMI_TENANT_TIMELINE;
    else process.env.PULUMI_TENANT_TIMELINE = saved;
  }
}

describe("the bench's per-resource timeline", () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "timeline-"))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("records each call with its resource, start and end, when PULUMI_TENANT_TIMELINE names a file", async () => {
    const file = path.join(dir, "t.jsonl");
    const timeline = load(file);
    expect(timeline.timelineOn).toBe(true);
    const urn = "urn:pulumi:s::p::pulumi-nodejs:dynamic/tenant:Form::f";
    await expect(timeline.timed("check", urn, async () => "answer")).resolves.toBe("answer");
    await expect(
      timeline.timed("create", urn, async () => {
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    timeline.record("register", urn, 5, 7);
    timeline.flush();
    const lines = fs
      .readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { pid: number; event: string; urn: string; t0: number; t1: number });
    expect(lines.map((line) => [line.event, line.urn, line.pid])).toEqual([
      ["check", urn, process.pid],
      ["create", urn, process.pid], // a call that failed is recorded too
      ["register", urn, process.pid],
    ]);
    for (const line of lines.slice(0, 2)) expect(line.t1).toBeGreaterThanOrEqual(line.t0);
    expect(lines[2]).toMatchObject({ t0: 5, t1: 7 });
  });

  it("records nothing and writes no file without the variable", async () => {
    const timeline = load(undefined);
    expect(timeline.timelineOn).toBe(false);
    await expect(timeline.timed("check", "urn", async () => 1)).resolves.toBe(1);
    timeline.record("register", "urn", 1);
    timeline.flush();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
