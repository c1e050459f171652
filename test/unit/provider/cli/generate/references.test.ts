/**
 * `generate` writes references between resources and placeholders for write-only secrets,
 * kind-generically, over the test-only kinds of test/fixtures/kinds/pipeline: a pipeline's
 * `steps[*].params.store_id` references a secret store, `then.pipeline_id` another pipeline;
 * a secret store's `setup` (an object) is secret and write-only. In every language the
 * referenced objects' ids are printed as the other resource's id, never as literals; the
 * resources are declared before use (the programs run with stand-ins for Pulumi); a missing
 * target stays a literal with a note; the setup is read from the stack configuration as a
 * secret object, and no secret value reaches a generated file.
 */
import "../../../../fixtures/kinds/pipeline";
import "../../../../fixtures/kinds/connector";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as ts from "typescript";
import { examplesOf, kindSpec, type JsonSchema } from "../../../../../api";
import { modelOf, ResourceRef, SecretRef } from "../../../../../provider/cli/generate/model";
import { buildPluginProgram, PLUGIN_LANGUAGES } from "../../../../../provider/cli/generate/plugin-program";
import { secretLines } from "../../../../../provider/cli/generate/secret-setup";
import { buildProgram } from "../../../../../provider/cli/generate/typescript-program";
import { kindsInDependencyOrder } from "../../../../../provider/cli/generate/references";
import type { TenantSnapshot } from "../../../../../provider/cli/generate/snapshot";
import { REPO_ROOT } from "../../../../../scripts/lib/pulumi";

const STORE = "ss_BBBBBBBBBBBBBBBBBB";
const FOLLOW = "pl_CCCCCCCCCCCCCCCCCC";
const ENRICH = "pl_AAAAAAAAAAAAAAAAAA";
const MISSING = "ss_MissingMissingMis";
/** What a store's setup would hold if an API ever answered it: it must reach no generated file. */
const LEAKED = "sk-Setup-NEVER-in-a-program";

/** A tenant with a store, a pipeline using it and handing over to another, and a step naming a store it lacks. */
function tenant(overrides: Partial<Record<string, unknown[]>> = {}): TenantSnapshot {
  return {
    domain: "acme.example.com",
    notes: [],
    objects: {
      // The table's order puts pipelines first: generate must still declare what they use first.
      pipeline: [
        {
          id: ENRICH,
          name: "Enrich",
          steps: [
            { id: "s1", type: "HTTP", params: { url: "https://api.example.com", store_id: STORE } },
            { id: "s2", type: "EMAIL", params: { store_id: STORE } },
          ],
          then: { pipeline_id: FOLLOW },
          created_at: "2026-11-01T00:00:00.000Z",
        },
        { id: FOLLOW, name: "Follow up", steps: [] },
      ],
      secretStore: [
        // The server answers `ready`, never `setup`; one answering it anyway must not leak it.
        { id: STORE, name: "Billing API", app: "HTTP", ready: true, setup: { type: "API_KEY", api_key: LEAKED } },
      ],
      ...overrides,
    },
  };
}

const options = {
  projectName: "acme",
  providerVersion: "0.2.0",
  pulumiVersion: "3.248.0",
  generatedAt: new Date("2026-11-27T00:00:00Z"),
};

/** The program file of each language (the YAML program is in Pulumi.yaml). */
const PROGRAM_FILE = { typescript: "index.ts", python: "__main__.py", go: "main.go", yaml: "Pulumi.yaml" } as const;

/** Every generated program: the dynamic providers' and one per plugin language. */
function programs(snapshot: TenantSnapshot) {
  return [
    { language: "dynamic", files: buildProgram(snapshot, options).files, file: "index.ts" },
    ...PLUGIN_LANGUAGES.map((language) => ({
      language,
      files: buildPluginProgram(snapshot, { ...options, language }).files,
      file: PROGRAM_FILE[language],
    })),
  ];
}

