/**
 * GitOps on many runners: every step on a fresh runner (its own PULUMI_HOME and checkout)
 * against one PostgreSQL state backend started for this file, through the recipes of
 * examples/ci as their workflows run them. What must hold is decided from the shared backend
 * and the tenant only: a killed run is finished from another runner without a duplicate or an
 * orphan; the preview recipe writes the review comment, and a failed preview's; ownership is
 * read from another backend named in config, and a plugin import of another stack's object is
 * refused; the drift job sees objects no stack manages; two runs at once are serialised by the
 * backend's lock; two stacks deploy at once under a rate limit. (Another stack's adoption
 * refused, `force` and a destroy leaving a taken-over object: trial-ownership.test.ts.)
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { readBackend } from "../../provider/backend/stacks";
import { startTenantServer, type TenantServer } from "../../server/index";
import { startPostgres, type PostgresCluster } from "../../scripts/lib/postgres";
import { E2E_TIMEOUT_MS, TenantApi, writesIn } from "./harness";
import { Fleet, type Runner, type Started } from "./runners";

jest.setTimeout(E2E_TIMEOUT_MS);

const PROGRAM_DIR = path.join(__dirname, "trial-program");
const PROJECT = "tenant-trial";
/** How long the server holds a write in the kill tests: the kill lands while it is in flight. */
const HOLD_MS = 6_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const form = (name: string, extra: Record<string, unknown> = {}) => ({ key: "signup", name, ...extra });

/** The file's PostgreSQL cluster: the state backend every block shares (each block its own stacks). */
let pg: PostgresCluster;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

/** What a describe block runs against: the file's backend, its own tenant server and fleet of runners (set in beforeAll). */
interface Place {
  server: TenantServer;
  api: TenantApi;
  fleet: Fleet;
}

/**
 * Starts a place before the block's tests and ends it (its server) after them, removing the
 * block's `stacks` from the backend first. The runners' own `pulumi` commands run with the
 * CLI's defaults, under which Pulumi's PostgreSQL backend hangs in `pulumi stack ls` with
 * 2 × cores stacks or more (the provider bounds its readers: the last block): the blocks
 * that deploy keep at most three stacks in the backend at a time.
 */
function sharedPlace(stacks: string[] = []): Place {
  const place = {} as Place;
  beforeAll(async () => {
    place.server = await startTenantServer({ port: 0, logger: false });
    place.api = new TenantApi(place.server);
    place.fleet = new Fleet(pg.backendUrl, place.server, PROGRAM_DIR);
  });
  afterAll(async () => {
    try {
      for (const stack of stacks)
        await place.fleet?.runner("remove").pulumiOk("stack", "rm", stack, "--yes", "--force");
    } finally {
      place.fleet?.dispose();
      await place.server?.close();
    }
  });
  return place;
}

