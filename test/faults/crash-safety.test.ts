/**
 * Issue 7, item 2: the tenant server killed with SIGKILL during a burst of writes, then
 * restarted on the same data directory, round after round.
 *
 * Writers own their objects, so each object has at most one write in flight when the
 * server dies: after the restart every acknowledged write (201/200/204) must be visible,
 * an in-flight one may or may not be, and nothing nobody wrote may appear. Between
 * kill and restart the SQLite file is opened read-only for `PRAGMA integrity_check`.
 *
 * Needs the built server (`npm run build`, which `npm test` does first).
 */
import Database from "better-sqlite3";
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { callApi, eventStreamBody, formBody, printFigure, sized, TEMPLATE, tempDir, type RawReply } from "./support";

const REPO_ROOT = path.resolve(__dirname, "..", "..");
const CLI = path.join(REPO_ROOT, "server", "dist", "server", "cli.js");
const ROUNDS = sized(3, 20);
const WRITERS = 6;

jest.setTimeout(ROUNDS * 60_000 + 60_000);

/** A server process and how to reach it. */
interface Running {
  child: ChildProcess;
  url: string;
  baseUrl: string;
  token: string;
  exited: Promise<void>;
}

/** What the test knows about one object: the last acknowledged state and a write whose outcome is unknown. */
interface Tracked {
  kind: "form" | "stream";
  id: string;
  /** Acknowledged name (undefined once an acknowledged delete happened). */
  name?: string;
  deleted: boolean;
  /** A write in flight when the server died: its intended name, or "delete". */
  pending?: string;
}

async function startServer(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, [CLI, "--port", "0", "--data-dir", dataDir, "--rate-limit", "1000000"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let seen = "";
    let stderr = "";
    const timer = setTimeout(() => reject(new Error(`the server did not start within 30 s: ${stderr}`)), 30_000);
    // Keep draining stdout (the request log) so the pipe never fills and stalls the server.
    child.stdout!.on("data", (chunk: Buffer) => {
      if (seen !== "done") {
        seen += chunk.toString("utf8");
        const match = /Tenant server listening on (\S+)/.exec(seen);
        if (match) {
          seen = "done";
          clearTimeout(timer);
          resolve(match[1]);
        }
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.once("exit", (code) => reject(new Error(`the server exited with ${code} before listening: ${stderr}`)));
  });
  const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, "credentials.json"), "utf8")) as {
    clientId: string;
    clientSecret: string;
    tokenUrl: string;
    audience: string;
  };
  const reply = await fetch(credentials.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      grant_type: "client_credentials",
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      audience: credentials.audience,
    }),
  });
  const token = ((await reply.json()) as { access_token: string }).access_token;
  return { child, url, baseUrl: `${url}/api/v2`, token, exited };
}

