/**
 * `/api/v2/users` and `/api/v2/users-by-email`: the users of the tenant's database
 * connection, as the published API has them. Passwords are checked against the connection's
 * policy, stored as a slow hash and never answered; a PATCH merges metadata (a null removes
 * a key). The search (`q`) takes the exact forms `email:"…"` and `user_id:"…"`.
 */
import type { FastifyInstance } from "fastify";
import {
  NEIGHBOUR_SCOPES,
  USERS_BY_EMAIL_PATH,
  USERS_PATH,
  userCreateSchema,
  userUpdateSchema,
  type UserCreate,
  type UserUpdate,
} from "../../api";
import { accountsOf } from "../accounts";
import { answeredUser, type StoredUser } from "../accounts/users";
import type { TenantContext } from "../context";
import { HttpError, invalidQuery, invalidUri, notFound } from "../http-error";
import { compileSchema, queryBoolean, queryInteger, queryValue, validBody, type IdRoute } from "../validation";

const BASE = `/api/v2${USERS_PATH}`;
const CREATE = compileSchema(userCreateSchema);
const UPDATE = compileSchema(userUpdateSchema);
const SCOPES = NEIGHBOUR_SCOPES.users;

/** The largest page the list gives. */
const MAX_PER_PAGE = 100;
/** The longest user id a path may hold. */
const MAX_USER_ID_LENGTH = 300;
/** The searches `q` takes: a field and an exact value, quoted or not. */
const SEARCH = /^(email|user_id):(?:"([^"]*)"|(\S+))$/;

/** Checks the id path parameter. */
function pathId(id: string): string {
  if (id.length > MAX_USER_ID_LENGTH)
    throw invalidUri("id", `String is too long (${id.length} chars), maximum ${MAX_USER_ID_LENGTH}`);
  return id;
}

/** Registers the users' routes. */
export function registerUserRoutes(app: FastifyInstance, context: TenantContext): void {
  const { connections, users } = accountsOf(context.store);
  const auth = (scope: string) => ({ config: { auth: { scope } } });
  const find = (id: string): StoredUser => {
    const user = users.get(pathId(id));
    if (!user) throw notFound("The user does not exist.", "inexistent_user");
    return user;
  };
  const connectionNamed = (name: string) => {
    const connection = connections.byName(name);
    if (!connection) throw new HttpError(400, "The connection does not exist.", "inexistent_connection");
    return connection;
  };
  /** The users a `q` search finds (every user without one). */
  const search = (q: string | undefined): StoredUser[] | undefined => {
    if (q === undefined || q.trim() === "") return undefined;
    const match = SEARCH.exec(q.trim());
    if (!match)
      throw invalidQuery(
        "q",
        'The local tenant searches users by email:"…" or user_id:"…" only (an exact value); list without q to see every user',
      );
    const value = match[2] ?? match[3];
    if (match[1] === "email") return users.byEmail(value);
    const user = users.get(value);
    return user ? [user] : [];
  };

  app.get(BASE, auth(SCOPES.read), async (request) => {
    const page = queryInteger(request.query, "page", 0, 1_000_000, 0);
    const limit = queryInteger(request.query, "per_page", 1, MAX_PER_PAGE, 50);
    const start = page * limit;
    const found = search(queryValue(request.query, "q"));
    const listed = (found ? found.slice(start, start + limit) : users.page(start, limit)).map(answeredUser);
    return queryBoolean(request.query, "include_totals", false)
      ? { start, limit, length: listed.length, total: found ? found.length : users.count(), users: listed }
      : listed;
  });

  app.get(`/api/v2${USERS_BY_EMAIL_PATH}`, auth(SCOPES.read), async (request) => {
    const email = queryValue(request.query, "email");
    if (!email) throw invalidQuery("email", "Missing required property: email");
    return users.byEmail(email).map(answeredUser);
  });

  app.get<IdRoute>(`${BASE}/:id`, auth(SCOPES.read), async (request) => answeredUser(find(request.params.id)));

  app.post(BASE, auth(SCOPES.create), async (request, reply) => {
    const body = validBody<UserCreate>(request.body, CREATE, userCreateSchema, false);
    const created = await users.create(connectionNamed(body.connection), body);
    return reply.code(201).send(answeredUser(created));
  });

  app.patch<IdRoute>(`${BASE}/:id`, auth(SCOPES.update), async (request) => {
    const body = validBody<UserUpdate>(request.body, UPDATE, userUpdateSchema, false);
    const user = find(request.params.id);
    if (body.connection !== undefined && body.connection !== user.connection) connectionNamed(body.connection);
    const updated = await users.update(user, connectionNamed(user.connection), body);
    return answeredUser(updated);
  });

  // As on the service, deleting a user that does not exist succeeds: the user is gone either way.
  app.delete<IdRoute>(`${BASE}/:id`, auth(SCOPES.delete), async (request, reply) => {
    users.delete(pathId(request.params.id));
    return reply.code(204).send();
  });
}