describe("GitOps: runners that share only the state backend (PostgreSQL)", () => {
  const place = sharedPlace(["killed"]);
  let server: TenantServer;
  let api: TenantApi;
  let fleet: Fleet;
  beforeAll(() => ({ server, api, fleet } = place));

  /** Forms named `name` in the tenant. */
  const formsNamed = async (name: string) => (await api.forms()).filter((item) => item.name === name);

  /** Starts `pulumi up` of `stack` on `runner` and kills it (with its language host and provider) once `ready()`. */
  async function killMidway(runner: Runner, stack: string, ready: () => Promise<boolean>): Promise<void> {
    const up: Started = runner.start("pulumi", [
      "up",
      "--stack",
      stack,
      "--yes",
      "--skip-preview",
      "--non-interactive",
    ]);
    const deadline = Date.now() + 120_000;
    let finished = false;
    void up.done.then(() => (finished = true));
    while (!(await ready())) {
      if (finished) throw new Error(`pulumi up ended before it could be killed:\n${(await up.done).output}`);
      if (Date.now() > deadline) throw new Error("the write to kill during never started");
      await sleep(150);
    }
    await up.kill();
  }

  /** What a person does after a killed runner (README "Running in CI"), then the deploy job: both on a fresh runner. */
  async function deployAfterKill(stack: string, name: string): Promise<string> {
    const runner = fleet.runner(name);
    await runner.pulumiOk("cancel", "--yes", "--stack", stack);
    const deploy = await runner.recipe("up.sh", stack, ".");
    if (deploy.status !== 0) throw new Error(`up.sh exited ${deploy.status}:\n${deploy.output}`);
    return deploy.output;
  }

  /** The ids of tenant objects a stack's state holds, and its pending operations. */
  async function stateOf(stack: string) {
    const exported = await fleet.runner("inspect").exportStack(stack);
    return {
      ids: exported.resources.filter((r) => r.type.includes("tenant:") && r.id).map((r) => r.id!),
      pending: exported.pending.map((op) => `${op.type} ${op.resource.urn}`),
    };
  }

  /** True once the server has received `method route` (counted on arrival, before the held handler runs). */
  const received = (method: string, route: string) => {
    server.counters.reset();
    return async () => (server.counters.snapshot()[`${method} ${route}`] ?? 0) > 0;
  };

  test("a run killed mid-create, continued on a fresh runner by the up recipe: one object, none orphaned", async () => {
    const setup = fleet.runner("setup");
    await setup.initStack("killed", { forms: [form("Sign-up")] });
    fleet.commit(setup, "killed");

    server.faults.add({ method: "POST", path: "/api/v2/forms", mode: "delay", delayMs: HOLD_MS, times: 1 });
    await killMidway(fleet.runner("killed-create"), "killed", received("POST", "/api/v2/forms"));
    const pending = [`creating urn:pulumi:killed::${PROJECT}::pulumi-nodejs:dynamic/tenant:Form::signup`];
    expect((await stateOf("killed")).pending).toEqual(pending);

    // A look first: `recover --dry-run` finds the object (once the held POST lands) and changes nothing.
    const look = fleet.runner("recover-look");
    const dry = await look.tenantCli("recover", "--stack", "killed", "--dry-run");
    if (dry.status !== 0) throw new Error(`recover --dry-run exited ${dry.status}:\n${dry.output}`);
    expect(dry.stdout).toMatch(/signup: found ap_\w+ in the tenant/);
    expect(dry.stdout).toContain("Dry run: would record 1 object(s) in the state, drop 0 pending create(s)");
    expect(await stateOf("killed")).toEqual({ ids: [], pending });
    // The first deploy of a stack: nothing to recover, and not an error.
    const first = await look.tenantCli("recover", "--stack", "not-deployed-yet");
    expect(first).toMatchObject({ status: 0 });
    expect(first.stdout).toContain("Stack not-deployed-yet does not exist yet: no interrupted create to recover.");

    const output = await deployAfterKill("killed", "deploy-after-create");
    expect(output).toMatch(/found ap_\w+ in the tenant/);
    const forms = await formsNamed("Sign-up");
    if (forms.length !== 1) throw new Error(`${forms.length} forms after recovery:\n${output}`);
    const state = await stateOf("killed");
    expect(state).toEqual({ ids: [forms[0]!.id], pending: [] });

    server.counters.reset();
    await fleet.runner("no-op").pulumiOk("up", "--stack", "killed", "--yes", "--skip-preview", "--expect-no-changes");
    expect(writesIn(server.counters.snapshot())).toBe(0);
  });

  test("an update and a delete killed mid-flight are finished by the next run on a fresh runner", async () => {
    const [signup] = await formsNamed("Sign-up");
    const editor = fleet.runner("edit");
    await editor.setScenario("killed", { forms: [form("Sign-up v2")] });
    fleet.commit(editor, "killed");
    server.faults.add({ method: "PATCH", path: "/api/v2/forms/:id", mode: "delay", delayMs: HOLD_MS, times: 1 });
    await killMidway(fleet.runner("killed-update"), "killed", received("PATCH", "/api/v2/forms/:id"));
    await deployAfterKill("killed", "deploy-after-update");
    expect((await api.forms()).filter((item) => item.id === signup!.id).map((item) => item.name)).toEqual([
      "Sign-up v2",
    ]);
    expect(await formsNamed("Sign-up v2")).toHaveLength(1);

    await editor.setScenario("killed", { forms: [] });
    fleet.commit(editor, "killed");
    server.faults.add({ method: "DELETE", path: "/api/v2/forms/:id", mode: "delay", delayMs: HOLD_MS, times: 1 });
    await killMidway(fleet.runner("killed-delete"), "killed", received("DELETE", "/api/v2/forms/:id"));
    await deployAfterKill("killed", "deploy-after-delete");
    expect(await formsNamed("Sign-up v2")).toHaveLength(0);
    expect(await stateOf("killed")).toEqual({ ids: [], pending: [] });
  });
});

