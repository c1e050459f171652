#!/usr/bin/env node
/**
 * `npm run tenant -- [--port 4010] [--data-dir .tenant] [--clients clients.json]
 * [--rate-limit 50] [--max-connections 1000] [--tls] [--custom-domain NAME | --no-custom-domain] [--run-actions]`: runs the tenant server until SIGTERM/SIGINT
 * (`--help` describes every flag).
 * Prints `Tenant server listening on <url>` once it accepts requests. `npm run tenant -- token`
 * prints an access token of a running server's admin client (token-command.ts).
 */
import { readFileSync } from "node:fs";
import { parseArgs as parseNodeArgs } from "node:util";
import { resolve } from "node:path";
import {
  CREDENTIALS_FILE,
  DEFAULT_CUSTOM_DOMAIN,
  DEFAULT_PORT,
  DEFAULT_RATE_LIMIT,
  startTenantServer,
  type ClientSpec,
} from "./index";
import { MAX_RATE } from "./ratelimit";
import { kindNames, kindSpec } from "../api";
import { wrapWords } from "../api/words";
import { tokenCommand } from "./token-command";
import { parseFixtures } from "../api/table/fixtures";
import type { NetworkFixture } from "../api/table/operations";

/** The kinds the server serves, in words, from the table of kinds: "forms, event streams, … and trigger bindings". */
function kindsServed(): string {
  const words = kindNames().map((kind) => {
    const spec = kindSpec(kind)!;
    return spec.shape === "singleton" && !spec.singletonKey ? `the ${spec.label}` : spec.plural;
  });
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** `text` wrapped at 94 columns, as the rest of the help. */
const wrap = (text: string): string => wrapWords(text, 94);

/** Parsed command line. */
export interface CliOptions {
  port: number;
  dataDir: string;
  clientsFile?: string;
  rateLimit: number;
  tls: boolean;
  maxConnections?: number;
  /** The verified custom domain a fresh tenant starts with; false (`--no-custom-domain`) for none. */
  customDomain: string | false;
  /** `--run-actions`: let the action test route run code (in an engine of its own per run). */
  runActions: boolean;
  /** `--fixtures FILE`: the network fixtures that answer the login's outside calls. */
  fixturesFile?: string;
  /** `--help`: print {@link TENANT_HELP} and start nothing. */
  help: boolean;
}

/** What `npm run tenant -- --help` prints. */
export const TENANT_HELP = `Usage: npm run tenant -- [options]   (or: pulumi-tenant-server [options])
       npm run -s tenant -- token [--data-dir DIR]   print an access token of a running server

${wrap(
  `Runs a local tenant server that speaks the Auth0-style Management API (${kindsServed()}) on ` +
    '127.0.0.1 until SIGTERM or Ctrl-C. It prints "Tenant server listening on <url>" once it accepts requests.',
)}

Options:
  --port N             the port on 127.0.0.1 (0: any free port)          (default: ${DEFAULT_PORT})
  --data-dir DIR       where data goes: the SQLite database (secrets sealed with DIR/keys/data-key),
                       the token signing key (DIR/keys/), credentials.json and, with --tls, DIR/tls/.
                       Created owner-only (0700) if missing; an existing DIR that group or others
                       can enter is refused (chmod 700 it, or choose a new one). One server per
                       DIR: while one runs (DIR/server.lock), another on DIR is refused  (default: .tenant)
  --clients FILE       a JSON array of extra clients: {client_id, client_secret, scopes, global}
  --rate-limit N       requests per second per client and per address, 1..${MAX_RATE}  (default: ${DEFAULT_RATE_LIMIT})
  --max-connections N  open connections at most; more are refused      (default: no limit)
  --tls                serve HTTPS with a local CA made in DIR/tls/ (valid 30 days, loopback names
                       only, its key never written); clients trust it with
                       NODE_EXTRA_CA_CERTS=DIR/tls/ca.pem (the path is printed at start)
  --custom-domain NAME the verified custom domain a fresh tenant starts with (the login page
                       template needs one, as on the real service)  (default: ${DEFAULT_CUSTOM_DOMAIN})
  --no-custom-domain   start a fresh tenant without a custom domain (its template routes then
                       answer 400, as the real service does). Either applies once per DIR; later,
                       use /api/v2/custom-domains or PUT /__admin/custom-domains {"domains": [...]}
  --run-actions        let POST /api/v2/actions/actions/{id}/test run an action's code with the
                       request's payload as its event, and answer its calls on api, its logs,
                       its network requests and its error. Each run is its own JavaScript engine
                       (QuickJS in WebAssembly) with no Node in it: no process, files, sockets,
                       child processes or threads; fetch (and axios) is answered from the
                       request's "fixtures", never the network; declared dependencies are fetched
                       once with npm (no install scripts) into ~/.cache/pulumi-tenant (or
                       $PULUMI_TENANT_ACTION_CACHE); at most 5 s and 64 MiB. Without it that
                       route answers 403  (default: off)
  --fixtures FILE      a JSON array of network fixtures ({request: {method, url}, response: {status,
                       headers, body}}, as an action test's) that answer the hosted login's outside
                       calls: the post-login actions' requests and the forms' flows'. Nothing is
                       ever sent; a call no fixture answers fails, naming the fixture to add.
                       PUT /rehearsal/fixtures replaces them while the server runs
  -h, --help           print this text and exit

Credentials: the server makes an admin client (every scope) and writes its domain, client id,
client secret and audience to DIR/${CREDENTIALS_FILE} (mode 0600); the same secret is kept across
restarts. Point the provider at it with the values of that file. \`npm run -s tenant -- token\`
prints an access token of that client for curl or a test. See docs/guides/tenant-server.md.

Exit codes: 0 stopped by a signal, 1 error (message on stderr).`;

/** Parses argv (without node and the script); throws with a message for the user. */
export function parseArgs(argv: string[]): CliOptions {
  let values: ReturnType<typeof parseFlags>["values"];
  try {
    ({ values } = parseFlags(argv));
  } catch (error) {
    throw new Error(`${(error as Error).message}. See \`npm run tenant -- --help\`.`, { cause: error });
  }
  const integer = (flag: string, text: string | undefined, min: number, fallback?: number) => {
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text) || Number(text) < min)
      throw new Error(`--${flag} must be an integer >= ${min}, got "${text}"`);
    return Number(text);
  };
  const options: CliOptions = {
    port: integer("port", values.port, 0, DEFAULT_PORT) as number,
    dataDir: values["data-dir"] ?? ".tenant",
    clientsFile: values.clients,
    rateLimit: integer("rate-limit", values["rate-limit"], 1, DEFAULT_RATE_LIMIT) as number,
    maxConnections: integer("max-connections", values["max-connections"], 1),
    tls: values.tls ?? false,
    customDomain: values["no-custom-domain"] ? false : (values["custom-domain"] ?? DEFAULT_CUSTOM_DOMAIN),
    runActions: values["run-actions"] ?? false,
    fixturesFile: values.fixtures,
    help: values.help ?? false,
  };
  if (values["no-custom-domain"] && values["custom-domain"] !== undefined)
    throw new Error("--custom-domain and --no-custom-domain contradict each other: give one");
  if (options.customDomain !== false && !/^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/.test(options.customDomain))
    throw new Error(`--custom-domain must be a domain name such as login.example.com, got "${options.customDomain}"`);
  if (options.port > 65535) throw new Error(`--port must be at most 65535, got ${options.port}`);
  if (options.rateLimit > MAX_RATE)
    throw new Error(`--rate-limit must be at most ${MAX_RATE}, got ${options.rateLimit}`);
  return options;
}

