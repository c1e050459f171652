/** Each server its own CA: a client that trusts two local tenant servers at once reaches both. */
import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { startTenantServer, type TenantServer } from "../../server/index";
import { removeDir, tempDir } from "./helpers";
import { serialNumberHex } from "../../server/tls";

const dirs = [tempDir("tenant-tls-a-"), tempDir("tenant-tls-b-")];

const servers: TenantServer[] = [];

beforeAll(async () => {
  for (const dataDir of dirs) servers.push(await startTenantServer({ port: 0, dataDir, tls: true, logger: false }));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  dirs.forEach(removeDir);
});

/** The status of GET `url`/api/v2/custom-domains (401: no token, which is enough to prove TLS worked), trusting `ca`. */
function statusOver(url: string, ca: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(`${url}/api/v2/custom-domains`, { ca, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

test("two TLS servers made in two data directories have CAs of different subjects and serials", () => {
  const [a, b] = servers.map((server) => new X509Certificate(readFileSync(server.caCertPath!)));
  expect(a.subject).toMatch(/CN=pulumi-tenant local CA [0-9a-f]{16}/);
  expect(a.subject).not.toBe(b.subject);
  expect(a.serialNumber).not.toBe(b.serialNumber);
});

test("certificate serials are random, positive and minimally encoded, whatever the random bytes", () => {
  // The bytes that once gave an illegal DER padding (0x00 then a byte under 0x80), and the other edges.
  for (const random of [Buffer.alloc(16), Buffer.from([0, 1, ...Array(14).fill(7)]), Buffer.alloc(16, 0xff)]) {
    const hex = serialNumberHex(random);
    expect(hex).toHaveLength(32);
    expect(parseInt(hex.slice(0, 2), 16)).toBeGreaterThanOrEqual(0x40);
    expect(parseInt(hex.slice(0, 2), 16)).toBeLessThanOrEqual(0x7f);
    expect(hex.slice(2)).toBe(random.subarray(1).toString("hex"));
  }
  const [a] = servers.map((server) => new X509Certificate(readFileSync(server.caCertPath!)));
  expect(a.serialNumber).toMatch(/^[4-7][0-9A-F]{31}$/);
});

test("one client trusting both CAs at once reaches both servers", async () => {
  const cas = servers.map((server) => readFileSync(server.caCertPath!, "utf8"));
  for (const order of [cas, [...cas].reverse()]) {
    for (const server of servers) await expect(statusOver(server.url, order)).resolves.toBe(401);
  }
});

test("a server's CA stays the same across a restart on its data directory", async () => {
  const before = readFileSync(servers[0].caCertPath!, "utf8");
  await servers[0].close();
  servers[0] = await startTenantServer({ port: 0, dataDir: dirs[0], tls: true, logger: false });
  expect(readFileSync(servers[0].caCertPath!, "utf8")).toBe(before);
});
