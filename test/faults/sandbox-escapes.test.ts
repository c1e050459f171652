/**
 * An action's code probed as an attacker would, through the tenant server's test route: each
 * escape class that reached the host from the process-per-run runner (modules, the constructor
 * escape, each kind of socket, the IPC channel, oversized results, diagnostics files, renice)
 * is contained, and a server killed with SIGKILL mid-run leaves no run behind.
 *
 * The last test needs the built server (`npm run build`, which `npm test` does first).
 */
import { spawn } from "node:child_process";
import * as dgram from "node:dgram";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { expectError, removeDir, startHarness, tempDir, type Harness } from "../server/helpers";

jest.setTimeout(120_000);

const REPO_ROOT = path.resolve(__dirname, "..", "..");
const CLI = path.join(REPO_ROOT, "server", "dist", "server", "cli.js");

let harness: Harness;
let dataDir: string;
beforeAll(async () => {
  dataDir = tempDir("sandbox-escapes-");
  harness = await startHarness({ dataDir, runActions: { timeoutMs: 3000 } });
});
afterAll(async () => {
  await harness.close();
  removeDir(dataDir);
});

/** Deploys `body` as a post-login handler and runs its test: the recorded payload. */
async function probe(body: string, extra: Record<string, unknown> = {}) {
  const created = await harness.call("POST", "/api/v2/actions/actions", {
    body: {
      name: `probe-${Math.random().toString(36).slice(2)}`,
      supported_triggers: [{ id: "post-login" }],
      code: `exports.onExecutePostLogin = async (event, api) => { ${body} };`,
    },
  });
  expect(created.status).toBe(201);
  const reply = await harness.call("POST", `/api/v2/actions/actions/${created.json.id}/test`, {
    body: { payload: {}, ...extra },
  });
  expect(reply.status).toBe(200);
  return reply.json.payload as {
    calls: { method: string; args: unknown[] }[];
    logs: { message: string }[];
    requests: { method: string; url: string; error?: string }[];
    error?: { name: string; message: string };
  };
}

/** `expression` evaluated in the code, logged as JSON (errors as `"threw: <message>"`). */
async function evaluate(expression: string): Promise<unknown> {
  const result = await probe(
    `let value; try { value = await (${expression}); } catch (error) { value = "threw: " + error.message; }
     console.log(JSON.stringify(value === undefined ? "undefined" : value));`,
  );
  expect(result.error).toBeUndefined();
  return JSON.parse(result.logs[0]!.message);
}

describe("modules and globals: nothing of Node is reachable", () => {
  test("no process, no require of Node's own, no getBuiltinModule, no host functions", async () => {
    expect(await evaluate(`typeof process`)).toBe("undefined");
    expect(
      await evaluate(`typeof globalThis.require + typeof globalThis.module + typeof __host + typeof WebAssembly`),
    ).toBe("undefinedundefinedundefinedundefined");
    expect(await evaluate(`globalThis.process?.getBuiltinModule?.("fs")`)).toBe("undefined");
    for (const name of [
      "fs",
      "net",
      "child_process",
      "vm",
      "inspector",
      "http",
      "https",
      "dns",
      "dgram",
      "tls",
      "os",
      "v8",
    ]) {
      for (const spelling of [name, `node:${name}`]) {
        expect(await evaluate(`require(${JSON.stringify(spelling)})`)).toMatch(
          new RegExp(`^threw: require\\("${spelling}"\\) is refused`),
        );
      }
    }
    for (const name of ["worker_threads", "trace_events", "wasi", "module", "cluster", "process", "perf_hooks"]) {
      expect(await evaluate(`require(${JSON.stringify(name)})`)).toMatch(/^threw: require\(.*\) is refused/);
    }
  });

  test("the constructor escape finds the engine's own Function, whose global has no process", async () => {
    expect(await evaluate(`({}).constructor.constructor("return typeof process")()`)).toBe("undefined");
    expect(await evaluate(`api.prompt.render.constructor.constructor("return typeof process")()`)).toBe("undefined");
    expect(await evaluate(`event.constructor.constructor("return Object.keys(globalThis).join()")()`)).not.toMatch(
      /process|require|__host|Deno|Bun/,
    );
    // An error made by the host (an unknown api method) is the engine's too.
    expect(
      await evaluate(
        `(() => { try { api.nope.x(); } catch (error) { return error.constructor.constructor("return typeof process")(); } })()`,
      ),
    ).toBe("undefined");
    expect(await evaluate(`(async () => {}).constructor("return typeof require")()`)).toBe("undefined");
  });
});

