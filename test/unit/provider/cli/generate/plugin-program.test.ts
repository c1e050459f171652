/**
 * `generate --language typescript|python|go` over the resource plugin (pure writers): each
 * program, run or compiled, gives back the tenant's values; secrets only as configuration
 * references; import.json lists every object by id; the flags that choose a program.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { programTarget } from "../../../../../provider/cli/generate/flags";
import { GoPrinter, goString, type ObjectTypes } from "../../../../../provider/printers/go";
import { modelOf, SecretRef } from "../../../../../provider/cli/generate/model";
import { buildPluginProgram, type PluginLanguage } from "../../../../../provider/cli/generate/plugin-program";
import { snakeCase } from "../../../../../provider/cli/generate/python-program";
import { replaceRefs } from "../../../../../provider/cli/generate/program-parts";
import { GO_MODULE, packageSchema } from "../../../../../provider/schema/package-schema";
import { localSdkSources, nodeSdkBeside } from "../../../../../provider/cli/generate/provider-source";
import { TYPE_NAMES } from "../../../../../provider/lifecycle/tokens";
import { REPO_ROOT } from "../../../../../scripts/lib/pulumi";
import { fixtureView, snapshot, snapshotOf } from "../../../../fixtures/generate-snapshot";

const options = (language: PluginLanguage) => ({
  projectName: "acme",
  language,
  providerVersion: "0.2.0",
  pulumiVersion: "3.248.0",
  generatedAt: new Date("2026-11-25T00:00:00Z"),
});

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-generate-plugin-unit-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Writes a program's files into a fresh folder. */
function writeOut(language: PluginLanguage): string {
  const dir = fs.mkdtempSync(path.join(tmp, `${language}-`));
  for (const [name, content] of Object.entries(buildPluginProgram(snapshot(), options(language)).files))
    fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

/** What each resource of the model should receive: secrets as `{secret: key}`, the template file's content. */
function expectedCalls(): [string, string, unknown][] {
  const { resources } = modelOf(snapshot());
  return resources.map((resource) => [
    resource.kind,
    resource.name,
    replaceRefs(resource.args, (ref) =>
      ref instanceof SecretRef ? { secret: ref.key } : fixtureView().loginTemplate!,
    ),
  ]);
}

describe("plugin programs", () => {
  it("import.json lists every object by type, resource name and id (the template by universal-login)", () => {
    const { files, resources } = buildPluginProgram(snapshot(), options("python"));
    const imports = JSON.parse(files["import.json"]) as { resources: { type: string; name: string; id: string }[] };
    expect(imports.resources).toEqual(
      resources.map((resource) => ({ type: `tenant:index:${resource.kind}`, name: resource.name, id: resource.id })),
    );
    expect(imports.resources.map((resource) => resource.id)).toEqual([
      fixtureView().forms[0].id,
      fixtureView().eventStreams[0].id,
      fixtureView().eventStreams[1].id,
      "universal-login",
      fixtureView().rateLimitPolicies[0].id,
    ]);
  });

  it.each(["typescript", "python", "go", "yaml"] as const)(
    "%s: no secret value in any file; the README's steps set each secret and import",
    (language) => {
      const { files, secrets } = buildPluginProgram(snapshot(), options(language));
      for (const content of Object.values(files)) expect(content).not.toMatch(/recaptcha-secret|sk-secret/);
      expect(secrets.map((secret) => secret.name)).toEqual([
        "signUpCaptchaSecretKey",
        "signUpCardCredentialsPrivateKey",
        "auditWebhookHeaderValue",
      ]);
      const readme = files["README.md"];
      expect(readme).toContain("pulumi config set --secret signUpCaptchaSecretKey < .tenant-secrets/");
      expect(readme).toContain("pulumi import --file import.json --yes --protect=false --generate-code=false");
      expect(readme).not.toContain("adoptId");
      expect(files[".gitignore"]).toContain(".tenant-secrets/");
      expect(files["Pulumi.yaml"]).toMatch(
        { typescript: /name: nodejs/, python: /runtime: python/, go: /runtime: go/, yaml: /runtime: yaml/ }[language],
      );
    },
  );

  it("yaml: the program is in Pulumi.yaml, with the schema's names, secrets as secret config and files read", () => {
    const yaml = buildPluginProgram(snapshot(), options("yaml")).files["Pulumi.yaml"]!;
    expect(yaml).toMatch(/^runtime: yaml$/m);
    expect(yaml).toContain("config:\n  signUpCaptchaSecretKey:\n    type: string\n    secret: true");
    expect(yaml).toMatch(/^resources:$/m);
    expect(yaml).toContain("    type: tenant:Form\n");
    expect(yaml).toContain("secretKey: ${signUpCaptchaSecretKey}");
    expect(yaml).toContain('fn::readFile: "./login.html"');
    expect(yaml).toMatch(/nextNode: "/);
    expect(yaml).not.toMatch(/next_node|secret_key/);
    // A bare `true:` key is a boolean in YAML: a BOOLEAN field's option labels are quoted.
    expect(yaml).not.toMatch(/^\s+(true|false):/m);
    // `${` in a value is text, not a YAML expression.
    expect(yaml).not.toMatch(/[^$]\$\{(?!signUp|audit)/);
  });

  it("Pulumi.yaml points at the local plugin when there is one", () => {
    const yaml = buildPluginProgram(snapshot(), { ...options("go"), pluginPath: "/opt/pulumi-tenant/bin" }).files[
      "Pulumi.yaml"
    ];
    expect(yaml).toContain('plugins:\n  providers:\n    - name: tenant\n      path: "/opt/pulumi-tenant/bin"');
  });

  it("python: the program, run with stand-ins for pulumi and the SDK, passes every value back exactly", () => {
    const dir = writeOut("python");
    const harness = path.join(dir, "harness.py");
    fs.writeFileSync(
      harness,
      [
        "import json, runpy, sys, types",
        "calls = []",
        "class Config:",
        "    def require_secret(self, key):",
        '        return {"secret": key}',
        'pulumi = types.ModuleType("pulumi")',
        "pulumi.Config = Config",
        'tenant = types.ModuleType("pulumi_tenant")',
        `for kind in ${JSON.stringify(Object.values(TYPE_NAMES))}:`,
        "    setattr(tenant, kind, (lambda kind: lambda resource_name, **kw: calls.append([kind, resource_name, kw]))(kind))",
        'sys.modules["pulumi"] = pulumi',
        'sys.modules["pulumi_tenant"] = tenant',
        'runpy.run_path(sys.argv[1], run_name="__main__")',
        "print(json.dumps(calls))",
      ].join("\n"),
    );
    const out = execFileSync("python3", [harness, path.join(dir, "__main__.py")], { encoding: "utf8" });
    const calls = JSON.parse(out) as [string, string, Record<string, unknown>][];
    // Keyword names are the SDK's (snake_case), which for these kinds are the wire names.
    expect(calls).toEqual(expectedCalls());
  });

  it("python: variables are snake_case and never a keyword, builtin or the program's own names", () => {
    expect(snakeCase("signUpEu")).toBe("sign_up_eu");
    expect(snakeCase("mfaEnrolment2")).toBe("mfa_enrolment2");
    const tricky = fixtureView();
    tricky.forms = ["class", "id", "pulumi", "Read file"].map((name, index) => ({
      ...tricky.forms[0],
      id: `ap_${index}Nf7qL3mXcVbT8wRyK1pDz`,
      name,
      nodes: [],
    }));
    const source = buildPluginProgram(snapshotOf(tricky), options("python")).files["__main__.py"];
    expect(source).toMatch(/^class_form = tenant\.Form\(/m);
    expect(source).toMatch(/^id_ = tenant\.Form\(/m);
    expect(source).toMatch(/^pulumi_form = tenant\.Form\(/m);
    expect(source).toMatch(/^read_file_ = tenant\.Form\(/m);
  });

  it("go: gofmt parses the program; fields and types are the SDK's; union branches typed", () => {
    const dir = writeOut("go");
    execFileSync("gofmt", ["-e", "-l", path.join(dir, "main.go")], { encoding: "utf8" });
    const source = fs.readFileSync(path.join(dir, "main.go"), "utf8");
    expect(source).toContain('tenant.NewForm(ctx, "signUp", &tenant.FormArgs{');
    expect(source).toContain("Start: &tenant.FormStartArgs{");
    expect(source).toContain("&tenant.FormNodeStepArgs{");
    expect(source).toContain("&tenant.FormComponentRecaptchaArgs{");
    expect(source).toContain('SecretKey: cfg.RequireSecret("signUpCaptchaSecretKey")');
    expect(source).toContain('HeaderValue: cfg.RequireSecret("auditWebhookHeaderValue")');
    expect(source).toContain("Template: pulumi.String(string(loginTemplateFile))");
    expect(source).toContain(
      'Subscriptions: tenant.EventStreamSubscriptionsArray{\n\t\t\t\t&tenant.EventStreamSubscriptionsArgs{\n\t\t\t\t\tEventType: pulumi.String("user.created"),',
    );
    expect(buildPluginProgram(snapshot(), options("go")).files["go.mod"]).toContain(
      "github.com/pulumi-tenant/pulumi-tenant/sdk/go v0.2.0",
    );
  });

  it("go: a value is printed exactly, with what the SDK cannot type as any input; a field the SDK lacks is named", () => {
    const schema = packageSchema("0.2.0") as { types: ObjectTypes };
    const printer = new GoPrinter(schema.types);
    const start = { $ref: "#/types/tenant:index:FormStart" };
    expect(printer.value({ nextNode: "a", coordinates: { x: 1, y: -2 } }, start, 0, "start")).toBe(
      '&tenant.FormStartArgs{\n\tNextNode: pulumi.String("a"),\n\tCoordinates: &tenant.FormNodeStepCoordinatesArgs{\n\t\tX: pulumi.Int(1),\n\t\tY: pulumi.Int(-2),\n\t},\n}',
    );
    // An integer field takes no fraction: pulumi.Float64 would not compile there.
    expect(() => printer.value({ coordinates: { x: 1, y: 2.5 } }, start, 0, "start")).toThrow(
      "start.coordinates.y: expected an integer, found 2.5",
    );
    expect(() => printer.value({ nextNode: "a", surprise: 1 }, start, 0, "form.start")).toThrow(
      'form.start: "surprise" is not a field of FormStart in the Go SDK',
    );
    expect(printer.value({ a: [1, "x", true, null] }, undefined, 0, "v")).toBe(
      'pulumi.Map{"a": pulumi.Array{pulumi.Int(1), pulumi.String("x"), pulumi.Bool(true), nil}}',
    );
    expect(goString("line 1\nline 2")).toBe("`line 1\nline 2`");
    expect(goString("a `tick`\nb")).toBe('"a `tick`\\nb"');
    expect(goString('quote " and \\')).toBe('"quote \\" and \\\\"');
    expect(() => goString("bad \ud800 half")).toThrow(/lone UTF-16 surrogate/);
  });

  it("typescript: the program type-checks against the generated Node SDK", () => {
    const dir = writeOut("typescript");
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    const tsconfig = JSON.parse(fs.readFileSync(path.join(dir, "tsconfig.json"), "utf8")) as {
      compilerOptions: Record<string, unknown>;
    };
    tsconfig.compilerOptions.baseUrl = ".";
    tsconfig.compilerOptions.paths = { "@pulumi-tenant/sdk": [path.join(REPO_ROOT, "sdk", "nodejs")] };
    tsconfig.compilerOptions.types = ["node"];
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
    const tsc = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
    expect(() =>
      execFileSync(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json"), "--noEmit"], { encoding: "utf8" }),
    ).not.toThrow();
    expect(fs.readFileSync(path.join(dir, "index.ts"), "utf8")).toContain(
      'import * as tenant from "@pulumi-tenant/sdk";',
    );
  }, 60_000);
});

describe("manifests name SDKs that install where the program was generated", () => {
  /** A checkout as the running package sees it: provider/ beside sdk/python and sdk/go. */
  function checkout(name: string): { own: { dir: string; name: string; version: string }; sdk: string } {
    const root = fs.mkdtempSync(path.join(tmp, `${name}-`));
    const own = { dir: path.join(root, "provider"), name: "pulumi-tenant", version: "0.2.0" };
    fs.mkdirSync(own.dir);
    fs.writeFileSync(path.join(own.dir, "package.json"), JSON.stringify({ name: own.name, version: own.version }));
    fs.mkdirSync(path.join(root, "sdk", "python"), { recursive: true });
    fs.writeFileSync(path.join(root, "sdk", "python", "pyproject.toml"), "[project]\nname = 'pulumi_tenant'\n");
    fs.mkdirSync(path.join(root, "sdk", "go"), { recursive: true });
    fs.writeFileSync(path.join(root, "sdk", "go", "go.mod"), "module github.com/pulumi-tenant/pulumi-tenant/sdk/go\n");
    return { own, sdk: path.join(root, "sdk") };
  }

  it("a checkout's package finds sdk/python and sdk/go beside it; a registry's package finds none", () => {
    const { own, sdk } = checkout("checkout");
    expect(localSdkSources(own)).toEqual({ python: path.join(sdk, "python"), go: path.join(sdk, "go") });
    // The same package installed from a registry: its lock entry resolves to an https URL.
    const project = fs.mkdtempSync(path.join(tmp, "installed-"));
    const installed = path.join(project, "node_modules", "pulumi-tenant");
    fs.mkdirSync(installed, { recursive: true });
    fs.mkdirSync(path.join(project, "sdk", "go"), { recursive: true });
    fs.writeFileSync(path.join(project, "sdk", "go", "go.mod"), "module x\n");
    fs.writeFileSync(
      path.join(project, "package-lock.json"),
      JSON.stringify({
        packages: {
          "node_modules/pulumi-tenant": {
            resolved: "https://registry.npmjs.org/pulumi-tenant/-/pulumi-tenant-0.2.0.tgz",
          },
        },
      }),
    );
    expect(localSdkSources({ ...own, dir: installed })).toEqual({});
    expect(localSdkSources(undefined)).toEqual({});
  });

  it("the Node SDK is packed only from a checkout that has sdk/nodejs and a TypeScript compiler", () => {
    const { own, sdk } = checkout("node-sdk");
    const out = fs.mkdtempSync(path.join(tmp, "node-sdk-out-"));
    const said: string[] = [];
    // No sdk/nodejs, then sdk/nodejs but no node_modules/typescript: the program names the version.
    expect(nodeSdkBeside(own, out, (line) => said.push(line))).toBeUndefined();
    fs.mkdirSync(path.join(sdk, "nodejs"));
    fs.writeFileSync(path.join(sdk, "nodejs", "package.json"), JSON.stringify({ name: "@pulumi-tenant/sdk" }));
    expect(nodeSdkBeside(own, out, (line) => said.push(line))).toBeUndefined();
    expect(nodeSdkBeside(undefined, out)).toBeUndefined();
    expect(said).toEqual([]);
    expect(fs.readdirSync(out)).toEqual([]);
  });

  it("python: requirements.txt names the local SDK's folder as a file URL, else the version", () => {
    const folder = path.join(tmp, "a checkout", "sdk", "python");
    const local = buildPluginProgram(snapshot(), { ...options("python"), sdkSources: { python: folder } }).files;
    const lines = local["requirements.txt"].trim().split("\n");
    expect(lines[0]).toBe("pulumi==3.248.0");
    const [name, url] = lines[1]!.split(" @ ");
    expect(name).toBe("pulumi_tenant");
    // A file URL (the space escaped) that leads back to the folder.
    expect(url).toMatch(/^file:\/\/\/\S+$/);
    expect(new URL(url!).protocol).toBe("file:");
    expect(decodeURIComponent(new URL(url!).pathname)).toBe(folder);
    expect(local["README.md"]).toContain(`from \`${folder}\`: \`requirements.txt\` names that folder`);
    const published = buildPluginProgram(snapshot(), options("python")).files;
    expect(published["requirements.txt"]).toBe("pulumi==3.248.0\npulumi_tenant==0.2.0\n");
    expect(published["README.md"]).toContain("`pip install <checkout>/sdk/python` where it is not published");
  });

  it("typescript: package.json names the SDK tarball packed beside the program, else the version", () => {
    const tarball = "pulumi-tenant-sdk-0.2.0.tgz";
    const local = buildPluginProgram(snapshot(), { ...options("typescript"), sdkSources: { nodejs: tarball } }).files;
    const manifest = JSON.parse(local["package.json"]) as { dependencies: Record<string, string> };
    expect(manifest.dependencies["@pulumi-tenant/sdk"]).toBe(`file:${tarball}`);
    expect(local["README.md"]).toContain(`from \`${tarball}\`: \`package.json\` names that tarball`);
    const published = buildPluginProgram(snapshot(), options("typescript")).files;
    expect(JSON.parse(published["package.json"]).dependencies["@pulumi-tenant/sdk"]).toBe("0.2.0");
    expect(published["README.md"]).toContain("`dist/release/<version>/nodejs/pulumi-tenant-sdk-<version>.tgz`");
  });

  it("go: go.mod replaces the SDK module by the local folder (as the go tool reads it), else requires the version", () => {
    for (const folder of [path.join(tmp, "checkout", "sdk", "go"), path.join(tmp, "a checkout", "sdk", "go")]) {
      const files = buildPluginProgram(snapshot(), { ...options("go"), sdkSources: { go: folder } }).files;
      const dir = fs.mkdtempSync(path.join(tmp, "go-mod-"));
      fs.writeFileSync(path.join(dir, "go.mod"), files["go.mod"]);
      const parsed = JSON.parse(execFileSync("go", ["mod", "edit", "-json"], { cwd: dir, encoding: "utf8" })) as {
        Require: { Path: string; Version: string }[];
        Replace: { Old: { Path: string }; New: { Path: string } }[];
      };
      expect(parsed.Require).toContainEqual({ Path: GO_MODULE, Version: "v0.2.0" });
      expect(parsed.Replace).toEqual([{ Old: { Path: GO_MODULE }, New: { Path: folder } }]);
      expect(files["README.md"]).toContain(`from \`${folder}\`: \`go.mod\` replaces the module by that folder`);
    }
    const published = buildPluginProgram(snapshot(), options("go")).files;
    expect(published["go.mod"]).not.toContain("replace");
    expect(published["README.md"]).toContain(`\`go mod edit -replace ${GO_MODULE}=<checkout>/sdk/go\` where it is not`);
  });
});

describe("which program the flags ask for", () => {
  it("TypeScript over the dynamic providers by default; python, go, --plugin and --import-file mean the plugin", () => {
    expect(programTarget({})).toEqual({ kind: "dynamic" });
    expect(programTarget({ language: "typescript", tenant: "prod" })).toEqual({ kind: "dynamic" });
    expect(programTarget({ language: "python" })).toEqual({ kind: "plugin", language: "python" });
    expect(programTarget({ plugin: true })).toEqual({ kind: "plugin", language: "typescript" });
    expect(programTarget({ language: "go", "import-file": "x/import.json" })).toEqual({
      kind: "plugin",
      language: "go",
      importFile: path.resolve("x/import.json"),
    });
  });

  it("contradictions say what to pass instead", () => {
    expect(() => programTarget({ language: "java" })).toThrow(
      "--language java: choose one of typescript, python, go, yaml.",
    );
    expect(() => programTarget({ language: "python", tenant: "prod" })).toThrow(/tenant\.Provider: drop --tenant/);
  });
});
