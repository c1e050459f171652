/**
 * Kinds the table alone serves, one referencing the other and one with a write-only secret
 * object (the test-only Pipeline and SecretStore of test/fixtures/kinds/pipeline), against a
 * started tenant: `generate` reads them and writes the pipeline's store as a reference and
 * the store's setup (never answered) as a secret object from the stack configuration;
 * `drift --unmanaged` finds the objects no stack holds, whichever kind, and names a kind it
 * may not list.
 */
import "../fixtures/kinds/pipeline";
import { readStackState, type StackExport } from "../../provider/backend/stack-state";
import { StackIndex } from "../../provider/backend/stacks";
import { buildPluginProgram, PLUGIN_LANGUAGES } from "../../provider/cli/generate/plugin-program";
import { buildProgram } from "../../provider/cli/generate/typescript-program";
import { readTenant } from "../../provider/cli/generate/snapshot";
import { StackTenants } from "../../provider/cli/stack-tenants";
import { describeUnmanaged, findUnmanaged } from "../../provider/cli/unmanaged";
import { resetRuntime } from "../../provider/runtime";
import { runtime, startHarness, type ProviderHarness } from "./helpers";

const API_KEY = "sk-Store-Key-never-written-1";

describe("kinds served by the table alone, one referencing the other", () => {
  let harness: ProviderHarness;
  let store: string;
  let pipeline: string;

  beforeAll(async () => {
    harness = await startHarness();
    const post = async (path: string, body: object) => {
      const reply = await harness.admin("POST", path, body);
      expect(reply.status).toBe(201);
      return reply.json.id as string;
    };
    store = await post("/secret-stores", {
      name: "Billing API",
      app: "HTTP",
      setup: { type: "API_KEY", api_key: API_KEY },
    });
    pipeline = await post("/pipelines", {
      name: "Enrich",
      steps: [{ id: "s1", type: "HTTP", params: { url: "https://api.example.com", store_id: store } }],
    });
  });
  afterEach(() => resetRuntime());
  afterAll(async () => harness.close());

  it("generate: the store as a reference in every language, its setup from the configuration, no id or key", async () => {
    const snapshot = await readTenant(runtime.sharedClient());
    expect(JSON.stringify(snapshot.objects.secretStore)).not.toContain("setup");
    const options = { projectName: "p", providerVersion: "0.2.0", pulumiVersion: "3.248.0" };
    const programs = [
      buildProgram(snapshot, options),
      ...PLUGIN_LANGUAGES.map((language) => buildPluginProgram(snapshot, { ...options, language })),
    ];
    // Each program's code: index.ts, __main__.py, main.go; a YAML program is in its Pulumi.yaml.
    const [dynamic, typescript, python, go, yaml] = programs.map(
      (program) =>
        program.files["index.ts"] ??
        program.files["__main__.py"] ??
        program.files["main.go"] ??
        program.files["Pulumi.yaml"]!,
    );
    expect(dynamic).toContain("store_id: billingApi.id");
    expect(dynamic).toContain('setup: cfg.requireSecretObject<any>("billingApiSetup")');
    expect(typescript).toContain("storeId: billingApi.id");
    expect(python).toContain('"store_id": billing_api.id');
    expect(go).toContain("StoreId: billingApi.ID().ToStringOutput()");
    expect(yaml).toContain("storeId: ${billingApi.id}");
    for (const program of programs) {
      for (const content of Object.values(program.files)) expect(content).not.toContain(API_KEY);
      expect(program.secrets.map((secret) => secret.name)).toEqual(["billingApiSetup"]);
    }
    // In a plugin program the store's id is in import.json only.
    for (const program of programs.slice(1)) {
      const code = Object.entries(program.files)
        .filter(([name]) => name !== "import.json" && name !== "README.md")
        .map(([, content]) => content)
        .join("\n");
      expect(code).not.toContain(`"${store}"`);
    }
    // The dynamic program's ids are in adopt.json only, keyed by the tenant they belong to.
    expect(dynamic).not.toContain(`"${store}"`);
    expect(dynamic).toContain('adoptId: adopt.id("billingApi")');
  });

  /** A stack whose state holds the pipeline through the plugin, read with the client `clientId`. */
  function stackHoldingPipeline(clientId: string, clientSecret: string): { stack: StackTenants; index: StackIndex } {
    const exported: StackExport = {
      deployment: {
        resources: [
          {
            urn: "urn:pulumi:prod::tenant::tenant:index:Pipeline::enrich",
            type: "tenant:index:Pipeline",
            id: pipeline,
            custom: true,
            outputs: { name: "Enrich", tenantOrigin: harness.server.url },
          },
        ],
      },
    };
    const state = readStackState(exported, "tenant/prod");
    expect(state.held).toEqual([expect.objectContaining({ kind: "pipeline", id: pipeline })]);
    const stack = new StackTenants(exported, {
      "tenant:domain": harness.server.url,
      "tenant:clientId": clientId,
      "tenant:clientSecret": clientSecret,
    });
    return { stack, index: new StackIndex([state]) };
  }

  it("drift --unmanaged: an object of a table-made kind no stack holds, with the lines that adopt it", async () => {
    const { clientId, clientSecret } = harness.server.credentials;
    const { stack, index } = stackHoldingPipeline(clientId, clientSecret);
    const { objects, skipped } = await findUnmanaged(stack, index);
    expect(skipped).toEqual([]);
    expect(objects).toEqual([
      {
        kind: "secretStore",
        id: store,
        name: "Billing API",
        tenant: harness.server.url,
        importCommand: `pulumi import tenant:index:SecretStore billingApi ${store}`,
        adoptArgument: `new tenant.SecretStore("billingApi", { adoptId: "${store}", ... })`,
      },
    ]);
    const lines = describeUnmanaged(objects, skipped);
    expect(lines).toContain(`  secret store ${store} "Billing API" (${harness.server.url})`);
  });

  it("drift --unmanaged: a table-made kind the client may not list is named as not checked, with its scope", async () => {
    harness.server.addClient({
      client_id: "pipelines-only",
      client_secret: "pipelines-only-secret-01",
      scopes: ["read:pipelines"],
      global: true,
    });
    const { stack, index } = stackHoldingPipeline("pipelines-only", "pipelines-only-secret-01");
    const { objects, skipped } = await findUnmanaged(stack, index);
    expect(objects).toEqual([]);
    expect(skipped.map((kind) => kind.kind)).toEqual(expect.arrayContaining(["secretStore"]));
    const notChecked = describeUnmanaged(objects, skipped).find((line) =>
      line.startsWith("Not checked: the secret stores"),
    );
    expect(notChecked).toMatch(/read:secret_stores/);
  });
});
