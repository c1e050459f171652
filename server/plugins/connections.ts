/**
 * Connections: how many the server keeps open, and which one gives way when a new one
 * comes in at the cap.
 *
 * Node's own timeouts (set in app.ts) close a connection whose request does not arrive in
 * time, but a local client can open connections faster than any timeout reaps them; left
 * alone they reach the open-file limit and every other client is refused by the kernel.
 * So the server holds at most `maxConnections`. At the cap, a new connection displaces
 * the connection that has waited longest for its request — first those that never
 * completed one (a stalled upload, half the headers, nothing at all: they get a 408), then
 * idle keep-alive connections (closed as a keep-alive timeout would close them). A
 * connection whose request is being handled is never displaced; when every connection is
 * busy, the newcomer gets a 503 with `Retry-After` and is closed.
 */
import type { FastifyInstance } from "fastify";
import { readFileSync } from "node:fs";
import type { Server, Socket } from "node:net";
import { Server as TlsServer } from "node:tls";
import { apiError, ERROR_CODES } from "../../api";
import type { Counters } from "../faults";
import { CLIENT_ERROR_CODES } from "./client-errors";
import { globalPlugin } from "./global";

/** Connections held open at most, unless the open-file limit allows fewer. */
export const DEFAULT_MAX_CONNECTIONS = 1_000;
/** File descriptors kept for everything else (database, log, TLS files, refusals in flight). */
const RESERVED_FILES = 100;
/** How long a refused connection may take to read its 503 before it is closed anyway. */
const REFUSAL_LINGER_MS = 2_000;

/** The soft limit on open files of this process, when the platform says. */
export function openFileLimit(): number | undefined {
  try {
    const match = /^Max open files\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The connection cap to use: `requested`, or the default lowered to fit the open-file
 * limit. Throws when `requested` cannot fit, rather than failing under load.
 */
export function connectionCap(requested: number | undefined, fileLimit = openFileLimit()): number {
  const fits = fileLimit === undefined ? Infinity : fileLimit - RESERVED_FILES;
  if (requested === undefined) return Math.max(1, Math.min(DEFAULT_MAX_CONNECTIONS, fits));
  if (!Number.isInteger(requested) || requested < 1)
    throw new Error(`maxConnections must be an integer >= 1, got ${requested}`);
  if (requested > fits) {
    throw new Error(
      `maxConnections ${requested} does not fit the open-file limit (${fileLimit}): use at most ${fits}, or raise the limit (ulimit -n)`,
    );
  }
  return requested;
}

function rawResponse(status: number, reason: string, body: object, headers: Record<string, string> = {}): string {
  const text = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(text)}`,
    "Connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${text}`;
}

const DISPLACED = rawResponse(408, "Request Timeout", {
  statusCode: 408,
  error: "Request Timeout",
  message: "The request did not arrive in time and the server needed the connection.",
  errorCode: CLIENT_ERROR_CODES.requestTimeout,
});
const REFUSED = rawResponse(
  503,
  "Service Unavailable",
  apiError(503, "Too many open connections: every one is busy. Retry shortly.", ERROR_CODES.serviceUnavailable),
  { "Retry-After": "1" },
);

/** Tracks every connection and enforces the cap (see the file comment). */
export class ConnectionGuard {
  private readonly open = new Set<Socket>();
  /** Connections that have not completed a request yet, oldest first. */
  private readonly fresh = new Set<Socket>();
  /** Connections between requests (keep-alive), longest idle first. */
  private readonly idle = new Set<Socket>();

  constructor(
    private readonly max: number,
    private readonly counters: Counters,
  ) {}

  /** Wraps `server`'s connection listeners so that each new connection is admitted first. */
  attach(server: Server): void {
    // For HTTPS the HTTP machinery listens on the TLS layer's event; the TLS handshake itself is bounded by Node's limits.
    const event = server instanceof TlsServer ? "secureConnection" : "connection";
    const listeners = server.listeners(event) as ((socket: Socket) => void)[];
    server.removeAllListeners(event);
    server.on(event, (socket: Socket) => {
      if (this.admit(socket)) for (const listener of listeners) listener.call(server, socket);
    });
    // A backstop for connections still in handshake or being refused.
    server.maxConnections = this.max + RESERVED_FILES;
  }

  /** The request on `socket` has arrived whole and is being handled: never displace it. */
  busy(socket: Socket): void {
    this.fresh.delete(socket);
    this.idle.delete(socket);
  }

  /** `socket` has been answered and waits for its next request. */
  answered(socket: Socket): void {
    if (!this.open.has(socket)) return;
    this.fresh.delete(socket);
    this.idle.delete(socket);
    this.idle.add(socket);
  }

  private admit(socket: Socket): boolean {
    if (this.open.size >= this.max && !this.displaceOne()) {
      this.counters.increment("connections refused");
      socket.on("error", () => undefined);
      socket.end(REFUSED);
      setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
      return false;
    }
    this.open.add(socket);
    this.fresh.add(socket);
    socket.once("close", () => this.forget(socket));
    return true;
  }

  private displaceOne(): boolean {
    const stalled = first(this.fresh);
    const victim = stalled ?? first(this.idle);
    if (!victim) return false;
    this.forget(victim);
    this.counters.increment("connections displaced");
    if (stalled) victim.write(DISPLACED);
    victim.destroy();
    return true;
  }

  private forget(socket: Socket): void {
    this.open.delete(socket);
    this.fresh.delete(socket);
    this.idle.delete(socket);
  }
}

const first = (set: Set<Socket>): Socket | undefined => set.values().next().value;

/** The connection cap, attached to the app's server, and the hooks that tell it which connections are busy. */
export const connectionCapPlugin = globalPlugin(
  "tenant-connection-cap",
  (app: FastifyInstance, { maxConnections, counters }: { maxConnections: number; counters: Counters }) => {
    const guard = new ConnectionGuard(maxConnections, counters);
    guard.attach(app.server);
    app.addHook("preValidation", async (request) => guard.busy(request.raw.socket));
    app.addHook("onResponse", async (request) => guard.answered(request.raw.socket));
  },
);
