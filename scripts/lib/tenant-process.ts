/**
 * The tenant server as a background process of its own (`server/dist/server/cli.js`), for the
 * demo and the benchmark: started once, found again by its pid file, stopped on request.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "./pulumi";

/** What `credentials.json` in the data directory holds. */
export interface TenantCredentials {
  domain: string;
  baseUrl: string;
  tokenUrl: string;
  audience: string;
  clientId: string;
  clientSecret: string;
}

const PID_FILE = "server.pid";

/** Reads `<dataDir>/credentials.json`, or undefined before the first start. */
export function readCredentials(dataDir: string): TenantCredentials | undefined {
  const file = path.join(dataDir, "credentials.json");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as TenantCredentials) : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of the server running on `dataDir`, if one is. */
export function runningServerPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, PID_FILE);
  if (!fs.existsSync(file)) return undefined;
  const pid = Number(fs.readFileSync(file, "utf8").trim());
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

/** Answers when a server answers at `url` (its public keys route needs no token). */
export async function isServing(url: string): Promise<boolean> {
  try {
    const reply = await fetch(`${url}/.well-known/jwks.json`, { signal: AbortSignal.timeout(2000) });
    return reply.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the tenant server in the background on `dataDir` (or finds the one already
 * running there) and returns its credentials. Its log goes to `<dataDir>/server.log`.
 */
export async function ensureTenantServer(options: {
  dataDir: string;
  port: number;
  extraArgs?: string[];
}): Promise<{ credentials: TenantCredentials; started: boolean }> {
  const { dataDir, port } = options;
  // Owner-only, as the server requires of an existing data directory (it holds keys and credentials).
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const running = runningServerPid(dataDir);
  const known = readCredentials(dataDir);
  if (running && known && (await isServing(known.domain))) return { credentials: known, started: false };

  // The server writes to its log file directly, so it outlives this process safely.
  const logFile = path.join(dataDir, "server.log");
  const logStart = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
  const log = fs.openSync(logFile, "a");
  const child = spawn(
    process.execPath,
    [
      path.join(REPO_ROOT, "server", "dist", "server", "cli.js"),
      "--port",
      String(port),
      "--data-dir",
      dataDir,
      ...(options.extraArgs ?? []),
    ],
    {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ["ignore", log, log],
    },
  );
  fs.closeSync(log);
  let exitCode: number | null | undefined;
  child.once("exit", (code) => {
    exitCode = code;
  });
  for (let waited = 0; ; waited += 100) {
    const fresh = fs.readFileSync(logFile, "utf8").slice(logStart);
    if (/listening on \S+/.test(fresh)) break;
    if (exitCode !== undefined) {
      // The server's own last words say why (a port in use, a refused data directory, ...).
      const said = fresh.trim().split("\n").slice(-3).join("\n");
      throw new Error(
        `the tenant server exited with code ${exitCode} before it was ready${said ? `:\n${said}\n` : "; "}` +
          `(is port ${port} in use?) See ${logFile}`,
      );
    }
    if (waited > 30_000) throw new Error(`the tenant server did not start within 30 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.removeAllListeners("exit");
  child.unref();
  fs.writeFileSync(path.join(dataDir, PID_FILE), String(child.pid));
  const credentials = readCredentials(dataDir);
  if (!credentials) throw new Error(`the tenant server wrote no ${path.join(dataDir, "credentials.json")}`);
  return { credentials, started: true };
}

/** Stops the server running on `dataDir`; true when there was one. */
export async function stopTenantServer(dataDir: string): Promise<boolean> {
  const pid = runningServerPid(dataDir);
  if (!pid) return false;
  process.kill(pid, "SIGTERM");
  for (let waited = 0; waited < 10_000 && isAlive(pid); waited += 100) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
  fs.rmSync(path.join(dataDir, PID_FILE), { force: true });
  return true;
}
