/**
 * Section 4: server throughput. autocannon (in this process) against a child process
 * serving the tenant server and a bare fastify route: authenticated
 * `GET /api/v2/rate-limit-policies/{id}`, `POST /api/v2/forms`, and the bare route,
 * interleaved, at each connection count.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import * as readline from "node:readline";
import { requestAccessToken } from "../../api/client-credentials";
import type { BenchContext } from "../lib/context";
import { progress } from "../lib/progress";
import { round } from "../lib/report";
import type { ThroughputServers } from "../throughput-server";

/** The part of autocannon's options and result the benchmark uses (the package ships no types). */
interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}
type Autocannon = (options: CannonOptions) => Promise<CannonResult>;

/** One load run's figures. */
interface LoadRun {
  key: string;
  target: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

const FORM_BODY = JSON.stringify({
  name: "Load test form",
  start: { next_node: "step_1" },
  nodes: [
    {
      id: "step_1",
      type: "STEP",
      config: { components: [{ id: "email", category: "FIELD", type: "EMAIL", required: true }], next_node: "$ending" },
    },
  ],
});

function startServers(profileDir?: string): Promise<{ child: ChildProcess; servers: ThroughputServers }> {
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, path.join(__dirname, "..", "throughput-server.js")], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error("the throughput servers did not start within 30 s")), 30_000);
    child.once("exit", (code) => reject(new Error(`the throughput server process exited with code ${code}`)));
    lines.once("line", (line) => {
      clearTimeout(timer);
      resolve({ child, servers: JSON.parse(line) as ThroughputServers });
    });
  });
}

/** Runs the load and adds the figures. */
export async function measureThroughput(ctx: BenchContext): Promise<void> {
  const {
    throughputSeconds: seconds,
    throughputWarmupSeconds: warmup,
    throughputConnections: connectionCounts,
  } = ctx.params;
  const section = `4 server throughput, ${seconds} s per run`;
  const autocannon = require("autocannon") as Autocannon;
  const { child, servers } = await startServers(ctx.profileRoot && path.join(ctx.profileRoot, "throughput-server"));
  try {
    const { tenant } = servers;
    const token = await requestAccessToken(tenant);
    const auth = { authorization: `Bearer ${token}` };
    const policyReply = await fetch(`${tenant.baseUrl}/rate-limit-policies`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        resource: "oauth_authentication_api",
        consumer: "client",
        consumer_selector: "default",
        configuration: { action: "block", limit: 100 },
      }),
    });
    if (policyReply.status !== 201) throw new Error(`creating the policy failed: ${policyReply.status}`);
    const policyId = ((await policyReply.json()) as { id: string }).id;

    const targets: { key: string; name: string; options: Omit<CannonOptions, "connections" | "duration"> }[] = [
      { key: "bare", name: "bare fastify GET", options: { url: servers.bareUrl } },
      {
        key: "policyGet",
        name: "GET rate-limit-policies/{id}",
        options: { url: `${tenant.baseUrl}/rate-limit-policies/${policyId}`, headers: auth },
      },
      {
        key: "formsPost",
        name: "POST forms",
        options: {
          url: `${tenant.baseUrl}/forms`,
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: FORM_BODY,
        },
      },
    ];
    const runs: LoadRun[] = [];
    for (const connections of connectionCounts) {
      for (const target of targets) {
        progress(`throughput: ${target.name}, ${connections} connections, ${seconds} s`);
        if (warmup > 0) await autocannon({ ...target.options, connections, duration: warmup });
        const result = await autocannon({ ...target.options, connections, duration: seconds });
        runs.push({
          key: target.key,
          target: target.name,
          connections,
          total: result.requests.total,
          requestsPerSecond: result.requests.total / result.duration,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        });
      }
    }
    ctx.report.raw.throughput = { seconds, warmup, runs };
    for (const run of runs) {
      const bad = run.errors + run.non2xx;
      ctx.report.add({
        id: `throughput.${run.key}.c${run.connections}`,
        section,
        label: `${run.target}, ${run.connections} conn: req/s (p50 / p99 ms)`,
        value: `${Math.round(run.requestsPerSecond)} req/s (${run.p50} / ${run.p99} ms)`,
        unit: "",
        note: bad ? `${run.errors} errors, ${run.non2xx} non-2xx responses` : undefined,
      });
    }
    for (const connections of connectionCounts) {
      const bare = runs.find((r) => r.connections === connections && r.key === "bare")!;
      const get = runs.find((r) => r.connections === connections && r.key === "policyGet")!;
      const ratio = get.requestsPerSecond / bare.requestsPerSecond;
      ctx.report.add({
        id: `throughput.getVsBare.c${connections}`,
        section,
        label: `authenticated GET / bare route, ${connections} conn`,
        value: round(ratio * 100, 0),
        unit: "%",
        target: "≥ 50 %",
        met: ratio >= 0.5 && get.non2xx === 0 && get.errors === 0,
      });
    }
  } finally {
    child.stdin?.end();
    child.kill("SIGTERM");
  }
}
