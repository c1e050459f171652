/**
 * The local tenant server: the management API of one identity tenant (rate limit
 * policies, forms, the login page template, event streams) with its token endpoint.
 * `startTenantServer` runs it in-process (tests, the demo); `cli.ts` runs it standalone.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codeSandbox, type SandboxOptions } from "./sandbox";
import { buildApp } from "./app";
import { ClientRegistry, type ClientSpec } from "./auth/clients";
import { loadSigningKey } from "./auth/keys";
import { TokenService } from "./auth/tokens";
import type { TenantContext } from "./context";
import { Counters, FaultInjector, type FaultSpec } from "./faults";
import { CREDENTIALS_FILE, credentialsFileOf, type AdminCredentials } from "./credentials-file";
import { lockDataDir, type DataDirLock } from "./data-dir-lock";
import { checkPrivateDataFile, ensurePrivateDir, writePrivateFile } from "./files";
import { createLogger, type LoggerOption, type TenantLogger } from "./logger";
import { RateLimiter } from "./ratelimit";
import { rehearsalOf } from "./rehearsal";
import type { NetworkFixture } from "../api/table/operations";
import { seedCustomDomain } from "./routes/custom-domains";
import { openStore, type Store } from "./store";
import { ensureTlsMaterial } from "./tls";

export type { ClientSpec } from "./auth/clients";
export type { FaultSpec } from "./faults";
export { DATA_DIR_LOCK_FILE, DataDirInUseError, dataDirHolder, type DataDirHolder } from "./data-dir-lock";

/** Default port of the server. */
export const DEFAULT_PORT = 4010;
/** Default requests per second per client. */
export const DEFAULT_RATE_LIMIT = 50;
/** Name of the credentials file in the data directory. */
export { CREDENTIALS_FILE, type AdminCredentials };

/** How to start the server. */
export interface TenantServerOptions {
  /** Port; default 4010, 0 = any free port. */
  port?: number;
  /** Interface; default "127.0.0.1" (loopback only). */
  host?: string;
  /**
   * SQLite (WAL), keys and credentials.json live here; undefined = in-memory store and ephemeral keys.
   * One server at a time: a directory another live server holds is refused ({@link DataDirInUseError}).
   */
  dataDir?: string;
  /** Requests per second per client; default 50. */
  rateLimit?: number;
  /** Extra clients besides the admin client. */
  clients?: ClientSpec[];
  /** Serve HTTPS with a local CA and certificate (in dataDir, or a temporary directory). */
  tls?: boolean;
  /** Request log: default pino to stdout at info; `false` for none. */
  logger?: LoggerOption;
  /**
   * Connections held open at most; default 1000 (fewer if the open-file limit requires).
   * At the cap a new connection displaces the one that has waited longest for its request,
   * or gets a 503 when every connection is busy.
   */
  maxConnections?: number;
  /**
   * The verified custom domain a fresh tenant starts with (default {@link DEFAULT_CUSTOM_DOMAIN});
   * `false` for none. Applied once per data directory: a tenant that has started before keeps
   * its domains (change them through the API, or `PUT /__admin/custom-domains`).
   */
  customDomain?: string | false;
  /**
   * Let `POST /api/v2/actions/actions/{id}/test` run an action's code (default false: the route
   * answers 403). Each run is its own JavaScript engine (QuickJS in WebAssembly) with nothing of
   * Node in it; `true` uses the runner's default limits, an object sets some of them and the
   * dependency cache's folder.
   */
  runActions?: boolean | SandboxOptions;
  /**
   * The network fixtures that answer the hosted login's outside calls (the post-login actions'
   * requests, the forms' flows'): nothing is ever sent. `PUT /rehearsal/fixtures` replaces them.
   */
  fixtures?: NetworkFixture[];
}

/** The custom domain a fresh tenant starts with: the login page template needs one, as on the real service. */
export const DEFAULT_CUSTOM_DOMAIN = "login.example.com";

