/**
 * One server per data directory: a second server on a directory in use is refused, naming the
 * running one (pid, URL) and what to do, and leaves its credentials.json alone; a lock left by
 * a killed server is taken over; a closed server's directory is free again.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildCli, exited, startCli, type BuiltCli } from "./cli-process";
import { removeDir, tempDir } from "./helpers";
import { DATA_DIR_LOCK_FILE, DataDirInUseError, dataDirHolder, startTenantServer } from "../../server/index";

let built: BuiltCli;
beforeAll(() => {
  built = buildCli();
});
afterAll(() => built.remove());

/** Runs the CLI to its end (a refused start exits at once). */
async function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [built.cli, ...args], { env: built.env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const { code } = await exited(child);
  clearTimeout(timer);
  return { code, stdout, stderr };
}

describe("one tenant server per data directory", () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir("tenant-lock-");
  });
  afterEach(() => removeDir(dir));

  test("a second server on a directory in use is refused, naming the running one; credentials.json stays the first's", async () => {
    const first = await startCli(built, ["--port", "0", "--data-dir", dir]);
    try {
      const credentials = readFileSync(join(dir, "credentials.json"), "utf8");
      expect(dataDirHolder(dir)).toEqual({ pid: first.child.pid, url: first.url, startedAt: expect.any(String) });

      const second = await runCli(["--port", "0", "--data-dir", dir]);
      expect(second.code).toBe(1);
      expect(second.stdout).not.toContain("listening");
      expect(second.stderr.trim().split("\n")).toEqual([
        `${dir} is in use by the tenant server with pid ${first.child.pid} (listening on ${first.url}, since ` +
          `${dataDirHolder(dir)!.startedAt}): two servers on one data directory would overwrite each other's ` +
          `credentials.json. Use that server, stop it first (kill ${first.child.pid}, or Ctrl-C in its terminal), ` +
          `or start this one with another --data-dir. If pid ${first.child.pid} is not a tenant server, remove ` +
          `${join(dir, DATA_DIR_LOCK_FILE)}.`,
      ]);
      expect(readFileSync(join(dir, "credentials.json"), "utf8")).toBe(credentials);
    } finally {
      first.child.kill("SIGTERM");
      expect(await exited(first.child)).toEqual({ code: 0, signal: null });
    }
    // A clean stop releases the directory.
    expect(existsSync(join(dir, DATA_DIR_LOCK_FILE))).toBe(false);
  });

  test("the lock of a killed server is taken over by the next start", async () => {
    const killed = await startCli(built, ["--port", "0", "--data-dir", dir]);
    killed.child.kill("SIGKILL");
    await exited(killed.child);
    expect(JSON.parse(readFileSync(join(dir, DATA_DIR_LOCK_FILE), "utf8"))).toMatchObject({ pid: killed.child.pid });
    expect(dataDirHolder(dir)).toBeUndefined();

    const next = await startCli(built, ["--port", "0", "--data-dir", dir]);
    try {
      expect(dataDirHolder(dir)).toMatchObject({ pid: next.child.pid, url: next.url });
    } finally {
      next.child.kill("SIGTERM");
      await exited(next.child);
    }
  });

  test("a lock that is not one (empty, garbage) is taken over", async () => {
    writeFileSync(join(dir, DATA_DIR_LOCK_FILE), "", { mode: 0o600 });
    const server = await startTenantServer({ port: 0, dataDir: dir, logger: false });
    try {
      expect(dataDirHolder(dir)).toMatchObject({ pid: process.pid, url: server.url });
    } finally {
      await server.close();
    }
  });

  test("in one process: a directory is refused while a server holds it, and free once it is closed", async () => {
    const server = await startTenantServer({ port: 0, dataDir: dir, logger: false });
    let refusal: unknown;
    try {
      await startTenantServer({ port: 0, dataDir: dir, logger: false }).then(
        (other) => other.close(),
        (error: unknown) => (refusal = error),
      );
    } finally {
      await server.close();
    }
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as DataDirInUseError).holder).toMatchObject({ pid: process.pid, url: server.url });
    expect(existsSync(join(dir, DATA_DIR_LOCK_FILE))).toBe(false);

    const again = await startTenantServer({ port: 0, dataDir: dir, logger: false });
    await again.close();
  });
});
