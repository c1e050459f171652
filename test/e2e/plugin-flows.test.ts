/**
 * Forms with their flows through the resource plugin, from a program in another language than
 * TypeScript (issue 36): the YAML program of test/e2e/languages/yaml-flows (a flow vault
 * connection whose BEARER token is secret config, a flow whose HTTP SEND_REQUEST action uses
 * `connectionId: ${crm.id}`, a form whose FLOW node runs `${enrich.id}`) as stack `dev` on tenant
 * A and stack `prod` on tenant B, through the real engine and the YAML language host. Each tenant
 * holds its own ids and each form runs its own tenant's flow; a refresh preview (the flow and the
 * connection read back through the plugin) changes nothing; no token reaches the state or the
 * engine's output; destroy empties both. promotion.test.ts proves the same through the dynamic
 * providers, with a rotated token and drift on a flow's action.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../../scripts/lib/pulumi";
import { E2E_TIMEOUT_MS, rawStateText, startE2e, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

const TOKENS = { dev: "crm-token-dev-Yb40Qe", prod: "crm-token-prod-Mr17Tx" };
const URL = "https://crm.example.com/api/companies/lookup";
/** The signature of a secret in Pulumi's state. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

interface Flow {
  id: string;
  actions: { id: string; params: { connection_id: string; url: string } }[];
}
interface Connection {
  id: string;
  name: string;
  ready: boolean;
}
interface Form {
  id: string;
  nodes: { id: string; type: string; config: { flow_id?: string } }[];
}

/** What a tenant holds of the program's objects, read through its API. */
async function objectsOf(ctx: E2eContext) {
  const connections = (
    await ctx.api.call<{ connections: Connection[] }>("GET", "/flows/vault/connections?include_totals=true")
  ).body.connections;
  const summaries = (await ctx.api.call<{ flows: { id: string }[] }>("GET", "/flows?include_totals=true")).body.flows;
  const flows = await Promise.all(summaries.map(async (s) => (await ctx.api.call<Flow>("GET", `/flows/${s.id}`)).body));
  const forms = await Promise.all(
    (await ctx.api.forms()).map(async (f) => (await ctx.api.call<Form>("GET", `/forms/${f.id}`)).body),
  );
  return { connections, flows, forms };
}

/** The YAML program in a scratch folder (the stacks' config files stay out of the repository), its plugin path absolute. */
function programIn(scratch: string): string {
  const dir = path.join(scratch, "program");
  fs.mkdirSync(dir);
  const text = fs.readFileSync(path.join(__dirname, "languages", "yaml-flows", "Pulumi.yaml"), "utf8");
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    text.replace("path: ../../../../provider/bin", `path: ${path.join(REPO_ROOT, "provider", "bin")}`),
  );
  return dir;
}

describe("a YAML program of forms and flows through the plugin, two tenants: dev and prod", () => {
  let dev: E2eContext;
  let prod: E2eContext;
  let scratch: string;
  /** Everything the engine printed, every run. */
  let engineOutput = "";
  const onOutput = (text: string) => void (engineOutput += text);

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-plugin-flows-"));
    const programDir = programIn(scratch);
    const stack = (name: "dev" | "prod") =>
      startE2e({ programDir, stackName: name, config: { crmToken: { value: TOKENS[name], secret: true } } });
    dev = await stack("dev");
    prod = await stack("prod");
  });

  afterAll(async () => {
    await dev?.dispose();
    await prod?.dispose();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  test("each stack deploys to its own tenant, its form running its own tenant's flow through its own connection", async () => {
    for (const ctx of [dev, prod]) expect((await ctx.stack.up({ onOutput })).summary.result).toBe("succeeded");
    const a = await objectsOf(dev);
    const b = await objectsOf(prod);
    for (const tenant of [a, b]) {
      expect(tenant.connections).toHaveLength(1);
      expect(tenant.flows).toHaveLength(1);
      expect(tenant.forms).toHaveLength(1);
      const [connection] = tenant.connections;
      const [flow] = tenant.flows;
      expect(connection).toMatchObject({ name: "crm-api", ready: true });
      expect(connection).not.toHaveProperty("setup");
      expect(flow.actions[0].params).toMatchObject({ connection_id: connection.id, url: URL });
      expect(tenant.forms[0].nodes.find((node) => node.type === "FLOW")!.config.flow_id).toBe(flow.id);
    }
    expect(a.flows[0].id).not.toBe(b.flows[0].id);
    expect(a.connections[0].id).not.toBe(b.connections[0].id);
    for (const [ctx, token] of [
      [dev, TOKENS.dev],
      [prod, TOKENS.prod],
    ] as const) {
      expect(rawStateText(ctx)).not.toContain(token);
      // The state keeps the connection's setup, as a secret: a rotation can only show if it is kept.
      const { deployment } = await ctx.stack.exportStack();
      const resources = (deployment as { resources: { type: string; outputs?: Record<string, unknown> }[] }).resources;
      const crm = resources.find((r) => r.type === "tenant:index:FlowVaultConnection")!;
      expect(crm.outputs!.setup).toHaveProperty([SECRET_SIG]);
    }
  });

  test("a refresh preview of each stack, reading its flow and connection through the plugin, changes nothing", async () => {
    for (const ctx of [dev, prod]) await ctx.stack.preview({ refresh: true, expectNoChanges: true, onOutput });
  });

  // A rotated token as an update of what holds it (the tenant taking new credentials, the other tenant untouched, no
  // token in state) and drift on a flow's action seen by a refresh preview and undone by `up --refresh`:
  // promotion.test.ts › "a rotated CRM token is an update …" and "drift on a flow's action is seen by a refresh and
  // undone by up --refresh"; through the plugin, provider/plugin/flows.test.ts › "a connection's setup: a secret in
  // every answer, …; a rotation a change; kept by a refresh".

  test("destroy leaves both tenants empty; no token was ever printed", async () => {
    for (const ctx of [dev, prod]) {
      await ctx.stack.destroy({ onOutput });
      expect(await objectsOf(ctx)).toEqual({ connections: [], flows: [], forms: [] });
    }
    for (const token of Object.values(TOKENS)) expect(engineOutput).not.toContain(token);
  });
});
