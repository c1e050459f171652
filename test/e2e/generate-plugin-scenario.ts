/**
 * `generate --language python|go|yaml` round trip, through the real CLI, engine and language
 * hosts: a tenant configured by hand (test/fixtures/realistic-tenant.ts) → a program over
 * the resource plugin and `import.json` → the printed config lines → `pulumi import --file
 * import.json` adopts every object by id with 0 writes → `pulumi preview` (and a refresh
 * preview) shows no change → no secret in the program, the state or the engine output.
 * `npm test` runs YAML (generate-plugin.test.ts: no SDK, no build); `npm run test:full` Python
 * and Go (generate-plugin.full.test.ts: `pip install`, `go mod tidy`, `go vet`, a Go build per run).
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type { Stack } from "@pulumi/pulumi/automation";
import { TYPE_NAMES } from "../../provider/lifecycle/tokens";
import { GO_MODULE } from "../../provider/schema/package-schema";
import { startTenantServer, type TenantServer } from "../../server/index";
import {
  ensureLanguages,
  ensurePulumiCli,
  openStack,
  pulumiEnv,
  REPO_ROOT,
  type PulumiPlace,
} from "../../scripts/lib/pulumi";
import { FORM_COMPONENT_SECRET_VALUES, seedRealisticTenant, type SeededTenant } from "../fixtures/realistic-tenant";
import { E2E_TIMEOUT_MS, installPythonSdk, runPrintedSecretLines, writesIn } from "./harness";

const run = promisify(execFile);

const CLI = path.join(REPO_ROOT, "provider", "dist", "provider", "cli", "index.js");
/** The languages `generate` writes a plugin program in, and the program's file of each. */
const PROGRAMS = { python: "__main__.py", go: "main.go", yaml: "Pulumi.yaml" } as const;
export type GeneratedLanguage = keyof typeof PROGRAMS;

