/**
 * The user's path, as a new user runs it: `npm run demo` twice (creates, then reports no
 * changes), `npm run drift` (exit 0 when clean, 2 naming the field after an out-of-band
 * change, and the command that undoes it: `npm run demo`, which refreshes first), `npm run
 * drift -- --unmanaged [--json]` (exit 4 listing a form made by hand); then the demo keeping
 * to its own data: a port chosen for one run (TENANT_PORT) is kept nowhere, a second server on
 * the demo's data is refused, a failure is told once in words, and `npm run demo -- --stop`
 * cleans up whatever state the server is in (running, stopped, killed, its data gone).
 *
 * The scripts run as users run them (the checkout's dist/scripts) with TENANT_DEMO_HOME in a
 * temporary folder: the demo keeps everything there, its Pulumi project and stack
 * configuration included, so nothing is written into the checkout (checked below).
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { ensurePulumiCli, REPO_ROOT } from "../../scripts/lib/pulumi";
import { managementCall } from "../../scripts/lib/admin-api";
import { readCredentials, runningServer } from "../../scripts/lib/tenant-process";
import { E2E_TIMEOUT_MS } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * spawnSync holds the event loop while the server closes fetch's idle kept-alive connection:
 * one turn of the loop lets fetch see that, instead of sending on the closed socket.
 */
const afterSpawnSync = () => new Promise((resolve) => setTimeout(resolve, 100));

/** What a path of the checkout is now (absent, or its size and time), to see that a run left it alone. */
const stateOf = (file: string) => {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat ? { size: stat.size, mtimeMs: stat.mtimeMs } : "absent";
};

