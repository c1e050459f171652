/**
 * The CI workflows of examples/ci, run as written in a user's infrastructure repository: a scratch
 * Pulumi project whose package.json installs pulumi-tenant from its packed tarball (not this
 * workspace), the three workflows copied to .github/workflows/. Each is checked by actionlint, then
 * its steps run in order (test/e2e/workflow-runner.ts): the `uses:` steps by local equivalents
 * (the Pulumi action by the project's CLI setup), the secrets and variables from a map holding
 * exactly the documented names, `gh` a recording stub, against a local tenant server and a local
 * file backend. The stack is set up as the CI guide says, by running its blocks: created once in
 * the shared backend, the quickstart's credentials taken out of the committed stack file, its name
 * the repository variable PULUMI_STACK (here not the default `production`). A pull request's
 * preview posts the review comment, a merge deploys, the drift check is clean and then finds a
 * hand edit; credentials moved out of the stack file after a deploy are the provider's change, not drift.
 * The repository commits a login journey (with pulumi-tenant-server, packed from this checkout too,
 * and puppeteer-core): the preview workflow rehearses it on a throwaway tenant, in Chromium, before
 * the comment; a failing journey fails the job after the comment names where.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startTenantServer, type TenantServer } from "../../server/index";
import { ensureActionlint } from "../../scripts/lib/actionlint";
import { ensureChromium } from "../../scripts/lib/chromium";
import { fileBackendUrl, REPO_ROOT } from "../../scripts/lib/pulumi";
import { E2E_TIMEOUT_MS, TenantApi } from "./harness";
import { commandsOf, guideBlock } from "./guide-blocks";
import {
  substitute,
  namesRead,
  readWorkflow,
  runWorkflow,
  type Expressions,
  type Step,
  type StepResult,
  type Workflow,
} from "./workflow-runner";

jest.setTimeout(E2E_TIMEOUT_MS);

const CI = path.join(REPO_ROOT, "examples", "ci");
const WORKFLOWS = ["pulumi-preview.yml", "up.yml", "drift.yml"];
const MARKER = "<!-- pulumi-tenant review -->";
const PULL_REQUEST = "7";
/** The repository variable PULUMI_STACK: a name of the user's, so the workflows are seen to use it. */
const STACK = "tenant-prod";
const CI_GUIDE = "docs/guides/ci-github-actions.md";
/** The committed journey: a user logs in, and the ID token names her. */
const JOURNEY = "login";
const JOURNEY_EMAIL = "ann@example.com";
/** A claim the program sets nowhere: the journey expecting it fails at its expectations. */
const MISSING_CLAIM = "https://acme.example/plan";

let tmp: string;
let repo: string;
let server: TenantServer;
let api: TenantApi;
let values: Expressions;
let runnerEnv: NodeJS.ProcessEnv;
/** Runs steps on the user's machine (the Pulumi CLI installed first). */
let redoSetup: (steps: Step[]) => Promise<StepResult[]>;
/** The quickstart's `pulumi config set` lines of the credentials. */
let credentialsBack: Step[];
/** rehearse.sh run in the repository before pulumi-tenant-server was installed. */
let withoutServer: ReturnType<typeof spawnSync>;
const setup0: Step = { uses: "pulumi/actions@v6", with: { "pulumi-version": "3.248.0" } };
const ghLog = () => path.join(tmp, "gh", "calls.log");

/**
 * better-sqlite3's prebuilt binary for this Node.js, from the checkout's own install, where its
 * installer looks for a local prebuild (`npm_config_better_sqlite3_local_prebuilds`): a GitHub
 * runner downloads it, this machine reaches no download site, and compiling it at each `npm ci`
 * of the user's repository (pulumi-tenant-server depends on it) would take minutes a workflow.
 * The environment variables that point there.
 */
