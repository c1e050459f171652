/**
 * Auth0's own deploy CLI (`auth0-deploy-cli`, a dev dependency) against the tenant server,
 * unchanged and with no stand-in: it builds `https://${AUTH0_DOMAIN}/api/v2` from
 * `127.0.0.1:PORT` and trusts the server's CA through NODE_EXTRA_CA_CERTS. A seeded tenant
 * is exported to YAML and to directory format; the YAML is imported into a second, fresh
 * tenant, which then holds the same objects; importing the directory export into that
 * tenant again creates and deletes nothing and leaves every object as it was.
 *
 * The CLI checks its input against its own schema for about 30 s per import here, so the
 * suite imports twice only, and runs in `npm run test:full`; `npm test` checks the routes it
 * uses through the official SDK (test/server/sdk.test.ts, test/server/sdk-flows.test.ts) and
 * over HTTP (the branding settings: test/server/neighbours.test.ts). Forms come with the
 * flows they run: a seeded form runs a flow, and a FLOW node's flow is compared by name.
 * Actions come with their triggers' bindings, compared by action name and in order
 * (deploy-cli-actions.ts); a secret's value is never exported, so the second tenant holds
 * the secret by name. The login page's look comes whole: branding settings and template
 * (`branding`), the theme (`themes`; the second tenant makes its own id, and importing again
 * updates it rather than create a second), prompt settings, custom text in the tenant's two
 * languages and a screen partial (`prompts`; the CLI exports custom text in the languages of
 * `GET /tenants/settings`). Its screen renderers' list (`GET /prompts/rendering`) the tenant
 * server does not answer: the CLI warns and exports the rest.
 */
import * as fs from "node:fs";
import { request as httpsRequest } from "node:https";
import * as os from "node:os";
import * as path from "node:path";
import { runDeployCli } from "../../scripts/lib/deploy-cli";
import {
  readActions,
  readBindings,
  SEEDED_ACTIONS_HELD,
  SEEDED_SECRET_VALUE,
  seedActions,
  untilBuilt,
} from "./deploy-cli-actions";
import { LOOK_WORDS, readPrompts, readTheme, seedPrompts, seedTheme, themeIdOf } from "./deploy-cli-look";
import { startTenantServer, type TenantServer } from "../../server/index";
import { E2E_TIMEOUT_MS } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

/** The deploy CLI's resource types this suite exports and imports (its AUTH0_INCLUDED_ONLY). */
const RESOURCE_TYPES: readonly string[] = [
  "forms",
  "flows",
  "eventStreams",
  "branding",
  "themes",
  "prompts",
  "rateLimitPolicies",
  "actions",
  "triggers",
];

const ACTION_NAME = "Enrich users";
const TEMPLATE =
  "<!DOCTYPE html><html><head>{%- auth0:head -%}<title>Sign in</title></head>" +
  '<body class="_widget-auto-layout">{%- auth0:widget -%}</body></html>';

/** How often, and after how long, the suite's own calls try again when the tenant answers 429. */
const RATE_LIMIT_RETRIES = 5;
const RATE_LIMIT_WINDOW_MS = 1_000;

type Json = Record<string, unknown>;

/** A started TLS server and an admin token for it. */
interface Tenant {
  server: TenantServer;
  dir: string;
  ca: string;
  call(method: string, apiPath: string, body?: unknown): Promise<{ status: number; body: unknown }>;
}