const count = (text: string, part: string) => text.split(part).length - 1;
/** How often `id` is written as a string literal (comments name ids unquoted: `Pipeline "Enrich" (pl_…)`). */
const literals = (text: string, id: string) => count(text, JSON.stringify(id));

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-generate-refs-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * Runs a TypeScript program (transpiled) with stand-ins for Pulumi and the provider: each
 * resource records its arguments and has `id` `{ id: <its name> }`; config reads give
 * `{ secret: key }`. A resource used before its declaration throws (a `const` in its TDZ).
 */
function runTypescript(files: Record<string, string>, sdk: string): [string, string, Record<string, unknown>][] {
  const calls: [string, string, Record<string, unknown>][] = [];
  // `tenant.adoption` as on the tenant adopt.json was read from: each resource's recorded id.
  const adoption = (record: { ids: Record<string, string> }) => ({ id: (name: string) => record.ids[name] });
  const tenantModule = new Proxy(
    {},
    {
      get: (_target, kind: string) =>
        kind === "adoption"
          ? adoption
          : class {
              readonly id: unknown;
              constructor(name: string, args: Record<string, unknown>) {
                calls.push([kind, name, args]);
                this.id = { id: name };
              }
            },
    },
  );
  const pulumi = {
    Config: class {
      requireSecret = (key: string) => ({ secret: key });
      requireSecretObject = (key: string) => ({ secretObject: key });
    },
  };
  const modules: Record<string, unknown> = { [sdk]: tenantModule, "@pulumi/pulumi": pulumi, fs, path };
  if (files["adopt.json"]) modules["./adopt.json"] = JSON.parse(files["adopt.json"]);
  const js = ts.transpileModule(files["index.ts"]!, { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
  const exports = {};
  new Function("require", "exports", "__dirname", js)((name: string) => modules[name], exports, tmp);
  return calls;
}

describe("references between resources", () => {
  it("a referenced or needed kind comes first; the table's order otherwise", () => {
    expect(kindsInDependencyOrder(["pipeline", "secretStore"])).toEqual(["secretStore", "pipeline"]);
    expect(kindsInDependencyOrder(["form", "pipeline", "eventStream", "secretStore"])).toEqual([
      "form",
      "secretStore",
      "pipeline",
      "eventStream",
    ]);
    // A kind that needs another's object first (a prompt's partials, the page template) comes after it.
    expect(kindsInDependencyOrder(["promptScreenPartials", "form", "loginTemplate"])).toEqual([
      "loginTemplate",
      "promptScreenPartials",
      "form",
    ]);
    const { resources } = modelOf(tenant());
    // The store, then the pipeline handed over to, then the one handing over.
    expect(resources.map((resource) => resource.name)).toEqual(["billingApi", "followUp", "enrich"]);
  });

  it("each id of an object the tenant holds becomes a reference to its resource in the model", () => {
    const enrich = modelOf(tenant()).resources.find((resource) => resource.name === "enrich")!;
    const steps = enrich.args.steps as { params: { store_id: unknown } }[];
    expect(steps.map((step) => step.params.store_id)).toEqual([
      new ResourceRef("billingApi", "SecretStore", STORE),
      new ResourceRef("billingApi", "SecretStore", STORE),
    ]);
    expect((enrich.args.then as { pipeline_id: unknown }).pipeline_id).toEqual(
      new ResourceRef("followUp", "Pipeline", FOLLOW),
    );
    expect(enrich.args).not.toHaveProperty("created_at");
  });

  it("every language prints the other resource's id", () => {
    const [dynamic, typescript, python, go, yaml] = programs(tenant()).map(({ files, file }) => files[file]!);
    expect(dynamic).toContain("store_id: billingApi.id");
    expect(dynamic).toContain("then: { pipeline_id: followUp.id }");
    expect(typescript).toContain("storeId: billingApi.id");
    expect(typescript).toContain("then: { pipelineId: followUp.id }");
    expect(python).toContain('"store_id": billing_api.id');
    expect(python).toContain('then={"pipeline_id": follow_up.id}');
    expect(go).toContain("billingApi, err := tenant.NewSecretStore(ctx,");
    expect(go).toContain("StoreId: billingApi.ID().ToStringOutput(),");
    expect(go).toContain("PipelineId: followUp.ID().ToStringOutput(),");
    // The pipeline nothing references stays in the `if _, err :=` form: Go refuses an unused variable.
    expect(go).toContain('if _, err := tenant.NewPipeline(ctx, "enrich",');
    expect(yaml).toContain("storeId: ${billingApi.id}");
    expect(yaml).toContain("pipelineId: ${followUp.id}");
  });

  it("no language's program holds a referenced object's id as a literal (the dynamic one's ids: in adopt.json)", () => {
    for (const { language, files, file } of programs(tenant())) {
      const program = files[file]!;
      expect({ language, store: literals(program, STORE), follow: literals(program, FOLLOW) }).toEqual({
        language,
        store: 0,
        follow: 0,
      });
      if (language === "dynamic") {
        expect(program).toContain('adoptId: adopt.id("billingApi")');
        expect(program).toContain('adoptId: adopt.id("followUp")');
        expect(JSON.parse(files["adopt.json"]!).ids).toMatchObject({ billingApi: STORE, followUp: FOLLOW });
      }
    }
  });

  it("the TypeScript programs run: each resource is declared before use and receives the other's id", () => {
    for (const [files, sdk] of [
      [buildProgram(tenant(), options).files, "pulumi-tenant"],
      [buildPluginProgram(tenant(), { ...options, language: "typescript" }).files, "@pulumi-tenant/sdk"],
    ] as const) {
      const calls = runTypescript(files, sdk);
      expect(calls.map(([kind, name]) => `${kind} ${name}`)).toEqual([
        "SecretStore billingApi",
        "Pipeline followUp",
        "Pipeline enrich",
      ]);
      const enrich = JSON.stringify(calls[2]![2]);
      expect(enrich).toMatch(/"(store_id|storeId)":\{"id":"billingApi"\}/);
      expect(enrich).toMatch(/"(pipeline_id|pipelineId)":\{"id":"followUp"\}/);
      expect(calls[0]![2]).toMatchObject({ setup: { secretObject: "billingApiSetup" } });
      // The dynamic program adopts each object by the id adopt.json records (here: the source tenant).
      if (sdk === "pulumi-tenant") expect(calls.map(([, , args]) => args.adoptId)).toEqual([STORE, FOLLOW, ENRICH]);
    }
  });

  it("the Python program runs: each resource is declared before use and receives the other's id", () => {
    const dir = fs.mkdtempSync(path.join(tmp, "python-"));
    const program = path.join(dir, "__main__.py");
    fs.writeFileSync(program, buildPluginProgram(tenant(), { ...options, language: "python" }).files["__main__.py"]!);
    const harness = path.join(dir, "harness.py");
    fs.writeFileSync(
      harness,
      [
        "import json, runpy, sys, types",
        "calls = []",
        "class Config:",
        "    def require_secret(self, key):",
        '        return {"secret": key}',
        "    def require_secret_object(self, key):",
        '        return {"secret_object": key}',
        "class Resource:",
        "    def __init__(self, kind, resource_name, kw):",
        "        calls.append([kind, resource_name, kw])",
        '        self.id = {"id": resource_name}',
        'pulumi = types.ModuleType("pulumi")',
        "pulumi.Config = Config",
        'tenant = types.ModuleType("pulumi_tenant")',
        "for kind in ['SecretStore', 'Pipeline']:",
        "    setattr(tenant, kind, (lambda kind: lambda resource_name, **kw: Resource(kind, resource_name, kw))(kind))",
        'sys.modules["pulumi"] = pulumi',
        'sys.modules["pulumi_tenant"] = tenant',
        'runpy.run_path(sys.argv[1], run_name="__main__")',
        "print(json.dumps(calls))",
      ].join("\n"),
    );
    const calls = JSON.parse(execFileSync("python3", [harness, program], { encoding: "utf8" })) as [
      string,
      string,
      Record<string, unknown>,
    ][];
    expect(calls.map(([kind, name]) => `${kind} ${name}`)).toEqual([
      "SecretStore billingApi",
      "Pipeline followUp",
      "Pipeline enrich",
    ]);
    expect(calls[0]![2]).toEqual({ name: "Billing API", app: "HTTP", setup: { secret_object: "billingApiSetup" } });
    expect(calls[2]![2]).toMatchObject({
      steps: [{ params: { store_id: { id: "billingApi" } } }, { params: { store_id: { id: "billingApi" } } }],
      then: { pipeline_id: { id: "followUp" } },
    });
  });

  it("the dynamic TypeScript program type-checks: `store.id` and the setup's secret object fit the fields' types", () => {
    const dir = fs.mkdtempSync(path.join(tmp, "typecheck-"));
    for (const [name, content] of Object.entries(buildProgram(tenant(), options).files)) {
      fs.writeFileSync(path.join(dir, name), content);
    }
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    // The test kinds have no generated class: this one is what `npm run classes` writes for an
    // entry (its create body's fields, each a DeepInput, and adoptId), as a declaration; `adoption` is the package's.
    const from = (file: string) => JSON.stringify(path.join(REPO_ROOT, file));
    fs.writeFileSync(
      path.join(dir, "tenant-classes.ts"),
      [
        'import * as pulumi from "@pulumi/pulumi";',
        `import type { Static } from ${from("api")};`,
        `import type { DeepInput } from ${from("provider/inputs")};`,
        `import type { PIPELINE_CREATE, SECRET_STORE_CREATE } from ${from("test/fixtures/kinds/pipeline/kind")};`,
        "type Args<T> = { [K in keyof T]: DeepInput<T[K]> } & { adoptId?: pulumi.Input<string> };",
        `export { adoption } from ${from("provider/adoption")};`,
        "export declare class SecretStore extends pulumi.CustomResource {",
        "  constructor(name: string, args: Args<Static<typeof SECRET_STORE_CREATE>>);",
        "}",
        "export declare class Pipeline extends pulumi.CustomResource {",
        "  constructor(name: string, args: Args<Static<typeof PIPELINE_CREATE>>);",
        "}",
        "",
      ].join("\n"),
    );
    const tsconfig = JSON.parse(fs.readFileSync(path.join(dir, "tsconfig.json"), "utf8")) as {
      compilerOptions: Record<string, unknown>;
    };
    tsconfig.compilerOptions.baseUrl = ".";
    tsconfig.compilerOptions.paths = { "pulumi-tenant": ["./tenant-classes.ts"] };
    tsconfig.compilerOptions.types = ["node"];
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
    const tsc = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
    /** tsc's complaints ("" when the program type-checks). */
    const check = (): string => {
      try {
        execFileSync(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json"), "--noEmit"], { encoding: "utf8" });
        return "";
      } catch (error) {
        return String((error as { stdout?: string }).stdout ?? error);
      }
    };
    expect(check()).toBe("");
    // The check can fail: a literal where the store's id belongs is fine, a number is not.
    const index = path.join(dir, "index.ts");
    fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace("store_id: billingApi.id", "store_id: 42"));
    expect(check()).toMatch(/index\.ts.*error TS2322/);
  }, 60_000);

  it("go: gofmt parses the program with its reference variables", () => {
    const dir = fs.mkdtempSync(path.join(tmp, "go-"));
    const file = path.join(dir, "main.go");
    fs.writeFileSync(file, buildPluginProgram(tenant(), { ...options, language: "go" }).files["main.go"]!);
    expect(execFileSync("gofmt", ["-e", "-l", file], { encoding: "utf8" })).toBeDefined();
  });

  it("an id naming an object the tenant lacks stays as written, with a note in the README and the program", () => {
    const snapshot = tenant();
    const enrich = (snapshot.objects.pipeline as { steps: { params: { store_id: string } }[] }[])[0]!;
    enrich.steps[1]!.params.store_id = MISSING;
    for (const { language, files, file } of programs(snapshot)) {
      const program = files[file]!;
      expect({ language, literal: literals(program, MISSING) }).toEqual({ language, literal: 1 });
      expect(program).toMatch(/steps\[1\]\.params\.store_id names secret store ss_Missing\S+, which the tenant lacks/);
      expect(files["README.md"]).toContain(
        `Pipeline \`enrich\` (${ENRICH}): \`steps[1].params.store_id\` names secret store \`${MISSING}\`, which the ` +
          "tenant does not hold (missing)",
      );
      // The other step still references the store it names.
      expect(literals(program, STORE)).toBe(0);
    }
  });

  it("a cycle cannot be declared first: the reference that closes it stays as written, with a note", () => {
    const snapshot = tenant();
    const follow = (snapshot.objects.pipeline as Record<string, unknown>[])[1]!;
    follow.then = { pipeline_id: ENRICH };
    const { resources, notes } = modelOf(snapshot);
    const names = resources.map((resource) => resource.name);
    const refs = resources.flatMap((resource) =>
      resource.name === "billingApi" ? [] : [(resource.args.then as { pipeline_id: unknown }).pipeline_id],
    );
    // One of the two hand-overs is a reference to the one declared before it, the other the id as written.
    expect(refs.filter((ref) => ref instanceof ResourceRef)).toHaveLength(1);
    const ref = refs.find((item) => item instanceof ResourceRef) as ResourceRef;
    expect(names.indexOf(ref.name)).toBeLessThan(names.indexOf(ref.name === "enrich" ? "followUp" : "enrich"));
    expect(notes).toEqual([expect.stringMatching(/reference each other: the program cannot declare both first/)]);
    const calls = runTypescript(buildProgram(snapshot, options).files, "pulumi-tenant");
    expect(calls).toHaveLength(3);
  });

  it("a resource naming itself keeps its id as written, with a note (its own id is not known before it is made)", () => {
    const snapshot = tenant();
    const follow = (snapshot.objects.pipeline as Record<string, unknown>[])[1]!;
    follow.then = { pipeline_id: FOLLOW };
    const { resources, notes } = modelOf(snapshot);
    expect(resources.find((resource) => resource.name === "followUp")!.args.then).toEqual({ pipeline_id: FOLLOW });
    expect(notes).toEqual([expect.stringMatching(/^Pipeline `followUp` \(pl_C+\) names itself/)]);
    expect(runTypescript(buildProgram(snapshot, options).files, "pulumi-tenant")).toHaveLength(3);
  });
});

describe("write-only secrets as configuration placeholders", () => {
  it("an object-valued write-only secret is read as a secret JSON object in every language", () => {
    const [dynamic, typescript, python, go, yaml] = programs(tenant()).map(({ files, file }) => files[file]!);
    expect(dynamic).toContain('setup: cfg.requireSecretObject<any>("billingApiSetup")');
    expect(typescript).toContain('setup: cfg.requireSecretObject<any>("billingApiSetup")');
    expect(python).toContain('setup=cfg.require_secret_object("billingApiSetup")');
    expect(go).toContain("var billingApiSetupSecret map[string]interface{}");
    expect(go).toContain('cfg.RequireSecretObject("billingApiSetup", &billingApiSetupSecret)');
    expect(go).toContain("Setup: pulumi.ToSecret(pulumi.ToMap(billingApiSetupSecret)).(pulumi.MapOutput),");
    expect(yaml).toContain("config:\n  billingApiSetup:\n    type: object\n    secret: true\n");
    expect(yaml).toContain("setup: ${billingApiSetup}");
    // What the tenant makes is not an argument.
    for (const program of [dynamic, typescript, python, yaml]) expect(program).not.toMatch(/\bready\b\s*[:=]/);
  });

  it("the README lists each secret with what it holds and the shapes of an object, and the lines that set it", () => {
    const program = buildProgram(tenant(), options);
    expect(program.secrets).toEqual([
      {
        name: "billingApiSetup",
        description: expect.stringContaining('`setup` of secret store "Billing API" (ss_BBBBBBBBBBBBBBBBBB)'),
        object: {
          examples: [
            { type: "API_KEY", api_key: "<api_key>" },
            { type: "OAUTH", client_id: "<client_id>", client_secret: "<client_secret>" },
          ],
        },
      },
    ]);
    expect(secretLines(program.secrets)).toEqual([
      "pulumi config set --secret --path billingApiSetup.type API_KEY",
      "pulumi config set --secret --path billingApiSetup.api_key     # prompts: api_key",
    ]);
    for (const readme of [
      program.files["README.md"]!,
      ...PLUGIN_LANGUAGES.map((language) => buildPluginProgram(tenant(), { ...options, language }).files["README.md"]!),
    ]) {
      expect(readme).toContain("- `billingApiSetup`: `setup` of secret store");
      expect(readme).toContain("How the store signs in: an API key or OAuth client credentials");
      expect(readme).toContain('{"type":"API_KEY","api_key":"<api_key>"}');
      expect(readme).toContain('{"type":"OAUTH","client_id":"<client_id>","client_secret":"<client_secret>"}');
      expect(readme).toContain("pulumi config set --secret --path billingApiSetup.api_key");
    }
  });

  it("a write-only string gets its placeholder where its parent object exists, and none where it does not", () => {
    const snapshot = tenant({
      connector: [
        { id: "con_AAAAAAAAAAAAAAAAAAAA", name: "Billing", endpoint: "https://b.example.com", auth: { key_id: "k1" } },
        { id: "con_BBBBBBBBBBBBBBBBBBBB", name: "Open", endpoint: "https://o.example.com" },
      ],
    });
    const { resources, secrets } = modelOf(snapshot);
    const [billing, open] = resources.filter((resource) => resource.kind === "Connector");
    expect(billing!.args.auth).toEqual({ key_id: "k1", signing_secret: new SecretRef("billingAuthSigningSecret") });
    expect(open!.args).not.toHaveProperty("auth");
    expect(secrets.map((secret) => secret.name)).toEqual(["billingApiSetup", "billingAuthSigningSecret"]);
    expect(buildProgram(snapshot, options).files["index.ts"]).toContain(
      'auth: { key_id: "k1", signing_secret: cfg.requireSecret("billingAuthSigningSecret") }',
    );
  });

  it("no secret value reaches any generated file, in any language", () => {
    for (const { language, files } of programs(tenant())) {
      for (const [name, content] of Object.entries(files)) {
        expect({ language, name, leaked: content.includes(LEAKED) }).toEqual({ language, name, leaked: false });
      }
    }
  });

  it("examples of a schema: a union's branches with their tags and required keys; all keys when none is required", () => {
    const setup = kindSpec("secretStore")!.createSchema.properties as Record<string, JsonSchema>;
    expect(examplesOf(setup.setup!)).toHaveLength(2);
    const auth = kindSpec("connector")!.createSchema.properties as Record<string, JsonSchema>;
    expect(examplesOf(auth.auth!)).toEqual([{ key_id: "<key_id>" }]);
    expect(
      examplesOf({ type: "object", properties: { n: { type: "integer", minimum: 1 }, b: { type: "boolean" } } }),
    ).toEqual([{ n: 1, b: false }]);
  });
});
