/**
 * `GET /api/v2/clients`: the tenant's applications, listed as the published API lists them
 * (`?page=&per_page=&include_totals=` → a bare array, or `{start, limit, total, clients}`).
 * The local tenant's applications are its machine-to-machine clients (the admin client and
 * those given at start); secrets are never listed.
 */
import type { FastifyInstance } from "fastify";
import { CLIENTS_PATH, NEIGHBOUR_SCOPES } from "../../api";
import type { RegisteredClient } from "../auth/clients";
import type { TenantContext } from "../context";
import { queryBoolean, queryInteger } from "../validation";

/** The largest page the list gives. */
const MAX_PER_PAGE = 100;

/** A client as the API lists it. */
function listedClient(client: RegisteredClient) {
  return {
    client_id: client.client_id,
    name: client.admin ? "Tenant admin (local tenant server)" : client.client_id,
    app_type: "non_interactive",
    is_first_party: true,
    global: client.global,
    grant_types: ["client_credentials"],
    token_endpoint_auth_method: "client_secret_post",
  };
}

/** Registers the clients list. */
export function registerClientRoutes(app: FastifyInstance, context: TenantContext): void {
  app.get(`/api/v2${CLIENTS_PATH}`, { config: { auth: { scope: NEIGHBOUR_SCOPES.clients.read } } }, async (request) => {
    const page = queryInteger(request.query, "page", 0, 1_000_000, 0);
    const limit = queryInteger(request.query, "per_page", 1, MAX_PER_PAGE, 50);
    const all = context.clients.list().map(listedClient);
    const start = page * limit;
    const clients = all.slice(start, start + limit);
    return queryBoolean(request.query, "include_totals", false)
      ? { start, limit, total: all.length, clients }
      : clients;
  });
}
