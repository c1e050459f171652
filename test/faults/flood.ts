/**
 * Floods for the resource suites, each bounded in count and time and stopping by itself:
 * a flood of long-URL requests and a flood of stalled connections (both run in a child
 * process so the attacker does not share an event loop with the measuring test), a
 * well-behaved client that measures what it gets meanwhile, and a sampler of a process's
 * resident memory.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

/** Runs `script` in a plain node child with `args`; resolves with the JSON it prints last. */
function runChild<T>(script: string, args: (string | number)[]): Promise<T> {
  const child = spawn(process.execPath, ["-e", script, ...args.map(String)], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => {
      const last = stdout.trim().split("\n").pop() ?? "";
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`flood child exited ${code} without a result: ${stderr || stdout}`));
      }
    });
  });
}

/** What a long-URL flood sent and got. */
export interface UrlFloodResult {
  sent: number;
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
}

const URL_FLOOD = `
  const http = require("http");
  const [origin, seconds, maxRequests, connections, pathLength] = process.argv.slice(1);
  const target = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
  // Three long URLs: a path no route matches, a path parameter far over its limit, a long query.
  const filler = "x".repeat(Number(pathLength));
  const paths = ["/" + filler, "/api/v2/forms/ap_" + filler, "/api/v2/forms?q=" + filler];
  const started = Date.now();
  const deadline = started + Number(seconds) * 1000;
  const statuses = {};
  let sent = 0, errors = 0;
  const one = () => new Promise((resolve) => {
    const path = paths[sent % paths.length];
    const request = http.request({ host: target.hostname, port: target.port, path, agent }, (response) => {
      response.resume();
      response.on("end", () => { statuses[response.statusCode] = (statuses[response.statusCode] || 0) + 1; resolve(); });
    });
    request.setTimeout(10000, () => request.destroy());
    request.on("error", () => { errors++; resolve(); });
    request.end();
  });
  const worker = async () => { while (Date.now() < deadline && sent < Number(maxRequests)) { const done = one(); sent++; await done; } };
  Promise.all(Array.from({ length: Number(connections) }, worker)).then(() => {
    agent.destroy();
    console.log(JSON.stringify({ sent, statuses, errors, seconds: (Date.now() - started) / 1000 }));
  });`;

/** Sends GETs with ~`pathLength`-character paths on `connections` keep-alive connections for `seconds` or `maxRequests`. */
export function longUrlFlood(
  origin: string,
  options: { seconds: number; maxRequests: number; connections: number; pathLength: number },
): Promise<UrlFloodResult> {
  return runChild(URL_FLOOD, [origin, options.seconds, options.maxRequests, options.connections, options.pathLength]);
}

/** What a stalled-connection flood saw. */
export interface StallFloodResult {
  opened: number;
  /** Longest time a stalled connection stayed open, in seconds (still open at the end counts up to then). */
  longestLivedSeconds: number;
  /** Connections the server had not closed when the flood gave up waiting. */
  stillOpen: number;
  /** First status line the server wrote on each connection ("none" when it just closed it). */
  answers: Record<string, number>;
  /** Connections that could not be opened at all. */
  connectErrors: number;
}

