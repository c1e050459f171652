/**
 * Child process of the throughput benchmark: serves the tenant server (rate limit out of
 * the way) and a bare fastify route side by side, so the load generator in the parent
 * does not share an event loop with them. Prints one JSON line with the addresses, then
 * runs until its stdin closes or it gets SIGTERM.
 */
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { startTenantServer } from "../server/index";
import type { AdminCredentials } from "../server/credentials-file";

/** What the child prints once both servers listen. */
export interface ThroughputServers {
  /** The tenant server's url and its admin client's credentials (the shape of its credentials.json). */
  tenant: { url: string } & AdminCredentials;
  /** URL of the bare route. */
  bareUrl: string;
}

/** A body shaped like a rate limit policy, so both GETs send about as many bytes. */
const BARE_BODY = {
  id: "rlp_0123456789abcdefghijklmn",
  resource: "oauth_authentication_api",
  consumer: "client",
  consumer_selector: "default",
  configuration: { action: "block", limit: 100 },
  created_at: "2026-01-01T00:00:00.000000Z",
  updated_at: "2026-01-01T00:00:00.000000Z",
};

async function main(): Promise<void> {
  const tenant = await startTenantServer({ port: 0, logger: false, rateLimit: 1e9 });
  const bare = Fastify({ logger: false });
  bare.get("/bare", async () => BARE_BODY);
  await bare.listen({ port: 0, host: "127.0.0.1" });
  const { port } = bare.server.address() as AddressInfo;
  const servers: ThroughputServers = {
    tenant: { url: tenant.url, ...tenant.credentials },
    bareUrl: `http://127.0.0.1:${port}/bare`,
  };
  process.stdout.write(`${JSON.stringify(servers)}\n`);
  const stop = () => {
    void Promise.allSettled([tenant.close(), bare.close()]).then(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.stdin.on("end", stop);
  process.stdin.resume();
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
