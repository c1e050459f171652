/**
 * `/api/v2/connections`: the tenant's database connection, `Username-Password-Authentication`,
 * as the published API has it: listed (bare, with totals, or by checkpoint with `from` and
 * `take`; filtered by `strategy` and `name`), read, and changed (`enabled_clients`,
 * `display_name`, `metadata`, and `options`, which a PATCH replaces whole, as the service
 * does: send every option to keep).
 */
import type { FastifyInstance } from "fastify";
import {
  CONNECTION_ID,
  CONNECTIONS_PATH,
  connectionUpdateSchema,
  idPatternOf,
  NEIGHBOUR_SCOPES,
  type Connection,
  type ConnectionUpdate,
} from "../../api";
import { accountsOf } from "../accounts";
import type { TenantContext } from "../context";
import { invalidBody, invalidUri, notFound } from "../http-error";
import {
  compileSchema,
  decodeCursor,
  encodeCursor,
  queryBoolean,
  queryInteger,
  queryList,
  queryValue,
  validBody,
  type IdRoute,
} from "../validation";

const BASE = `/api/v2${CONNECTIONS_PATH}`;
const UPDATE = compileSchema(connectionUpdateSchema);
const SCOPES = NEIGHBOUR_SCOPES.connections;
const ID_PATTERN = new RegExp(idPatternOf(CONNECTION_ID));

/** The largest page the list gives. */
const MAX_PER_PAGE = 100;

/** Checks the id path parameter. */
function pathId(id: string): string {
  if (id.length > CONNECTION_ID.prefix.length + CONNECTION_ID.length || !ID_PATTERN.test(id)) {
    throw invalidUri("id", `String does not match pattern: ${ID_PATTERN.source}`);
  }
  return id;
}

/** Registers the connections' routes. */
export function registerConnectionRoutes(app: FastifyInstance, context: TenantContext): void {
  const { applications, connections } = accountsOf(context.store);
  const auth = (scope: string) => ({ config: { auth: { scope } } });
  const find = (id: string): Connection => {
    const connection = connections.get(pathId(id));
    if (!connection) throw notFound("The connection does not exist", "inexistent_connection");
    return connection;
  };
  /** The client ids, each an application or one of the server's clients; 400 naming the first unknown one. */
  const knownClients = (ids: readonly string[]): string[] => {
    ids.forEach((id, index) => {
      if (!applications.get(id) && !context.clients.get(id))
        throw invalidBody({ property: `enabled_clients[${index}]`, message: `No client has the id ${id}` });
    });
    return [...new Set(ids)];
  };

  app.get(BASE, auth(SCOPES.read), async (request) => {
    const page = queryInteger(request.query, "page", 0, 1_000_000, 0);
    const limit = queryInteger(request.query, "per_page", 1, MAX_PER_PAGE, 50);
    const strategies = queryList(request.query, "strategy");
    const names = queryList(request.query, "name");
    const all = connections
      .list()
      .filter((connection) => strategies.length === 0 || strategies.includes(connection.strategy))
      .filter((connection) => names.length === 0 || names.includes(connection.name));
    // Checkpoint pagination (`from`, `take`: what the SDKs send) answers `{connections, next}`, without totals.
    if (queryValue(request.query, "from") !== undefined || queryValue(request.query, "take") !== undefined) {
      const from = decodeCursor(request.query);
      const take = queryInteger(request.query, "take", 1, MAX_PER_PAGE, 50);
      const connectionsPage = all.slice(from, from + take);
      return from + take < all.length
        ? { connections: connectionsPage, next: encodeCursor(from + take) }
        : { connections: connectionsPage };
    }
    const start = page * limit;
    const listed = all.slice(start, start + limit);
    return queryBoolean(request.query, "include_totals", false)
      ? { start, limit, total: all.length, connections: listed }
      : listed;
  });

  app.get<IdRoute>(`${BASE}/:id`, auth(SCOPES.read), async (request) => find(request.params.id));

  app.patch<IdRoute>(`${BASE}/:id`, auth(SCOPES.update), async (request) => {
    const body = validBody<ConnectionUpdate>(request.body, UPDATE, connectionUpdateSchema, false);
    return context.store.transaction(() => {
      const connection = find(request.params.id);
      const updated: Connection = {
        ...connection,
        ...(body.options !== undefined ? { options: body.options } : {}),
        ...(body.enabled_clients !== undefined ? { enabled_clients: knownClients(body.enabled_clients) } : {}),
        ...(body.display_name !== undefined ? { display_name: body.display_name } : {}),
        ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
      };
      connections.replace(updated);
      return updated;
    });
  });
}
