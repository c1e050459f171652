/**
 * `npm run tenant -- --help`: describes every flag, the credentials file, TLS and where data
 * goes, exits 0 and starts nothing; a wrong flag says what is wrong and where the help is.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { parseArgs, readFixturesFile, TENANT_HELP } from "../../server/cli";

import { buildCli, type BuiltCli } from "./cli-process";
import { removeDir, startHarness, tempDir } from "./helpers";

let built: BuiltCli;
beforeAll(() => {
  built = buildCli();
});
const dirs: string[] = [];
afterAll(() => {
  built?.remove();
  for (const dir of dirs) removeDir(dir);
});

test("--help prints the whole help on stdout, exits 0 and starts no server", () => {
  const cwd = tempDir("tenant-help-");
  dirs.push(cwd);
  const run = spawnSync(process.execPath, [built.cli, "--help"], {
    cwd,
    env: built.env,
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(run.status).toBe(0);
  expect(run.stdout.trim()).toBe(TENANT_HELP);
  expect(run.stdout).not.toMatch(/^(Tenant server listening on|Admin credentials:) /m);
  expect(existsSync(join(cwd, ".tenant"))).toBe(false);
});

test("the help describes each flag, the credentials file, TLS and where data goes", () => {
  const flags = ["--port", "--data-dir", "--clients", "--rate-limit", "--max-connections", "--tls", "--help"];
  for (const flag of [...flags, "--custom-domain", "--no-custom-domain", "--run-actions", "--fixtures"]) {
    const line = TENANT_HELP.split("\n").find(
      (text) => text.trimStart().startsWith(flag) || text.includes(`, ${flag}`),
    );
    expect({ flag, described: (line ?? "").replace(/^\s*(-h, )?--[\w-]+( \w+)?/, "").trim().length > 10 }).toEqual({
      flag,
      described: true,
    });
  }
  expect(TENANT_HELP).toContain("credentials.json");
  expect(TENANT_HELP).toMatch(/NODE_EXTRA_CA_CERTS/);
  expect(TENANT_HELP).toMatch(/SQLite database/);
  expect(TENANT_HELP).toMatch(/chmod 700/);
});

test("-h and --help set help; flags keep their values and defaults", () => {
  expect(parseArgs(["-h"]).help).toBe(true);
  expect(parseArgs(["--port=0", "--data-dir", "d", "--tls"])).toMatchObject({
    port: 0,
    dataDir: "d",
    tls: true,
    help: false,
  });
});

test("--run-actions lets the action test route run code; it is off by default", () => {
  expect(parseArgs([]).runActions).toBe(false);
  expect(parseArgs(["--run-actions"]).runActions).toBe(true);
  expect(TENANT_HELP).toMatch(/--run-actions[\s\S]*actions\/\{id\}\/test[\s\S]*403/);
});

test("--fixtures FILE: the login's network fixtures, read and checked at start, served by GET /rehearsal/fixtures", async () => {
  const dir = tempDir("tenant-fixtures-");
  try {
    const file = join(dir, "fixtures.json");
    const fixtures = [
      { request: { method: "GET", url: "https://crm.example.com/a" }, response: { status: 200, body: "{}" } },
    ];
    writeFileSync(file, JSON.stringify(fixtures));
    expect(parseArgs(["--fixtures", file]).fixturesFile).toBe(file);
    const read = readFixturesFile(file);
    expect(read).toHaveLength(1);
    writeFileSync(file, JSON.stringify({ request: {} }));
    expect(() => readFixturesFile(file)).toThrow(
      new RegExp(`^--fixtures ${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: .*fixtures: expected an array`),
    );
    writeFileSync(file, "[");
    expect(() => readFixturesFile(file)).toThrow(/^--fixtures .*JSON/);
    const harness = await startHarness({ fixtures: read });
    try {
      const reply = await harness.call("GET", "/rehearsal/fixtures");
      expect(reply.status).toBe(200);
      expect(reply.json.fixtures).toEqual(read);
      expect((await fetch(`${harness.server.url}/rehearsal/fixtures`)).status).toBe(401);
    } finally {
      await harness.close();
    }
  } finally {
    removeDir(dir);
  }
});

test("an unknown flag or a bad number says what is wrong and points at --help", () => {
  expect(() => parseArgs(["--bogus"])).toThrow(/--bogus.*npm run tenant -- --help/s);
  expect(() => parseArgs(["--port"])).toThrow(/--port.*--help/s);
  expect(() => parseArgs(["--port", "x"])).toThrow(/--port must be an integer >= 0, got "x"/);
  expect(() => parseArgs(["--rate-limit", "0"])).toThrow(/--rate-limit must be an integer >= 1/);
});

test("a fresh tenant gets login.example.com unless --custom-domain names another or --no-custom-domain none", () => {
  expect(parseArgs([]).customDomain).toBe("login.example.com");
  expect(parseArgs(["--custom-domain", "auth.example.org"]).customDomain).toBe("auth.example.org");
  expect(parseArgs(["--no-custom-domain"]).customDomain).toBe(false);
  expect(() => parseArgs(["--custom-domain", "x", "--no-custom-domain"])).toThrow(/contradict each other/);
  expect(() => parseArgs(["--custom-domain", "not a domain"])).toThrow(/--custom-domain must be a domain name/);
});
