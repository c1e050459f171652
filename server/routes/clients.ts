/**
 * `/api/v2/clients`: the tenant's applications, as the published API has them. The list
 * holds the server's machine-to-machine clients first (the admin client and those given at
 * start, which authenticate at `/oauth/token` and cannot be changed here), then the
 * applications made through this route in the order they were made. An application's secret
 * is answered on create, and on reads only to a token with `read:client_keys`; it is sealed
 * at rest. A new application is enabled on the database connection.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  applicationCreateSchema,
  applicationUpdateSchema,
  CLIENTS_PATH,
  NEIGHBOUR_SCOPES,
  type Application,
  type ApplicationCreate,
  type ApplicationUpdate,
} from "../../api";
import { accountsOf } from "../accounts";
import { answeredApplication, newApplication, updatedApplication } from "../accounts/applications";
import type { RegisteredClient } from "../auth/clients";
import type { TenantContext } from "../context";
import { HttpError, invalidUri, notFound } from "../http-error";
import { compileSchema, queryBoolean, queryInteger, validBody, type IdRoute } from "../validation";

const BASE = `/api/v2${CLIENTS_PATH}`;
const CREATE = compileSchema(applicationCreateSchema);
const UPDATE = compileSchema(applicationUpdateSchema);
const SCOPES = NEIGHBOUR_SCOPES.clients;

/** The largest page the list gives. */
const MAX_PER_PAGE = 100;
/** The longest client id a path may hold. */
const MAX_CLIENT_ID_LENGTH = 128;

/** The error code of a change refused to one of the server's own clients. */
export const FIXED_CLIENT_CODE = "operation_not_supported";

/** A machine-to-machine client of the registry as the API lists it (never its secret: only a digest is kept). */
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

/** True when the caller's token may read applications' secrets. */
function readsKeys(request: FastifyRequest): boolean {
  return request.principal?.scopes.includes(SCOPES.readKeys) ?? false;
}

/** Checks the id path parameter (any id the server could have made or been given). */
function pathId(id: string): string {
  if (id.length > MAX_CLIENT_ID_LENGTH)
    throw invalidUri("id", `String is too long (${id.length} chars), maximum ${MAX_CLIENT_ID_LENGTH}`);
  return id;
}

/** Registers the applications' routes. */
export function registerClientRoutes(app: FastifyInstance, context: TenantContext): void {
  const { applications, connections } = accountsOf(context.store);
  const auth = (scope: string) => ({ config: { auth: { scope } } });
  const notAnApplication = () => notFound("The client does not exist", "inexistent_client");
  /** The application with this id; 400 for the server's own clients, 404 for none. */
  const changeable = (id: string): Application => {
    const found = applications.get(pathId(id));
    if (found) return found;
    if (context.clients.get(id)) {
      throw new HttpError(
        400,
        `The client ${id} is one of the tenant server's own machine-to-machine clients (the admin client or one ` +
          "given at start): it cannot be changed or deleted through the API. Create an application instead.",
        FIXED_CLIENT_CODE,
      );
    }
    throw notAnApplication();
  };

  app.get(BASE, auth(SCOPES.read), async (request) => {
    const page = queryInteger(request.query, "page", 0, 1_000_000, 0);
    const limit = queryInteger(request.query, "per_page", 1, MAX_PER_PAGE, 50);
    const withSecret = readsKeys(request);
    const all = [
      ...context.clients.list().map(listedClient),
      ...applications.list().map((application) => answeredApplication(application, withSecret)),
    ];
    const start = page * limit;
    const clients = all.slice(start, start + limit);
    return queryBoolean(request.query, "include_totals", false)
      ? { start, limit, total: all.length, clients }
      : clients;
  });

  app.get<IdRoute>(`${BASE}/:id`, auth(SCOPES.read), async (request) => {
    const id = pathId(request.params.id);
    const application = applications.get(id);
    if (application) return answeredApplication(application, readsKeys(request));
    const registered = context.clients.get(id);
    if (registered) return listedClient(registered);
    throw notAnApplication();
  });

  app.post(BASE, auth(SCOPES.create), async (request, reply) => {
    const body = validBody<ApplicationCreate>(request.body, CREATE, applicationCreateSchema, false);
    const application = newApplication(body);
    context.store.transaction(() => {
      applications.insert(application);
      connections.enableForNewClient(application.client_id);
    });
    return reply.code(201).send(application);
  });

  app.patch<IdRoute>(`${BASE}/:id`, auth(SCOPES.update), async (request) => {
    const body = validBody<ApplicationUpdate>(request.body, UPDATE, applicationUpdateSchema, false);
    const updated = context.store.transaction(() => {
      const application = updatedApplication(changeable(request.params.id), body);
      applications.replace(application);
      return application;
    });
    return answeredApplication(updated, readsKeys(request));
  });

  app.delete<IdRoute>(`${BASE}/:id`, auth(SCOPES.delete), async (request, reply) => {
    context.store.transaction(() => {
      const { client_id } = changeable(request.params.id);
      applications.delete(client_id);
      connections.forgetClient(client_id);
    });
    return reply.code(204).send();
  });
}