/** One HTTPS request trusting only `ca`. */
function httpsCall(
  url: string,
  ca: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { method, headers, ca, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function startTenant(name: string): Promise<Tenant> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-deploy-cli-"));
  const server = await startTenantServer({ port: 0, dataDir: path.join(dir, name), tls: true, logger: false });
  const ca = fs.readFileSync(server.caCertPath!, "utf8");
  const { clientId, clientSecret, audience, tokenUrl } = server.credentials;
  const json = { "content-type": "application/json" };
  const tokenBody = JSON.stringify({
    grant_type: "client_credentials",
    client_id: clientId,
    client_secret: clientSecret,
    audience,
  });
  const token = (JSON.parse((await httpsCall(tokenUrl, ca, "POST", json, tokenBody)).text) as Json)
    .access_token as string;
  return {
    server,
    dir,
    ca,
    async call(method, apiPath, body) {
      const headers = { authorization: `Bearer ${token}`, ...(body === undefined ? {} : json) };
      const send = () =>
        httpsCall(
          `${server.baseUrl}${apiPath}`,
          ca,
          method,
          headers,
          body === undefined ? undefined : JSON.stringify(body),
        );
      let reply = await send();
      // The suite's own reads come in bursts (every type's objects at once): past the tenant's
      // rate limit (per second), wait for the next second, as any client of the service must.
      for (let retry = 0; reply.status === 429 && retry < RATE_LIMIT_RETRIES; retry++) {
        await new Promise((resolve) => setTimeout(resolve, RATE_LIMIT_WINDOW_MS));
        reply = await send();
      }
      return { status: reply.status, body: reply.text ? JSON.parse(reply.text) : undefined };
    },
  };
}

/** Calls the API and fails unless it answers 2xx. */
async function ok(tenant: Tenant, method: string, apiPath: string, body?: unknown): Promise<unknown> {
  const reply = await tenant.call(method, apiPath, body);
  if (reply.status >= 300) throw new Error(`${method} ${apiPath}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** The action an event stream's action destination names: a neighbour the CLI reads, never writes. */
async function createAction(tenant: Tenant): Promise<string> {
  const action = (await ok(tenant, "POST", "/actions/actions", {
    name: ACTION_NAME,
    supported_triggers: [{ id: "event-stream" }],
    code: "exports.onExecuteEventStream = async () => {};",
  })) as Json;
  return action.id as string;
}

/** The flow the seeded form runs, when flows are included (its id in the source tenant). */
let seededFlowId: string | undefined;

/** What each resource type seeds in the exported tenant, in the order they are seeded (a form runs a flow). */
const SEEDERS: Record<string, (tenant: Tenant) => Promise<void>> = {
  actions: (tenant) => seedActions((method, apiPath, body) => ok(tenant, method, apiPath, body)),
  async flows(tenant) {
    seededFlowId = ((await ok(tenant, "POST", "/flows", { name: "Enrich profile", actions: [] })) as Json).id as string;
  },
  async eventStreams(tenant) {
    const actionId = await createAction(tenant);
    await ok(tenant, "POST", "/event-streams", {
      name: "AWS bus",
      subscriptions: [{ event_type: "user.created" }, { event_type: "user.deleted" }],
      destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "eu-west-1" } },
    });
    await ok(tenant, "POST", "/event-streams", {
      name: "Enrich on sign-up",
      status: "disabled",
      subscriptions: [{ event_type: "user.created" }],
      destination: { type: "action", configuration: { action_id: actionId } },
    });
  },
  async branding(tenant) {
    await ok(tenant, "PATCH", "/branding", {
      colors: { primary: "#0059d6", page_background: "#101820" },
      logo_url: "https://example.com/logo.png",
    });
    await ok(tenant, "PUT", "/branding/templates/universal-login", { template: TEMPLATE });
  },
  themes: (tenant) => seedTheme((method, apiPath, body) => ok(tenant, method, apiPath, body)),
  prompts: (tenant) => seedPrompts((method, apiPath, body) => ok(tenant, method, apiPath, body)),
  async rateLimitPolicies(tenant) {
    const policies = [
      { consumer_selector: "default", configuration: { action: "block", limit: 100 } },
      { consumer_selector: "third_party_clients", configuration: { action: "log", limit: 50 } },
      { consumer_selector: "cimd_clients", configuration: { action: "allow" } },
    ];
    for (const policy of policies) {
      await ok(tenant, "POST", "/rate-limit-policies", {
        resource: "oauth_authentication_api",
        consumer: "client",
        ...policy,
      });
    }
  },
  async forms(tenant) {
    const flowNodes = seededFlowId
      ? [{ id: "run_flow", type: "FLOW", config: { flow_id: seededFlowId, next_node: "$ending" } }]
      : [];
    await ok(tenant, "POST", "/forms", {
      name: "Progressive profile",
      languages: { primary: "en" },
      ...(seededFlowId ? { start: { next_node: "run_flow" }, nodes: flowNodes } : {}),
    });
  },
};

/** An object without the server's own fields (ids, times), so two tenants' objects compare. */
const withoutServerFields = ({ id: _id, created_at: _created, updated_at: _updated, ...rest }: Json): Json => rest;
const byName = (a: Json, b: Json) =>
  String(a.name ?? a.consumer_selector).localeCompare(String(b.name ?? b.consumer_selector));

/** What each resource type holds in a tenant, object by object, in a form two tenants share. */
const READERS: Record<string, (tenant: Tenant) => Promise<unknown>> = {
  actions: (tenant) => readActions((method, apiPath) => ok(tenant, method, apiPath)),
  triggers: (tenant) => readBindings((method, apiPath) => ok(tenant, method, apiPath)),
  async eventStreams(tenant) {
    const actions = ((await ok(tenant, "GET", "/actions/actions")) as { actions: Json[] }).actions;
    const { eventStreams } = (await ok(tenant, "GET", "/event-streams")) as { eventStreams: Json[] };
    return eventStreams
      .map(withoutServerFields)
      .sort(byName)
      .map((stream) => {
        const destination = stream.destination as { type: string; configuration: Json };
        const { aws_partner_event_source: _source, action_id: actionId, ...configuration } = destination.configuration;
        const action = actions.find((candidate) => candidate.id === actionId)?.name;
        return { ...stream, destination: { ...destination, configuration: { ...configuration, action } } };
      });
  },
  async branding(tenant) {
    return {
      settings: await ok(tenant, "GET", "/branding"),
      template: await ok(tenant, "GET", "/branding/templates/universal-login"),
    };
  },
  themes: (tenant) => readTheme((method, apiPath) => ok(tenant, method, apiPath)),
  prompts: (tenant) => readPrompts((method, apiPath) => ok(tenant, method, apiPath)),
  async rateLimitPolicies(tenant) {
    const listed = (await ok(tenant, "GET", "/rate-limit-policies")) as { rate_limit_policies: Json[] };
    return listed.rate_limit_policies.map(withoutServerFields).sort(byName);
  },
  async flows(tenant) {
    const listed = (await ok(tenant, "GET", "/flows")) as Json[] | { flows: Json[] };
    const flows = Array.isArray(listed) ? listed : listed.flows;
    const whole = await Promise.all(flows.map((flow) => ok(tenant, "GET", `/flows/${flow.id}`)));
    return (whole as Json[]).map(withoutServerFields).sort(byName);
  },
  async forms(tenant) {
    // A FLOW node names its flow by id, which differs between tenants: compare by the flow's name.
    const listed = RESOURCE_TYPES.includes("flows")
      ? ((await ok(tenant, "GET", "/flows")) as Json[] | { flows: Json[] })
      : [];
    const flows = Array.isArray(listed) ? listed : listed.flows;
    const flowName = (id: unknown) => flows.find((flow) => flow.id === id)?.name ?? id;
    const forms = (await ok(tenant, "GET", "/forms")) as Json[];
    const whole = await Promise.all(forms.map((form) => ok(tenant, "GET", `/forms/${form.id}`)));
    return (whole as Json[]).map(withoutServerFields).map((form) => ({
      ...form,
      nodes: ((form.nodes as Json[] | undefined) ?? []).map((node) => {
        const config = node.config as Json | undefined;
        return config?.flow_id ? { ...node, config: { ...config, flow_id: flowName(config.flow_id) } } : node;
      }),
    }));
  },
};

/** Every included resource type's objects. */
async function contents(tenant: Tenant): Promise<Record<string, unknown>> {
  const entries = await Promise.all(RESOURCE_TYPES.map(async (type) => [type, await READERS[type]!(tenant)] as const));
  return Object.fromEntries(entries);
}

/** Runs the deploy CLI against `tenant`; resolves with its output, rejects (with it) when it fails. */
function deployCli(tenant: Tenant, args: string[]): Promise<string> {
  return runDeployCli(tenant.server, tenant.dir, args, RESOURCE_TYPES);
}

/** The writes the server counted since the last reset (creates, updates, deletes), by route. */
function writes(tenant: Tenant): Record<string, number> {
  return Object.fromEntries(
    Object.entries(tenant.server.counters.snapshot()).filter(([route]) =>
      /^(POST|PUT|PATCH|DELETE) \/api\/v2/.test(route),
    ),
  );
}

describe("auth0-deploy-cli 8.44.0 against the tenant server", () => {
  let source: Tenant;
  let target: Tenant;
  let exported: Record<string, unknown>;

  beforeAll(async () => {
    source = await startTenant("source");
    target = await startTenant("target");
    for (const [type, seed] of Object.entries(SEEDERS)) if (RESOURCE_TYPES.includes(type)) await seed(source);
    // What the export is compared with: the actions as built (an action made last may still be building).
    await untilBuilt((method, apiPath, body) => ok(source, method, apiPath, body));
    exported = await contents(source);
  });
  afterAll(async () => {
    await Promise.all([source?.server.close(), target?.server.close()]);
    for (const tenant of [source, target]) if (tenant) fs.rmSync(tenant.dir, { recursive: true, force: true });
  });

  test("exports to YAML and to directory format, the login template included", async () => {
    await deployCli(source, ["export", "-f", "yaml", "-o", path.join(source.dir, "yaml")]);
    await deployCli(source, ["export", "-f", "directory", "-o", path.join(source.dir, "directory")]);
    const yaml = fs.readFileSync(path.join(source.dir, "yaml", "tenant.yaml"), "utf8");
    for (const text of [
      "AWS bus",
      "Enrich on sign-up",
      ACTION_NAME,
      "universal_login",
      "third_party_clients",
      ...LOOK_WORDS,
    ]) {
      expect(yaml).toContain(text);
    }
    const directory = fs.readdirSync(path.join(source.dir, "directory"));
    expect(directory).toEqual(
      expect.arrayContaining(["branding", "themes", "prompts", "event-streams", "rate-limit-policies"]),
    );
    if (RESOURCE_TYPES.includes("actions")) {
      expect({ actions: exported.actions, triggers: exported.triggers }).toEqual(SEEDED_ACTIONS_HELD);
      // A secret's value is never exported (its name is).
      expect(yaml).toContain("PLAN_KEY");
      expect(yaml).not.toContain(SEEDED_SECRET_VALUE);
      expect(directory).toEqual(expect.arrayContaining(["actions", "triggers"]));
    }
  });

  test("imports the YAML export into a fresh tenant, which then holds the same objects", async () => {
    // The event stream's action comes with the import when actions are included, else it must be there.
    if (!RESOURCE_TYPES.includes("actions")) await createAction(target);
    await deployCli(target, ["import", "-i", path.join(source.dir, "yaml", "tenant.yaml")]);
    await untilBuilt((method, apiPath, body) => ok(target, method, apiPath, body));
    expect(await contents(target)).toEqual(exported);
    if (RESOURCE_TYPES.includes("themes")) {
      // The same theme, made by the second tenant under an id of its own.
      const idOf = (tenant: Tenant) => themeIdOf((method, apiPath) => ok(tenant, method, apiPath));
      expect(await idOf(target)).not.toBe(await idOf(source));
    }
  });

  test("importing the directory export again creates and deletes nothing and changes no object", async () => {
    const before = await contents(target);
    target.server.counters.reset();
    await deployCli(target, ["import", "-i", path.join(source.dir, "directory")]);
    const counted = Object.keys(writes(target));
    // It did import (it writes every object it manages back, unchanged) but created and deleted nothing:
    // the theme, exported without its id, is updated in place, not made a second time.
    expect(counted).toEqual(
      expect.arrayContaining([
        "PATCH /api/v2/event-streams/:id",
        "PUT /api/v2/branding/templates/universal-login",
        "PATCH /api/v2/prompts",
        "PUT /api/v2/prompts/:prompt/custom-text/:language",
        "PUT /api/v2/prompts/:prompt/partials",
        "PATCH /api/v2/actions/actions/:id",
        "PATCH /api/v2/actions/triggers/:triggerId/bindings",
      ]),
    );
    // It deploys every deployed action it writes back: the service builds the same draft into a
    // new version, which changes nothing the tenant runs (the contents below compare the draft,
    // what is deployed and the bindings).
    const creates = counted.filter((route) => /^(POST|DELETE) /.test(route) && !route.endsWith("/deploy"));
    expect(creates).toEqual([]);
    await untilBuilt((method, apiPath, body) => ok(target, method, apiPath, body));
    expect(await contents(target)).toEqual(before);
    expect(before).toEqual(exported);
  });
});
