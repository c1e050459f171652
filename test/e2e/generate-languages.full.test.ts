/**
 * `generate` → install → compile → deploy, in every language it writes, through the real CLI,
 * engine and language hosts. The source tenant holds one object of each kind, made by one
 * `pulumi up` of examples/realistic (a vault connection with a write-only setup, a flow that
 * calls through it, a form with STEP, ROUTER and FLOW nodes, the login page template, a
 * webhook event stream and one to an action, an action holding a secret and rendering the
 * form, the post-login trigger's bindings). From it `generate` writes a TypeScript program
 * over the dynamic providers and Python, Go and YAML programs over the resource plugin; each is
 * installed as its README says (the TypeScript one with `npm install` of the package.json as
 * written), type-checked or built, and deployed with `pulumi up` to a fresh tenant of its own,
 * where it creates every object, each reference pointing at that tenant's own objects. The
 * Python program is also imported into the tenant it was read from, as its README says: the
 * import writes nothing, the first preview shows no change though the state holds none of the
 * write-only secrets (the webhook's password, the vault connection's setup, the actions'
 * secrets), and a secret changed after the import is sent.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { GO_MODULE } from "../../provider/schema/package-schema";
import { ensureLanguages, openStack, pulumiEnv, REPO_ROOT, type PulumiPlace } from "../../scripts/lib/pulumi";
import { startTenantServer, type TenantServer } from "../../server/index";
import { E2E_TIMEOUT_MS, installPythonSdk, TenantApi, writesIn } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

const CLI = path.join(REPO_ROOT, "provider", "dist", "provider", "cli", "index.js");

/** Runs a command without blocking this process (the tenant servers answer from it); rejects with its output. */
function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string }) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stdin.end(options.input ?? "");
    child.on("error", reject);
    child.on("close", (status) =>
      status === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} exited ${status}:\n${output}`)),
    );
  });
}

/** The kinds of objects a tenant holds, by their list routes: what a deploy must have made. */
async function holdings(server: TenantServer): Promise<Record<string, number>> {
  const api = new TenantApi(server);
  const count = async (route: string, key?: string) => {
    const { body } = await api.call<unknown>("GET", route);
    return (key ? (body as Record<string, unknown[]>)[key] : (body as unknown[])).length;
  };
  return {
    forms: await count("/forms?per_page=100"),
    flows: await count("/flows?per_page=100"),
    connections: await count("/flows/vault/connections?per_page=100"),
    streams: await count("/event-streams?take=100", "eventStreams"),
    actions: await count("/actions/actions?per_page=100", "actions"),
    bindings: await count("/actions/triggers/post-login/bindings", "bindings"),
    template: (await api.call("GET", "/branding/templates/universal-login")).status === 200 ? 1 : 0,
  };
}

let tmp: string;
let binDir: string;
let pythonVenv: string;
let source: TenantServer;
const targets: TenantServer[] = [];
let expected: Record<string, number>;
/** The Python program generated from the source tenant, and what it needs to run. */
let python: { out: string; printed: string; programEnv: Record<string, string> } | undefined;

beforeAll(async () => {
  ({ binDir, pythonVenv } = ensureLanguages());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-generate-languages-"));
  source = await startTenantServer({ port: 0, logger: false });
  // The source tenant: examples/realistic deployed once, as the demo does.
  const program = path.join(tmp, "realistic");
  fs.cpSync(path.join(REPO_ROOT, "examples", "realistic"), program, { recursive: true });
  fs.rmSync(path.join(program, "package.json"));
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(program, "node_modules"));
  fs.writeFileSync(
    path.join(program, "Pulumi.yaml"),
    "name: realistic\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
  );
  const stack = await openStack({
    workDir: program,
    stackName: "source",
    binDir,
    place: place("source"),
    tenant: {
      domain: source.url,
      clientId: source.credentials.clientId,
      clientSecret: source.credentials.clientSecret,
    },
    config: { hookPassword: { value: "hook-password-1", secret: true }, crmToken: { value: "crm-1", secret: true } },
  });
  await stack.up();
  expected = await holdings(source);
});

afterAll(async () => {
  await source?.close();
  for (const server of targets) await server.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

function place(name: string): PulumiPlace {
  return {
    stateDir: path.join(tmp, `${name}-state`),
    homeDir: path.join(tmp, `${name}-home`),
    passphrase: "generate-languages",
  };
}

/** `generate` into a folder of its own; returns the folder and what it printed. */
async function generate(name: string, args: string[]): Promise<{ out: string; printed: string }> {
  const out = path.join(tmp, name);
  const { clientId, clientSecret } = source.credentials;
  const printed = await run(
    process.execPath,
    [
      CLI,
      "generate",
      ...args,
      "--out",
      out,
      "--domain",
      source.url,
      "--client-id",
      clientId,
      "--client-secret",
      clientSecret,
    ],
    { cwd: tmp },
  );
  return { out, printed };
}

/**
 * Deploys the program in `out` to a fresh tenant with `pulumi up`: its connection set, then
 * the secret lines `generate` printed run as a user would (a prompt answered with a value).
 */
async function deployToFreshTenant(name: string, out: string, printed: string, extraEnv: Record<string, string> = {}) {
  const target = await startTenantServer({ port: 0, logger: false });
  targets.push(target);
  const stack = await openStack({
    workDir: out,
    stackName: "prod",
    binDir,
    place: place(name),
    tenant: {
      domain: target.url,
      clientId: target.credentials.clientId,
      clientSecret: target.credentials.clientSecret,
    },
    env: extraEnv,
  });
  const env = { ...process.env, ...pulumiEnv(binDir, place(name)) };
  const lines = printed
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("pulumi config set --secret") && !/ tenant:/.test(line));
  expect(lines.length).toBeGreaterThan(0);
  for (const [index, line] of lines.entries()) {
    // A prompt gets a value on stdin; a file of the source tenant's values is read as printed.
    const command = `${line.replace(/\s+#.*$/, "")} --stack prod`;
    await run("bash", ["-c", command], { cwd: out, env, input: `prod-secret-${index}\n` });
  }
  const result = await stack.up();
  expect(result.summary.result).toBe("succeeded");
  expect(await holdings(target)).toEqual(expected);
  // The same objects, each pointing at the target's own: a second preview changes nothing.
  const again = await stack.preview();
  expect(Object.keys(again.changeSummary).filter((op) => op !== "same")).toEqual([]);
  return target;
}

