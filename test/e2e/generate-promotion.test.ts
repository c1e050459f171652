/**
 * dev -> prod promotion of a generated program, through the real CLI and engine: tenant A
 * holds a flow vault connection, a flow whose HTTP action uses it, another flow, and a form
 * whose FLOW node and `ending.after_submit` point at the flows. `pulumi-tenant generate`
 * from A writes a TypeScript program (dynamic providers) holding no id; a stack `prod` of it
 * on a fresh tenant C creates the same objects there, each pointing at C's own ids, the
 * connection's setup from the stack configuration (sealed in C); a second preview changes
 * nothing; a stack `dev` of the same program on A adopts A's objects without a write.
 */
import { execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { ensurePulumiCli, pulumiEnv, REPO_ROOT } from "../../scripts/lib/pulumi";
import { openStore } from "../../server/store";
import { startTenantServer, type TenantServer } from "../../server/index";
import { apiCallsIn, E2E_TIMEOUT_MS, TenantApi, writesIn } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);
const execFileAsync = promisify(execFile);

const CLI = path.join(REPO_ROOT, "provider", "dist", "provider", "cli", "index.js");
const CRM_TOKEN = { a: "crm-token-tenant-A-Qw72", c: "crm-token-tenant-C-Lp39" };
/** An id of a form, flow or connection, in the service's formats. */
const FLOW_KIND_ID = /\b(ap|af|ac)_[A-Za-z0-9]{6,}/;

/** Runs a command without blocking this process (the tenant servers answer from it). */
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

type Json = Record<string, unknown>;

/** The tenant's connections, flows and forms, each as the API answers a GET of it. */
async function flowObjects(api: TenantApi): Promise<{ connections: Json[]; flows: Json[]; forms: Json[] }> {
  const connections = (await api.call<{ connections: Json[] }>("GET", "/flows/vault/connections?include_totals=true"))
    .body.connections;
  const summaries = (await api.call<{ flows: { id: string }[] }>("GET", "/flows?include_totals=true")).body.flows;
  const flows = await Promise.all(summaries.map(async ({ id }) => (await api.call<Json>("GET", `/flows/${id}`)).body));
  const forms = await Promise.all(
    (await api.forms()).map(async ({ id }) => (await api.call<Json>("GET", `/forms/${id}`)).body),
  );
  return { connections, flows, forms };
}

/** Fields a tenant makes for itself: its ids, times, and the random fingerprint of a connection's credentials. */
const OWN_FIELDS = new Set(["id", "created_at", "updated_at", "refreshed_at", "fingerprint"]);

/**
 * A tenant's objects without what the tenant makes, each reference to another object replaced by
 * that object's name in this tenant (`<flow Enrich>`), sorted by name: equal for two tenants that
 * hold the same configuration, and only when each reference points at the tenant's own object.
 */
function comparable(objects: Awaited<ReturnType<typeof flowObjects>>): Json {
  const names = new Map<string, string>();
  for (const [kind, list] of Object.entries(objects)) {
    for (const object of list) names.set(String(object.id), `<${kind} ${String(object.name)}>`);
  }
  const strip = (value: unknown): unknown => {
    if (typeof value === "string") return names.get(value) ?? value;
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value === "object" && value !== null) {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => !OWN_FIELDS.has(key))
          .map(([key, item]) => [key, strip(item)]),
      );
    }
    return value;
  };
  return Object.fromEntries(
    Object.entries(objects).map(([kind, list]) => [
      kind,
      list.map(strip).sort((x, y) => String((x as Json).name).localeCompare(String((y as Json).name))),
    ]),
  );
}