/** `PRAGMA integrity_check` on the database file, read-only, while no server runs. */
function integrityOf(dataDir: string): string {
  const db = new Database(path.join(dataDir, "tenant.db"), { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma("integrity_check") as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join("; ");
  } finally {
    db.close();
  }
}

describe("crash safety of the tenant server", () => {
  const dataDir = tempDir("tenant-crash-");
  let running: Running | undefined;

  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill("SIGKILL");
      await running.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test(`${ROUNDS} rounds of SIGKILL during a burst of writes lose no acknowledged write and corrupt nothing`, async () => {
    if (!fs.existsSync(CLI)) {
      throw new Error(
        `${path.relative(REPO_ROOT, CLI)} is missing: build the server first with \`npm run build\` (npm test builds before it runs the suites).`,
      );
    }
    const tracked = new Map<string, Tracked>();
    const knownIds = new Set<string>();
    /** Template bodies: the last acknowledged one and one in flight. */
    const template: { acked?: string; pending?: string } = {};
    let acknowledged = 0;
    let lost = 0;
    let corrupt = 0;
    let phantoms = 0;
    let unknownOutcomes = 0;
    const problems: string[] = [];

    running = await startServer(dataDir);
    for (let round = 1; round <= ROUNDS; round++) {
      const server = running;
      let stop = false;
      let serial = 0;
      let createsInFlight = 0;
      /** Sends a write; undefined when the connection died (outcome unknown). */
      const write = async (method: string, apiPath: string, body?: unknown): Promise<RawReply | undefined> => {
        try {
          return await callApi(server, server.token, method, apiPath, body);
        } catch {
          return undefined;
        }
      };
      const writer = async (index: number) => {
        const mine: Tracked[] = [];
        while (!stop) {
          serial += 1;
          const name = `r${round}-w${index}-${serial}`;
          const live = mine.filter((object) => !object.deleted && object.pending === undefined);
          const roll = (serial * 7919 + index * 104729) % 10;
          if (index === 0) {
            // One writer owns the template: each PUT a new body, so the last acknowledged one is known.
            const body = TEMPLATE.replace("<body>", `<body><!-- ${name} -->`);
            template.pending = body;
            const reply = await write("PUT", "/branding/templates/universal-login", { template: body });
            if (!reply) return;
            if (reply.status === 204 || reply.status === 201) {
              template.acked = body;
              acknowledged += 1;
            }
            template.pending = undefined;
          } else if (live.length < 2 || roll < 4) {
            const kind = index % 2 === 0 ? "stream" : "form";
            const reply = await write(
              "POST",
              kind === "form" ? "/forms" : "/event-streams",
              kind === "form" ? formBody(name) : eventStreamBody(name),
            );
            if (!reply) {
              unknownOutcomes += 1;
              createsInFlight += 1;
              return;
            }
            if (reply.status !== 201) throw new Error(`create refused: ${reply.status} ${reply.text}`);
            const object: Tracked = { kind, id: (reply.json as { id: string }).id, name, deleted: false };
            acknowledged += 1;
            mine.push(object);
            tracked.set(object.id, object);
            knownIds.add(object.id);
          } else {
            const object = live[serial % live.length];
            const collection = object.kind === "form" ? "/forms" : "/event-streams";
            if (roll < 8) {
              object.pending = name;
              const reply = await write("PATCH", `${collection}/${object.id}`, { name });
              if (!reply) {
                unknownOutcomes += 1;
                return;
              }
              if (reply.status !== 200) throw new Error(`update refused: ${reply.status} ${reply.text}`);
              object.name = name;
            } else {
              object.pending = "delete";
              const reply = await write("DELETE", `${collection}/${object.id}`);
              if (!reply) {
                unknownOutcomes += 1;
                return;
              }
              if (reply.status !== 204) throw new Error(`delete refused: ${reply.status} ${reply.text}`);
              object.deleted = true;
              object.name = undefined;
            }
            object.pending = undefined;
            acknowledged += 1;
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
      // Kill at a varying moment once writes are flowing.
      const before = acknowledged;
      const startedAt = Date.now();
      while (acknowledged - before < 20 && Date.now() - startedAt < 20_000)
        await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 50 + ((round * 137) % 400)));
      server.child.kill("SIGKILL");
      await server.exited;
      stop = true;
      await Promise.all(writers);

      const integrity = integrityOf(dataDir);
      if (integrity !== "ok") {
        corrupt += 1;
        problems.push(`round ${round}: integrity_check says ${integrity}`);
      }

      running = await startServer(dataDir);
      const restarted = running;
      for (const object of tracked.values()) {
        const collection = object.kind === "form" ? "/forms" : "/event-streams";
        const reply = await callApi(restarted, restarted.token, "GET", `${collection}/${object.id}`);
        const seenName = reply.status === 200 ? (reply.json as { name: string }).name : undefined;
        const acceptable = object.deleted
          ? [undefined]
          : [
              object.name,
              ...(object.pending === undefined ? [] : [object.pending === "delete" ? undefined : object.pending]),
            ];
        if (!acceptable.includes(seenName)) {
          lost += 1;
          problems.push(
            `round ${round}: ${object.kind} ${object.id} is ${seenName ?? "gone"} (${reply.status}), acknowledged ${object.deleted ? "deleted" : object.name}`,
          );
        }
        // What is on disk is now the truth for the next round.
        object.deleted = seenName === undefined;
        object.name = seenName;
        object.pending = undefined;
        if (object.deleted) tracked.delete(object.id);
      }
      const templateReply = await callApi(restarted, restarted.token, "GET", "/branding/templates/universal-login");
      const templateBody = templateReply.status === 200 ? (templateReply.json as { body: string }).body : undefined;
      if (template.acked !== undefined && templateBody !== template.acked && templateBody !== template.pending) {
        lost += 1;
        problems.push(`round ${round}: the template is not the acknowledged one`);
      }
      template.acked = templateBody;
      template.pending = undefined;
      // Objects nobody was told about may only come from creates in flight at the kill.
      const unknown = [...(await listForms(restarted)), ...(await listStreams(restarted))].filter(
        (id) => !knownIds.has(id),
      );
      if (unknown.length > createsInFlight) {
        phantoms += unknown.length - createsInFlight;
        problems.push(
          `round ${round}: ${unknown.length} unacknowledged objects, only ${createsInFlight} creates were in flight`,
        );
      }
      for (const id of unknown) knownIds.add(id);
    }
    running.child.kill("SIGTERM");
    await running.exited;
    const finalIntegrity = integrityOf(dataDir);
    if (finalIntegrity !== "ok") corrupt += 1;

    printFigure("crash-safety", {
      rounds: ROUNDS,
      acknowledgedWrites: acknowledged,
      unknownOutcomes,
      lost,
      corrupt,
      phantoms,
    });
    expect(problems).toEqual([]);
    expect(lost).toBe(0);
    expect(corrupt).toBe(0);
  });
});

/** Every form id, following the offset pages. */
async function listForms(server: Running): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 0; ; page++) {
    const reply = (await callApi(server, server.token, "GET", `/forms?per_page=100&page=${page}&include_totals=true`))
      .json as { total: number; forms: { id: string }[] };
    ids.push(...reply.forms.map((form) => form.id));
    if (reply.forms.length === 0 || ids.length >= reply.total) return ids;
  }
}

/** Every event stream id, following the checkpoint pages. */
async function listStreams(server: Running): Promise<string[]> {
  const ids: string[] = [];
  let from = "";
  for (;;) {
    const page = (await callApi(server, server.token, "GET", `/event-streams?take=100${from ? `&from=${from}` : ""}`))
      .json as { eventStreams: { id: string }[]; next?: string };
    ids.push(...page.eventStreams.map((stream) => stream.id));
    if (!page.next) return ids;
    from = page.next;
  }
}
