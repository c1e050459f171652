/** The create journal: file format, location, leftovers of earlier processes, and createOnce's use of it (no server). */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { OutcomeUnknownError, TenantError } from "../../../../provider/client/errors";
import {
  createOnce,
  forgetClaims,
  isAdoptedFromJournal,
  type CreateOnceSpec,
} from "../../../../provider/lifecycle/create-once";
import {
  contentHash,
  CreateJournal,
  isLeftover,
  JOURNAL_MAX_AGE_MS,
  journalPath,
  parseJournal,
  serialiseJournal,
  type JournalEntry,
} from "../../../../provider/lifecycle/journal";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "journal-test-"));
});
afterEach(() => {
  forgetClaims();
  fs.rmSync(dir, { recursive: true, force: true });
});

const entry = (overrides: Partial<JournalEntry> = {}): JournalEntry => ({
  id: "e1",
  owner: "other-process",
  pid: 999_999_999,
  kind: "form",
  contentKey: "k",
  startedAt: Date.now(),
  ...overrides,
});

describe("journal location and format", () => {
  it("lives under PULUMI_HOME, else ~/.pulumi, one file per tenant base URL", () => {
    const a = journalPath("https://a.example/api/v2", { PULUMI_HOME: "/ph" }, "/home/u");
    expect(a).toMatch(/^\/ph\/pulumi-tenant\/create-journal-[0-9a-f]{16}\.jsonl$/);
    expect(journalPath("https://a.example/api/v2", {}, "/home/u")).toBe(a.replace("/ph/", "/home/u/.pulumi/"));
    expect(journalPath("https://b.example/api/v2", { PULUMI_HOME: "/ph" })).not.toBe(a);
  });

  it("round-trips entries, dropping malformed lines and entries older than a day", () => {
    const now = Date.now();
    const kept = [
      entry({ id: "new", createdId: "ap_1" }),
      entry({ id: "almost", startedAt: now - JOURNAL_MAX_AGE_MS + 60_000 }),
    ];
    const text = serialiseJournal([
      ...kept,
      entry({ id: "old", startedAt: now - JOURNAL_MAX_AGE_MS - 1 }),
      { nonsense: true } as never,
    ]);
    expect(parseJournal(`${text}{"op":"begin","id":"torn`, now)).toEqual(kept);
    expect(parseJournal("null\n42\n", now)).toEqual([]);
  });

  it("replays the log: an id recorded takes the entry over, removals drop entries", () => {
    const log = [
      { op: "begin", ...entry({ id: "a" }) },
      { op: "begin", ...entry({ id: "b" }) },
      { op: "created", id: "a", owner: "later", pid: 7, createdId: "ap_a" },
      { op: "remove", ids: ["b"] },
      { op: "created", id: "gone", owner: "later", pid: 7, createdId: "ap_x" },
    ]
      .map((record) => JSON.stringify(record))
      .join("\n");
    expect(parseJournal(log)).toEqual([
      entry({ id: "a", owner: "later", pid: 7, createdId: "ap_a", startedAt: expect.any(Number) }),
    ]);
  });

  it("hashes content to a hex key", () => {
    expect(contentHash({ name: "x" })).toMatch(/^[0-9a-f]{64}$/);
    expect(contentHash({ name: "x" })).not.toBe(contentHash({ name: "y" }));
  });
});

describe("leftovers", () => {
  it("are entries another process instance wrote before this one started", () => {
    const inherited = new Set(["e1"]);
    expect(isLeftover(entry(), "me", inherited)).toBe(true);
    expect(isLeftover(entry({ owner: "me" }), "me", inherited)).toBe(false);
    // Written since by a process running at the same time: not ours to adopt.
    expect(isLeftover(entry({ id: "e2" }), "me", inherited)).toBe(false);
  });
});

