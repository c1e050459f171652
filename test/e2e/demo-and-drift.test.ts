/**
 * The user's path, as a new user runs it: `npm run demo` twice (creates, then reports no
 * changes), `npm run drift` (exit 0 when clean, 2 naming the field after an out-of-band
 * change, and the command that undoes it: `npm run demo`, which refreshes first), `npm run
 * drift -- --unmanaged [--json]` (exit 4 listing a form made by hand), and `npm run demo -- --stop`.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../../scripts/lib/pulumi";
import { managementCall } from "../../scripts/lib/admin-api";
import { readCredentials } from "../../scripts/lib/tenant-process";
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

describe("demo and drift scripts", () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-demo-"));
  let env: NodeJS.ProcessEnv;
  const run = (script: string, ...args: string[]) =>
    spawnSync(process.execPath, [path.join(REPO_ROOT, "dist", "scripts", `${script}.js`), ...args], {
      cwd: REPO_ROOT,
      env,
      encoding: "utf8",
    });

  beforeAll(async () => {
    env = { ...process.env, TENANT_DEMO_HOME: home, TENANT_PORT: String(await freePort()) };
  });

  afterAll(() => {
    run("demo", "--stop");
    fs.rmSync(home, { recursive: true, force: true });
  });

  test("the first demo run creates the example stack; the second changes nothing and says so", () => {
    const first = run("demo");
    expect(first.stderr).not.toMatch(/demo failed/);
    expect(first.status).toBe(0);
    // The stack and the example's nine resources.
    expect(first.stdout).toMatch(/Done: 10 create/);
    const second = run("demo");
    expect(second.status).toBe(0);
    expect(second.stdout).toContain("Nothing to change: the tenant already matches the code.");
  });

  test("drift exits 0 on a clean tenant and 2 naming the field after an out-of-band change", async () => {
    const clean = run("drift");
    expect(clean.stdout).toContain("No drift");
    expect(clean.status).toBe(0);

    const credentials = readCredentials(path.join(home, ".tenant"))!;
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
    const credentials = readCredentials(path.join(home, ".tenant"))!;
    await afterSpawnSync();
    const made = await managementCall<{ id: string }>(credentials, "POST", "/forms", { name: "Made by hand" });
    expect(made.status).toBe(201);
    const text = run("drift", "--unmanaged");
    expect(text.status).toBe(4);
    expect(text.stdout).toContain("Made by hand");
    const json = run("drift", "--unmanaged", "--json");
    expect(json.status).toBe(4);
    const report = JSON.parse(json.stdout) as { drift: unknown[]; unmanaged: { id: string }[] };
    expect(report.drift).toEqual([]);
    expect(report.unmanaged.map((object) => object.id)).toContain(made.body.id);
    await afterSpawnSync();
    expect((await managementCall(credentials, "DELETE", `/forms/${made.body.id}`)).status).toBe(204);
  });

  test("demo --stop destroys the stack, stops the server and cleans up", () => {
    const stopped = run("demo", "--stop");
    expect(stopped.status).toBe(0);
    expect(stopped.stdout).toContain("Stopped the tenant server.");
    expect(fs.existsSync(path.join(home, ".tenant"))).toBe(false);
  });
});