/** The round trip for each of `languages`, from one seeded tenant. */
export function describeGeneratePlugin(languages: readonly GeneratedLanguage[]): void {
  jest.setTimeout(E2E_TIMEOUT_MS);
  let server: TenantServer;
  let seeded: SeededTenant;
  let tmp: string;
  let binDir: string;
  let pythonVenv: string;

  beforeAll(async () => {
    binDir = ensurePulumiCli();
    ({ pythonVenv } = ensureLanguages());
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-generate-plugin-"));
    server = await startTenantServer({ port: 0, logger: false });
    seeded = await seedRealisticTenant(server);
  });

  afterAll(async () => {
    await server?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Every secret value the tenant holds: none may appear in a program, the state or the engine's output. */
  const secretValues = (): string[] => [
    ...Object.values(seeded.webhookSecrets),
    ...Object.values(FORM_COMPONENT_SECRET_VALUES),
  ];

  const cases = languages.map((language) => ({ language, program: PROGRAMS[language] }));
  describe.each(cases)("a $language program generated over the plugin", ({ language, program }) => {
    const out = () => path.join(tmp, language);
    const place = (): PulumiPlace => ({
      stateDir: path.join(tmp, `${language}-state`),
      homeDir: path.join(tmp, `${language}-home`),
      passphrase: "generate-plugin-e2e",
    });
    const objects = () => seeded.forms.length + seeded.eventStreams.length + 1 + seeded.rateLimitPolicies.length;
    let stdout = "";
    let stack: Stack;
    let engineOutput = "";
    let programEnv: Record<string, string> = {};

    test("generate writes the program and import.json, reading only", async () => {
      server.counters.reset();
      const extraImportFile = path.join(tmp, `${language}-import.json`);
      const result = await run(process.execPath, [
        CLI,
        "generate",
        "--language",
        language,
        "--out",
        out(),
        "--import-file",
        extraImportFile,
        "--domain",
        server.url,
        "--client-id",
        server.credentials.clientId,
        "--client-secret",
        server.credentials.clientSecret,
        "--quiet",
      ]);
      stdout = result.stdout;
      expect(writesIn(server.counters.snapshot())).toBe(0);
      const imports = JSON.parse(fs.readFileSync(path.join(out(), "import.json"), "utf8")) as {
        resources: { type: string; name: string; id: string }[];
      };
      expect(fs.readFileSync(extraImportFile, "utf8")).toBe(fs.readFileSync(path.join(out(), "import.json"), "utf8"));
      const ids = [...seeded.forms, ...seeded.eventStreams, ...seeded.rateLimitPolicies].map((object) => object.id);
      expect(imports.resources.map((resource) => resource.id).sort()).toEqual([...ids, "universal-login"].sort());
      // Every kind the seeded tenant holds (it has no flows nor vault connections).
      const held = [TYPE_NAMES.form, TYPE_NAMES.eventStream, TYPE_NAMES.loginTemplate, TYPE_NAMES.rateLimitPolicy];
      expect(new Set(imports.resources.map((resource) => resource.type))).toEqual(
        new Set(held.map((typeName) => `tenant:index:${typeName}`)),
      );
      const source = fs.readFileSync(path.join(out(), program), "utf8");
      for (const secret of secretValues()) expect(source).not.toContain(secret);
      expect(fs.readFileSync(path.join(out(), "login.html"), "utf8")).toBe(seeded.template);
      expect(stdout).toContain("pulumi import --file import.json --yes --protect=false --generate-code=false");
    });

    test("the program's dependencies install as its README says", async () => {
      const scratch = path.join(tmp, `${language}-deps`);
      fs.mkdirSync(scratch, { recursive: true });
      if (language === "python") {
        // `pip install -r requirements.txt`: pulumi is in the test's environment; pulumi_tenant from sdk/python.
        const requirements = fs.readFileSync(path.join(out(), "requirements.txt"), "utf8");
        expect(requirements).toMatch(/^pulumi==3\.248\.0$/m);
        // Generated from a checkout: the SDK's folder there (no index serves it); installed from a copy of it.
        expect(requirements).toContain(
          `pulumi_tenant @ ${pathToFileURL(path.join(REPO_ROOT, "sdk", "python")).href}\n`,
        );
        programEnv = { PATH: path.join(pythonVenv, "bin"), PYTHONPATH: installPythonSdk(pythonVenv, scratch) };
      } else if (language === "yaml") {
        // No SDK: the program is Pulumi.yaml, its types the plugin's schema.
        expect(fs.readdirSync(out())).not.toContain("package.json");
      } else {
        // Generated from a checkout: go.mod replaces the unpublished SDK module by sdk/go; `go mod tidy` as written.
        const env = { ...process.env, GOFLAGS: "-mod=mod" };
        expect(fs.readFileSync(path.join(out(), "go.mod"), "utf8")).toContain(
          `replace ${GO_MODULE} => ${path.join(REPO_ROOT, "sdk", "go")}\n`,
        );
        fs.copyFileSync(path.join(__dirname, "languages", "go", "go.sum"), path.join(out(), "go.sum"));
        await run("go", ["mod", "tidy"], { cwd: out(), env });
        await run("go", ["vet", "."], { cwd: out(), env });
      }
    });

    test("after the printed config lines, pulumi import adopts every object with 0 writes", async () => {
      stack = await openStack({
        workDir: out(),
        stackName: "dev",
        binDir,
        place: place(),
        tenant: {
          domain: server.url,
          clientId: server.credentials.clientId,
          clientSecret: server.credentials.clientSecret,
        },
        env: programEnv,
      });
      const env = { ...process.env, ...pulumiEnv(binDir, place()) };
      const lines = stdout.split("\n").map((line) => line.trim());
      const secretLines = await runPrintedSecretLines(stack, stdout, out(), env, seeded.webhookSecrets);
      expect(secretLines).toHaveLength(8); // 5 form component secrets, 3 webhook secrets
      const importLine = lines.find((line) => line.startsWith("pulumi import"))!.replace(/\s+#.*$/, "");
      server.counters.reset();
      const imported = await run("bash", ["-c", `${importLine} --stack dev`], {
        cwd: out(),
        env: { ...env, ...programEnvWithPath(programEnv, env) },
        maxBuffer: 64 * 1024 * 1024,
      });
      engineOutput += imported.stdout + imported.stderr;
      const counters = server.counters.snapshot();
      expect(writesIn(counters)).toBe(0);
      const state = (await stack.exportStack()).deployment as { resources: { type: string; id?: string }[] };
      const adopted = state.resources.filter((resource) => resource.type.startsWith("tenant:index:"));
      expect(adopted).toHaveLength(objects());
      process.stdout.write(
        `FIGURE generate --language ${language}: ${objects()} objects imported, ${writesIn(counters)} writes\n`,
      );
    });

    test("pulumi preview of the generated program, and a refresh preview, show no change and write nothing", async () => {
      server.counters.reset();
      const preview = await stack.preview({ diff: true, onOutput: (text) => (engineOutput += text) });
      expect(preview.changeSummary).toEqual({ same: objects() + 1 });
      const refreshed = await stack.preview({ refresh: true, onOutput: (text) => (engineOutput += text) });
      expect(refreshed.changeSummary).toEqual({ same: objects() + 1 });
      expect(writesIn(server.counters.snapshot())).toBe(0);
    });

    test("no secret value in the state or the engine's output", async () => {
      // The file backend's own files (checkpoints, history, backups): what would sit in a state bucket.
      const state = filesUnder(place().stateDir);
      expect(state).toContain(seeded.forms[0].id);
      for (const secret of secretValues()) {
        expect(state).not.toContain(secret);
        expect(engineOutput).not.toContain(secret);
      }
    });
  });
}

/** The text of every file under `dir`. */
function filesUnder(dir: string): string {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8"))
    .join("\n");
}

/** The program's PATH before the CLI's. */
function programEnvWithPath(extra: Record<string, string>, env: NodeJS.ProcessEnv): Record<string, string> {
  return extra.PATH ? { ...extra, PATH: `${extra.PATH}${path.delimiter}${env.PATH ?? ""}` } : extra;
}
