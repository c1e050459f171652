/**
 * A PostgreSQL cluster of its own for a test run: the shared state backend that CI runners use
 * (`postgres://` backends of Pulumi CLI 3.248). Its own data folder and port on 127.0.0.1,
 * started with `pg_ctl` and stopped (then killed by pid if it lingers) by {@link PostgresCluster.stop}.
 *
 * {@link ensurePostgres} finds the server binaries (`/usr/lib/postgresql/<v>/bin`, or
 * `PULUMI_TENANT_PG_BIN`) and, on a Debian machine without them where we are root, installs the
 * `postgresql` package with apt-get. As root, the cluster runs as the `postgres` user
 * (PostgreSQL refuses to run as root).
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";

const PG_ROOT = "/usr/lib/postgresql";
/** The database the backend's tables go in. */
const DATABASE = "pulumi";
/** The cluster's superuser (trust authentication on loopback only). */
const USER = "tenant";

function log(text: string): void {
  process.stderr.write(`[postgres] ${text}\n`);
}

/** The folder of `initdb`/`pg_ctl`, if PostgreSQL's server is installed. */
function findBinDir(): string | undefined {
  const fromEnv = process.env.PULUMI_TENANT_PG_BIN;
  if (fromEnv && fs.existsSync(path.join(fromEnv, "initdb"))) return fromEnv;
  if (!fs.existsSync(PG_ROOT)) return undefined;
  const versions = fs
    .readdirSync(PG_ROOT)
    .filter((name) => fs.existsSync(path.join(PG_ROOT, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(PG_ROOT, versions[0], "bin") : undefined;
}

const isRoot = () => process.getuid?.() === 0;

/**
 * The folder of PostgreSQL's server binaries, installing the Debian package first when they
 * are missing and we may (root, apt-get present). Throws saying what to install otherwise.
 */
export function ensurePostgres(): string {
  const found = findBinDir();
  if (found) return found;
  const apt = spawnSync("which", ["apt-get"]).status === 0;
  if (isRoot() && apt) {
    log("PostgreSQL is not installed: apt-get install postgresql (a minute or two)");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-q"], { stdio: ["ignore", "inherit", "inherit"], env });
    const install = spawnSync("apt-get", ["install", "-y", "-q", "--no-install-recommends", "postgresql"], {
      stdio: ["ignore", "inherit", "inherit"],
      env,
    });
    const after = findBinDir();
    if (after) return after;
    throw new Error(
      `apt-get could not install PostgreSQL (update exit ${update.status}, install exit ${install.status}). ` +
        "Install the `postgresql` package (15 or later), or set PULUMI_TENANT_PG_BIN to the folder holding initdb and pg_ctl.",
    );
  }
  throw new Error(
    "PostgreSQL's server (initdb, pg_ctl) is not installed, and this process cannot install it. " +
      "Install the `postgresql` package (e.g. `sudo apt-get install postgresql`), or set PULUMI_TENANT_PG_BIN to its bin folder.",
  );
}

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A started cluster. */
export interface PostgresCluster {
  /** `postgres://tenant@127.0.0.1:<port>/pulumi?sslmode=disable`: a Pulumi state backend URL. */
  backendUrl: string;
  port: number;
  /** The postmaster's pid. */
  pid: number;
  /** Stops the cluster (fast shutdown; killed by pid if it lingers) and removes its data folder. */
  stop(): Promise<void>;
}

/** Runs a PostgreSQL tool, as the `postgres` user when we are root. */
function runTool(binDir: string, tool: string, args: string[]): void {
  const command = isRoot() ? "runuser" : path.join(binDir, tool);
  const argv = isRoot() ? ["-u", "postgres", "--", path.join(binDir, tool), ...args] : args;
  execFileSync(command, argv, { stdio: ["ignore", "pipe", "pipe"], cwd: os.tmpdir(), timeout: 120_000 });
}

/** Initialises and starts a new cluster on a free port of 127.0.0.1, with database `pulumi`. */
export async function startPostgres(): Promise<PostgresCluster> {
  const binDir = ensurePostgres();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-pg-"));
  const data = path.join(dir, "data");
  if (isRoot()) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  const port = await freePort();
  try {
    runTool(binDir, "initdb", ["-D", data, "-A", "trust", "-U", USER, "--no-sync", "-E", "UTF8"]);
    runTool(binDir, "pg_ctl", [
      "-D",
      data,
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      "-l",
      path.join(dir, "server.log"),
      "-w",
      "start",
    ]);
    runTool(binDir, "createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", USER, DATABASE]);
  } catch (error) {
    const logText = fs.existsSync(path.join(dir, "server.log"))
      ? fs.readFileSync(path.join(dir, "server.log"), "utf8").slice(-800)
      : "";
    stopData(binDir, data);
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start in ${dir}: ${(error as Error).message}\n${logText}`, { cause: error });
  }
  const pid = Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  return {
    backendUrl: `postgres://${USER}@127.0.0.1:${port}/${DATABASE}?sslmode=disable`,
    port,
    pid,
    async stop() {
      stopData(binDir, data, pid);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Stops the cluster in `data`: pg_ctl's fast shutdown, then SIGKILL by pid if it is still there. */
function stopData(binDir: string, data: string, pid?: number): void {
  try {
    runTool(binDir, "pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "20", "stop"]);
  } catch {
    // Killed below.
  }
  if (pid) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone already.
    }
  }
}
