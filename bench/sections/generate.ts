/**
 * Section: `pulumi-tenant generate` on a large tenant. N forms and M event streams (plus
 * the template and two policies) are seeded, then the CLI (a child process, as a user
 * runs it) reads the tenant under a server rate limit of R requests/s. Figures: the
 * requests it used against the least possible (the list pages plus one GET per form —
 * the forms list holds summaries; streams and policies come whole in their pages — and
 * the template), and its wall time against N/R plus the CLI's start-up (the same command
 * on an empty tenant).
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../../scripts/lib/pulumi";
import type { TenantServer } from "../../server/index";
import { PARAMETERS, type BenchContext } from "../lib/context";
import { progress } from "../lib/progress";
import { round } from "../lib/report";
import { adminToken, startBenchServer, UNLIMITED_RATE } from "../lib/tenant";

const run = promisify(execFile);
const CLI = path.join(REPO_ROOT, "provider", "dist", "provider", "cli", "index.js");
const PAGE = 100;

/** Sizes: the in full mode, small in quick mode. */
const SIZES = { full: { forms: 500, streams: 100, rate: 50 }, quick: { forms: 50, streams: 10, rate: 10 } };

/** Seeds `forms` forms, `streams` webhook streams, the template and two policies, 8 requests at a time. */
async function seed(server: TenantServer, forms: number, streams: number): Promise<void> {
  const token = await adminToken(server);
  const send = async (method: string, route: string, body: unknown) => {
    const reply = await fetch(`${server.baseUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (reply.status >= 300)
      throw new Error(`seeding: ${method} ${route} answered ${reply.status}: ${await reply.text()}`);
  };
  const jobs: (() => Promise<void>)[] = [
    ...Array.from(
      { length: forms },
      (_, i) => () =>
        send("POST", "/forms", {
          name: `Form ${i}`,
          start: { next_node: "step_1" },
          style: { css: "body { color: #111; }" },
          nodes: [
            {
              id: "step_1",
              type: "STEP",
              config: {
                next_node: "$ending",
                components: [{ id: "email", category: "FIELD", type: "EMAIL", required: true }],
              },
            },
          ],
        }),
    ),
    ...Array.from(
      { length: streams },
      (_, i) => () =>
        send("POST", "/event-streams", {
          name: `stream ${i}`,
          subscriptions: [{ event_type: "user.created" }],
          destination: {
            type: "webhook",
            configuration: {
              webhook_endpoint: `https://hooks.example.com/${i}`,
              webhook_authorization: { method: "basic", username: "u", password: `p-${i}` },
            },
          },
        }),
    ),
    () =>
      send("PUT", "/branding/templates/universal-login", {
        template: "<html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>",
      }),
    ...["default", "third_party_clients"].map(
      (selector) => () =>
        send("POST", "/rate-limit-policies", {
          resource: "oauth_authentication_api",
          consumer: "client",
          consumer_selector: selector,
          configuration: { action: "log", limit: 100 },
        }),
    ),
  ];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < jobs.length) {
        const job = jobs[next];
        next += 1;
        await job();
      }
    }),
  );
}

/** Runs the CLI into a fresh folder (with `env` over this process's); returns its wall time in seconds. */
export async function generate(server: TenantServer, out: string, env: Record<string, string> = {}): Promise<number> {
  const started = process.hrtime.bigint();
  await run(
    process.execPath,
    [
      CLI,
      "generate",
      "--out",
      out,
      "--quiet",
      "--domain",
      server.url,
      `--client-id=${server.credentials.clientId}`,
      `--client-secret=${server.credentials.clientSecret}`,
    ],
    { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } },
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Measures the generate command and adds its figures. */
export async function measureGenerate(ctx: BenchContext): Promise<void> {
  const { forms, streams, rate } = ctx.params === PARAMETERS.quick ? SIZES.quick : SIZES.full;
  const n = forms + streams;
  const section = `generate, N=${forms} forms + ${streams} streams, R=${rate}/s`;
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-generate-"));
  const server = await startBenchServer();
  try {
    server.setRateLimit(rate);
    const startup = await generate(server, path.join(tmp, "empty"));
    server.setRateLimit(UNLIMITED_RATE);
    progress(`generate: seeding ${forms} forms and ${streams} event streams`);
    await seed(server, forms, streams);

    server.setRateLimit(rate);
    server.counters.reset();
    progress(`generate: reading the tenant at ${rate} requests/s`);
    const seconds = await generate(server, path.join(tmp, "program"));
    const counters = server.counters.snapshot();
    server.setRateLimit(UNLIMITED_RATE);

    const tooMany = counters["429"] ?? 0;
    const apiRequests = Object.entries(counters)
      .filter(([key]) => / \/api\/v2\//.test(key))
      .reduce((sum, [, count]) => sum + count, 0);
    const writes = Object.entries(counters)
      .filter(([key]) => /^(POST|PATCH|PUT|DELETE) \/api\/v2\//.test(key))
      .reduce((sum, [, count]) => sum + count, 0);
    const listPages = Math.max(1, Math.ceil(forms / PAGE)) + Math.max(1, Math.ceil(streams / PAGE)) + 1; // + the one page of 2 policies
    const least = listPages + forms + 1; // + one GET per form + the template
    const sent = apiRequests - tooMany; // a request refused with 429 is sent again
    const index = fs.readFileSync(path.join(tmp, "program", "index.ts"), "utf8");
    const resources = (index.match(/= new tenant\.\w+\(/g) ?? []).length;
    const budget = n / rate + startup;
    ctx.report.raw.generate = { forms, streams, rate, startup, seconds, counters, least, resources };
    ctx.report.add({
      id: "generate.requests",
      section,
      label: "API requests to read the tenant",
      value: sent,
      unit: "req",
      target: `= ${least} (${listPages} list pages + ${forms} form GETs + 1 template GET)`,
      met: sent === least && writes === 0,
      note: `${writes} writes; ${tooMany} × 429 answered and retried (not counted); ${resources} resources generated`,
    });
    ctx.report.add({
      id: "generate.wall",
      section,
      label: "generate wall time",
      value: round(seconds),
      unit: "s",
      target: `≤ N/R + start-up = ${budget.toFixed(1)} s`,
      met: seconds <= budget,
      note:
        `N/R = ${(n / rate).toFixed(1)} s; start-up (the same command on an empty tenant) ${round(startup)} s; ` +
        `the ${sent} requests need ${(Math.max(0, sent - rate) / rate).toFixed(1)} s at ${rate}/s after the bucket's burst`,
    });
  } finally {
    await server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
