/**
 * Section 13: how long a login journey takes to rehearse once the tenant is up: examples/realistic
 * deployed (untimed) to a local tenant that runs actions, then its committed journey
 * (examples/realistic/journeys/signup.yaml: the login page, the action's form, its flow, the
 * resumed login) rehearsed by `pulumi-tenant rehearse` in a headless Chromium. Figures only (no
 * target): the journey itself, and the whole command (Chromium's start included).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { main } from "../../provider/cli/index";
import { openStack, REPO_ROOT } from "../../scripts/lib/pulumi";
import { ensureChromium } from "../../scripts/lib/chromium";
import { startTenantServer } from "../../server/index";
import type { BenchContext } from "../lib/context";
import { progress } from "../lib/progress";
import { round } from "../lib/report";
import { tenantSettings, UNLIMITED_RATE } from "../lib/tenant";

const EXAMPLE = path.join(REPO_ROOT, "examples", "realistic");
const JOURNEY = path.join(EXAMPLE, "journeys", "signup.yaml");

/** A copy of the example as a project of its own, its node_modules the checkout's. */
function programCopy(dir: string): string {
  const program = path.join(dir, "program");
  fs.mkdirSync(program, { recursive: true });
  for (const file of fs.readdirSync(EXAMPLE))
    if (file !== "node_modules") fs.cpSync(path.join(EXAMPLE, file), path.join(program, file), { recursive: true });
  fs.writeFileSync(
    path.join(program, "Pulumi.yaml"),
    "name: bench-journeys\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
  );
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(program, "node_modules"), "dir");
  return program;
}

/** Deploys the realistic example, then times the rehearsal of its journey. */
export async function measureJourneys(ctx: BenchContext): Promise<void> {
  const section = "13 login journeys (examples/realistic's sign-up)";
  const pulumi = await ctx.pulumi();
  const server = await startTenantServer({ port: 0, logger: false, rateLimit: UNLIMITED_RATE, runActions: true });
  const work = fs.mkdtempSync(path.join(pulumi.tmpDir, "journeys-"));
  const saved = { ...process.env };
  try {
    const stack = await openStack({
      workDir: programCopy(work),
      stackName: `journeys-${pulumi.runId}`,
      binDir: pulumi.binDir,
      place: pulumi.place,
      tenant: tenantSettings(server),
      config: { hookPassword: { value: "bench-hook", secret: true }, crmToken: { value: "bench-crm", secret: true } },
      freshConfig: true,
    });
    await stack.up();
    process.env.AUTH0_CLIENT_ID = server.credentials.clientId;
    process.env.AUTH0_CLIENT_SECRET = server.credentials.clientSecret;
    process.env.PULUMI_TENANT_CHROMIUM = ensureChromium();
    const out = path.join(work, "rehearsals");
    const results = path.join(out, "results.json");
    const t0 = process.hrtime.bigint();
    const code = await main(["rehearse", JOURNEY, "--tenant-url", server.url, "--out", out, "--json", results]);
    const command = Number(process.hrtime.bigint() - t0) / 1e9;
    if (code !== 0) throw new Error(`pulumi-tenant rehearse exited ${code}: see its line above`);
    const [journey] = (JSON.parse(fs.readFileSync(results, "utf8")) as { journeys: { seconds: number }[] }).journeys;
    progress(`journeys: signup ${journey.seconds.toFixed(1)} s, the command ${command.toFixed(1)} s`);
    await stack.destroy();
    await stack.workspace.removeStack(stack.name, { force: true });
    ctx.report.raw.journeys = { journey: journey.seconds, command };
    ctx.report.add({
      id: "journeys.signup",
      section,
      label: "the sign-up journey (2 pages, a form, a flow)",
      value: round(journey.seconds, 1),
      unit: "s",
      note: "the user and application made, every page, the token checked, the metadata read back",
    });
    ctx.report.add({
      id: "journeys.command",
      section,
      label: "the whole command",
      value: round(command, 1),
      unit: "s",
      note: "with Chromium's start",
    });
  } finally {
    process.env = saved;
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
