/**
 * Issue 7, item 8: every route × every scope × global or not. A client holding exactly
 * one scope (or none) calls every route; the call must succeed only when the route
 * needs that scope, and a rate limit policy route only for a global client. Refused
 * writes must leave no trace, which is checked by counting the objects at the end.
 */
import { allScopes, KINDS, isApiErrorBody, NEIGHBOUR_SCOPES } from "../../api";
import { startTenantServer, type TenantServer } from "../../server/index";
import {
  callApi,
  eventStreamBody,
  formBody,
  policyBody,
  printFigure,
  send,
  TEMPLATE,
  tokenFor,
  type RawReply,
} from "./support";

jest.setTimeout(300_000);

/** What POST /clients answers that the matrix reads. */
interface ClientId {
  client_id: string;
}

/** A user of the database connection named after `name`. */
const accountUser = (name: string) => ({
  connection: "Username-Password-Authentication",
  email: `${name}@example.com`,
  password: "Matrix-Pass-1",
});

/** One route: how to call it, the scope it needs, and whether only global clients may. */
interface Route {
  name: string;
  scope: string;
  global: boolean;
  /** Makes the call with `token`; `n` makes each call's body unique. */
  call(token: string, n: number): Promise<RawReply>;
  /** Statuses that mean "allowed and done". */
  ok: number[];
}