const STALL_FLOOD = `
  const net = require("net");
  const [host, port, seconds, perSecond, maxOpen, graceSeconds] = process.argv.slice(1).map((v, i) => i === 0 ? v : Number(v));
  // Four stalls: headers sent and the body stalls (at the public token endpoint, whose body is
  // read before anything else, and at an API route); half the headers; nothing at all.
  const openings = [
    "POST /oauth/token HTTP/1.1\\r\\nHost: x\\r\\nContent-Type: application/x-www-form-urlencoded\\r\\nContent-Length: 100000\\r\\n\\r\\ngrant_type=",
    "POST /api/v2/forms HTTP/1.1\\r\\nHost: x\\r\\nContent-Type: application/json\\r\\nContent-Length: 100000\\r\\n\\r\\n{\\"name\\":",
    "POST /api/v2/forms HTTP/1.1\\r\\nHost: x\\r\\nContent-Type: appl",
    "",
  ];
  const open = new Map();
  const lifetimes = [];
  const answers = {};
  let opened = 0, connectErrors = 0, n = 0;
  const started = Date.now();
  const openOne = () => {
    const openedAt = Date.now();
    const socket = net.connect({ host, port: Number(port) });
    const opening = openings[n++ % openings.length];
    let firstBytes = "";
    opened++;
    open.set(socket, openedAt);
    let connected = false;
    socket.on("connect", () => { connected = true; if (opening) socket.write(opening); });
    socket.on("data", (chunk) => { if (firstBytes.length < 64) firstBytes += chunk.toString("latin1"); });
    socket.on("error", () => { if (!connected) connectErrors++; });
    socket.on("close", () => {
      open.delete(socket);
      lifetimes.push(Date.now() - openedAt);
      const status = (/^HTTP\\/1\\.[01] (\\d{3})/.exec(firstBytes) || [])[1] || "none";
      answers[status] = (answers[status] || 0) + 1;
    });
  };
  const tick = setInterval(() => {
    if (Date.now() - started >= seconds * 1000) { clearInterval(tick); return finish(); }
    for (let i = 0; i < perSecond / 20 && open.size < maxOpen; i++) openOne();
  }, 50);
  function finish() {
    const floodEnded = Date.now();
    const wait = setInterval(() => {
      if (open.size > 0 && Date.now() - floodEnded < graceSeconds * 1000) return;
      clearInterval(wait);
      const now = Date.now();
      const stillOpen = open.size;
      const longest = Math.max(0, ...lifetimes, ...[...open.values()].map((at) => now - at));
      for (const socket of open.keys()) socket.destroy();
      console.log(JSON.stringify({ opened, longestLivedSeconds: Math.round(longest / 100) / 10, stillOpen, answers, connectErrors }));
      process.exit(0);
    }, 200);
  }`;

/**
 * Opens up to `perSecond` stalled connections a second (at most `maxOpen` at once) for
 * `seconds`, then waits up to `graceSeconds` for the server to close them.
 */
export function stallFlood(
  origin: string,
  options: { seconds: number; perSecond: number; maxOpen: number; graceSeconds: number },
): Promise<StallFloodResult> {
  const { hostname, port } = new URL(origin);
  return runChild(STALL_FLOOD, [
    hostname,
    port,
    options.seconds,
    options.perSecond,
    options.maxOpen,
    options.graceSeconds,
  ]);
}

/** What the well-behaved client got. */
export interface ClientResult {
  requests: number;
  failures: string[];
  p50Ms: number;
  maxMs: number;
}

/**
 * A well-behaved client: one GET at a time with its own token, a pause between them,
 * until `until()` says stop. Every answer must be a 200.
 */
export async function wellBehavedClient(
  url: string,
  token: string,
  until: () => boolean,
  pauseMs = 50,
): Promise<ClientResult> {
  const latencies: number[] = [];
  const failures: string[] = [];
  while (!until()) {
    const started = performance.now();
    try {
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      if (response.status !== 200) failures.push(String(response.status));
    } catch (error) {
      failures.push(String((error as Error).cause ?? error));
    }
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failures,
    p50Ms: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
    maxMs: Math.round(latencies[latencies.length - 1] ?? 0),
  };
}

/** Samples a process's resident memory every `everyMs`; `stop()` returns the peak in MB. */
export function sampleRss(pid: number, everyMs = 100): { stop(): number; current(): number } {
  const read = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
      return Math.max(kb("VmRSS"), kb("VmHWM")) / 1024;
    } catch {
      return 0; // the process is gone
    }
  };
  let peak = read();
  const timer = setInterval(() => {
    peak = Math.max(peak, read());
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      peak = Math.max(peak, read());
      return Math.round(peak);
    },
    current: () => Math.round(read()),
  };
}
