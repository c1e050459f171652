/**
 * `generate` from tenant A deploys unchanged to a fresh tenant C, through the real engine
 * (one `pulumi up`): the test-only kinds of test/fixtures/kinds/pipeline (a pipeline whose
 * step calls out through a secret store, and hands over to another pipeline; the store's
 * `setup` write-only), written as a YAML program over the resource plugin. The plugin runs in
 * this process (the engine attaches to it with PULUMI_DEBUG_PROVIDERS), where the test kinds
 * are declared. In C, each pipeline points at C's own objects, made by the program; the
 * store's setup came from the stack configuration. Beside them, the table's own kinds linked
 * to and from actions: a post-login action whose code renders a form by id, an event stream
 * to an action, and the post-login trigger's bindings made by hand with plain HTTP (by action
 * name and by id, with display names); in C, the action's code names C's form, the stream C's
 * action, and the bindings C's actions in A's order.
 */
import "../fixtures/kinds/pipeline";
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { buildPluginProgram } from "../../provider/cli/generate/plugin-program";
import { secretLines } from "../../provider/cli/generate/secret-setup";
import { readTenant } from "../../provider/cli/generate/snapshot";
import { startPluginServer } from "../../provider/plugin/server";
import * as runtime from "../../provider/runtime";
import { ensurePulumiCli, pulumiEnv } from "../../scripts/lib/pulumi";
import { openStore } from "../../server/store";
import { startTenantServer, type TenantServer } from "../../server/index";
import { E2E_TIMEOUT_MS } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

const API_KEY = "sk-Store-Key-for-tenant-C-1";