function parseFlags(argv: string[]) {
  return parseNodeArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: "string" },
      "data-dir": { type: "string" },
      clients: { type: "string" },
      "rate-limit": { type: "string" },
      "max-connections": { type: "string" },
      tls: { type: "boolean" },
      "custom-domain": { type: "string" },
      "no-custom-domain": { type: "boolean" },
      "run-actions": { type: "boolean" },
      fixtures: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}

/** Reads a `--fixtures` file: a JSON array of network fixtures; throws naming the file and what is wrong. */
export function readFixturesFile(path: string): NetworkFixture[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`--fixtures ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    return parseFixtures(parsed);
  } catch (error) {
    throw new Error(`--fixtures ${path}: ${(error as Error).message}`, { cause: error });
  }
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
  if (process.argv[2] === "token") return tokenCommand(process.argv.slice(3));
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(`${TENANT_HELP}\n`);
    return;
  }
  const dataDir = resolve(options.dataDir);
  const server = await startTenantServer({
    port: options.port,
    dataDir,
    rateLimit: options.rateLimit,
    clients: options.clientsFile ? readClientsFile(options.clientsFile) : [],
    ...(options.fixturesFile ? { fixtures: readFixturesFile(options.fixturesFile) } : {}),
    tls: options.tls,
    maxConnections: options.maxConnections,
    customDomain: options.customDomain,
    runActions: options.runActions,
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