describe("generate from tenant A, deploy the program unchanged to tenant C", () => {
  let scratch: string;
  let tenantA: TenantServer | undefined;
  let tenantC: TenantServer | undefined;
  let apiA: TenantApi;
  let apiC: TenantApi;
  let programDir: string;
  let env: NodeJS.ProcessEnv;
  let pulumiBin: string;
  const idsA: string[] = [];
  const cDir = () => path.join(scratch, "tenant-c");

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-promote-generated-"));
    const bin = ensurePulumiCli();
    pulumiBin = path.join(bin, "pulumi");
    env = {
      ...process.env,
      ...pulumiEnv(bin, {
        stateDir: path.join(scratch, "state"),
        homeDir: path.join(scratch, "home"),
        passphrase: "promote-generated",
      }),
    };
    tenantA = await startTenantServer({ port: 0, logger: false });
    tenantC = await startTenantServer({ port: 0, logger: false, dataDir: cDir() });
    apiA = new TenantApi(tenantA);
    apiC = new TenantApi(tenantC);

    // Tenant A, configured by hand: a connection, a flow calling out through it, a flow ending
    // the submission, and a form running the first from a FLOW node and the second after submit.
    const create = async (apiPath: string, body: Json): Promise<string> => {
      const reply = await apiA.call<{ id: string }>("POST", apiPath, body);
      if (reply.status !== 201) throw new Error(`seed: POST ${apiPath} answered ${reply.status}`);
      idsA.push(reply.body.id);
      return reply.body.id;
    };
    const connection = await create("/flows/vault/connections", {
      name: "crm-api",
      app_id: "HTTP",
      setup: { type: "BEARER", token: CRM_TOKEN.a },
    });
    const enrich = await create("/flows", {
      name: "Enrich the profile",
      actions: [
        {
          id: "lookup_company",
          alias: "Look the company up",
          type: "HTTP",
          action: "SEND_REQUEST",
          params: {
            connection_id: connection,
            url: "https://crm.example.com/api/companies/lookup",
            method: "POST",
            payload: { company: "{{fields.company}}" },
          },
        },
      ],
    });
    const done = await create("/flows", {
      name: "After submit",
      actions: [{ id: "answer", type: "FLOW", action: "RETURN_JSON", params: { payload: { ok: true } } }],
    });
    await create("/forms", {
      name: "Sign-up",
      start: { next_node: "details" },
      nodes: [
        {
          id: "details",
          type: "STEP",
          config: {
            components: [{ id: "company", category: "FIELD", type: "TEXT", required: false }],
            next_node: "enrich",
          },
        },
        { id: "enrich", type: "FLOW", config: { flow_id: enrich, next_node: "$ending" } },
      ],
      ending: { after_submit: { flow_id: done } },
    });
  });

  afterAll(async () => {
    await tenantA?.close();
    await tenantC?.close();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  const pulumi = (...args: string[]) => run(pulumiBin, args, programDir, env);

  /** A stack of the program on `server`, with the connection's setup set as the generated README says. */
  async function stackOn(name: string, server: TenantServer, token: string, readme: string): Promise<void> {
    const setup = /cfg\.requireSecretObject<tenant\.HttpConnectionSetup>\("(\w+)"\)/.exec(
      fs.readFileSync(path.join(programDir, "index.ts"), "utf8"),
    )![1]!;
    // The README lists the secret and how to set it: field by field, with --path.
    expect(readme).toContain(`\`${setup}\``);
    expect(readme).toContain(`pulumi config set --secret --path ${setup}.`);
    await pulumi("stack", "init", name);
    await pulumi("config", "set", "tenant:domain", "--", server.credentials.domain);
    await pulumi("config", "set", "tenant:clientId", "--", server.credentials.clientId);
    await pulumi("config", "set", "--secret", "tenant:clientSecret", "--", server.credentials.clientSecret);
    await pulumi("config", "set", "--secret", "--path", `${setup}.type`, "--", "BEARER");
    await pulumi("config", "set", "--secret", "--path", `${setup}.token`, "--", token);
  }

  test("generate writes a program with no form, flow or connection id in its code, A's ids in adopt.json", async () => {
    programDir = path.join(scratch, "program");
    const { credentials } = tenantA!;
    await execFileAsync(process.execPath, [
      CLI,
      "generate",
      "--quiet",
      "--out",
      programDir,
      "--domain",
      tenantA!.url,
      "--client-id",
      credentials.clientId,
      "--client-secret",
      credentials.clientSecret,
    ]);
    const tsFiles = fs.readdirSync(programDir).filter((file) => file.endsWith(".ts"));
    expect(tsFiles).toEqual(["index.ts"]);
    for (const file of tsFiles) {
      const code = fs.readFileSync(path.join(programDir, file), "utf8");
      expect(code).not.toMatch(FLOW_KIND_ID);
      for (const id of idsA) expect(code).not.toContain(id);
      expect(code).toContain("connection_id: crmApi.id");
      expect(code).toMatch(/flow_id: enrichTheProfile\.id/);
      expect(code).toMatch(/after_submit: \{ flow_id: afterSubmit\.id \}/);
    }
    const record = JSON.parse(fs.readFileSync(path.join(programDir, "adopt.json"), "utf8")) as {
      tenant: string;
      ids: Record<string, string>;
    };
    expect(record.tenant).toBe(new URL(tenantA!.url).origin);
    expect(Object.values(record.ids).sort()).toEqual([...idsA].sort());
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(programDir, "node_modules"), "dir");
  });

  test("pulumi up of a stack on fresh tenant C creates the same forms, flows and connections, on C's own ids", async () => {
    const readme = fs.readFileSync(path.join(programDir, "README.md"), "utf8");
    expect(readme).toContain("## Another tenant");
    await stackOn("prod", tenantC!, CRM_TOKEN.c, readme);
    tenantA!.counters.reset();
    const up = await pulumi("up", "--yes", "--skip-preview", "--non-interactive");
    expect(up).toMatch(/\+ 5 created/); // the stack, the connection, two flows, the form
    expect(up).not.toMatch(/adopts the existing/);
    expect(up).not.toContain(CRM_TOKEN.c);
    expect(apiCallsIn(tenantA!.counters.snapshot())).toBe(0); // nothing of A was read or written

    const a = await flowObjects(apiA);
    const c = await flowObjects(apiC);
    expect(comparable(c)).toEqual(comparable(a));
    const cIds = [...c.connections, ...c.flows, ...c.forms].map((object) => String(object.id));
    expect(cIds).toHaveLength(4);
    for (const id of cIds) expect(idsA).not.toContain(id);
    // Each reference is C's own object.
    const crm = c.connections[0]!;
    const flowByName = new Map(c.flows.map((flow) => [flow.name, flow.id]));
    const enrich = c.flows.find((flow) => flow.name === "Enrich the profile")!;
    expect((enrich.actions as { params: { connection_id: string } }[])[0]!.params.connection_id).toBe(crm.id);
    const form = c.forms[0]! as { nodes: { type: string; config: { flow_id?: string } }[]; ending: Json };
    expect(form.nodes.find((node) => node.type === "FLOW")!.config.flow_id).toBe(flowByName.get("Enrich the profile"));
    expect(form.ending).toEqual({ after_submit: { flow_id: flowByName.get("After submit") } });
    expect(crm).toMatchObject({ name: "crm-api", app_id: "HTTP", ready: true });
    expect(crm).not.toHaveProperty("setup");

    await pulumi("preview", "--expect-no-changes", "--non-interactive");
  });

  test("the connection's setup reached C from the stack configuration, sealed there, and stayed out of the state", async () => {
    const state = fs
      .readdirSync(path.join(scratch, "state"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8"))
      .join("\n");
    expect(state).toContain("FlowVaultConnection");
    expect(state).not.toContain(CRM_TOKEN.c);
    const [connection] = (await flowObjects(apiC)).connections;
    await tenantC!.close();
    tenantC = undefined;
    const store = openStore(cDir());
    try {
      const rows = store.collection<{ setup?: unknown }>("flows_vault_connections", { secretPaths: [["setup"]] });
      expect(rows.get(String(connection!.id))?.setup).toEqual({ type: "BEARER", token: CRM_TOKEN.c });
    } finally {
      store.close();
    }
  });

  test("pulumi up of a stack of the same program on A adopts A's objects: nothing created, nothing written", async () => {
    const before = await flowObjects(apiA);
    await stackOn("dev", tenantA!, CRM_TOKEN.a, fs.readFileSync(path.join(programDir, "README.md"), "utf8"));
    tenantA!.counters.reset();
    const up = await pulumi("up", "--yes", "--non-interactive");
    // Four objects adopted, each "as it is": the engine counts an adoption as the resource's create.
    expect(up.match(/adopts the existing [a-z ]+ \w+ .*as it is: no change to it\./g)?.length).toBeGreaterThanOrEqual(
      4,
    );
    expect(writesIn(tenantA!.counters.snapshot())).toBe(0);
    expect(await flowObjects(apiA)).toEqual(before);
    await pulumi("preview", "--expect-no-changes", "--non-interactive");
  });
});
