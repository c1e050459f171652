/**
 * The guides, as written. Every code block of README.md and docs/ a user would run or paste
 * is marked (test/e2e/guide-blocks.ts): `<!-- guide: NAME -->` blocks are run here, by the
 * name of their guide and snippet, and `<!-- excerpt: PATH -->` blocks name the complete,
 * tested program or sequence they come from. A block with neither fails the first test, so a
 * guide cannot land with a snippet that does not run.
 *
 * The shell blocks run with bash, one command at a time, each expected to exit 0 or with the
 * code its comment says (`# exit 2`), against a local tenant server started by the tenant
 * server guide's own command. What a reader fills in is filled in the same way each time:
 * the tenant's domain and the client's id and secret are the local server's, `<checkout>` is
 * a temporary copy of this repository (test/scratch.ts: what the guides write there, the
 * tarballs and the quickstart's stack file, lands in the copy, and a user's own files at
 * those paths in the checkout are neither read nor touched), port 4010 a free port and the
 * server's `.tenant` a private folder. The TypeScript blocks are programs in a scratch project
 * that installs the packed package as a user's project does; each is type-checked and
 * deployed. The policies guide installs the policy pack packed the same way into that
 * project, and beside it, and runs it and a pack of the reader's own.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { TSCONFIG } from "../../provider/cli/generate/typescript-parts";
import { policyCliBin } from "../../scripts/lib/policy-cli";
import { ensurePulumiCli, fileBackendUrl, REPO_ROOT } from "../../scripts/lib/pulumi";
import { checkoutCopy, type CheckoutCopy } from "../scratch";
import { E2E_TIMEOUT_MS } from "./harness";
import { commandsOf, expectedExit, guideBlock } from "./guide-blocks";

jest.setTimeout(E2E_TIMEOUT_MS);

// ------------------------------------------------------------------ running them

let tmp: string;
let port: number;
let dataDir: string;
let server: ChildProcess | undefined;
let env: NodeJS.ProcessEnv;
/** The user's project: a Pulumi TypeScript project with the packed package installed. */
let project: string;
/**
 * The reader's checkout, a temporary copy of this one: the guides pack tarballs into it and the
 * quickstart makes its stack there. Build outputs only read (the server's) are linked; the
 * packages packed are copied whole (`npm pack` leaves out a linked `dist/`).
 */
let checkout: CheckoutCopy;
/** What a user keeps in the checkout where the guides write theirs, as it was before this test. */
let userFilesBefore: Record<string, string>;

/**
 * The checkout's files at the paths the guides write in the reader's checkout (the tarballs in
 * its root, stack files beside the examples), by path, with their contents.
 */
function userFiles(): Record<string, string> {
  const examples = path.join(REPO_ROOT, "examples");
  const found = [
    ...fs.readdirSync(REPO_ROOT).filter((file) => file.endsWith(".tgz")),
    ...fs
      .readdirSync(examples, { recursive: true, encoding: "utf8" })
      .filter((file) => /(^|\/)Pulumi\.[^/]+\.yaml$/.test(file))
      .map((file) => path.join("examples", file)),
  ];
  return Object.fromEntries(
    found.sort().map((file) => [file, fs.readFileSync(path.join(REPO_ROOT, file)).toString("base64")]),
  );
}

/** A free port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port: found } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(found));
    });
  });
}

/** What the reader fills in, filled in: the local server, this checkout, the free port. */
function filled(text: string): string {
  // The server writes its credentials on first start: before that, nothing of them is filled in.
  const file = path.join(dataDir, "credentials.json");
  const credentials = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, "utf8")) as { clientId: string; clientSecret: string })
    : { clientId: "<client id>", clientSecret: "<client secret>" };
  return (
    text
      .replace(/<checkout>\/\.tenant\b|\.\.\/\.\.\/\.tenant\b|(?<=--data-dir )\.tenant\b/g, dataDir)
      .replace(/<checkout>/g, checkout.dir)
      // The reader's ~/.pulumi: the CLI finds the home through the user database, not HOME, so it is named here.
      .replace(/pulumi login --local\b/g, `pulumi login ${fileBackendUrl(path.join(tmp, "home", ".pulumi"))}`)
      .replace(/npm run -s tenant -- token(?! --data-dir)/g, `npm run -s tenant -- token --data-dir ${dataDir}`)
      .replace(/\b4010\b/g, String(port))
      .replace(/(tenant:domain) my-tenant\.eu\.auth0\.com/g, `$1 http://127.0.0.1:${port}`)
      .replace(/<client id>/g, credentials.clientId)
      .replace(/<client secret>/g, credentials.clientSecret)
      .replace(/<webhook password>/g, "webhook-password-1")
      .replace(/<the CRM's API token>|<the CRM's token>/g, "crm-token-1")
  );
}

