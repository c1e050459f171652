/**
 * Drift as a user meets it, through the real engine and the `pulumi-tenant drift` command
 * (issues 20 and 21): the report names the fields the preview shows, the command it
 * prints really puts the code's values back with exactly the writes needed, a hand-deleted
 * adopted object is reported gone and recreated, and a program error is told once.
 * One tenant server and one stack for the whole file.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { pulumiYaml } from "../../provider/cli/generate/program-parts";
import { pulumiEnv, REPO_ROOT, stackConfigFile } from "../../scripts/lib/pulumi";
import { apiCallsIn, E2E_TIMEOUT_MS, startE2e, writesIn, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

const PROGRAM_DIR = path.join(__dirname, "drift-program");
const STACK = "drift";
const CLI = path.join(REPO_ROOT, "provider", "dist", "provider", "cli", "index.js");

interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

describe("drift through the real engine", () => {
  let ctx: E2eContext;
  let env: NodeJS.ProcessEnv;
  let binDir: string;

  /** Runs `file args` in the program's folder (its copy) with the stack's backend (never blocks the in-process server). */
  const run = (file: string, args: string[], cwd?: string): Promise<Run> =>
    new Promise((resolve) => {
      execFile(
        file,
        args,
        { cwd: cwd ?? ctx.programDir, env, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const status = error ? (typeof error.code === "number" ? error.code : 1) : 0;
          resolve({ status, stdout, stderr });
        },
      );
    });
  const drift = () => run(process.execPath, [CLI, "drift", "--stack", STACK]);
  /** Runs the Pulumi command a drift report prints, as a user pastes it (plus `--yes` for no prompt). */
  const pulumi = (args: string[], cwd?: string) =>
    run(path.join(binDir, "pulumi"), [...args, "--non-interactive", "--color", "never"], cwd);
  const runPrinted = async (report: string): Promise<Run> => {
    const printed = /`(pulumi up --refresh[^`]*)`/.exec(report);
    expect(printed).not.toBeNull();
    const [, ...args] = printed![1].split(/\s+/);
    return pulumi([...args, "--yes"]);
  };
  const streamOf = async (id: string) =>
    (await ctx.api.call<{ status: string; subscriptions: { event_type: string }[] }>("GET", `/event-streams/${id}`))
      .body;

  beforeAll(async () => {
    ctx = await startE2e({ programDir: PROGRAM_DIR, stackName: STACK });
    binDir = process.env.PULUMI_TENANT_BIN!;
    env = {
      ...process.env,
      ...pulumiEnv(binDir, {
        stateDir: path.join(ctx.tmpDir, "state"),
        homeDir: path.join(ctx.tmpDir, "home"),
        passphrase: "e2e-passphrase",
      }),
      PULUMI_TENANT_BIN: binDir,
    };
    const legacy = await ctx.api.call<{ id: string }>("POST", "/forms", { name: "Legacy" });
    expect(legacy.status).toBe(201);
    await ctx.stack.setConfig("adoptFormId", { value: legacy.body.id });
    const up = await ctx.stack.up();
    expect(up.summary.result).toBe("succeeded");
  });

  afterAll(async () => {
    await ctx?.dispose();
  });

  test("a clean tenant: drift exits 0", async () => {
    const clean = await drift();
    expect(clean.stderr).toBe("");
    expect(clean.stdout).toContain("No drift");
    expect(clean.status).toBe(0);
  });

  test("a status-only change of a stream whose status the code leaves at its default is reported as status", async () => {
    const { auditId } = await ctx.stack.outputs();
    expect((await ctx.api.call("PATCH", `/event-streams/${auditId.value}`, { status: "disabled" })).status).toBe(200);

    const preview = await ctx.stack.preview({ refresh: true, diff: true });
    expect(preview.stdout).toMatch(/-\s*status\s*:\s*"disabled"/);
    const report = await drift();
    expect(report.status).toBe(2);
    expect(report.stdout).toContain("EventStream audit: fields differ: status [update]");
    expect(report.stdout).not.toContain("destination");

    ctx.server.counters.reset();
    const fixed = await runPrinted(report.stdout);
    expect(fixed.status).toBe(0);
    expect(writesIn(ctx.server.counters.snapshot())).toBe(1);
    expect((await streamOf(auditId.value)).status).toBe("enabled");
  });

  test("hand edits of two objects: drift names the fields, its command writes exactly them back", async () => {
    const { signupId, auditId } = await ctx.stack.outputs();
    expect((await ctx.api.call("PATCH", `/forms/${signupId.value}`, { name: "Renamed by hand" })).status).toBe(200);
    const subscriptions = [{ event_type: "user.created" }];
    expect((await ctx.api.call("PATCH", `/event-streams/${auditId.value}`, { subscriptions })).status).toBe(200);

    const report = await drift();
    expect(report.status).toBe(2);
    expect(report.stdout).toContain("Form signup: fields differ: name [update]");
    expect(report.stdout).toContain("EventStream audit: fields differ: subscriptions [update]");
    expect(report.stdout).toContain(`\`pulumi up --refresh --stack ${STACK}\``);
    // Why a plain `pulumi up` is not the remedy: it compares the code with the state, not the tenant.
    expect(report.stdout).toMatch(/plain `pulumi up`.*state/s);
    // From another folder, with --cwd: the command it names runs from there too.
    const json = await run(
      process.execPath,
      [CLI, "drift", "--stack", STACK, "--cwd", ctx.programDir, "--json"],
      ctx.tmpDir,
    );
    expect(json.status).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({
      stack: STACK,
      drift: expect.arrayContaining([{ name: "signup", type: expect.any(String), op: "update", fields: ["name"] }]),
      remedy: `pulumi up --refresh --stack ${STACK} --cwd ${ctx.programDir}`,
    });

    // What the report warns about: a plain `up` writes nothing and leaves the edits in place.
    ctx.server.counters.reset();
    await ctx.stack.up();
    expect(writesIn(ctx.server.counters.snapshot())).toBe(0);
    expect((await streamOf(auditId.value)).subscriptions).toEqual(subscriptions);

    ctx.server.counters.reset();
    const fixed = await runPrinted(report.stdout);
    expect(fixed.status).toBe(0);
    const counters = ctx.server.counters.snapshot();
    expect(writesIn(counters)).toBe(2);
    expect(counters["PATCH /api/v2/forms/:id"]).toBe(1);
    expect(counters["PATCH /api/v2/event-streams/:id"]).toBe(1);
    expect((await ctx.api.forms()).map((form) => form.name).sort()).toEqual(["Legacy", "Sign-up"]);
    expect((await streamOf(auditId.value)).subscriptions).toHaveLength(2);

    await ctx.stack.preview({ refresh: true, expectNoChanges: true });
    expect((await drift()).status).toBe(0);
  });

  test("an action's code edited by hand and left undeployed: drift names both; its command puts the code back, deployed", async () => {
    const { greetId } = await ctx.stack.outputs();
    const path = `/actions/actions/${greetId.value}`;
    const before = (await ctx.api.call<{ code: string; deployed_version: { number: number } }>("GET", path)).body;
    const edited = "exports.onExecutePostLogin = async () => {}; // edited in the dashboard\n";
    expect((await ctx.api.call("PATCH", path, { code: edited })).status).toBe(200);

    const report = await drift();
    expect(report.status).toBe(2);
    expect(report.stdout).toMatch(/Action greet: fields differ: (code, deploy|deploy, code) \[update\]/);

    ctx.server.counters.reset();
    const fixed = await runPrinted(report.stdout);
    expect(fixed.status).toBe(0);
    const counters = ctx.server.counters.snapshot();
    expect(counters["PATCH /api/v2/actions/actions/:id"]).toBe(1);
    // The draft put back is the deployed version's code: the tenant then counts every change deployed, as the
    // service does, and the provider deploys only what is not (no deploy, or one, and the version moves with it).
    const deploys = counters["POST /api/v2/actions/actions/:id/deploy"] ?? 0;
    expect(deploys).toBeLessThanOrEqual(1);
    const after = (
      await ctx.api.call<{ code: string; all_changes_deployed: boolean; deployed_version: { number: number } }>(
        "GET",
        path,
      )
    ).body;
    expect(after).toMatchObject({ code: before.code, all_changes_deployed: true });
    expect(after.deployed_version.number).toBe(before.deployed_version.number + deploys);
    await ctx.stack.preview({ refresh: true, expectNoChanges: true });
  });

  test("a hand-deleted adopted object is reported gone, and the printed command recreates it", async () => {
    const { legacyId } = await ctx.stack.outputs();
    expect((await ctx.api.call("DELETE", `/forms/${legacyId.value}`)).status).toBe(204);

    const preview = await ctx.stack.preview({ refresh: true });
    expect(preview.changeSummary.create).toBe(1);
    expect(preview.stdout).not.toContain("already managed");
    const report = await drift();
    expect(report.stderr).toBe("");
    expect(report.stdout).toContain("Form legacy: deleted out of band");
    expect(report.status).toBe(2);

    ctx.server.counters.reset();
    const fixed = await runPrinted(report.stdout);
    expect(fixed.stdout).not.toContain("already managed");
    expect(fixed.status).toBe(0);
    const counters = ctx.server.counters.snapshot();
    expect(writesIn(counters)).toBe(1);
    expect(counters["POST /api/v2/forms"]).toBe(1);
    const legacy = (await ctx.api.forms()).filter((form) => form.name === "Legacy");
    expect(legacy).toHaveLength(1);
    expect(legacy[0].id).not.toBe(legacyId.value);

    await ctx.stack.preview({ refresh: true, expectNoChanges: true });
  });

  test("a program error: drift prints the program's error once, without the command's dump", async () => {
    await ctx.stack.setConfig("programError", { value: "the program broke on purpose" });
    const report = await drift();
    await ctx.stack.removeConfig("programError");
    expect(report.status).toBe(1);
    expect(report.stderr.match(/the program broke on purpose/g)).toHaveLength(1);
    expect(report.stderr).toContain(`the refresh preview of stack '${STACK}' failed, so drift could not be checked`);
    expect(report.stderr).not.toMatch(/code: -?\d|stdout:|stderr:|Command failed/);
    expect(report.stdout.match(/Previewing update/g) ?? []).toHaveLength(0);
  });

  test("with `options: refresh: always` (generate --refresh-always), a plain up undoes drift, at one list page per kind", async () => {
    // The same program and stack, in a folder whose Pulumi.yaml is the generator's with the option.
    const dir = path.join(ctx.tmpDir, "refresh-always");
    fs.mkdirSync(dir);
    fs.copyFileSync(path.join(ctx.programDir, "index.ts"), path.join(dir, "index.ts"));
    fs.copyFileSync(stackConfigFile(ctx.programDir, STACK), stackConfigFile(dir, STACK));
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), pulumiYaml("tenant-drift", ctx.server.url, true));
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");

    ctx.server.counters.reset();
    const preview = await pulumi(["preview", "--stack", STACK, "--expect-no-changes"], dir);
    expect(preview.status).toBe(0);
    const counters = ctx.server.counters.snapshot();
    expect(writesIn(counters)).toBe(0);
    // The 4 resources (2 forms, 1 stream, 1 action) are read through one list page per kind, not a GET each.
    expect(apiCallsIn(counters)).toBe(3);
    expect(counters["GET /api/v2/forms/:id"] ?? 0).toBe(0);

    const { signupId } = await ctx.stack.outputs();
    expect((await ctx.api.call("PATCH", `/forms/${signupId.value}`, { name: "Renamed again" })).status).toBe(200);
    ctx.server.counters.reset();
    const up = await pulumi(["up", "--stack", STACK, "--yes"], dir);
    expect(up.status).toBe(0);
    const upCounters = ctx.server.counters.snapshot();
    expect(writesIn(upCounters)).toBe(1);
    // The CLI's `up` previews first (no --skip-preview), each pass in its own provider process: 3 list pages and a
    // GET of the renamed form (its updated_at moved) per pass, then 1 PATCH.
    expect(apiCallsIn(upCounters)).toBe(9);
    expect(upCounters["GET /api/v2/forms/:id"]).toBe(2);
    expect(upCounters["PATCH /api/v2/forms/:id"]).toBe(1);
    expect((await ctx.api.forms()).map((form) => form.name).sort()).toEqual(["Legacy", "Sign-up"]);
  });
});
