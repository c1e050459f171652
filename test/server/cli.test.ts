/**
 * The server as a separate process (server/cli.ts): credentials.json, restart keeping
 * everything, durability under SIGKILL mid-burst, clean SIGTERM, and --tls with the
 * official SDK trusting the local CA through NODE_EXTRA_CA_CERTS. The CLI is compiled
 * once (see cli-process.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildCli, exited, startCli as startBuiltCli, type BuiltCli, type RunningCli } from "./cli-process";
import { request, removeDir, tempDir, tokenFor } from "./helpers";
import type { AdminCredentials, TenantServer } from "../../server/index";

const ROOT = resolve(__dirname, "../..");
let built: BuiltCli;
let cli: string;
let cliEnv: NodeJS.ProcessEnv;

beforeAll(() => {
  built = buildCli();
  cli = built.cli;
  cliEnv = built.env;
});
afterAll(() => built.remove());

/** Starts the CLI and resolves once it prints its listening line. */
const startCli = (args: string[]): Promise<RunningCli> => startBuiltCli(built, args);

const readCredentials = (dir: string) =>
  JSON.parse(readFileSync(join(dir, "credentials.json"), "utf8")) as AdminCredentials;

/** Just enough of a TenantServer for the token helper. */
const asServer = (credentials: AdminCredentials) => ({ credentials }) as TenantServer;

describe("tenant CLI", () => {
  let dataDir: string;
  const running: ChildProcess[] = [];
  beforeAll(() => {
    dataDir = tempDir("tenant-cli-");
  });
  afterAll(() => {
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    removeDir(dataDir);
  });

  test("first start writes credentials.json (0600); every acknowledged write survives SIGKILL mid-burst; restart keeps the admin client", async () => {
    const first = await startCli(["--port", "0", "--data-dir", dataDir]);
    running.push(first.child);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const credentials = readCredentials(dataDir);
    expect(statSync(join(dataDir, "credentials.json")).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, "tenant.db")).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, "keys", "signing-key.pem")).mode & 0o777).toBe(0o600);
    expect(credentials).toEqual({
      domain: first.url,
      baseUrl: `${first.url}/api/v2`,
      tokenUrl: `${first.url}/oauth/token`,
      audience: `${first.url}/api/v2/`,
      clientId: expect.any(String),
      clientSecret: expect.any(String),
    });
    const token = await tokenFor(asServer(credentials), credentials.clientId, credentials.clientSecret);

    // A burst of creates, 8 in flight at a time; SIGKILL once 40 are acknowledged.
    const acknowledged: string[] = [];
    let killed = false;
    const burstWorker = async (worker: number) => {
      for (let i = 0; i < 100 && !killed; i++) {
        try {
          const reply = await request(`${credentials.baseUrl}/forms`, "POST", {
            authorization: `Bearer ${token}`,
            body: { name: `burst-${worker}-${i}` },
          });
          if (reply.status === 201) acknowledged.push(reply.json.id);
        } catch {
          return; // the server is gone
        }
        if (acknowledged.length >= 40 && !killed) {
          killed = true;
          first.child.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, worker) => burstWorker(worker)));
    expect((await exited(first.child)).signal).toBe("SIGKILL");
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    const second = await startCli(["--port", "0", "--data-dir", dataDir]);
    running.push(second.child);
    const after = readCredentials(dataDir);
    expect(after.domain).toBe(second.url);
    expect([after.clientId, after.clientSecret]).toEqual([credentials.clientId, credentials.clientSecret]);
    const newToken = await tokenFor(asServer(after), after.clientId, after.clientSecret);
    const missing: string[] = [];
    for (const id of acknowledged) {
      const reply = await request(`${after.baseUrl}/forms/${id}`, "GET", { authorization: `Bearer ${newToken}` });
      if (reply.status !== 200) missing.push(`${id}: ${reply.status}`);
    }
    expect(missing).toEqual([]);

    second.child.kill("SIGTERM");
    expect(await exited(second.child)).toEqual({ code: 0, signal: null });
  });

  test("--clients adds clients and --rate-limit sets the limit", async () => {
    const dir = tempDir("tenant-cli-clients-");
    const clientsFile = join(dir, "clients.json");
    writeFileSync(
      clientsFile,
      JSON.stringify([{ client_id: "ci", client_secret: "ci-secret", scopes: ["read:forms"], global: false }]),
    );
    try {
      const cli = await startCli([
        "--port",
        "0",
        "--data-dir",
        join(dir, "data"),
        "--clients",
        clientsFile,
        "--rate-limit",
        "7",
      ]);
      running.push(cli.child);
      const credentials = readCredentials(join(dir, "data"));
      const token = await tokenFor(asServer(credentials), "ci", "ci-secret");
      const reply = await request(`${credentials.baseUrl}/forms`, "GET", { authorization: `Bearer ${token}` });
      expect(reply.status).toBe(200);
      expect(reply.headers.get("x-ratelimit-limit")).toBe("7");
      cli.child.kill("SIGINT");
      expect((await exited(cli.child)).code).toBe(0);
    } finally {
      removeDir(dir);
    }
  });

  test("bad arguments exit non-zero with a message", async () => {
    const child = spawn(process.execPath, [cli, "--port", "abc"], {
      cwd: built.dir,
      env: cliEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect((await exited(child)).code).toBe(1);
    expect(stderr).toContain("--port");
  });

  test("--tls: https with a local CA that the official SDK trusts via NODE_EXTRA_CA_CERTS", async () => {
    const dir = tempDir("tenant-cli-tls-");
    try {
      const cli = await startCli(["--port", "0", "--data-dir", dir, "--tls"]);
      running.push(cli.child);
      expect(cli.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const caPath = join(dir, "tls", "ca.pem");
      expect(cli.stdout.join("\n")).toContain(`NODE_EXTRA_CA_CERTS=${caPath}`);
      const credentials = readCredentials(dir);
      // A separate process: NODE_EXTRA_CA_CERTS is read at start-up. The SDK gets only a domain.
      const script = `
        const { ManagementClient } = require("auth0");
        const client = new ManagementClient({ domain: process.env.DOMAIN, clientId: process.env.CLIENT_ID, clientSecret: process.env.CLIENT_SECRET });
        client.forms.create({ name: "over tls" })
          .then((form) => client.forms.get(form.id))
          .then((form) => console.log(JSON.stringify({ name: form.name })))
          .catch((error) => { console.error(error); process.exit(1); });`;
      const sdkRun = spawn(process.execPath, ["-e", script], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_EXTRA_CA_CERTS: caPath,
          DOMAIN: new URL(cli.url).host,
          CLIENT_ID: credentials.clientId,
          CLIENT_SECRET: credentials.clientSecret,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      let errors = "";
      sdkRun.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      sdkRun.stderr!.on("data", (chunk: Buffer) => {
        errors += chunk.toString();
      });
      expect({ ...(await exited(sdkRun)), errors }).toEqual({ code: 0, signal: null, errors: "" });
      expect(JSON.parse(output)).toEqual({ name: "over tls" });
      cli.child.kill("SIGTERM");
      await exited(cli.child);
    } finally {
      removeDir(dir);
    }
  });
});