function localPrebuilds(dir: string): Record<string, string> {
  const pkg = path.join(REPO_ROOT, "node_modules", "better-sqlite3");
  const version = (JSON.parse(fs.readFileSync(path.join(pkg, "package.json"), "utf8")) as { version: string }).version;
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  fs.mkdirSync(dir, { recursive: true });
  execFileSync("tar", ["-czf", path.join(dir, name), "-C", pkg, "build/Release/better_sqlite3.node"]);
  return { npm_config_better_sqlite3_local_prebuilds: dir };
}
let prebuilds: Record<string, string> = {};

function npm(args: string[], cwd: string): string {
  return execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, npm_config_update_notifier: "false", ...prebuilds },
  });
}

/** A `gh` that records its calls (and a copy of each body file) and finds no earlier comment. */
function ghStub(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const script = [
    "#!/usr/bin/env bash",
    'printf "%s\\n" "GH_TOKEN=${GH_TOKEN:+set} $*" >> "$GH_STUB_DIR/calls.log"',
    'args=("$@")',
    'for i in "${!args[@]}"; do',
    '  if [ "${args[$i]}" = "--body-file" ]; then cp "${args[$((i + 1))]}" "$GH_STUB_DIR/body.md"; fi',
    "done",
  ].join("\n");
  fs.writeFileSync(path.join(dir, "gh"), `${script}\n`, { mode: 0o755 });
}

/** The user's program: what a first infrastructure repository holds. */
function writeProject(dir: string, formName: string): void {
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    "name: tenant-infra\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
  );
  fs.writeFileSync(
    path.join(dir, "index.ts"),
    [
      'import * as tenant from "pulumi-tenant";',
      `const signup = new tenant.Form("signup", {`,
      `  name: ${JSON.stringify(formName)},`,
      '  start: { next_node: "step_1" },',
      '  nodes: [{ id: "step_1", type: "STEP", config: { next_node: "$ending" } }],',
      "});",
      "export const formId = signup.id;",
      "",
    ].join("\n"),
  );
}

/** The journey the repository commits, expecting `claims` in the ID token. */
function journeyYaml(claims: Record<string, string>): string {
  return [
    "# A user logs in with her password; the ID token says who she is.",
    `name: ${JOURNEY}`,
    "application:",
    "  name: Rehearsal app",
    "  callbacks: [https://app.example.com/callback]",
    "user:",
    `  email: ${JOURNEY_EMAIL}`,
    "steps:",
    "  - page: { screen: login }",
    '    fill: { username: "{{user.email}}", password: "{{user.password}}" }',
    "expect:",
    `  claims: ${JSON.stringify(claims)}`,
    "",
  ].join("\n");
}

