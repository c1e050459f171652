/**
 * The tenant server as a background process of its own (`server/dist/server/cli.js`), for the
 * demo: started once, found again by the lock it holds on its data directory (its pid and URL),
 * stopped on request.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { credentialsFileOf, readCredentialsFile, type AdminCredentials } from "../../server/credentials-file";
import { dataDirHolder, isProcessRunning, type DataDirHolder } from "../../server/data-dir-lock";
import { REPO_ROOT } from "./pulumi";

/** What `credentials.json` in the data directory holds. */
export type TenantCredentials = AdminCredentials;

/** Reads `<dataDir>/credentials.json`, or undefined before the first start. */
export const readCredentials = (dataDir: string): TenantCredentials | undefined => readCredentialsFile(dataDir);

/** The server running on `dataDir` (pid, and its URL once it listens), by the lock it holds there. */
export function runningServer(dataDir: string): DataDirHolder | undefined {
  return dataDirHolder(dataDir);
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
 * Starts the tenant server in the background on `dataDir` (or finds the one already running
 * there, whatever its port) and returns its credentials. Its log goes to `<dataDir>/server.log`.
 */
export async function ensureTenantServer(options: {
  dataDir: string;
  port: number;
  extraArgs?: string[];
}): Promise<{ credentials: TenantCredentials; started: boolean }> {
  const { dataDir, port } = options;
  // Owner-only, as the server requires of an existing data directory (it holds keys and credentials).
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const running = runningServer(dataDir);
  if (running) {
    // The server writes credentials.json once it listens, then its URL in its lock: both name the same server.
    const known = readCredentials(dataDir);
    if (running.url && known?.domain === running.url && (await isServing(running.url)))
      return { credentials: known, started: false };
    throw new Error(
      `the tenant server with pid ${running.pid} holds ${dataDir} ` +
        `${running.url ? `but does not answer at ${running.url}` : "but has not started listening"}: ` +
        `stop it (kill ${running.pid}) and run this again. Its log: ${path.join(dataDir, "server.log")}`,
    );
  }

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
      const portTaken = /EADDRINUSE/.test(said);
      throw new Error(
        portTaken
          ? `port ${port} is taken by another process, so the tenant server could not start. ` +
              "Stop that process, or choose another port for this run: TENANT_PORT=<port> npm run demo."
          : `the tenant server exited with code ${exitCode} before it was ready${said ? `: ${said}` : ""} (see ${logFile})`,
      );
    }
    if (waited > 30_000) throw new Error(`the tenant server did not start within 30 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.removeAllListeners("exit");
  child.unref();
  const credentials = readCredentials(dataDir);
  if (!credentials) throw new Error(`the tenant server wrote no ${credentialsFileOf(dataDir)}`);
  return { credentials, started: true };
}

/** Stops the server running on `dataDir` (SIGTERM, then SIGKILL after 10 s); its pid when there was one. */
export async function stopTenantServer(dataDir: string): Promise<number | undefined> {
  const running = runningServer(dataDir);
  if (!running) return undefined;
  const { pid } = running;
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    return pid; // gone meanwhile
  }
  for (let waited = 0; waited < 10_000 && isProcessRunning(pid); waited += 100)
    await new Promise((r) => setTimeout(r, 100));
  if (isProcessRunning(pid)) process.kill(pid, "SIGKILL");
  return pid;
}