/** Runs a command without blocking this process (the tenant servers and the plugin answer from it). */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (status) =>
      status === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} exited ${status}:\n${output}`)),
    );
  });
}

/** A request to the admin API of `server` with plain `fetch`, as a person's script or the dashboard sends it. */
async function call(server: TenantServer, method: string, apiPath: string, body?: object): Promise<unknown> {
  const token = (await (
    await fetch(server.credentials.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        grant_type: "client_credentials",
        client_id: server.credentials.clientId,
        client_secret: server.credentials.clientSecret,
        audience: server.credentials.audience,
      }),
    })
  ).json()) as { access_token: string };
  const reply = await fetch(`${server.baseUrl}${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token.access_token}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer: unknown = await reply.json();
  if (!reply.ok) throw new Error(`${method} ${apiPath} answered ${reply.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** A GET of the admin API of `server`. */
const get = (server: TenantServer, apiPath: string) => call(server, "GET", apiPath);

/** Reads action `id` of `server` until `done` says so (the tenant builds and deploys a moment after it answers). */
async function readUntil(server: TenantServer, id: string, done: (action: Record<string, unknown>) => boolean) {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if (done((await get(server, `/actions/actions/${id}`)) as Record<string, unknown>)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`action ${id} never reached the state waited for`);
}
const untilBuilt = (server: TenantServer, id: string) => readUntil(server, id, (action) => action.status === "built");
const untilLive = (server: TenantServer, id: string) =>
  readUntil(server, id, (action) => action.all_changes_deployed === true);

/** A trigger's bindings as the tenant lists them: each action's name and id, and the binding's display name. */
async function boundTo(server: TenantServer, trigger: string): Promise<[string, string, string][]> {
  const page = (await get(server, `/actions/triggers/${trigger}/bindings`)) as {
    bindings: { display_name: string; action: { id: string; name: string } }[];
  };
  return page.bindings.map((binding) => [binding.action.name, binding.action.id, binding.display_name]);
}

describe("a generated program with references deploys to a fresh tenant", () => {
  let scratch: string;
  let tenantA: TenantServer | undefined;
  let tenantC: TenantServer | undefined;
  let plugin: { port: number; stop(): Promise<void> } | undefined;

  beforeAll(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-generate-refs-e2e-"));
  });
  afterAll(async () => {
    await plugin?.stop();
    await tenantA?.close();
    await tenantC?.close();
    runtime.resetRuntime();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it("pulumi up of A's program makes C's objects, each pipeline pointing at C's own; no id of A in the program", async () => {
    const bin = ensurePulumiCli();
    tenantA = await startTenantServer({ port: 0, logger: false });
    const cDir = path.join(scratch, "tenant-c");
    tenantC = await startTenantServer({ port: 0, logger: false, dataDir: cDir });

    // Tenant A, made by hand: a store, a pipeline using it that hands over to another.
    const a = tenantA.credentials;
    runtime.configureFromSettings({ domain: a.domain, clientId: a.clientId, clientSecret: a.clientSecret });
    const client = runtime.sharedClient();
    const post = async (apiPath: string, body: object) =>
      (
        await client.request<{ id: string }>({
          method: "POST",
          path: apiPath,
          body,
          target: { kind: "seed", action: "create" },
        })
      ).data.id;
    const storeA = await post("/secret-stores", {
      name: "Billing API",
      app: "HTTP",
      setup: { type: "API_KEY", api_key: "sk-tenant-A-only" },
    });
    const followA = await post("/pipelines", { name: "Follow up", steps: [] });
    const enrichA = await post("/pipelines", {
      name: "Enrich",
      steps: [{ id: "s1", type: "HTTP", params: { url: "https://api.example.com", store_id: storeA } }],
      then: { pipeline_id: followA },
    });

    // A form, a post-login action rendering it by id, and an event stream delivering to an action.
    const formA = await post("/forms", { name: "Sign-up" });
    const codeOf = (form: string) => `exports.onExecutePostLogin = async (event, api) => api.prompt.render('${form}');`;
    // Two post-login actions made and bound by hand with plain HTTP: one created then deployed (the
    // dashboard's two steps), one created with `deploy: true` (the SDK's); bound by name and by id, each
    // with a display name, the one made second running first.
    const renderA = (
      (await call(tenantA, "POST", "/actions/actions", {
        name: "render-signup",
        supported_triggers: [{ id: "post-login", version: "v3" }],
        code: codeOf(formA),
        runtime: "node22",
      })) as { id: string }
    ).id;
    await untilBuilt(tenantA, renderA);
    await call(tenantA, "POST", `/actions/actions/${renderA}/deploy`);
    await untilLive(tenantA, renderA);
    const tagA = (
      (await call(tenantA, "POST", "/actions/actions", {
        name: "tag-session",
        supported_triggers: [{ id: "post-login", version: "v3" }],
        code: "exports.onExecutePostLogin = async (event, api) => { api.idToken.setCustomClaim('tagged', true); };",
        deploy: true,
      })) as { id: string }
    ).id;
    await untilLive(tenantA, tagA);
    await call(tenantA, "PATCH", "/actions/triggers/post-login/bindings", {
      bindings: [
        { ref: { type: "action_name", value: "tag-session" }, display_name: "Tag the session" },
        { ref: { type: "action_id", value: renderA }, display_name: "Render sign-up" },
      ],
    });
    expect(await boundTo(tenantA, "post-login")).toEqual([
      ["tag-session", tagA, "Tag the session"],
      ["render-signup", renderA, "Render sign-up"],
    ]);
    const listenerA = await post("/actions/actions", {
      name: "on-event",
      supported_triggers: [{ id: "event-stream", version: "v1" }],
      code: "exports.onExecuteEventStream = async (event) => {};",
      runtime: "node22",
    });
    await post("/event-streams", {
      name: "to-action",
      subscriptions: [{ event_type: "user.created" }],
      destination: { type: "action", configuration: { action_id: listenerA } },
    });

    const snapshot = await readTenant(client);
    const program = buildPluginProgram(snapshot, {
      projectName: "refs",
      language: "yaml",
      providerVersion: "0.2.0",
      pulumiVersion: "3.248.0",
    });
    const dir = path.join(scratch, "program");
    fs.mkdirSync(dir);
    for (const [name, content] of Object.entries(program.files)) fs.writeFileSync(path.join(dir, name), content);
    const yaml = program.files["Pulumi.yaml"]!;
    for (const id of [storeA, followA, enrichA, listenerA, renderA, tagA]) expect(yaml).not.toContain(`"${id}"`);
    // The bindings name each action by reference to its resource, in the tenant's order, with their display names.
    expect(yaml.split("type: tenant:TriggerBindings")).toHaveLength(2);
    expect(yaml).toContain(
      [
        "    type: tenant:TriggerBindings",
        "    properties:",
        '      triggerId: "post-login"',
        "      actions:",
        "        - id: ${tagSession.id}",
        '          displayName: "Tag the session"',
        "        - id: ${renderSignup.id}",
        '          displayName: "Render sign-up"',
      ].join("\n"),
    );
    // The action's code names the form by the resource's id (comments name A's ids, unquoted).
    expect(yaml).not.toContain(`'${formA}'`);
    expect(yaml).toContain("api.prompt.render('${signUp.id}')");

    // The engine attaches to the plugin running here, where the test kinds are declared.
    plugin = await startPluginServer(0);
    const env = {
      ...process.env,
      ...pulumiEnv(bin, {
        stateDir: path.join(scratch, "state"),
        homeDir: path.join(scratch, "home"),
        passphrase: "refs-e2e",
      }),
      PULUMI_DEBUG_PROVIDERS: `tenant:${plugin.port}`,
    };
    const pulumi = (...args: string[]) => run(path.join(bin, "pulumi"), args, dir, env);
    await pulumi("stack", "init", "c");
    const c = tenantC.credentials;
    await pulumi("config", "set", "tenant:domain", "--", c.domain);
    await pulumi("config", "set", "tenant:clientId", "--", c.clientId);
    await pulumi("config", "set", "--secret", "tenant:clientSecret", "--", c.clientSecret);
    // The printed lines for the store's setup: the known field as printed, the prompted one given.
    const lines = secretLines(program.secrets);
    expect(lines).toEqual([
      "pulumi config set --secret --path billingApiSetup.type API_KEY",
      "pulumi config set --secret --path billingApiSetup.api_key     # prompts: api_key",
    ]);
    await pulumi("config", "set", "--secret", "--path", "billingApiSetup.type", "--", "API_KEY");
    await pulumi("config", "set", "--secret", "--path", "billingApiSetup.api_key", "--", API_KEY);

    const up = await pulumi("up", "--yes", "--skip-preview", "--non-interactive");
    // The stack, the store, two pipelines, the form, three actions, the stream and the post-login bindings;
    // the pipeline handed over to is made before the one handing over.
    expect(up).toMatch(/\+ 10 created/);
    expect(up.indexOf("Pipeline enrich creating")).toBeGreaterThan(up.indexOf("Pipeline followUp created"));
    expect(up).not.toContain(API_KEY);

    // An offset-paged list without `include_totals` is a bare array.
    const stores = (await get(tenantC, "/secret-stores")) as { id: string; name: string }[];
    const pipelines = (await get(tenantC, "/pipelines")) as {
      id: string;
      name: string;
      steps: { params?: { store_id?: string } }[];
      then?: { pipeline_id?: string };
    }[];
    expect(stores.map((store) => store.name)).toEqual(["Billing API"]);
    const storeC = stores[0]!.id;
    expect(storeC).not.toBe(storeA);
    const enrichC = pipelines.find((pipeline) => pipeline.name === "Enrich")!;
    const followC = pipelines.find((pipeline) => pipeline.name === "Follow up")!;
    expect(enrichC.steps[0]!.params!.store_id).toBe(storeC);
    expect(enrichC.then!.pipeline_id).toBe(followC.id);
    expect(followC.id).not.toBe(followA);

    // C's action renders C's form; C's stream delivers to C's action.
    const formsC = (await get(tenantC, "/forms")) as { id: string }[];
    const actionsC = (
      (await get(tenantC, "/actions/actions")) as { actions: { id: string; name: string; code: string }[] }
    ).actions;
    // Checkpoint-paged: the streams under `eventStreams`.
    const streamsC = (
      (await get(tenantC, "/event-streams")) as {
        eventStreams: { destination: { configuration: { action_id?: string } } }[];
      }
    ).eventStreams;
    expect(formsC).toHaveLength(1);
    expect(formsC[0]!.id).not.toBe(formA);
    expect(actionsC.find((action) => action.name === "render-signup")!.code).toBe(codeOf(formsC[0]!.id));
    const listenerC = actionsC.find((action) => action.name === "on-event")!.id;
    expect(listenerC).not.toBe(listenerA);
    expect(streamsC.map((stream) => stream.destination.configuration.action_id)).toEqual([listenerC]);
    // C's post-login runs C's own actions, in A's order, under A's display names.
    const idInC = (name: string) => actionsC.find((action) => action.name === name)!.id;
    expect(await boundTo(tenantC, "post-login")).toEqual([
      ["tag-session", idInC("tag-session"), "Tag the session"],
      ["render-signup", idInC("render-signup"), "Render sign-up"],
    ]);
    expect([idInC("tag-session"), idInC("render-signup")]).not.toContain(tagA);
    expect(idInC("render-signup")).not.toBe(renderA);

    // The state holds the setup as a secret (ciphertext) only.
    const stateFiles = fs.readdirSync(path.join(scratch, "state"), { recursive: true, withFileTypes: true });
    const state = stateFiles
      .filter((entry) => entry.isFile())
      .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8"))
      .join("\n");
    expect(state).toContain("billingApi");
    expect(state).not.toContain(API_KEY);

    // The setup reached C (sealed there; the API never answers it): from the configuration.
    await tenantC.close();
    tenantC = undefined;
    const store = openStore(cDir);
    try {
      const sealed = store.collection<{ setup: unknown }>("secret_stores", {
        secretPaths: [["setup"]],
      });
      expect(sealed.get(storeC)?.setup).toEqual({ type: "API_KEY", api_key: API_KEY });
    } finally {
      store.close();
    }
  });
});
