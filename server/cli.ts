#!/usr/bin/env node
/**
 * `npm run tenant -- [--port 4010] [--data-dir .tenant] [--clients clients.json]
 * [--rate-limit 50] [--max-connections 1000] [--tls]`: runs the tenant server until SIGTERM/SIGINT.
 * Prints `Tenant server listening on <url>` once it accepts requests.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { CREDENTIALS_FILE, DEFAULT_PORT, DEFAULT_RATE_LIMIT, startTenantServer, type ClientSpec } from "./index";
import { MAX_RATE } from "./ratelimit";

/** Parsed command line. */
export interface CliOptions {
  port: number;
  dataDir: string;
  clientsFile?: string;
  rateLimit: number;
  tls: boolean;
  maxConnections?: number;
}

const USAGE =
  "Usage: tenant [--port <n>] [--data-dir <dir>] [--clients <file.json>] [--rate-limit <n>] [--max-connections <n>] [--tls]";

/** Parses argv (without node and the script); throws with a message for the user. */
export function parseArgs(argv: string[]): CliOptions {
  const options: CliOptions = { port: DEFAULT_PORT, dataDir: ".tenant", rateLimit: DEFAULT_RATE_LIMIT, tls: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => {
      const next = inline ?? argv[++i];
      if (next === undefined) throw new Error(`${flag} needs a value. ${USAGE}`);
      return next;
    };
    const integer = (min: number) => {
      const text = value();
      if (!/^\d+$/.test(text) || Number(text) < min)
        throw new Error(`${flag} must be an integer >= ${min}, got "${text}"`);
      return Number(text);
    };
    switch (flag) {
      case "--port":
        options.port = integer(0);
        break;
      case "--data-dir":
        options.dataDir = value();
        break;
      case "--clients":
        options.clientsFile = value();
        break;
      case "--rate-limit":
        options.rateLimit = integer(1);
        break;
      case "--max-connections":
        options.maxConnections = integer(1);
        break;
      case "--tls":
        options.tls = true;
        break;
      case "--help":
      case "-h":
        throw new Error(USAGE);
      default:
        throw new Error(`Unknown option ${flag}. ${USAGE}`);
    }
  }
  if (options.port > 65535) throw new Error(`--port must be at most 65535, got ${options.port}`);
  if (options.rateLimit > MAX_RATE)
    throw new Error(`--rate-limit must be at most ${MAX_RATE}, got ${options.rateLimit}`);
  return options;
}

/** Reads a `--clients` file: a JSON array of {client_id, client_secret, scopes, global}. */
export function readClientsFile(path: string): ClientSpec[] {
  const parsed = JSON.parse(readFileSync(path, "utf8")) as unknown;
  if (!Array.isArray(parsed)) throw new Error(`${path} must hold a JSON array of clients`);
  return parsed.map((entry, index) => {
    const spec = entry as Partial<ClientSpec>;
    if (
      typeof spec.client_id !== "string" ||
      typeof spec.client_secret !== "string" ||
      !Array.isArray(spec.scopes) ||
      !spec.scopes.every((scope) => typeof scope === "string")
    ) {
      throw new Error(`${path}[${index}] needs client_id, client_secret (strings) and scopes (array of strings)`);
    }
    return {
      client_id: spec.client_id,
      client_secret: spec.client_secret,
      scopes: spec.scopes,
      global: spec.global === true,
    };
  });
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const dataDir = resolve(options.dataDir);
  const server = await startTenantServer({
    port: options.port,
    dataDir,
    rateLimit: options.rateLimit,
    clients: options.clientsFile ? readClientsFile(options.clientsFile) : [],
    tls: options.tls,
    maxConnections: options.maxConnections,
    logger: true,
  });
  process.stdout.write(`Admin credentials: ${resolve(dataDir, CREDENTIALS_FILE)}\n`);
  if (server.caCertPath) {
    process.stdout.write(
      `TLS CA certificate: ${server.caCertPath} (trust it with NODE_EXTRA_CA_CERTS=${server.caCertPath})\n`,
    );
  }
  // Last: the line scripts and tests wait for, so whatever precedes it is already out.
  process.stdout.write(`Tenant server listening on ${server.url}\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Error while stopping on ${signal}: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