describe("demo and drift scripts", () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-demo-"));
  const demoDir = path.join(home, ".pulumi-demo");
  const dataDir = path.join(demoDir, "tenant");
  const checkoutStackFile = path.join(REPO_ROOT, "Pulumi.demo.yaml");
  const checkoutStackFileBefore = stateOf(checkoutStackFile);
  let port: number;
  let env: NodeJS.ProcessEnv;
  const run = (script: string, args: string[] = [], extraEnv: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [path.join(REPO_ROOT, "dist", "scripts", `${script}.js`), ...args], {
      cwd: REPO_ROOT,
      env: { ...env, ...extraEnv },
      encoding: "utf8",
    });

  beforeAll(async () => {
    port = await freePort();
    // The CLI found once here: the scripts' own setup lines on stderr would blur what they say.
    env = { ...process.env, PULUMI_TENANT_BIN: ensurePulumiCli(), TENANT_DEMO_HOME: home, TENANT_PORT: String(port) };
  });

  afterAll(() => {
    run("demo", ["--stop"]);
    fs.rmSync(home, { recursive: true, force: true });
  });

  test("the first demo run creates the example stack; the second changes nothing and says so", () => {
    const first = run("demo");
    expect(first.stderr).not.toMatch(/demo failed/);
    expect(first.status).toBe(0);
    // The stack and the example's fourteen resources (nine, and the login page's look: five).
    expect(first.stdout).toMatch(/Done: 15 create/);
    expect(first.stdout).toContain(`npm run -s tenant -- token --data-dir ${dataDir}`);
    const second = run("demo");
    expect(second.status).toBe(0);
    expect(second.stdout).toContain("Nothing to change: the tenant already matches the code.");
    // Its whole world in .pulumi-demo/ of its home; nothing in the checkout.
    expect(fs.readdirSync(demoDir).sort()).toEqual(["home", "project", "state", "tenant"]);
    expect(fs.existsSync(path.join(demoDir, "project", "Pulumi.demo.yaml"))).toBe(true);
    expect(stateOf(checkoutStackFile)).toEqual(checkoutStackFileBefore);
    expect(fs.existsSync(path.join(home, ".tenant"))).toBe(false);
  });

  test("drift exits 0 on a clean tenant and 2 naming the field after an out-of-band change", async () => {
    const clean = run("drift");
    expect(clean.stdout).toContain("No drift");
    expect(clean.status).toBe(0);

    const credentials = readCredentials(dataDir)!;
    const streams = await managementCall<{ eventStreams: { id: string }[] }>(credentials, "GET", "/event-streams");
    const [stream] = streams.body.eventStreams;
    expect(
      (await managementCall(credentials, "PATCH", `/event-streams/${stream.id}`, { status: "disabled" })).status,
    ).toBe(200);

    const drifted = run("drift");
    expect(drifted.status).toBe(2);
    expect(drifted.stdout).toMatch(/EventStream audit: fields differ: status \[update\]/);
    expect(drifted.stdout).toContain("run `npm run demo`");
  });

  test("the demo run the drift report names puts the code's values back", () => {
    const fixed = run("demo");
    expect(fixed.status).toBe(0);
    expect(fixed.stdout).toMatch(/Done: 1 update/);
    const clean = run("drift");
    expect(clean.stdout).toContain("No drift");
    expect(clean.status).toBe(0);
  });

  test("drift --unmanaged lists a form made by hand (exit 4), as text and with --json", async () => {
    const credentials = readCredentials(dataDir)!;
    await afterSpawnSync();
    const made = await managementCall<{ id: string }>(credentials, "POST", "/forms", { name: "Made by hand" });
    expect(made.status).toBe(201);
    const text = run("drift", ["--unmanaged"]);
    expect(text.status).toBe(4);
    expect(text.stdout).toContain("Made by hand");
    const json = run("drift", ["--unmanaged", "--json"]);
    expect(json.status).toBe(4);
    const report = JSON.parse(json.stdout) as { drift: unknown[]; unmanaged: { id: string }[] };
    expect(report.drift).toEqual([]);
    expect(report.unmanaged.map((object) => object.id)).toContain(made.body.id);
    await afterSpawnSync();
    expect((await managementCall(credentials, "DELETE", `/forms/${made.body.id}`)).status).toBe(204);
  });

  test("a second server on the demo's data is refused, naming the running one; the demo's credentials stay", () => {
    const credentials = fs.readFileSync(path.join(dataDir, "credentials.json"), "utf8");
    const holder = runningServer(dataDir)!;
    expect(holder.url).toBe(`http://127.0.0.1:${port}`);
    const second = spawnSync(
      process.execPath,
      [path.join(REPO_ROOT, "server", "dist", "server", "cli.js"), "--port", "0", "--data-dir", dataDir],
      { cwd: REPO_ROOT, encoding: "utf8", timeout: 30_000 },
    );
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(
      `${dataDir} is in use by the tenant server with pid ${holder.pid} (listening on ${holder.url}`,
    );
    expect(fs.readFileSync(path.join(dataDir, "credentials.json"), "utf8")).toBe(credentials);
  });

  test("a port chosen for one run (TENANT_PORT) is stored nowhere: the next run on the usual port works", async () => {
    expect(run("demo", ["--stop-server"]).stdout).toMatch(/Stopped the demo's tenant server \(pid \d+\)/);
    const other = await freePort();
    const once = run("demo", [], { TENANT_PORT: String(other) });
    expect(once.stderr).toBe("");
    expect(once.stdout).toContain(`Started the demo's tenant server at http://127.0.0.1:${other}`);
    expect(once.stdout).toContain("Nothing to change: the tenant already matches the code.");
    // Neither port is in the stack's configuration: the stack reaches its tenant through each run's environment.
    expect(fs.readFileSync(path.join(demoDir, "project", "Pulumi.demo.yaml"), "utf8")).not.toMatch(/127\.0\.0\.1/);

    run("demo", ["--stop-server"]);
    const usual = run("demo");
    expect(usual.stderr).toBe("");
    expect(usual.stdout).toContain(`Started the demo's tenant server at http://127.0.0.1:${port}`);
    expect(usual.stdout).toContain("Nothing to change: the tenant already matches the code.");
    expect(run("drift").status).toBe(0);
  });

  test("a failure is told once, in words: the engine's cause, not the command's output again", () => {
    const failed = run("demo", [], { AUTH0_MAX_RETRIES: "lots" });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toBe(
      '\ndemo failed: tenant:maxRetries (or AUTH0_MAX_RETRIES) must be a whole number from 0 to 10, not "lots". ' +
        "Set it with `pulumi config set tenant:maxRetries 2`, or remove it for the default (2).\n",
    );
    const drift = run("drift", [], { AUTH0_MAX_RETRIES: "lots" });
    expect(drift.status).toBe(1);
    // The report names each resource the preview failed on; the cause and its remedy once, no command output.
    expect(drift.stderr).toMatch(/^drift check failed: the refresh preview of stack 'demo' failed/);
    expect(drift.stderr.split("Set it with `pulumi config set tenant:maxRetries 2`")).toHaveLength(2);
    expect(drift.stderr).not.toMatch(/Command failed|stdout:|stderr:|code: /);
  });

  test("drift with the demo's server stopped says how to start it", () => {
    run("demo", ["--stop-server"]);
    const drift = run("drift");
    expect(drift.status).toBe(1);
    expect(drift.stderr).toBe(
      `drift check failed: the demo's tenant server is not running (data in ${dataDir}): ` +
        "`npm run demo` starts it on its kept data (and puts back any drift); then run the check again\n",
    );
  });

  test("demo --stop after --stop-server starts the server on the kept data, destroys the stack and removes everything", () => {
    expect(runningServer(dataDir)).toBeUndefined();
    const stopped = run("demo", ["--stop"]);
    expect(stopped.stderr).toBe("");
    expect(stopped.status).toBe(0);
    expect(stopped.stdout).toContain(`Started the demo's tenant server on its kept data at http://127.0.0.1:${port}`);
    expect(stopped.stdout).toContain("Destroyed the demo stack.");
    expect(stopped.stdout).toMatch(/Stopped the demo's tenant server \(pid \d+\)\./);
    expect(stopped.stdout).toContain(
      `Removed ${demoDir} (the demo tenant's data, the stack's state and configuration).`,
    );
    expect(stopped.stdout).not.toContain("pulumi stack rm");
    expect(fs.existsSync(demoDir)).toBe(false);
  });

  test("demo --stop after the server was killed, and with the tenant's data gone", () => {
    expect(run("demo").status).toBe(0);
    process.kill(runningServer(dataDir)!.pid, "SIGKILL");
    const afterKill = run("demo", ["--stop"]);
    expect(afterKill.status).toBe(0);
    expect(afterKill.stdout).toContain("Started the demo's tenant server on its kept data");
    expect(afterKill.stdout).toContain("Destroyed the demo stack.");
    expect(fs.existsSync(demoDir)).toBe(false);

    expect(run("demo").status).toBe(0);
    run("demo", ["--stop-server"]);
    fs.rmSync(dataDir, { recursive: true });
    const dataGone = run("demo", ["--stop"]);
    expect(dataGone.status).toBe(0);
    expect(dataGone.stdout).toBe(
      `Did not destroy the demo stack: its tenant's data (${dataDir}) is gone, so there is nothing to delete from it.\n` +
        "No demo tenant server was running.\n" +
        `Removed ${demoDir} (the demo tenant's data, the stack's state and configuration).\n`,
    );
    expect(fs.existsSync(demoDir)).toBe(false);
    expect(run("demo", ["--stop"]).stdout).toBe(`Nothing to remove: there is no ${demoDir}.\n`);
    expect(stateOf(checkoutStackFile)).toEqual(checkoutStackFileBefore);
  });
});