describe("sockets: no connection of any kind leaves the engine", () => {
  let tcp: net.Server;
  let udp: dgram.Socket;
  let unixPath: string;
  let unix: net.Server;
  let connections = 0;
  let datagrams = 0;
  beforeAll(async () => {
    tcp = net.createServer((socket) => (connections++, socket.destroy()));
    await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", resolve));
    unixPath = path.join(dataDir, "probe.sock");
    unix = net.createServer((socket) => (connections++, socket.destroy()));
    await new Promise<void>((resolve) => unix.listen(unixPath, resolve));
    udp = dgram.createSocket("udp4");
    udp.on("message", () => datagrams++);
    await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => tcp.close(resolve));
    await new Promise((resolve) => unix.close(resolve));
    await new Promise<void>((resolve) => udp.close(() => resolve()));
  });

  test("fetch to a listener on this machine (and to the tenant server itself) is answered by no one but the fixtures", async () => {
    const port = (tcp.address() as net.AddressInfo).port;
    const targets = [
      `http://127.0.0.1:${port}/`,
      `${harness.server.url}/api/v2/actions/actions`,
      `https://127.0.0.1:${port}/`,
    ];
    const result = await probe(
      targets
        .map((url) => `try { await fetch(${JSON.stringify(url)}); } catch (error) { console.log(error.message); }`)
        .join("\n"),
    );
    expect(result.logs.map((log) => log.message)).toEqual(
      targets.map((url) => expect.stringContaining(`No fixture answers GET ${new URL(url).href}`)),
    );
    expect(result.requests.map((request) => request.url)).toEqual(targets.map((url) => new URL(url).href));
    // A fixture for the listener's own address answers without reaching it.
    const answered = await probe(`console.log(await (await fetch("http://127.0.0.1:${port}/x")).text());`, {
      fixtures: [{ request: { url: `http://127.0.0.1:${port}/x` }, response: { body: "from the fixture" } }],
    });
    expect(answered.logs).toEqual([expect.objectContaining({ message: "from the fixture" })]);
    expect(connections).toBe(0);
  });

  test("TCP, TLS, UDP, DNS, Unix sockets, WebSocket, EventSource, XMLHttpRequest and listening do not exist", async () => {
    expect(
      await evaluate(
        `[typeof WebSocket, typeof EventSource, typeof XMLHttpRequest, typeof Deno, typeof navigator].join()`,
      ),
    ).toBe("undefined,undefined,undefined,undefined,undefined");
    const port = (udp.address() as net.AddressInfo).port;
    for (const attempt of [
      `require("net").connect(${(tcp.address() as net.AddressInfo).port}, "127.0.0.1")`,
      `require("net").connect(${JSON.stringify(unixPath)})`,
      `require("tls").connect(443, "127.0.0.1")`,
      `require("dgram").createSocket("udp4").send("x", ${port}, "127.0.0.1")`,
      `require("dns").promises.lookup("localhost")`,
      `require("http").createServer().listen(0)`,
    ]) {
      expect(await evaluate(attempt)).toMatch(/^threw: require\(.*\) is refused/);
    }
    expect(connections).toBe(0);
    expect(datagrams).toBe(0);
  });
});

describe("the channel and the result: nothing the code writes reaches the server but its bounded record", () => {
  test("there is no IPC channel, no port, no fd, no postMessage", async () => {
    expect(
      await evaluate(
        `[typeof postMessage, typeof self, typeof onmessage, typeof parentPort, typeof globalThis.process, typeof globalThis.Deno].join()`,
      ),
    ).toBe("undefined,undefined,undefined,undefined,undefined,undefined");
  });

  test("a result of hundreds of MiB is stopped at the engine's memory; the server answers and did not grow with it", async () => {
    const before = process.memoryUsage().rss;
    const big = await probe(`api.user.setAppMetadata("x", "y".repeat(200 * 1024 * 1024));`);
    expect(big.error).toMatchObject({ name: expect.stringMatching(/MemoryLimitError|RangeError|InternalError/) });
    const many = await probe(
      `const s = "z".repeat(1 << 20); for (let i = 0; i < 500; i++) { api.user.setAppMetadata("k", s); console.log(s); }`,
    );
    expect(JSON.stringify(many).length).toBeLessThan(4_000_000);
    // Well below what the answers would have held (200 MiB, then 1 GiB of arguments and logs).
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect((await harness.call("GET", "/api/v2/actions/actions")).status).toBe(200);
  });

  test("a thrown value that is not an error, or one whose getters loop, is read within limits", async () => {
    const thrown = await probe(`throw { toString() { for (;;) {} } };`);
    expect(thrown.error?.name).toMatch(/Error|TimeoutError/);
    const getter = await probe(
      `const e = new Error("x"); Object.defineProperty(e, "message", { get() { for (;;) {} } }); throw e;`,
    );
    expect(getter.error).toBeDefined();
    expect((await harness.call("GET", "/api/v2/actions/actions")).status).toBe(200);
  });
});