describe("GitOps: stacks sharing a tenant, the CI recipes and runs at once (PostgreSQL backend)", () => {
  const place = sharedPlace();
  let server: TenantServer;
  let api: TenantApi;
  let fleet: Fleet;
  /** alpha's form, deployed in beforeAll; the tests before the lock's only preview alpha. */
  let formId: string;

  beforeAll(async () => {
    ({ server, api, fleet } = place);
    const setup = fleet.runner("setup");
    await setup.initStack("alpha", { forms: [form("Shared")] });
    await setup.initStack("beta", {});
    fleet.commit(setup, "alpha");
    fleet.commit(setup, "beta");
    const deploy = await fleet.runner("deploy-alpha").recipe("up.sh", "alpha", ".");
    if (deploy.status !== 0) throw new Error(`up.sh of alpha exited ${deploy.status}:\n${deploy.output}`);
    formId = (await api.forms()).find((item) => item.name === "Shared")!.id;
  });

  /** Commits `scenario` (and config) for `stack` from a fresh checkout. */
  async function commit(stack: string, scenario: unknown, config: Record<string, string> = {}): Promise<void> {
    const editor = fleet.runner(`commit-${stack}`);
    await editor.setScenario(stack, scenario, config);
    fleet.commit(editor, stack);
  }

  test("the preview recipe on a pull request: the review comment; a failed preview's comment names the property", async () => {
    await commit("alpha", { forms: [form("Shared, renamed in a PR")] });
    const reviewer = fleet.runner("preview-alpha");
    const preview = await reviewer.recipe("preview.sh", "alpha", ".", "comment.md");
    expect(preview.status).toBe(0);
    const comment = fs.readFileSync(path.join(reviewer.dir, "comment.md"), "utf8");
    expect(comment).toContain("Preview succeeded.");
    // The review comment (pulumi-tenant review), not the plain preview: the change by field, the diff collapsed.
    expect(comment).toContain("| ✏️ update | form |");
    expect(comment).toContain("- `name`: `Shared` → `Shared, renamed in a PR`");
    expect(comment).toContain("<details><summary>Full <code>pulumi preview --diff</code></summary>");
    await commit("alpha", { forms: [form("Shared")] });

    // Another stack's adoption of alpha's form refused at preview, `force` taking it over and a destroy leaving
    // it: trial-ownership.test.ts (both tests), the same messages, each stack on its own runner.
    const invalid = fleet.runner("preview-invalid");
    await invalid.setScenario("beta", { forms: [{ key: "mine", name: "Shared", adoptId: "not-a-form-id" }] });
    const bad = await invalid.recipe("preview.sh", "beta", ".", "comment.md");
    expect(bad.status).not.toBe(0);
    expect(fs.readFileSync(path.join(invalid.dir, "comment.md"), "utf8")).toMatch(
      /\*\*Preview failed\*\*[\s\S]*adoptId/,
    );
  });

  test("a stack in another backend sees this backend's stacks only when it names them (tenant:ownershipBackends)", async () => {
    const elsewhere = `file://${path.join(fleet.root, "other-backend")}`;
    fs.mkdirSync(path.join(fleet.root, "other-backend"));
    const outsider = fleet.runner("other-backend", { backendUrl: elsewhere });
    await outsider.initStack("gamma", { forms: [{ key: "theirs", name: "Shared", adoptId: formId }] });
    const unseen = await outsider.pulumi("preview", "--stack", "gamma");
    expect(unseen.status).toBe(0);
    await outsider.setScenario(
      "gamma",
      { forms: [{ key: "theirs", name: "Shared", adoptId: formId }] },
      {
        "tenant:ownershipBackends": pg.backendUrl,
      },
    );
    const seen = await outsider.pulumi("preview", "--stack", "gamma");
    expect(seen.status).not.toBe(0);
    expect(seen.output).toContain(`form ${formId} is managed by stack ${PROJECT}/alpha`);
  });

  test("importing another stack's object through the plugin (pulumi import) is refused, naming that stack", async () => {
    const plugins = new Fleet(pg.backendUrl, server, path.join(__dirname, "plugin-program"));
    try {
      const runner = plugins.runner("import");
      await runner.pulumiOk("stack", "init", "delta", "--secrets-provider", "passphrase");
      const imported = await runner.pulumi(
        "import",
        "tenant:index:Form",
        "taken",
        formId,
        "--stack",
        "delta",
        "--yes",
        "--skip-preview",
        "--generate-code=false",
      );
      expect(imported.status).not.toBe(0);
      expect(imported.output).toContain(`form ${formId} is managed by stack ${PROJECT}/alpha: importing it here`);
      expect((await runner.exportStack("delta")).resources.filter((r) => r.id === formId)).toEqual([]);
    } finally {
      plugins.dispose();
    }
  });

  test("the drift recipe: exit 0 clean, 4 for an object no stack manages (with the line that adopts it), 6 with drift too", async () => {
    const clean = await fleet.runner("drift-clean").recipe("drift.sh", "alpha", ".");
    if (clean.status !== 0) throw new Error(`drift.sh on a clean tenant exited ${clean.status}:\n${clean.output}`);

    const byHand = await api.call<{ id: string }>("POST", "/forms", { name: "Made in the dashboard" });
    const unmanaged = await fleet.runner("drift-unmanaged").recipe("drift.sh", "alpha", ".");
    expect(unmanaged.status).toBe(4);
    expect(unmanaged.stdout).toContain(`form ${byHand.body.id} "Made in the dashboard"`);
    expect(unmanaged.stdout).toContain(`pulumi import tenant:index:Form madeInTheDashboard ${byHand.body.id}`);
    expect(unmanaged.stdout).toContain(`adoptId: "${byHand.body.id}"`);

    await api.call("PATCH", `/forms/${formId}`, { name: "Edited in the dashboard" });
    const both = await fleet.runner("drift-both").recipe("drift.sh", "alpha", ".");
    expect(both.status).toBe(6);
    expect(both.stdout).toContain("Form signup: fields differ: name [update]");
    expect(both.stdout).toContain("pulumi up --refresh --stack alpha");
    await api.call("PATCH", `/forms/${formId}`, { name: "Shared" });
    await api.call("DELETE", `/forms/${byHand.body.id}`);
  });

  test("two runs of one stack at once: one deploys, the other stops at the backend's lock; nothing is lost", async () => {
    await commit("alpha", { forms: [form("Shared"), { key: "second", name: "Second" }] });
    const runs = [fleet.runner("at-once-1"), fleet.runner("at-once-2")].map((runner) =>
      runner.start("pulumi", ["up", "--stack", "alpha", "--yes", "--skip-preview", "--non-interactive"]),
    );
    const [one, two] = await Promise.all(runs.map((run) => run.done));
    const results = [one!, two!];
    expect(results.filter((result) => result.status === 0)).toHaveLength(1);
    const locked = results.find((result) => result.status !== 0)!;
    expect(locked.output).toMatch(/the stack is currently locked by 1 lock\(s\)/);
    expect((await api.forms()).filter((item) => item.name === "Second")).toHaveLength(1);
    await fleet
      .runner("after-lock")
      .pulumiOk("up", "--stack", "alpha", "--yes", "--skip-preview", "--expect-no-changes");
  });

  test("two stacks on one tenant updated at once under a rate limit of 10 requests/s with one client: 0 failed operations", async () => {
    const forms = (prefix: string) =>
      Array.from({ length: 8 }, (_, i) => ({ key: `${prefix}${i}`, name: `${prefix} form ${i}` }));
    await commit("alpha", { forms: forms("alpha") });
    await commit("beta", { forms: forms("beta") });
    server.setRateLimit(10);
    server.counters.reset();
    try {
      const runs = ["alpha", "beta"].map((stack) => fleet.runner(`busy-${stack}`).recipe("up.sh", stack, "."));
      const results = await Promise.all(runs);
      for (const result of results) {
        if (result.status !== 0)
          throw new Error(`up.sh under the rate limit exited ${result.status}:\n${result.output}`);
      }
    } finally {
      server.setRateLimit(1000);
    }
    const names = (await api.forms()).map((item) => item.name);
    for (const name of [...forms("alpha"), ...forms("beta")].map((item) => item.name)) {
      expect(names.filter((found) => found === name)).toHaveLength(1);
    }
  });
});

describe("GitOps: a PostgreSQL backend of many stacks", () => {
  /** One stack more than Pulumi's PostgreSQL backend opens connections on this machine: its own `stack ls` hangs here. */
  const crowd = Array.from({ length: 2 * os.availableParallelism() + 1 }, (_, index) => `crowd-${index}`);
  const place = sharedPlace(crowd);

  test("the provider lists the backend's stacks where the CLI's default `stack ls` would hang (it bounds the readers)", async () => {
    const runner = place.fleet.runner("crowd");
    for (const stack of crowd) await runner.pulumiOk("stack", "init", stack, "--secrets-provider", "passphrase");
    // readBackend's `stack ls` is what `recover`, `drift` and the ownership check run. It answers (the CLI's own
    // would hang here): the other blocks' stacks that hold something, none of the crowd (empty stacks hold nothing).
    const states = await readBackend({ url: pg.backendUrl, cwd: runner.dir });
    expect(states.filter((state) => crowd.includes(state.stack.split("/").pop()!))).toEqual([]);
  });
});