test("the source tenant holds one object of each kind, an action with a secret among them", async () => {
  expect(expected).toEqual({ forms: 1, flows: 1, connections: 1, streams: 2, actions: 2, bindings: 1, template: 1 });
  const { body } = await new TenantApi(source).call<{ actions: { secrets: { name: string }[] }[] }>(
    "GET",
    "/actions/actions",
  );
  expect(body.actions.flatMap((action) => action.secrets.map((secret) => secret.name))).toContain("CRM_TOKEN");
});

test("TypeScript: package.json installs where it was generated, tsc passes, pulumi up creates every object", async () => {
  const { out, printed } = await generate("typescript", []);
  const manifest = JSON.parse(fs.readFileSync(path.join(out, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  // Not from a registry here: the package that generated the program, packed beside it, as the README says.
  expect(manifest.dependencies["pulumi-tenant"]).toMatch(/^file:pulumi-tenant-[\d.]+\.tgz$/);
  const tarball = manifest.dependencies["pulumi-tenant"].slice("file:".length);
  expect(fs.existsSync(path.join(out, tarball))).toBe(true);
  expect(fs.readFileSync(path.join(out, "README.md"), "utf8")).toContain(`names \`${tarball}\``);
  expect(fs.readFileSync(path.join(out, "index.ts"), "utf8")).not.toMatch(/updated_at/);
  await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: out });
  await run(path.join(out, "node_modules", ".bin", "tsc"), ["--noEmit", "-p", "."], { cwd: out });
  await deployToFreshTenant("typescript", out, printed);
});

test("TypeScript over the plugin: the SDK packed beside it installs, tsc passes, pulumi up creates every object", async () => {
  const { out, printed } = await generate("typescript-plugin", ["--plugin"]);
  const manifest = JSON.parse(fs.readFileSync(path.join(out, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  // Not on a registry: the checkout's sdk/nodejs, compiled and packed beside the program, as its README says.
  expect(manifest.dependencies["@pulumi-tenant/sdk"]).toMatch(/^file:pulumi-tenant-sdk-[\d.]+\.tgz$/);
  const tarball = manifest.dependencies["@pulumi-tenant/sdk"]!.slice("file:".length);
  expect(fs.existsSync(path.join(out, tarball))).toBe(true);
  expect(fs.readFileSync(path.join(out, "README.md"), "utf8")).toContain(`from \`${tarball}\``);
  expect(printed).toContain(tarball);
  // The checkout is left as it was: no bin/ nor node_modules in sdk/nodejs.
  expect(fs.existsSync(path.join(REPO_ROOT, "sdk", "nodejs", "bin"))).toBe(false);
  await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: out });
  await run(path.join(out, "node_modules", ".bin", "tsc"), ["--noEmit", "-p", "."], { cwd: out });
  await deployToFreshTenant("typescript-plugin", out, printed);
});

test("Python: the program runs on the SDK and pulumi up creates every object", async () => {
  const { out, printed } = await generate("python", ["--language", "python"]);
  // Generated from a checkout: requirements.txt names the checkout's SDK, which no index serves.
  const requirements = fs.readFileSync(path.join(out, "requirements.txt"), "utf8");
  expect(requirements).toContain(`pulumi_tenant @ ${pathToFileURL(path.join(REPO_ROOT, "sdk", "python")).href}\n`);
  // Installed from a copy of that folder (pip builds in place; this keeps the checkout clean).
  const site = installPythonSdk(pythonVenv, path.join(tmp, "python-sdk"));
  await run(path.join(pythonVenv, "bin", "python"), ["-m", "py_compile", "__main__.py"], { cwd: out });
  const programEnv = { PATH: path.join(pythonVenv, "bin"), PYTHONPATH: site };
  python = { out, printed, programEnv };
  await deployToFreshTenant("python", out, printed, programEnv);
});

test("Python: pulumi import into the tenant it was read from writes nothing, the first preview shows no change", async () => {
  if (!python) throw new Error("the Python program was not generated: see the test before this one");
  const { out, printed, programEnv } = python;
  const stack = await openStack({
    workDir: out,
    stackName: "dev",
    binDir,
    place: place("python-import"),
    tenant: {
      domain: source.url,
      clientId: source.credentials.clientId,
      clientSecret: source.credentials.clientSecret,
    },
    env: programEnv,
  });
  const env = { ...process.env, ...pulumiEnv(binDir, place("python-import")) };
  const lines = printed.split("\n").map((line) => line.trim());
  // The values the user knows: examples/realistic's, deployed with hookPassword and crmToken (the vault
  // connection's token and both actions' CRM_TOKEN).
  const secretLines = lines.filter((line) => line.startsWith("pulumi config set --secret") && !/ tenant:/.test(line));
  for (const line of secretLines) {
    const input = /# prompts: .*webhook/i.test(line) ? "hook-password-1\n" : "crm-1\n";
    await run("bash", ["-c", `${line.replace(/\s+#.*$/, "")} --stack dev`], { cwd: out, env, input });
  }
  const importLine = lines.find((line) => line.startsWith("pulumi import"))!.replace(/\s+#.*$/, "");
  source.counters.reset();
  await run("bash", ["-c", `${importLine} --stack dev`], { cwd: out, env });
  expect(writesIn(source.counters.snapshot())).toBe(0);
  const exported = (await stack.exportStack()).deployment as { resources: { type: string }[] };
  const imported = exported.resources.filter((resource) => resource.type.startsWith("tenant:index:")).length;
  const importFile = JSON.parse(fs.readFileSync(path.join(out, "import.json"), "utf8")) as { resources: unknown[] };
  expect(imported).toBe(importFile.resources.length);
  expect(imported).toBeGreaterThanOrEqual(Object.keys(expected).length);

  // The state holds none of the write-only secrets; the program's are taken to be the tenant's.
  const first = await stack.preview({ diff: true });
  expect(first.changeSummary).toEqual({ same: imported + 1 });
  expect(first.stdout).not.toMatch(/rotatedSecrets/);
  const up = await stack.up();
  expect(up.summary.resourceChanges).toEqual({ same: imported + 1 });
  expect(writesIn(source.counters.snapshot())).toBe(0);

  // A secret the program changes after the import is a change, named, and `up` sends it.
  const tokenLine = secretLines.find((line) => /--path \S+\.token\s+# prompts/.test(line));
  expect(tokenLine).toBeDefined();
  await run("bash", ["-c", `${tokenLine!.replace(/\s+#.*$/, "")} --stack dev`], { cwd: out, env, input: "crm-2\n" });
  const rotated = await stack.preview({ diff: true });
  expect(rotated.changeSummary).toEqual({ same: imported, update: 1 });
  expect(rotated.stdout).toMatch(/tenant:index:FlowVaultConnection[\s\S]*rotatedSecrets/);
  source.counters.reset();
  await stack.up();
  expect(
    Object.entries(source.counters.snapshot()).filter(
      ([key, count]) => count > 0 && /^(POST|PATCH|PUT|DELETE) \/api\/v2\//.test(key),
    ),
  ).toEqual([[expect.stringMatching(/^PATCH \/api\/v2\/flows\/vault\/connections\//), 1]]);
});

test(
  "Go: the program builds against the SDK and pulumi up creates every object",
  async () => {
    const { out, printed } = await generate("go", ["--language", "go"]);
    const env = { ...process.env, GOFLAGS: "-mod=mod" };
    // Generated from a checkout: go.mod replaces the SDK module by the checkout's sdk/go, as written.
    expect(fs.readFileSync(path.join(out, "go.mod"), "utf8")).toContain(
      `replace ${GO_MODULE} => ${path.join(REPO_ROOT, "sdk", "go")}\n`,
    );
    fs.copyFileSync(path.join(__dirname, "languages", "go", "go.sum"), path.join(out, "go.sum"));
    await run("go", ["mod", "tidy"], { cwd: out, env });
    // The language host builds the program (`go build`) for the deploy: a type error fails it there.
    await deployToFreshTenant("go", out, printed, { GOFLAGS: "-mod=mod" });
  },
  2 * E2E_TIMEOUT_MS,
);

test("YAML: pulumi up of the generated Pulumi.yaml creates every object", async () => {
  const { out, printed } = await generate("yaml", ["--language", "yaml"]);
  await deployToFreshTenant("yaml", out, printed);
});