describe("CreateJournal", () => {
  const file = () => path.join(dir, "home", "pulumi-tenant", "create-journal-0123456789abcdef.json");

  it("writes each change to a 0600 file, and confirming an id removes its entries", () => {
    const journal = new CreateJournal(file());
    const first = journal.begin("form", "k1");
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
    expect(parseJournal(fs.readFileSync(file(), "utf8"))).toEqual([first]);
    journal.created(first, "ap_1");
    const second = journal.begin("form", "k2");
    expect(parseJournal(fs.readFileSync(file(), "utf8")).map((e) => [e.contentKey, e.createdId])).toEqual([
      ["k1", "ap_1"],
      ["k2", undefined],
    ]);
    journal.confirm("ap_1");
    journal.remove(second);
    expect(parseJournal(fs.readFileSync(file(), "utf8"))).toEqual([]);
    expect(fs.readdirSync(path.dirname(file()))).toEqual([path.basename(file())]);
  });

  it("does not write when nothing is confirmed", () => {
    const journal = new CreateJournal(file());
    journal.begin("form", "k1");
    const before = fs.statSync(file()).size;
    journal.confirm("ap_unknown");
    expect(fs.statSync(file()).size).toBe(before);
  });

  it("appends a line per change, and a new process compacts a spent or torn log", () => {
    const journal = new CreateJournal(file());
    for (let i = 0; i < 30; i++)
      journal.confirm((journal.created(journal.begin("form", `k${i}`), `ap_${i}`), `ap_${i}`));
    const kept = journal.begin("form", "kept");
    expect(fs.readFileSync(file(), "utf8").split("\n")).toHaveLength(91 + 1);
    new CreateJournal(file());
    expect(fs.readFileSync(file(), "utf8")).toBe(serialiseJournal([kept]));
    fs.appendFileSync(file(), '{"op":"created","id":"');
    expect(new CreateJournal(file()).snapshot()).toEqual([kept]);
    expect(fs.readFileSync(file(), "utf8")).toBe(serialiseJournal([kept]));
  });

  it("gives a new process the entries earlier ones left, never its own or those of processes started since", () => {
    const earlier = new CreateJournal(file());
    earlier.begin("form", "k1", 1_000);
    const answered = earlier.begin("form", "k1", Date.now());
    earlier.created(answered, "ap_2");
    earlier.begin("form", "other", Date.now());
    const inFlight = earlier.begin("form", "k3");
    const later = new CreateJournal(file());
    later.begin("form", "k1");
    const concurrent = new CreateJournal(file());
    expect(earlier.leftovers("form", "k1")).toEqual([]);
    // Oldest first; the entry from 1970 is more than a day old and was dropped on reading.
    expect(later.leftovers("form", "k1").map((e) => e.createdId)).toEqual(["ap_2"]);
    expect(concurrent.leftovers("form", "k1")).toHaveLength(2);
    // An earlier process that still runs (orphaned by a killed CLI) records the id of its late answer: still a leftover.
    earlier.created(inFlight, "ap_3");
    expect(later.leftovers("form", "k3").map((e) => e.createdId)).toEqual(["ap_3"]);
  });

  it("keeps the entries another process wrote in between", () => {
    const a = new CreateJournal(file());
    const b = new CreateJournal(file());
    a.begin("form", "a1");
    b.begin("form", "b1");
    a.begin("form", "a2");
    expect(b.snapshot().map((e) => e.contentKey)).toEqual(["a1", "b1", "a2"]);
  });

  it("keeps working in memory when the file cannot be written", () => {
    fs.writeFileSync(path.join(dir, "home"), "a file where a folder should be");
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    const journal = new CreateJournal(file());
    expect(() => journal.begin("form", "k1")).not.toThrow();
    expect(() => journal.begin("form", "k2")).not.toThrow();
    expect(stderr).toHaveBeenCalledTimes(1);
    stderr.mockRestore();
  });
});