/** Runs one shell command in `cwd`; returns its exit code and output. */
function sh(command: string, cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", command], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * Runs the shell block `name` of `file` in `cwd`, as written with the reader's values filled
 * in, in one shell (a `cd` or a variable carries to the next command, as in the reader's
 * terminal); each command must end with the exit code its comment says (0 unless `# exit N`).
 * Returns the output of each command.
 */
async function runShellBlock(file: string, name: string, cwd: string): Promise<string[]> {
  const commands = commandsOf(filled(guideBlock(REPO_ROOT, file, name).text));
  const script = commands
    .map((command, index) => `printf '\\n@@start ${index}\\n'\n${command}\nprintf '\\n@@end ${index} %d\\n' $?`)
    .join("\n");
  const { output } = await sh(script, cwd);
  return commands.map((command, index) => {
    const part = new RegExp(`@@start ${index}\\n([\\s\\S]*?)\\n@@end ${index} (\\d+)`).exec(output);
    if (!part) throw new Error(`${file} "${name}": \`${command}\` did not finish:\n${output}`);
    if (Number(part[2]) !== expectedExit(command)) {
      throw new Error(
        `${file} "${name}": \`${command}\` exited ${part[2]}, expected ${expectedExit(command)}:\n${part[1]}`,
      );
    }
    return part[1];
  });
}

/**
 * Runs a guide's `npm pack` block in the reader's checkout; returns the tarballs it wrote there.
 * `npm install` of a checkout built the packages (its `prepare`): --ignore-scripts packs that
 * build, copied with the packages, rather than building it again.
 */
async function packAsWritten(text: string): Promise<string[]> {
  const [command] = commandsOf(text);
  const { code, output } = await sh(`${command.replace(/\s+#.*$/, "")} --ignore-scripts --json`, checkout.dir);
  if (code !== 0) throw new Error(`\`${command}\` exited ${code}:\n${output}`);
  const tarballs = (JSON.parse(output.slice(output.indexOf("["))) as { filename: string }[]).map(
    (packed) => packed.filename,
  );
  for (const tarball of tarballs) expect(fs.existsSync(checkout.at(tarball))).toBe(true);
  return tarballs;
}

beforeAll(async () => {
  const binDir = ensurePulumiCli();
  tmp = fs.mkdtempSync(path.join(process.env.PULUMI_TENANT_TEST_ROOT ?? os.tmpdir(), "tenant-guides-"));
  // The root package (its workspaces and the `tenant` script), the root tsconfig the examples compile
  // with, the examples, and the two packages the guides pack; the api/ the provider's sources import
  // and the tenant server are only read.
  checkout = checkoutCopy("guides", ["package.json", "tsconfig.json", "examples", "provider", "policy"], {
    link: ["api", "server"],
  });
  userFilesBefore = userFiles();
  port = await freePort();
  dataDir = path.join(tmp, "tenant-data");
  project = path.join(tmp, "my-project");
  fs.mkdirSync(project);
  fs.mkdirSync(path.join(tmp, "home", ".pulumi"), { recursive: true });
  // A reader's shell: the CLI on PATH (as setup:pulumi says to put it), a home and a backend of the test's own.
  env = {
    ...process.env,
    PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`,
    HOME: path.join(tmp, "home"),
    PULUMI_HOME: path.join(tmp, "pulumi-home"),
    PULUMI_BACKEND_URL: fileBackendUrl(path.join(tmp, "state")),
    PULUMI_CONFIG_PASSPHRASE: "guides-passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    npm_config_update_notifier: "false",
  };
  fs.mkdirSync(path.join(tmp, "state"));
});

afterAll(async () => {
  if (server?.pid) {
    // The server's process group: npm and the node it started.
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  checkout?.remove();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the guides, run as written", () => {
  test("docs/guides/tenant-server.md: start the server", async () => {
    const [command] = commandsOf(
      filled(guideBlock(REPO_ROOT, "docs/guides/tenant-server.md", "start the server").text),
    );
    // In a terminal of its own: its own process group, ended in afterAll.
    server = spawn("bash", ["-c", command], {
      cwd: checkout.dir,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const listening = await new Promise<string>((resolve, reject) => {
      let output = "";
      const timer = setTimeout(() => reject(new Error(`no "listening" line within 60 s:\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString("utf8");
        const line = /Tenant server listening on (\S+)/.exec(output);
        if (line) {
          clearTimeout(timer);
          resolve(line[1]);
        }
      };
      server!.stdout!.on("data", read);
      server!.stderr!.on("data", read);
      server!.on("exit", (code) => reject(new Error(`the server exited ${code}:\n${output}`)));
    });
    expect(listening).toBe(`http://127.0.0.1:${port}`);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  test("docs/guides/tenant-server.md: call the API with a token", async () => {
    const [, forms] = await runShellBlock("docs/guides/tenant-server.md", "call the API with a token", checkout.dir);
    expect(JSON.parse(forms)).toEqual([]);
  });

  test("README.md: pack the package", async () => {
    const block = guideBlock(REPO_ROOT, "README.md", "pack the package");
    const [tarball] = await packAsWritten(block.text);
    expect(block.text).toContain(tarball);
  });

  test("README.md: install and configure", async () => {
    // The reader's Pulumi TypeScript project (what `pulumi new typescript` makes), with a stack.
    fs.writeFileSync(
      path.join(project, "Pulumi.yaml"),
      "name: my-project\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
    );
    const devDependencies = { "@types/node": "^20.19.0", typescript: "~5.9.3" };
    fs.writeFileSync(
      path.join(project, "package.json"),
      `${JSON.stringify({ name: "my-project", main: "index.ts", devDependencies }, null, 2)}\n`,
    );
    // The tsconfig of a generated program (strict, commonjs), as `pulumi new typescript` writes one.
    fs.writeFileSync(path.join(project, "tsconfig.json"), TSCONFIG);
    expect((await sh("pulumi stack init dev", project)).code).toBe(0);
    await runShellBlock("README.md", "install and configure", project);
    const manifest = JSON.parse(fs.readFileSync(path.join(project, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies["pulumi-tenant"]).toMatch(/^file:.*pulumi-tenant-[\d.]+\.tgz$/);
    expect(fs.readFileSync(path.join(project, "Pulumi.dev.yaml"), "utf8")).toContain(`127.0.0.1:${port}`);
  });

  test("docs/guides/tenant-server.md: point a stack at it", async () => {
    await runShellBlock("docs/guides/tenant-server.md", "point a stack at it", project);
    const config = fs.readFileSync(path.join(project, "Pulumi.dev.yaml"), "utf8");
    expect(config).toContain(`tenant:domain: http://127.0.0.1:${port}`);
    expect(config).toMatch(/tenant:clientSecret:\s+secure:/);
  });

  test("README.md: a program (type-checked, deployed, and a second up changes nothing)", async () => {
    const block = guideBlock(REPO_ROOT, "README.md", "a program");
    fs.writeFileSync(path.join(project, "index.ts"), block.text);
    fs.copyFileSync(checkout.at("examples/realistic/login.html"), path.join(project, "login.html"));
    await deployProgram(project, ["pulumi config set --secret hookToken hook-token-1"]);
  });

  describe("docs/guides/policies.md, in the README's project", () => {
    const guide = "docs/guides/policies.md";
    /** The reader's shell with a CLI that runs Node.js policy packs (the guide's note on CLIs built from Go). */
    let shellEnv: NodeJS.ProcessEnv;
    beforeAll(() => {
      shellEnv = env;
      env = { ...env, PATH: `${policyCliBin()}${path.delimiter}${env.PATH ?? ""}` };
    });
    afterAll(() => {
      env = shellEnv;
    });

    test("pack the policy pack: both tarballs, in the checkout", async () => {
      const block = guideBlock(REPO_ROOT, guide, "pack the policy pack");
      const tarballs = await packAsWritten(block.text);
      expect(tarballs.sort()).toEqual(["pulumi-tenant-0.2.0.tgz", "pulumi-tenant-policy-0.2.0.tgz"]);
      for (const tarball of tarballs) expect(block.text).toContain(tarball);
      // What the pack needs of `pulumi-tenant`: the version the guide's tarball holds, not a registry's.
      const manifest = JSON.parse(fs.readFileSync(checkout.at("policy/package.json"), "utf8")) as {
        dependencies: Record<string, string>;
      };
      expect(`pulumi-tenant-${manifest.dependencies["pulumi-tenant"]}.tgz`).toBe("pulumi-tenant-0.2.0.tgz");
    });

    test("install the policy pack: npm takes its pulumi-tenant from the project, and the preview runs it", async () => {
      const [, preview] = await runShellBlock(guide, "install the policy pack", project);
      const manifest = JSON.parse(fs.readFileSync(path.join(project, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
        devDependencies: Record<string, string>;
      };
      expect(manifest.devDependencies["pulumi-tenant-policy"]).toMatch(/^file:.*pulumi-tenant-policy-0\.2\.0\.tgz$/);
      expect(manifest.dependencies["pulumi-tenant"]).toMatch(/^file:.*pulumi-tenant-0\.2\.0\.tgz$/);
      expect(fs.existsSync(path.join(project, "node_modules", "pulumi-tenant-policy", "node_modules"))).toBe(false);
      expect(preview).toContain("pulumi-tenant-policy@v0.2.0");
    });

    test("install the policy pack beside another language: both tarballs in one command", async () => {
      const beside = path.join(tmp, "python-project");
      fs.mkdirSync(beside);
      fs.writeFileSync(path.join(beside, "package.json"), `${JSON.stringify({ name: "python-project" }, null, 2)}\n`);
      await runShellBlock(guide, "install the policy pack beside another language", beside);
      const pack = path.join(beside, "node_modules", "pulumi-tenant-policy");
      expect(fs.existsSync(path.join(pack, "PulumiPolicy.yaml"))).toBe(true);
      // The pack installed there runs: the README's program previewed with it.
      const preview = await sh(`pulumi preview --policy-pack ${pack}`, project);
      if (preview.code !== 0) throw new Error(`pulumi preview --policy-pack ${pack} failed:\n${preview.output}`);
      expect(preview.output).toContain("pulumi-tenant-policy@v0.2.0");
    });

    test("run it: the README's program passes every rule", async () => {
      const [preview, up] = await runShellBlock(guide, "run it", project);
      expect(preview).toContain("pulumi-tenant-policy@v0.2.0");
      expect(up).toMatch(/^\s+\d+ unchanged\s*$/m);
    });

    test("a configuration: written as tenant-policy.json, the preview runs with it", async () => {
      fs.writeFileSync(path.join(project, "tenant-policy.json"), guideBlock(REPO_ROOT, guide, "a configuration").text);
      const [preview] = await runShellBlock(guide, "run it with the configuration", project);
      expect(preview).toContain("pulumi-tenant-policy@v0.2.0");
    });

    test("a pack of your own: its rule reports the README's form, the shipped rules with it", async () => {
      await runShellBlock(guide, "a pack of your own", tmp);
      const own = path.join(tmp, "acme-tenant-policy");
      fs.writeFileSync(path.join(own, "index.ts"), guideBlock(REPO_ROOT, guide, "your own rule").text);
      const [preview] = await runShellBlock(guide, "run your own pack", project);
      expect(preview).toContain("forms-have-our-stylesheet");
      expect(preview).toContain('Form "signup": style.css does not import the company stylesheet.');
    });
  });

  test("docs/guides/actions.md: an action that renders a form + bind it to its trigger (one program)", async () => {
    const dir = path.join(tmp, "actions");
    fs.mkdirSync(dir);
    for (const file of ["Pulumi.yaml", "package.json", "package-lock.json", "tsconfig.json"]) {
      if (fs.existsSync(path.join(project, file))) fs.copyFileSync(path.join(project, file), path.join(dir, file));
    }
    fs.symlinkSync(path.join(project, "node_modules"), path.join(dir, "node_modules"));
    const program = ["an action that renders a form", "bind it to its trigger"]
      .map((name) => guideBlock(REPO_ROOT, "docs/guides/actions.md", name).text)
      .join("\n");
    fs.writeFileSync(path.join(dir, "index.ts"), program);
    const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, "credentials.json"), "utf8")) as {
      clientId: string;
      clientSecret: string;
    };
    expect((await sh("pulumi stack init actions", dir)).code).toBe(0);
    const setup = [
      `pulumi config set tenant:domain http://127.0.0.1:${port}`,
      `pulumi config set tenant:clientId ${credentials.clientId}`,
      `pulumi config set --secret tenant:clientSecret ${credentials.clientSecret}`,
      ...commandsOf(filled("pulumi config set --secret crmToken <the CRM's token>")),
    ];
    for (const command of setup) expect((await sh(command, dir)).code).toBe(0);
    // What the guide says the first preview shows: each binding's id unknown until its action exists.
    const preview = await sh("pulumi preview --diff", dir);
    if (preview.code !== 0) throw new Error(`pulumi preview --diff failed:\n${preview.output}`);
    const bindings = preview.output.slice(preview.output.indexOf("tenant:TriggerBindings"));
    expect(bindings.match(/\bid\s*: \[unknown\]/g)).toHaveLength(2);
    expect(fs.readFileSync(path.join(REPO_ROOT, "docs", "guides", "actions.md"), "utf8")).toContain(
      "each binding's `id: [unknown]`",
    );
    await deployProgram(dir, []);
    // The trigger runs them in the order the program lists them.
    const { output } = await sh(
      `curl -s -H "authorization: Bearer $(npm run -s tenant -- token --data-dir ${dataDir})" ` +
        `http://127.0.0.1:${port}/api/v2/actions/triggers/post-login/bindings`,
      checkout.dir,
    );
    const bound = (JSON.parse(output) as { bindings: { action: { name: string } }[] }).bindings;
    expect(bound.map((binding) => binding.action.name)).toEqual(["ask-for-company", "enrich-profile"]);
    // Tried and taken down: the quickstart's program binds the same trigger on the same tenant.
    const destroyed = await sh("pulumi destroy --yes --skip-preview", dir);
    if (destroyed.code !== 0) throw new Error(`pulumi destroy failed:\n${destroyed.output}`);
  });

  test("docs/guides/quickstart.md: a project and a stack, preview, then apply, drift on the local tenant server", async () => {
    // `pulumi login --local`: the reader's own ~/.pulumi, here the test's home.
    const local = { ...env };
    delete local.PULUMI_BACKEND_URL;
    const saved = env;
    env = local;
    try {
      await runShellBlock("docs/guides/quickstart.md", "a project and a stack", checkout.dir);
      const examples = checkout.at("examples/real-tenant");
      const [preview, up, again] = await runShellBlock("docs/guides/quickstart.md", "preview, then apply", examples);
      expect(preview).toMatch(/\+ +\d+ to create/);
      expect(up).toMatch(/\+ +\d+ created/);
      // The summary of the second up: all unchanged (its outputs print `created_at` and the like).
      expect(again).toMatch(/^\s+\d+ unchanged\s*$/m);
      expect(again).not.toMatch(/^\s+[+~-] \d+ (created|updated|deleted|replaced)\s*$/m);
      const outputs = await runShellBlock("docs/guides/quickstart.md", "drift on the local tenant server", examples);
      expect(outputs[2]).toMatch(/Form signup: fields differ: name/);
      // The CI guide's next step for the same stack: the credentials leave the committed file.
      await runShellBlock("docs/guides/ci-github-actions.md", "credentials out of the committed stack file", examples);
      const committed = fs.readFileSync(path.join(examples, "Pulumi.production.yaml"), "utf8");
      expect(committed).not.toMatch(/tenant:(domain|clientId|clientSecret)/);
      expect(committed).toMatch(/tenant-production:hookPassword:\s+secure:/);
    } finally {
      env = saved;
    }
  });

  test("the checkout is as it was: the guides' tarballs and stack files went to the reader's copy only", () => {
    expect(userFiles()).toEqual(userFilesBefore);
    expect(
      fs
        .readdirSync(checkout.dir)
        .filter((file) => file.endsWith(".tgz"))
        .sort(),
    ).toEqual(["pulumi-tenant-0.2.0.tgz", "pulumi-tenant-policy-0.2.0.tgz"]);
    expect(fs.existsSync(checkout.at("examples/real-tenant/Pulumi.production.yaml"))).toBe(true);
  });
});

/** Runs `setup` in `dir`, type-checks the program with tsc, deploys it, then checks a second up changes nothing. */
async function deployProgram(dir: string, setup: string[]): Promise<void> {
  for (const command of setup) {
    const { code, output } = await sh(command, dir);
    if (code !== 0) throw new Error(`\`${command}\` exited ${code}:\n${output}`);
  }
  const tsc = await sh("npx tsc --noEmit -p .", dir);
  expect(tsc).toEqual({ code: 0, output: "" });
  const up = await sh("pulumi up --yes --skip-preview", dir);
  if (up.code !== 0) throw new Error(`pulumi up failed:\n${up.output}`);
  expect((await sh("pulumi preview --expect-no-changes", dir)).code).toBe(0);
}