describe("authorization matrix: routes × scopes × global", () => {
  let server: TenantServer;
  let admin: string;
  const fixtures = { form: "", stream: "", policy: "" };
  /** An application and a user that refused calls aim at, and must survive. */
  const accounts = { client: "", user: "" };
  /** Objects made by allowed creates and removed by allowed deletes, to compare with the tenant at the end. */
  const expectedCount = { forms: 1, streams: 1, policies: 1 };

  beforeAll(async () => {
    server = await startTenantServer({ port: 0, logger: false, rateLimit: 100_000 });
    admin = await tokenFor(server);
    fixtures.form = ((await callApi(server, admin, "POST", "/forms", formBody("fixture"))).json as { id: string }).id;
    fixtures.stream = (
      (await callApi(server, admin, "POST", "/event-streams", eventStreamBody("fixture"))).json as { id: string }
    ).id;
    fixtures.policy = (
      (await callApi(server, admin, "POST", "/rate-limit-policies", policyBody("default"))).json as { id: string }
    ).id;
    expect(
      (await callApi(server, admin, "PUT", "/branding/templates/universal-login", { template: TEMPLATE })).status,
    ).toBe(201);
    accounts.client = (
      (await callApi(server, admin, "POST", "/clients", { name: "fixture" })).json as ClientId
    ).client_id;
    accounts.user = (
      (await callApi(server, admin, "POST", "/users", accountUser("fixture"))).json as { user_id: string }
    ).user_id;
  });

  afterAll(async () => {
    await server?.close();
  });

  /** A fresh object for an allowed delete (denied deletes aim at the fixture, which must survive). */
  const fresh = async (kind: "form" | "stream" | "policy", n: number): Promise<string> => {
    const [path, body] =
      kind === "form"
        ? ["/forms", formBody(`doomed-${n}`)]
        : kind === "stream"
          ? ["/event-streams", eventStreamBody(`doomed-${n}`)]
          : ["/rate-limit-policies", policyBody(`client_id:doomed-${n}`)];
    const reply = await callApi(server, admin, "POST", path, body);
    expect(reply.status).toBe(201);
    return (reply.json as { id: string }).id;
  };

  /** The applications', users' and connection's routes: a refused call aims at the fixtures, an allowed delete at a fresh application (or a user that does not exist: deleting one answers 204). */
  const accountRoutes = (): Route[] => {
    const clients = NEIGHBOUR_SCOPES.clients;
    const users = NEIGHBOUR_SCOPES.users;
    const connections = NEIGHBOUR_SCOPES.connections;
    const userPath = () => `/users/${encodeURIComponent(accounts.user)}`;
    const connectionId = async () =>
      ((await callApi(server, admin, "GET", "/connections")).json as { id: string }[])[0].id;
    return [
      {
        name: "GET /clients",
        scope: clients.read,
        global: false,
        ok: [200],
        call: (t) => callApi(server, t, "GET", "/clients"),
      },
      {
        name: "POST /clients",
        scope: clients.create,
        global: false,
        ok: [201],
        call: (t, n) => callApi(server, t, "POST", "/clients", { name: `matrix-${n}` }),
      },
      {
        name: "GET /clients/{id}",
        scope: clients.read,
        global: false,
        ok: [200],
        call: (t) => callApi(server, t, "GET", `/clients/${accounts.client}`),
      },
      {
        name: "PATCH /clients/{id}",
        scope: clients.update,
        global: false,
        ok: [200],
        call: (t, n) => callApi(server, t, "PATCH", `/clients/${accounts.client}`, { description: `n${n}` }),
      },
      {
        name: "DELETE /clients/{id}",
        scope: clients.delete,
        global: false,
        ok: [204],
        call: async (t, n) => {
          const doomed = ((await callApi(server, admin, "POST", "/clients", { name: `doomed-${n}` })).json as ClientId)
            .client_id;
          const reply = await callApi(server, t, "DELETE", `/clients/${doomed}`);
          if (reply.status !== 204) await callApi(server, admin, "DELETE", `/clients/${doomed}`);
          return reply;
        },
      },
      {
        name: "GET /users",
        scope: users.read,
        global: false,
        ok: [200],
        call: (t) => callApi(server, t, "GET", "/users"),
      },
      {
        name: "GET /users-by-email",
        scope: users.read,
        global: false,
        ok: [200],
        call: (t) => callApi(server, t, "GET", "/users-by-email?email=fixture@example.com"),
      },
      {
        name: "POST /users",
        scope: users.create,
        global: false,
        ok: [201],
        call: (t, n) => callApi(server, t, "POST", "/users", accountUser(`matrix-${n}`)),
      },
      {
        name: "GET /users/{id}",
        scope: users.read,
        global: false,
        ok: [200],
        call: (t) => callApi(server, t, "GET", userPath()),
      },
      {
        name: "PATCH /users/{id}",
        scope: users.update,
        global: false,
        ok: [200],
        call: (t, n) => callApi(server, t, "PATCH", userPath(), { user_metadata: { n } }),
      },
      {
        name: "DELETE /users/{id}",
        scope: users.delete,
        global: false,
        ok: [204],
        call: (t) => callApi(server, t, "DELETE", "/users/auth0%7C000000000000000000000000"),
      },
      {
        name: "GET /connections",
        scope: connections.read,
        global: false,
        ok: [200],
        call: (t) => callApi(server, t, "GET", "/connections"),
      },
      {
        name: "PATCH /connections/{id}",
        scope: connections.update,
        global: false,
        ok: [200],
        call: async (t) =>
          callApi(server, t, "PATCH", `/connections/${await connectionId()}`, { enabled_clients: [accounts.client] }),
      },
    ];
  };

  const routes = (allowedDelete: (kind: "form" | "stream" | "policy") => boolean): Route[] => {
    const rlp = KINDS.rateLimitPolicy.scopes;
    const forms = KINDS.form.scopes;
    const streams = KINDS.eventStream.scopes;
    const branding = KINDS.loginTemplate.scopes;
    const target = async (kind: "form" | "stream" | "policy", n: number) =>
      allowedDelete(kind) ? fresh(kind, n) : fixtures[kind];
    return [
      {
        name: "GET /rate-limit-policies",
        scope: rlp.list,
        global: true,
        ok: [200],
        call: (t) => callApi(server, t, "GET", "/rate-limit-policies"),
      },
      {
        name: "POST /rate-limit-policies",
        scope: rlp.create,
        global: true,
        ok: [201],
        call: (t, n) => callApi(server, t, "POST", "/rate-limit-policies", policyBody(`client_id:matrix-${n}`)),
      },
      {
        name: "GET /rate-limit-policies/{id}",
        scope: rlp.get,
        global: true,
        ok: [200],
        call: (t) => callApi(server, t, "GET", `/rate-limit-policies/${fixtures.policy}`),
      },
      {
        name: "PATCH /rate-limit-policies/{id}",
        scope: rlp.update,
        global: true,
        ok: [200],
        call: (t, n) =>
          callApi(server, t, "PATCH", `/rate-limit-policies/${fixtures.policy}`, {
            configuration: { action: "log", limit: n % 10000 },
          }),
      },
      {
        name: "DELETE /rate-limit-policies/{id}",
        scope: rlp.delete,
        global: true,
        ok: [204],
        call: async (t, n) => callApi(server, t, "DELETE", `/rate-limit-policies/${await target("policy", n)}`),
      },
      {
        name: "GET /forms",
        scope: forms.list,
        global: false,
        ok: [200],
        call: (t) => callApi(server, t, "GET", "/forms"),
      },
      {
        name: "POST /forms",
        scope: forms.create,
        global: false,
        ok: [201],
        call: (t, n) => callApi(server, t, "POST", "/forms", formBody(`matrix-${n}`)),
      },
      {
        name: "GET /forms/{id}",
        scope: forms.get,
        global: false,
        ok: [200],
        call: (t) => callApi(server, t, "GET", `/forms/${fixtures.form}`),
      },
      {
        name: "PATCH /forms/{id}",
        scope: forms.update,
        global: false,
        ok: [200],
        call: (t) => callApi(server, t, "PATCH", `/forms/${fixtures.form}`, { name: "fixture" }),
      },
      {
        name: "DELETE /forms/{id}",
        scope: forms.delete,
        global: false,
        ok: [204],
        call: async (t, n) => callApi(server, t, "DELETE", `/forms/${await target("form", n)}`),
      },
      {
        name: "GET /event-streams",
        scope: streams.list,
        global: false,
        ok: [200],
        call: (t) => callApi(server, t, "GET", "/event-streams"),
      },
      {
        name: "POST /event-streams",
        scope: streams.create,
        global: false,
        ok: [201],
        call: (t, n) => callApi(server, t, "POST", "/event-streams", eventStreamBody(`matrix-${n}`)),
      },
      {
        name: "GET /event-streams/{id}",
        scope: streams.get,
        global: false,
        ok: [200],
        call: (t) => callApi(server, t, "GET", `/event-streams/${fixtures.stream}`),
      },
      {
        name: "PATCH /event-streams/{id}",
        scope: streams.update,
        global: false,
        ok: [200],
        call: (t) => callApi(server, t, "PATCH", `/event-streams/${fixtures.stream}`, { status: "enabled" }),
      },
      {
        name: "DELETE /event-streams/{id}",
        scope: streams.delete,
        global: false,
        ok: [204],
        call: async (t, n) => callApi(server, t, "DELETE", `/event-streams/${await target("stream", n)}`),
      },
      {
        name: "GET /branding/templates/universal-login",
        scope: branding.get,
        global: false,
        ok: [200],
        call: (t) => callApi(server, t, "GET", "/branding/templates/universal-login"),
      },
      {
        name: "PUT /branding/templates/universal-login",
        scope: branding.update,
        global: false,
        ok: [201, 204],
        call: (t) => callApi(server, t, "PUT", "/branding/templates/universal-login", { template: TEMPLATE }),
      },
      // An allowed delete is followed by a PUT from the admin so the template exists for the next cell.
      {
        name: "DELETE /branding/templates/universal-login",
        scope: branding.delete,
        global: false,
        ok: [204],
        call: async (t) => {
          const reply = await callApi(server, t, "DELETE", "/branding/templates/universal-login");
          if (reply.status === 204)
            await callApi(server, admin, "PUT", "/branding/templates/universal-login", { template: TEMPLATE });
          return reply;
        },
      },
      ...accountRoutes(),
      // The test-only admin routes: no client but the admin client, whatever its scopes.
      {
        name: "GET /__admin/counters",
        scope: "(admin client)",
        global: false,
        ok: [200],
        call: (t) =>
          send(`${server.url}/__admin/counters`, { method: "GET", headers: { authorization: `Bearer ${t}` } }),
      },
      {
        name: "PUT /__admin/rate-limit",
        scope: "(admin client)",
        global: false,
        ok: [200],
        call: (t) =>
          send(`${server.url}/__admin/rate-limit`, {
            method: "PUT",
            headers: { authorization: `Bearer ${t}`, "content-type": "application/json" },
            body: JSON.stringify({ perSecond: 100_000 }),
          }),
      },
    ];
  };

  test("each cell is allowed exactly when the client holds the route's scope (and is global for rate limit policies)", async () => {
    const scopeChoices = ["(none)", ...allScopes()];
    const violations: string[] = [];
    let cells = 0;
    let allowedCells = 0;
    let n = 0;
    const routeNames = new Set<string>();
    for (const global of [false, true]) {
      for (const scope of scopeChoices) {
        const clientId = `matrix-${global ? "global" : "local"}-${scope.replace(/[^a-z_]/g, "_")}`;
        const clientSecret = `secret-of-${clientId}`;
        server.addClient({
          client_id: clientId,
          client_secret: clientSecret,
          scopes: scope === "(none)" ? [] : [scope],
          global,
        });
        const token = await tokenFor(server, { clientId, clientSecret });
        const allowedFor = (route: { scope: string; global: boolean }) =>
          route.scope === scope && (!route.global || global);
        for (const route of routes((kind) =>
          allowedFor({
            scope:
              kind === "form"
                ? KINDS.form.scopes.delete
                : kind === "stream"
                  ? KINDS.eventStream.scopes.delete
                  : KINDS.rateLimitPolicy.scopes.delete,
            global: kind === "policy",
          }),
        )) {
          routeNames.add(route.name);
          n += 1;
          cells += 1;
          const allowed = allowedFor(route);
          const reply = await route.call(token, n);
          const where = `${route.name} with ${scope}${global ? " (global)" : ""}`;
          if (allowed) {
            allowedCells += 1;
            if (!route.ok.includes(reply.status))
              violations.push(
                `${where}: expected ${route.ok.join("/")}, got ${reply.status} ${reply.text.slice(0, 100)}`,
              );
            if (route.name === "POST /forms") expectedCount.forms += 1;
            if (route.name === "POST /event-streams") expectedCount.streams += 1;
            if (route.name === "POST /rate-limit-policies") expectedCount.policies += 1;
            continue;
          }
          // Refused: 401 for a non-global client on a global-only route, else 403; the service's error shape.
          const expectedStatus = route.global && !global ? 401 : 403;
          if (reply.status !== expectedStatus)
            violations.push(`${where}: expected ${expectedStatus}, got ${reply.status} ${reply.text.slice(0, 100)}`);
          else if (!isApiErrorBody(reply.json))
            violations.push(`${where}: refusal not in the error shape: ${reply.text.slice(0, 100)}`);
          else if (
            expectedStatus === 403 &&
            !route.scope.startsWith("(") &&
            reply.json.message !== `Insufficient scope, expected any of: ${route.scope}`
          ) {
            violations.push(`${where}: message does not name the scope: ${reply.json.message}`);
          }
        }
      }
    }
    // Refused writes left nothing behind; allowed ones did exactly their part.
    const forms = (await callApi(server, admin, "GET", "/forms?include_totals=true&per_page=1")).json as {
      total: number;
    };
    const streams = (
      (await callApi(server, admin, "GET", "/event-streams?take=100")).json as { eventStreams: unknown[] }
    ).eventStreams;
    const policies = (
      (await callApi(server, admin, "GET", "/rate-limit-policies?take=100")).json as { rate_limit_policies: unknown[] }
    ).rate_limit_policies;
    const counts = { forms: forms.total, streams: streams.length, policies: policies.length };
    if (JSON.stringify(counts) !== JSON.stringify(expectedCount))
      violations.push(`tenant holds ${JSON.stringify(counts)}, expected ${JSON.stringify(expectedCount)}`);
    const fixturePolicy = (await callApi(server, admin, "GET", `/rate-limit-policies/${fixtures.policy}`)).json as {
      configuration: unknown;
    };
    const fixtureForm = await callApi(server, admin, "GET", `/forms/${fixtures.form}`);
    if (fixtureForm.status !== 200) violations.push("the fixture form was deleted by a refused call");
    if (!fixturePolicy.configuration) violations.push("the fixture policy was deleted by a refused call");
    if ((await callApi(server, admin, "GET", `/clients/${accounts.client}`)).status !== 200)
      violations.push("the fixture application was deleted by a refused call");
    if ((await callApi(server, admin, "GET", `/users/${encodeURIComponent(accounts.user)}`)).status !== 200)
      violations.push("the fixture user was deleted by a refused call");

    printFigure("authorization-matrix", {
      cells,
      routes: routeNames.size,
      scopes: scopeChoices.length,
      clientKinds: 2,
      allowed: allowedCells,
      refused: cells - allowedCells,
      violations: violations.length,
    });
    expect(violations).toEqual([]);
  });
});