describe("createOnce with a journal", () => {
  type Obj = { id: string };
  const target = { kind: "form", action: "create" };

  function fakeSpec(
    journal: CreateJournal,
    behaviour: { post?: () => Promise<Obj>; found?: Obj; same?: Record<string, Obj | "other"> } = {},
  ) {
    const calls: string[] = [];
    let next = 1;
    const spec: CreateOnceSpec<Obj> = {
      contentKey: "lock-key",
      journal: { store: journal, kind: "form", contentKey: "k" },
      post: async () => {
        calls.push("post");
        return behaviour.post ? behaviour.post() : { id: `new_${next++}` };
      },
      find: async (since) => {
        calls.push(`find since ${since}`);
        return behaviour.found;
      },
      getSame: async (id) => {
        calls.push(`get ${id}`);
        return behaviour.same?.[id];
      },
    };
    return { spec, calls };
  }

  it("normally posts once, looks nothing up, and records the id", async () => {
    const journal = new CreateJournal(path.join(dir, "j.json"));
    const { spec, calls } = fakeSpec(journal);
    expect(await createOnce(spec)).toEqual({ id: "new_1" });
    expect(calls).toEqual(["post"]);
    expect(journal.snapshot()).toEqual([
      expect.objectContaining({ kind: "form", contentKey: "k", createdId: "new_1" }),
    ]);
  });

  it("adopts the object of an earlier process's answered POST by GET, without posting", async () => {
    const file = path.join(dir, "j.json");
    const earlier = new CreateJournal(file);
    earlier.created(earlier.begin("form", "k"), "ap_left");
    const journal = new CreateJournal(file);
    const { spec, calls } = fakeSpec(journal, { same: { ap_left: { id: "ap_left" } } });
    expect(await createOnce(spec)).toEqual({ id: "ap_left" });
    expect(calls).toEqual(["get ap_left"]);
    expect(isAdoptedFromJournal("ap_left")).toBe(true);
    // The entry is now this process's, until the engine confirms the id.
    expect(journal.snapshot()).toEqual([expect.objectContaining({ owner: journal.owner, createdId: "ap_left" })]);
    expect(journal.leftovers("form", "k")).toEqual([]);
  });

  it("looks for the object of an unanswered POST since shortly before it was sent", async () => {
    const file = path.join(dir, "j.json");
    const startedAt = Date.now() - 10_000;
    new CreateJournal(file).begin("form", "k", startedAt);
    const journal = new CreateJournal(file);
    const { spec, calls } = fakeSpec(journal, { found: { id: "ap_late" } });
    expect(await createOnce(spec)).toEqual({ id: "ap_late" });
    expect(calls).toEqual([`find since ${startedAt - 5 * 60_000}`]);
  });

  it("falls back to the lookup when the recorded object was changed since", async () => {
    const file = path.join(dir, "j.json");
    const earlier = new CreateJournal(file);
    earlier.created(earlier.begin("form", "k"), "ap_changed");
    const { spec, calls } = fakeSpec(new CreateJournal(file), { same: { ap_changed: "other" } });
    expect(await createOnce(spec)).toEqual({ id: "new_1" });
    expect(calls).toEqual(["get ap_changed", expect.stringMatching(/^find since/), "post"]);
  });

  it("drops a leftover whose object is gone, and posts", async () => {
    const file = path.join(dir, "j.json");
    const earlier = new CreateJournal(file);
    earlier.created(earlier.begin("form", "k"), "ap_gone");
    const journal = new CreateJournal(file);
    const { spec, calls } = fakeSpec(journal);
    expect(await createOnce(spec)).toEqual({ id: "new_1" });
    expect(calls).toEqual(["get ap_gone", "post"]);
    expect(journal.snapshot().map((e) => e.createdId)).toEqual(["new_1"]);
  });

  it("removes the entry of a POST refused for certain, keeps it when the outcome stays unknown", async () => {
    const journal = new CreateJournal(path.join(dir, "j.json"));
    const refused = fakeSpec(journal, {
      post: async () => {
        throw new TenantError(target, "bad request", undefined, { status: 400 });
      },
    });
    await expect(createOnce(refused.spec)).rejects.toThrow("bad request");
    expect(journal.snapshot()).toEqual([]);
    const unknown = fakeSpec(journal, {
      post: async () => {
        throw new OutcomeUnknownError(target, "502 after sending", undefined);
      },
    });
    await expect(createOnce(unknown.spec, { attempts: 1, settleMs: 0 })).rejects.toThrow("nothing was created");
    expect(journal.snapshot()).toEqual([expect.objectContaining({ contentKey: "k" })]);
    expect(journal.snapshot()[0]).not.toHaveProperty("createdId");
  });
});