/** A running server. */
export interface TenantServer {
  /** `http://127.0.0.1:<port>` (https when tls). */
  url: string;
  /** url + "/api/v2". */
  baseUrl: string;
  /** The admin client: global, every scope. */
  credentials: AdminCredentials;
  /** The CA certificate to trust, when tls. */
  caCertPath?: string;
  /** Fault injection for the next requests of a route. */
  faults: { add(spec: FaultSpec): void; clear(): void };
  /** Requests by `"METHOD routePattern"`, plus `"429"` and `"5xx"`. */
  counters: { snapshot(): Record<string, number>; reset(): void };
  /** Changes the per-client rate (buckets start full). */
  setRateLimit(perSecond: number): void;
  /** Adds (or replaces) a client. */
  addClient(spec: ClientSpec): void;
  /** Stops listening and closes the store. */
  close(): Promise<void>;
}

function readCredentials(dataDir: string): Partial<AdminCredentials> | undefined {
  const path = credentialsFileOf(dataDir);
  if (!existsSync(path)) return undefined;
  checkPrivateDataFile(path);
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Partial<AdminCredentials>;
  } catch {
    return undefined;
  }
}

function writeCredentials(dataDir: string, credentials: AdminCredentials): void {
  writePrivateFile(credentialsFileOf(dataDir), `${JSON.stringify(credentials, null, 2)}\n`);
}

/** Starts a tenant server; resolves once it listens. */
export async function startTenantServer(options: TenantServerOptions = {}): Promise<TenantServer> {
  const { dataDir } = options;
  const host = options.host ?? "127.0.0.1";
  let lock: DataDirLock | undefined;
  if (dataDir) {
    // Before the store opens: a second server must not touch the database, nor rewrite credentials.json.
    ensurePrivateDir(dataDir);
    lock = lockDataDir(dataDir);
  }
  let store: Store;
  try {
    store = openStore(dataDir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  let url = "";
  let log: TenantLogger | undefined;
  try {
    const signingKey = await loadSigningKey(dataDir);
    const clients = new ClientRegistry(store);
    const admin = clients.loadAdmin(dataDir ? readCredentials(dataDir)?.clientSecret : undefined);
    for (const spec of options.clients ?? []) clients.add(spec);
    seedCustomDomain(store, options.customDomain ?? DEFAULT_CUSTOM_DOMAIN);
    const context: TenantContext = {
      store,
      clients,
      signingKey,
      tokens: new TokenService(signingKey, { url: () => url }),
      rateLimiter: new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT),
      faults: new FaultInjector(),
      counters: new Counters(),
      url: () => url,
      ...(options.runActions
        ? { sandbox: codeSandbox(typeof options.runActions === "object" ? options.runActions : undefined) }
        : {}),
    };
    if (options.fixtures) rehearsalOf(context).fixtures = options.fixtures;
    const tls = options.tls ? ensureTlsMaterial(dataDir ?? mkdtempSync(join(tmpdir(), "tenant-tls-"))) : undefined;
    log = createLogger(options.logger ?? true);
    const app = buildApp(context, {
      logger: log?.logger,
      https: tls ? { key: tls.key, cert: tls.cert } : undefined,
      maxConnections: options.maxConnections,
    });
    await app.listen({ port: options.port ?? DEFAULT_PORT, host });
    const { port } = app.server.address() as AddressInfo;
    url = `${tls ? "https" : "http"}://${host.includes(":") ? `[${host}]` : host}:${port}`;
    const credentials: AdminCredentials = {
      domain: url,
      baseUrl: `${url}/api/v2`,
      tokenUrl: `${url}/oauth/token`,
      audience: `${url}/api/v2/`,
      clientId: admin.client.client_id,
      clientSecret: admin.secret,
    };
    if (dataDir) writeCredentials(dataDir, credentials);
    lock?.setUrl(url);
    let closing: Promise<void> | undefined;
    return {
      url,
      baseUrl: credentials.baseUrl,
      credentials,
      caCertPath: tls?.caCertPath,
      faults: { add: (spec) => context.faults.add(spec), clear: () => context.faults.clear() },
      counters: { snapshot: () => context.counters.snapshot(), reset: () => context.counters.reset() },
      setRateLimit: (perSecond) => context.rateLimiter.setRate(perSecond),
      addClient: (spec) => clients.add(spec),
      close: () => {
        // The log last, so that what the server wrote while stopping is in it.
        closing ??= app
          .close()
          .then(() => context.sandbox?.close?.())
          .then(() => store.close())
          .finally(() => {
            lock?.release();
            return log?.close();
          });
        return closing;
      },
    };
  } catch (error) {
    store.close();
    lock?.release();
    await log?.close();
    throw error;
  }
}