describe("files and the server's process", () => {
  /** The names in `dir` (where the process-per-run runner's trace, snapshots and sockets appeared). */
  const listing = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

  test("diagnostics (trace events, heap snapshots, reports) and socket files cannot be written anywhere", async () => {
    const places = [process.cwd(), os.tmpdir(), dataDir];
    const before = places.map(listing);
    for (const attempt of [
      `require("trace_events").createTracing({ categories: ["node"] }).enable()`,
      `require("v8").setHeapSnapshotNearHeapLimit(2)`,
      `require("v8").writeHeapSnapshot()`,
      `process.report.writeReport()`,
      `require("net").createServer().listen(${JSON.stringify(path.join(dataDir, "x.sock"))})`,
      `require("fs").writeFileSync(${JSON.stringify(path.join(dataDir, "x.txt"))}, "x")`,
    ]) {
      expect(await evaluate(attempt)).toMatch(/^threw: /);
    }
    // A run that fills its memory leaves no snapshot either.
    await probe(`const kept = []; for (;;) kept.push(new Array(100000).fill(1));`);
    // Other programs may write to the shared temporary folder meanwhile: there, only what
    // Node's diagnostics would name counts; the data directory must not change at all.
    const diagnostic = /heapsnapshot|node_trace|^report\.|\.sock$|\.cpuprofile$|\.heapprofile$/;
    const added = places.map((place, index) => listing(place).filter((name) => !before[index]!.includes(name)));
    expect(
      added.map((names, index) => (places[index] === dataDir ? names : names.filter((name) => diagnostic.test(name)))),
    ).toEqual(places.map(() => []));
  });

  test("the server's priority cannot be changed, nor any process signalled", async () => {
    const priority = os.getPriority(process.pid);
    expect(await evaluate(`require("os").setPriority(1, 19)`)).toMatch(/^threw: require\("os"\) is refused/);
    expect(await evaluate(`process.kill(1)`)).toMatch(/^threw: /);
    expect(os.getPriority(process.pid)).toBe(priority);
  });

  test("a refused fixture list is a 400, and a run's record of requests is capped", async () => {
    const created = await harness.call("POST", "/api/v2/actions/actions", {
      body: {
        name: "fixture-probe",
        supported_triggers: [{ id: "post-login" }],
        code: "exports.onExecutePostLogin = () => {};",
      },
    });
    expectError(
      await harness.call("POST", `/api/v2/actions/actions/${created.json.id}/test`, {
        body: {
          payload: {},
          fixtures: Array.from({ length: 101 }, () => ({ request: { url: "https://a.example/" } })),
        },
      }),
      400,
      "invalid_body",
    );
    const flood = await probe(
      `for (let i = 0; i < 1000; i++) { try { await fetch("https://a.example/" + i); } catch {} }`,
    );
    expect(flood.requests.length).toBeLessThanOrEqual(201);
    expect(flood.requests.at(-1)?.error).toMatch(/further requests left out/);
  });
});

test("a server killed with SIGKILL mid-run leaves no process behind: the runs were threads of it", async () => {
  const dir = tempDir("sandbox-kill-");
  // Its own process group: anything it started would still be in the group after it died.
  const child = spawn(process.execPath, [CLI, "--port", "0", "--data-dir", dir, "--run-actions"], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let seen = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        seen += chunk.toString("utf8");
        const match = /Tenant server listening on (\S+)/.exec(seen);
        if (match) resolve(match[1]!);
      });
      child.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    });
    const credentials = JSON.parse(fs.readFileSync(path.join(dir, "credentials.json"), "utf8")) as Record<
      string,
      string
    >;
    const token = (
      (await (
        await fetch(credentials.tokenUrl!, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            grant_type: "client_credentials",
            client_id: credentials.clientId,
            client_secret: credentials.clientSecret,
            audience: credentials.audience,
          }),
        })
      ).json()) as { access_token: string }
    ).access_token;
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const created = (await (
      await fetch(`${url}/api/v2/actions/actions`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          name: "spin",
          supported_triggers: [{ id: "post-login" }],
          code: "exports.onExecutePostLogin = () => { for (;;) {} };",
        }),
      })
    ).json()) as { id: string };
    const running = fetch(`${url}/api/v2/actions/actions/${created.id}/test`, {
      method: "POST",
      headers,
      body: JSON.stringify({ payload: {} }),
    }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // While the code spins, the server has no child process: the run is one of its threads.
    expect(childrenOf(child.pid!)).toEqual([]);
    expect(fs.readdirSync(`/proc/${child.pid}/task`).length).toBeGreaterThan(1);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    await running;
    expect(fs.existsSync(`/proc/${child.pid}`)).toBe(false);
    expect(processesInGroup(child.pid!)).toEqual([]);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    removeDir(dir);
  }
});

/** Pids whose parent is `pid` (Linux). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return Number(fs.readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]!.split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Pids in the process group `pgid` (Linux). */
function processesInGroup(pgid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return Number(fs.readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]!.split(" ")[2]) === pgid;
      } catch {
        return false;
      }
    })
    .map(Number);
}