/** rehearse.sh as the package ships it, run in the repository with `env` added to the runner's. */
function rehearseSh(env: NodeJS.ProcessEnv) {
  return spawnSync("bash", [path.join(repo, "node_modules/pulumi-tenant/dist/ci/rehearse.sh"), ".", "refused"], {
    cwd: repo,
    encoding: "utf8",
    env: { ...runnerEnv, ...env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${runnerEnv.PATH}` },
  });
}

/**
 * The CI guide's block `name`, as a user runs it: the backend and the stack's name filled in
 * (the guide's `s3://my-state-bucket` is the test's file backend, `production` the variable's name).
 */
function guideSteps(name: string, backend: string): Step[] {
  return commandsOf(guideBlock(REPO_ROOT, CI_GUIDE, name).text).map((command) => ({
    run: command
      .replace(/\s+#.*$/, "")
      .replace(/s3:\/\/my-state-bucket/g, backend)
      .replace(/\bproduction\b/g, STACK),
  }));
}

/** The stack's configuration file in the repository, as committed. */
const stackFile = () => fs.readFileSync(path.join(repo, `Pulumi.${STACK}.yaml`), "utf8");

/** `${{ vars.PULUMI_STACK || 'production' }}` with the variable set to `value` ("" when not set). */
const substituteDefault = (text: string, value: string) => substitute(text, { "vars.PULUMI_STACK": value });

/** The first step whose label starts with `start`. */
const stepOf = (results: StepResult[], start: string) => results.find((result) => result.step.startsWith(start))!;

/** rehearsals/results.json, as rehearse.sh wrote it. */
const rehearsalResults = () =>
  JSON.parse(fs.readFileSync(path.join(repo, "rehearsals", "results.json"), "utf8")) as {
    journeys: { journey: string; passed: boolean; failure?: { at: string; reason: string } }[];
  };

/**
 * What the rehearsal must leave alone: the pull request's stack (its state, its committed file, the
 * backend's stacks), its tenant's clients, users and forms, no stack file or server of its own left.
 */
async function untouched(): Promise<unknown> {
  const stacks = path.join(tmp, "state", ".pulumi", "stacks", "tenant-infra");
  const servers = spawnSync("pgrep", ["-f", path.join(repo, "node_modules", ".bin", "pulumi-tenant-server")]);
  return {
    stacks: fs.readdirSync(stacks).filter((file) => !file.endsWith(".bak")),
    state: fs.readFileSync(path.join(stacks, `${STACK}.json`), "utf8"),
    committed: stackFile(),
    stackFiles: fs.readdirSync(repo).filter((file) => /^Pulumi\..*\.yaml$/.test(file)),
    servers: servers.stdout.toString().trim(),
    clients: ((await api.call("GET", "/clients")).body as { name: string }[]).map((client) => client.name).sort(),
    users: (await api.call("GET", "/users")).body,
    forms: (await api.forms()).map((form) => form.name),
  };
}

/** What a workflow run leaves in the checkout. */
const RUN_OUTPUTS = ["rehearsals", "rehearsals.exit", "pulumi-preview.md", "login-screens", "drift.md"];

/** Runs `workflow` from a fresh checkout, as every run on GitHub starts: nothing an earlier run left. */
function runFresh(workflow: Workflow): Promise<StepResult[]> {
  for (const output of RUN_OUTPUTS) fs.rmSync(path.join(repo, output), { recursive: true, force: true });
  return runWorkflow(workflow, repo, values, runnerEnv);
}

const failures = (results: StepResult[]) => results.filter((result) => result.status === "failed");
const explain = (results: StepResult[]) =>
  results.map((result) => `[${result.status}] ${result.step}\n${result.output.slice(-3000)}`).join("\n");

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-workflows-"));
  prebuilds = localPrebuilds(path.join(tmp, "prebuilds"));
  server = await startTenantServer({ port: 0, logger: false });
  api = new TenantApi(server);
  const packed = JSON.parse(
    // Built already by `npm test`: no `prepack` rebuild of provider/dist under the suites beside this one.
    npm(["pack", "--json", "--ignore-scripts", "--workspace", "provider", "--pack-destination", tmp], REPO_ROOT),
  ) as {
    filename: string;
  }[];
  repo = path.join(tmp, "infra");
  fs.mkdirSync(path.join(repo, ".github", "workflows"), { recursive: true });
  fs.writeFileSync(path.join(repo, "package.json"), JSON.stringify({ name: "tenant-infra", private: true }));
  // The user's `npm install pulumi-tenant @pulumi/pulumi`, committed with its lock file.
  npm(["install", "@pulumi/pulumi@3.248.0", path.join(tmp, packed[0].filename)], repo);
  writeProject(repo, "Sign-up");
  for (const file of WORKFLOWS) fs.copyFileSync(path.join(CI, file), path.join(repo, ".github", "workflows", file));
  ghStub(path.join(tmp, "gh"));
  const state = path.join(tmp, "state");
  fs.mkdirSync(state);
  const { clientId, clientSecret } = server.credentials;
  values = {
    "secrets.PULUMI_BACKEND_URL": fileBackendUrl(state),
    "secrets.PULUMI_CONFIG_PASSPHRASE": "workflows-passphrase",
    "secrets.AUTH0_PREVIEW_CLIENT_SECRET": clientSecret,
    "secrets.AUTH0_DEPLOY_CLIENT_SECRET": clientSecret,
    "vars.AUTH0_DOMAIN": server.url,
    "vars.AUTH0_PREVIEW_CLIENT_ID": clientId,
    "vars.AUTH0_DEPLOY_CLIENT_ID": clientId,
    "vars.PULUMI_STACK": STACK,
    "github.repository": "acme/tenant-infra",
    "github.event.pull_request.number": PULL_REQUEST,
    "github.token": "ghs_test-token",
    "inputs.release-lock": "false",
  };
  // The runner's own environment: no Pulumi CLI yet (the workflow installs it), gh, a fresh PULUMI_HOME.
  runnerEnv = {
    PATH: [path.join(tmp, "gh"), "/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"].join(
      path.delimiter,
    ),
    HOME: process.env.HOME,
    CI: "true",
    GITHUB_WORKSPACE: repo,
    GITHUB_STEP_SUMMARY: path.join(tmp, "summary.md"),
    GH_STUB_DIR: path.join(tmp, "gh"),
    PULUMI_HOME: path.join(tmp, "pulumi-home"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
    npm_config_update_notifier: "false",
    PULUMI_TENANT_CHROMIUM: ensureChromium(),
    ...prebuilds,
  };
  withoutServer = rehearseSh({});
  // The journeys' tools: `npm install --save-dev pulumi-tenant-server puppeteer-core`, the server packed from here.
  const server0 = JSON.parse(
    npm(["pack", "--json", "--ignore-scripts", "--workspace", "server", "--pack-destination", tmp], REPO_ROOT),
  ) as { filename: string }[];
  const puppeteer = (
    JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "node_modules", "puppeteer-core", "package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  npm(["install", "--save-dev", path.join(tmp, server0[0].filename), `puppeteer-core@${puppeteer}`], repo);
  fs.mkdirSync(path.join(repo, "journeys"));
  fs.writeFileSync(path.join(repo, "journeys", `${JOURNEY}.yaml`), journeyYaml({ email: JOURNEY_EMAIL }));
  // The program has no setting of its own: the rehearsal's stack file holds none but the tenant's (set by the script).
  fs.writeFileSync(path.join(repo, "Pulumi.rehearsal.yaml"), "config: {}\n");
  // The user's one-time setup, from their machine, as the CI guide says: the stack created once in
  // the shared backend; the quickstart's credentials (in the committed stack file) then taken out of it.
  const machine = { "runs-on": "local", env: readWorkflow(path.join(CI, "up.yml")).jobs.up.env };
  const quickstartCredentials: Step[] = [
    { run: `pulumi config set tenant:domain ${server.url} --stack ${STACK}` },
    { run: `pulumi config set tenant:clientId ${clientId} --stack ${STACK}` },
    // After `--`: a generated secret may start with `-`, which the CLI would take for a flag.
    { run: `pulumi config set --secret tenant:clientSecret --stack ${STACK} -- ${clientSecret}` },
  ];
  const setup = await runWorkflow(
    {
      name: "setup",
      on: {},
      jobs: {
        setup: {
          ...machine,
          steps: [
            { uses: "pulumi/actions@v6", with: { "pulumi-version": "3.248.0" } },
            ...guideSteps("create the stack in the shared backend", values["secrets.PULUMI_BACKEND_URL"]),
            ...quickstartCredentials,
            ...guideSteps("credentials out of the committed stack file", values["secrets.PULUMI_BACKEND_URL"]),
          ],
        },
      },
    },
    repo,
    values,
    runnerEnv,
  );
  if (failures(setup).length > 0) throw new Error(`stack setup failed:\n${explain(setup)}`);
  redoSetup = (steps: Step[]) =>
    runWorkflow(
      { name: "machine", on: {}, jobs: { machine: { ...machine, steps: [setup0, ...steps] } } },
      repo,
      values,
      runnerEnv,
    );
  credentialsBack = quickstartCredentials;
}, 600_000);

afterAll(async () => {
  await server?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the workflows as files", () => {
  test("actionlint finds nothing in any of them", () => {
    const lint = spawnSync(ensureActionlint(), ["-no-color", ...WORKFLOWS.map((file) => path.join(CI, file))], {
      encoding: "utf8",
    });
    expect([lint.status, lint.stdout + lint.stderr]).toEqual([0, ""]);
  });

  test.each([
    ["pulumi-preview.yml", "PREVIEW"],
    ["up.yml", "DEPLOY"],
    ["drift.yml", "PREVIEW"],
  ])("%s reads exactly the documented secrets and variables (the %s client)", (file, client) => {
    expect(namesRead(path.join(CI, file))).toEqual({
      secrets: [`AUTH0_${client}_CLIENT_SECRET`, "PULUMI_BACKEND_URL", "PULUMI_CONFIG_PASSPHRASE"].sort(),
      vars: [`AUTH0_${client}_CLIENT_ID`, "AUTH0_DOMAIN", "PULUMI_STACK"].sort(),
    });
    // The stack's name: the variable, `production` when it is not set.
    expect(readWorkflow(path.join(CI, file)).env).toEqual({ PULUMI_STACK: "${{ vars.PULUMI_STACK || 'production' }}" });
    expect(fs.readFileSync(path.join(CI, file), "utf8")).not.toMatch(/(sh|--stack) production\b/);
    const job = Object.values(readWorkflow(path.join(CI, file)).jobs)[0];
    expect(job.env).toMatchObject({
      AUTH0_DOMAIN: "${{ vars.AUTH0_DOMAIN }}",
      AUTH0_CLIENT_ID: `\${{ vars.AUTH0_${client}_CLIENT_ID }}`,
      AUTH0_CLIENT_SECRET: `\${{ secrets.AUTH0_${client}_CLIENT_SECRET }}`,
    });
  });
});

describe("the CI guide's setup", () => {
  test("the stack exists in the shared backend under the variable's name, no credential in its committed file", () => {
    const stacks = fs.readdirSync(path.join(tmp, "state", ".pulumi", "stacks", "tenant-infra"));
    expect(stacks.filter((file) => !file.endsWith(".bak"))).toEqual([expect.stringMatching(`^${STACK}\\.json`)]);
    expect(stackFile()).not.toMatch(/tenant:(domain|clientId|clientSecret)/);
  });

  test("an unset PULUMI_STACK reads as production", () => {
    const env = readWorkflow(path.join(CI, "drift.yml")).env!;
    expect(substituteDefault(env.PULUMI_STACK!, "")).toBe("production");
    expect(substituteDefault(env.PULUMI_STACK!, STACK)).toBe(STACK);
  });
});

describe("a user's infrastructure repository, through its life", () => {
  const run = (file: string) => runFresh(readWorkflow(path.join(repo, ".github", "workflows", file)));

  test("the package's command runs there (npx pulumi-tenant --help)", () => {
    const help = spawnSync("npx", ["--no-install", "pulumi-tenant", "--help"], { cwd: repo, encoding: "utf8" });
    expect([help.status, help.stdout]).toEqual([0, expect.stringContaining("review")]);
  });

  test("a pull request: the preview workflow rehearses the journey, then posts the review comment", async () => {
    const before = await untouched();
    const results = await run("pulumi-preview.yml");
    expect(failures(results)).toEqual([]);
    expect(stepOf(results, "code=0").status).toBe("ok");
    expect(stepOf(results, "actions/upload-artifact@v4").status).toBe("ok");
    const calls = fs.readFileSync(ghLog(), "utf8");
    expect(calls).toContain(`GH_TOKEN=set pr comment ${PULL_REQUEST} --body-file pulumi-preview.md`);
    expect(calls).toContain("GH_TOKEN=set api --paginate repos/acme/tenant-infra/issues/7/comments");
    const body = fs.readFileSync(path.join(tmp, "gh", "body.md"), "utf8");
    expect(body.startsWith(MARKER)).toBe(true);
    expect(body).toContain("Sign-up");
    // The journey passed, its pictures and trace in the artifact's folder, the comment says so.
    const results0 = rehearsalResults();
    expect(results0.journeys.map((j) => [j.journey, j.passed])).toEqual([[JOURNEY, true]]);
    const folder = fs.readdirSync(path.join(repo, "rehearsals", JOURNEY));
    expect(folder).toContain("trace.json");
    expect(folder.filter((file) => file.endsWith(".png")).length).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(repo, "rehearsals.exit"), "utf8").trim()).toBe("0");
    expect(body).toContain("### Login journeys");
    expect(body).toContain("The rehearsed journey passed");
    expect(body).toMatch(new RegExp(`\\| \`${JOURNEY}\` \\| ✅ passed`));
    expect(body).toContain(`](rehearsals/${JOURNEY}/`);
    // Neither the pull request's stack nor its tenant saw the rehearsal; its server and stack are gone.
    expect(await untouched()).toEqual(before);
  });

  test("the merge: the up workflow deploys the stack", async () => {
    const results = await run("up.yml");
    expect(failures(results)).toEqual([]);
    expect(results.find((result) => result.step.startsWith("pulumi cancel"))?.status).toBe("skipped");
    expect((await api.forms()).map((form) => form.name)).toEqual(["Sign-up"]);
  });

  test("the morning check: the drift workflow is clean, then reports a hand edit on the summary page", async () => {
    const clean = await run("drift.yml");
    expect(failures(clean)).toEqual([]);
    const [form] = await api.forms();
    expect((await api.call("PATCH", `/forms/${form.id}`, { name: "Edited by hand" })).status).toBe(200);
    const drifted = await run("drift.yml");
    expect(failures(drifted).map((result) => result.step)).toEqual([
      'bash node_modules/pulumi-tenant/dist/ci/drift.sh "$PULUMI_STACK" . drift.md',
    ]);
    expect(fs.readFileSync(path.join(tmp, "summary.md"), "utf8")).toContain("Edited by hand");
  });

  test("credentials moved out of the stack file after a deploy: the drift check names the provider's change, exits 0", async () => {
    // The tenant back as the code says; a deploy with the credentials in the stack file, as before the guide.
    const [form] = await api.forms();
    expect((await api.call("PATCH", `/forms/${form.id}`, { name: "Sign-up" })).status).toBe(200);
    expect(failures(await redoSetup(credentialsBack))).toEqual([]);
    expect(failures(await run("up.yml"))).toEqual([]);
    // The guide's step, then the morning check before the next deploy.
    const moved = await redoSetup(
      guideSteps("credentials out of the committed stack file", values["secrets.PULUMI_BACKEND_URL"]),
    );
    expect(failures(moved)).toEqual([]);
    const check = await run("drift.yml");
    expect(failures(check)).toEqual([]);
    const output = check.map((result) => result.output).join("\n");
    expect(output).toContain("No drift: the tenant matches the code.");
    expect(output).toContain(
      "Provider configuration changed (pulumi-nodejs default: tenant:clientId, tenant:clientSecret, tenant:domain): " +
        "run `pulumi up` once to record it; the tenant itself has not drifted.",
    );
    // The next deploy records it: the check has nothing to say then.
    expect(failures(await run("up.yml"))).toEqual([]);
    const after = (await run("drift.yml")).map((result) => result.output).join("\n");
    expect(after).not.toContain("Provider configuration changed");
  });
});

describe("what fails loudly", () => {
  test("a journey that fails: the comment is posted and names the step, then the job fails", async () => {
    const file = path.join(repo, "journeys", `${JOURNEY}.yaml`);
    fs.writeFileSync(file, journeyYaml({ email: JOURNEY_EMAIL, [MISSING_CLAIM]: "pro" }));
    fs.rmSync(path.join(tmp, "gh", "body.md"), { force: true });
    try {
      const results = await runFresh(readWorkflow(path.join(CI, "pulumi-preview.yml")));
      // Only the last step failed: the preview and the comment ran first.
      expect(failures(results).map((result) => result.step)).toEqual(['code="$(cat rehearsals.exit)"']);
      expect(results.at(-1)!.output).toContain("The login journeys' rehearsal exited 2");
      expect(stepOf(results, "id=").status).toBe("ok");
      const [result] = rehearsalResults().journeys;
      expect(result).toMatchObject({ journey: JOURNEY, passed: false });
      expect(result.failure?.reason).toContain(MISSING_CLAIM);
      const body = fs.readFileSync(path.join(tmp, "gh", "body.md"), "utf8");
      expect(body).toContain("**1 of 1 rehearsed journey failed**");
      expect(body).toContain(`❌ **failed** at ${result.failure!.at}`);
    } finally {
      fs.writeFileSync(file, journeyYaml({ email: JOURNEY_EMAIL }));
    }
  });

  test("rehearse.sh without pulumi-tenant-server installed stops, exit 3, and says what to do", () => {
    expect(withoutServer.status).toBe(3);
    expect(withoutServer.stderr).toContain(
      "the pulumi-tenant-server command is not installed here (" +
        repo +
        "): add it to your package.json's devDependencies and run `npm ci`.",
    );
  });

  test("rehearse.sh with no journey matching stops, exit 3, and says what to do", () => {
    const refused = rehearseSh({ JOURNEYS: "login-journeys/*.yaml" });
    expect(refused.status).toBe(3);
    expect(refused.stderr).toContain(
      `no journey matches login-journeys/*.yaml in ${repo}: commit your journeys there (e.g. journeys/login.yaml), ` +
        "or set JOURNEYS to the glob that finds them.",
    );
    expect(fs.existsSync(path.join(repo, "refused"))).toBe(false);
  });

  test("the package ships this checkout's rehearse.sh (rebuild provider/ when this fails)", () => {
    expect(fs.readFileSync(path.join(repo, "node_modules/pulumi-tenant/dist/ci/rehearse.sh"), "utf8")).toBe(
      fs.readFileSync(path.join(CI, "rehearse.sh"), "utf8"),
    );
  });

  test("the old install step (`with: { command: version }`) fails as the action does", async () => {
    const workflow = readWorkflow(path.join(CI, "pulumi-preview.yml"));
    const steps = workflow.jobs.preview.steps;
    steps.find((step) => step.uses === "pulumi/actions@v6")!.with = { command: "version" };
    const results = await runFresh(workflow);
    expect(failures(results)).toEqual([
      expect.objectContaining({
        step: "pulumi/actions@v6",
        output: expect.stringContaining("input 'command' is 'version', not one of up, update, refresh"),
      }),
    ]);
  });

  test("preview.sh without the pulumi-tenant command stops, says what to do, and writes no comment", () => {
    const bare = fs.mkdtempSync(path.join(tmp, "bare-"));
    const result = spawnSync("bash", [path.join(CI, "preview.sh"), STACK, ".", "comment.md"], {
      cwd: bare,
      encoding: "utf8",
      env: { ...runnerEnv, PATH: `${path.dirname(process.execPath)}${path.delimiter}${runnerEnv.PATH}` },
    });
    expect(result.status).toBe(3);
    expect(result.stderr).toContain("the pulumi-tenant command is not installed here");
    expect(result.stderr).toContain("add pulumi-tenant to the dependencies of your package.json and run `npm ci`");
    expect(fs.existsSync(path.join(bare, "comment.md"))).toBe(false);
  });

  test("the repository's own checkout runs the package's command (npx pulumi-tenant --help)", () => {
    const help = spawnSync("npx", ["--no-install", "pulumi-tenant", "--help"], { cwd: REPO_ROOT, encoding: "utf8" });
    expect([help.status, help.stdout]).toEqual([0, expect.stringContaining("review")]);
  });
});
