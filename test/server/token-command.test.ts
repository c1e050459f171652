/**
 * `npm run tenant -- token`: prints an access token of a running server's admin client, read
 * from its data directory's credentials file, that the server's own API accepts; with no
 * server or no credentials it says what to do and exits 1.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { startTenantServer, type TenantServer } from "../../server/index";
import { TENANT_HELP } from "../../server/cli";
import { buildCli, type BuiltCli } from "./cli-process";
import { removeDir, tempDir } from "./helpers";

jest.setTimeout(120_000);
const run = promisify(execFile);
let built: BuiltCli;
let server: TenantServer | undefined;
const dirs: string[] = [];

beforeAll(() => {
  built = buildCli();
});
afterAll(async () => {
  await server?.close();
  built?.remove();
  for (const dir of dirs) removeDir(dir);
});

test("token prints a token the server's management API accepts, and nothing else", async () => {
  const dataDir = tempDir("tenant-token-");
  dirs.push(dataDir);
  server = await startTenantServer({ port: 0, dataDir, logger: false });
  const { stdout } = await run(process.execPath, [built.cli, "token", "--data-dir", dataDir], { env: built.env });
  expect(stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
  const reply = await fetch(`${server.baseUrl}/forms`, { headers: { authorization: `Bearer ${stdout.trim()}` } });
  expect(reply.status).toBe(200);
  const refused = await fetch(`${server.baseUrl}/forms`, { headers: { authorization: "Bearer not-a-token" } });
  expect(refused.status).toBe(401);
});

test("without a server's data, or with its server stopped, token says what to do and exits 1", async () => {
  const empty = tempDir("tenant-token-none-");
  dirs.push(empty);
  await expect(
    run(process.execPath, [built.cli, "token", "--data-dir", empty], { env: built.env }),
  ).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringMatching(/credentials\.json does not exist: start the tenant server first/),
  });
  const dataDir = dirs[0];
  await server!.close();
  server = undefined;
  await expect(
    run(process.execPath, [built.cli, "token", "--data-dir", dataDir], { env: built.env }),
  ).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringMatching(/no tenant server answers at http:\/\/127\.0\.0\.1:\d+\/oauth\/token/),
  });
});

test("the server's help names every kind it serves, the token command and the guide", () => {
  for (const words of ["forms", "event streams", "flows", "flow vault connections", "actions", "trigger bindings"]) {
    expect(TENANT_HELP.replace(/\s+/g, " ")).toContain(words);
  }
  expect(TENANT_HELP).toContain("npm run -s tenant -- token");
  expect(TENANT_HELP).toContain("docs/guides/tenant-server.md");
});
