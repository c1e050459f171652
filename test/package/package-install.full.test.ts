/**
 * The provider tarball as a user installs it: into a fresh Pulumi project next to a separately
 * installed `@pulumi/pulumi`, then `pulumi preview` and `up` there against a tenant server, the
 * package's own `drift` command, and the plugin tarball installed with `pulumi plugin install`.
 * Prints FIGURE lines: packages and seconds of the install compared with `@pulumi/pulumi` alone.
 * The tarballs' contents are package.test.ts's.
 */
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { adminToken } from "../fixtures/realistic-tenant";
import { startTenantServer, type TenantServer } from "../../server/index";
import { ensurePulumiCli, openStack, pulumiEnv, REPO_ROOT } from "../../scripts/lib/pulumi";
import { packPlugin } from "../../scripts/plugin-pack";
import { npm, packWorkspace } from "./tarballs";

const PULUMI_SDK = "@pulumi/pulumi@3.248.0";
// (jose is not among them: openid-client, the application's side of `pulumi-tenant rehearse`, uses it.)
const SERVER_ONLY_PACKAGES = ["better-sqlite3", "fastify", "pino", "oidc-provider", "node-forge", "qs"];

let tmp: string;
let providerTarball: string;

/** Installs `specs` into a fresh project folder; returns seconds and the number of packages installed. */
function freshInstall(dir: string, specs: string[]): { seconds: number; packages: number } {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: path.basename(dir), private: true }));
  const started = Date.now();
  npm(["install", ...specs], dir);
  const seconds = (Date.now() - started) / 1000;
  const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")) as {
    packages: Record<string, unknown>;
  };
  return { seconds, packages: Object.keys(lock.packages).filter((key) => key !== "").length };
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-package-install-"));
  providerTarball = packWorkspace("provider", tmp);
}, 300_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("a fresh Pulumi project with the provider tarball", () => {
  let server: TenantServer;
  let project: string;

  beforeAll(async () => {
    server = await startTenantServer({ port: 0, logger: false });
  });
  afterAll(async () => server?.close());

  test("installs without a native build or a server dependency, next to @pulumi/pulumi alone", () => {
    const alone = freshInstall(path.join(tmp, "sdk-alone"), [PULUMI_SDK]);
    project = path.join(tmp, "project");
    const withProvider = freshInstall(project, [PULUMI_SDK, providerTarball]);
    process.stdout.write(
      `FIGURE package install: @pulumi/pulumi alone ${alone.packages} packages in ${alone.seconds.toFixed(1)} s; ` +
        `with pulumi-tenant ${withProvider.packages} packages in ${withProvider.seconds.toFixed(1)} s ` +
        `(+${withProvider.packages - alone.packages} packages)\n`,
    );
    const installed = fs.readdirSync(path.join(project, "node_modules"));
    expect(installed.filter((name) => SERVER_ONLY_PACKAGES.includes(name))).toEqual([]);
    // No package of the tree compiles native code on install.
    const lock = JSON.parse(fs.readFileSync(path.join(project, "package-lock.json"), "utf8")) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const native = Object.keys(lock.packages).filter((key) => fs.existsSync(path.join(project, key, "binding.gyp")));
    expect(native).toEqual([]);
    // The provider shares the user's @pulumi/pulumi (a peer dependency), never a copy of its own.
    expect(fs.existsSync(path.join(project, "node_modules", "pulumi-tenant", "node_modules", "@pulumi"))).toBe(false);
    expect(withProvider.packages - alone.packages).toBeLessThanOrEqual(40);
  }, 600_000);

  test("exports its public entries only: a deep import of dist/ is refused, 0.2.0's stored runtime path resolves", () => {
    /** `require.resolve(specifier)` from the fresh project, as a program or policy pack there would call it. */
    const resolveThere = (specifier: string) => {
      try {
        execFileSync(process.execPath, ["-e", `require.resolve(${JSON.stringify(specifier)})`], {
          cwd: project,
          stdio: ["ignore", "pipe", "pipe"],
        });
        return "resolved";
      } catch (error) {
        return /ERR_PACKAGE_PATH_NOT_EXPORTED/.test(String((error as { stderr?: Buffer }).stderr))
          ? "refused"
          : "other";
      }
    };
    for (const entry of ["pulumi-tenant", "pulumi-tenant/runtime", "pulumi-tenant/policy-support"])
      expect([entry, resolveThere(entry)]).toEqual([entry, "resolved"]);
    // The providers 0.2.0 stored in state look the runtime up by this path: one named entry keeps them working.
    expect(resolveThere("pulumi-tenant/dist/provider/runtime")).toBe("resolved");
    for (const deep of ["pulumi-tenant/dist/provider/backend/stacks", "pulumi-tenant/dist/api/index.js"])
      expect([deep, resolveThere(deep)]).toEqual([deep, "refused"]);
  });

  test("runs `pulumi preview` and `up` there against the tenant server", async () => {
    for (const file of ["Pulumi.yaml", "index.ts"])
      fs.copyFileSync(path.join(__dirname, "fixture", file), path.join(project, file));
    const binDir = ensurePulumiCli();
    const stack = await openStack({
      workDir: project,
      stackName: "check",
      binDir,
      place: { stateDir: path.join(tmp, "state"), homeDir: path.join(tmp, "home"), passphrase: "package-check" },
      tenant: {
        domain: server.url,
        clientId: server.credentials.clientId,
        clientSecret: server.credentials.clientSecret,
      },
    });
    const preview = await stack.preview();
    expect(preview.changeSummary.create).toBe(3);
    const up = await stack.up();
    expect(up.summary.resourceChanges?.create).toBe(3);
    expect(String(up.outputs.formId.value)).toMatch(/^ap_/);
    expect(String(up.outputs.streamId.value)).toMatch(/^est_/);
    // The program ran the installed package, not this repository's sources: its stored provider
    // text names the package alone (only a program folder that resolves it gets that text), and
    // nothing in the state names this repository.
    const state = JSON.stringify((await stack.exportStack()).deployment);
    expect(state).toContain('require(\\"pulumi-tenant/runtime\\").attach(this,\\"form\\"');
    expect(state).not.toContain(REPO_ROOT);

    // The package's own command, run from the user's project as `npx pulumi-tenant drift`.
    const place = { stateDir: path.join(tmp, "state"), homeDir: path.join(tmp, "home"), passphrase: "package-check" };
    // Asynchronously: the tenant server runs in this process and must keep answering.
    const drift = () =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          "npx",
          ["--no-install", "pulumi-tenant", "drift", "--stack", "check"],
          { cwd: project, encoding: "utf8", env: { ...process.env, ...pulumiEnv(binDir, place) } },
          (error, stdout, stderr) =>
            resolve({ status: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
        );
      });
    const clean = await drift();
    expect({ status: clean.status, output: clean.stdout + clean.stderr }).toEqual({
      status: 0,
      output: expect.stringContaining("No drift: the tenant matches the code."),
    });
    const token = await adminToken(server);
    await fetch(`${server.baseUrl}/forms/${String(up.outputs.formId.value)}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Renamed by hand" }),
    });
    const drifted = await drift();
    expect(drifted.stdout).toMatch(/Form signup: fields differ: name \[update\]/);
    expect(drifted.status).toBe(2);
    await stack.destroy();
  }, 600_000);

  test("the plugin tarball (npm run plugin:pack) installs with `pulumi plugin install` and serves a program", async () => {
    // Built already by `npm test` (see the packs above).
    const { tarball, version } = packPlugin(path.join(tmp, "plugin"), undefined, { build: false });
    const binDir = ensurePulumiCli();
    const place = { stateDir: path.join(tmp, "plugin-state"), homeDir: path.join(tmp, "plugin-home"), passphrase: "p" };
    const env = { ...process.env, ...pulumiEnv(binDir, place) };
    execFileSync("pulumi", ["plugin", "install", "resource", "tenant", version, "--file", tarball], { env });
    expect(execFileSync("pulumi", ["plugin", "ls"], { env, encoding: "utf8" })).toMatch(
      new RegExp(`tenant\\s+resource\\s+${version.replace(/\./g, "\\.")}`),
    );
    // A program with no `plugins:` path: the engine runs the installed plugin.
    const program = path.join(tmp, "plugin-project");
    fs.mkdirSync(program);
    fs.symlinkSync(path.join(project, "node_modules"), path.join(program, "node_modules"), "dir");
    fs.writeFileSync(
      path.join(program, "Pulumi.yaml"),
      "name: plugin-check\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
    );
    fs.writeFileSync(
      path.join(program, "index.ts"),
      [
        'import * as pulumi from "@pulumi/pulumi";',
        "class Form extends pulumi.CustomResource {",
        "  constructor(name: string, args: pulumi.Inputs) {",
        '    super("tenant:index:Form", name, args);',
        "  }",
        "}",
        'export const formId = new Form("signup", { name: "Installed plugin" }).id;',
        "",
      ].join("\n"),
    );
    const stack = await openStack({
      workDir: program,
      stackName: "plugin",
      binDir,
      place,
      tenant: {
        domain: server.url,
        clientId: server.credentials.clientId,
        clientSecret: server.credentials.clientSecret,
      },
    });
    const up = await stack.up();
    expect(String(up.outputs.formId.value)).toMatch(/^ap_/);
    const state = JSON.stringify((await stack.exportStack()).deployment);
    expect(state).toContain('"type":"pulumi:providers:tenant"');
    await stack.destroy();
  }, 600_000);
});
