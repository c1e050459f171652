/**
 * `/api/v2/actions/actions`: the tenant's actions, as far as an event stream's `action`
 * destination needs them (Auth0's deploy CLI maps a destination's `action_id` to the
 * action's name through this list). List (`?page=&per_page=&actionName=&triggerId=` →
 * `{actions, total, page, per_page}`), get, create and delete, in the published shapes.
 * The local tenant runs no code: an action is built and deployed as soon as it is created,
 * and it holds no action secrets.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import {
  ACTIONS_LIST,
  ACTIONS_PATH,
  actionCreateSchema,
  NEIGHBOUR_SCOPES,
  type Action,
  type ActionCreate,
} from "../../api";
import type { TenantContext } from "../context";
import { invalidUri, notFound } from "../http-error";
import { isoMillis } from "../time";
import { compileSchema, queryInteger, queryValue, validBody, type IdRoute } from "../validation";

const BASE = `/api/v2${ACTIONS_PATH}`;
const CREATE = compileSchema(actionCreateSchema);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The largest page the list gives. */
const MAX_PER_PAGE = ACTIONS_LIST.maxPageSize;
/** The versions of the triggers, when a create names none. */
const DEFAULT_TRIGGER_VERSION: Readonly<Record<string, string>> = { "post-login": "v3", "event-stream": "v1" };

/** Registers the action routes. */
export function registerActionRoutes(app: FastifyInstance, context: TenantContext): void {
  const actions = context.store.collection<Action>("actions");
  const scopes = NEIGHBOUR_SCOPES.actions;
  const auth = (scope: string) => ({ config: { auth: { scope } } });
  const find = (id: string) => {
    if (!UUID.test(id)) throw invalidUri("id", `String does not match pattern: ${UUID.source}`);
    const action = actions.get(id);
    if (!action) throw notFound(`The action with id ${id} does not exist.`, "inexistent_action");
    return action;
  };

  app.get(BASE, auth(scopes.read), async (request) => {
    const page = queryInteger(request.query, "page", 0, 1_000_000, 0);
    const perPage = queryInteger(request.query, "per_page", 1, MAX_PER_PAGE, 50);
    const name = queryValue(request.query, "actionName");
    const trigger = queryValue(request.query, "triggerId");
    const matching = actions
      .findWhere(name ? { name } : {})
      .filter((action) => !trigger || action.supported_triggers.some((supported) => supported.id === trigger));
    return {
      actions: matching.slice(page * perPage, (page + 1) * perPage),
      total: matching.length,
      page,
      per_page: perPage,
    };
  });

  app.post(BASE, auth(scopes.create), async (request, reply) => {
    const body = validBody<ActionCreate>(request.body, CREATE, actionCreateSchema, false);
    const now = isoMillis();
    const action: Action = {
      id: randomUUID(),
      name: body.name,
      supported_triggers: body.supported_triggers.map((trigger) => ({
        id: trigger.id,
        version: trigger.version ?? DEFAULT_TRIGGER_VERSION[trigger.id] ?? "v2",
      })),
      code: body.code ?? "",
      runtime: body.runtime ?? "node22",
      dependencies: body.dependencies ?? [],
      secrets: [],
      all_changes_deployed: true,
      status: "built",
      created_at: now,
      updated_at: now,
    };
    actions.insert(action.id, action);
    return reply.code(201).send(action);
  });

  app.get<IdRoute>(`${BASE}/:id`, auth(scopes.read), async (request) => find(request.params.id));

  app.delete<IdRoute>(`${BASE}/:id`, auth(scopes.delete), async (request, reply) => {
    actions.delete(find(request.params.id).id);
    return reply.code(204).send();
  });
}
