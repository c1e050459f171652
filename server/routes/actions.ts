/**
 * The actions beyond their table entry's generic routes (collection.ts serves create, get,
 * list with its filters, update and delete): the deploy that builds the draft into a new
 * version, the versions (list, get, deploy an earlier one), the triggers. An action is built
 * by compiling its code (`node:vm`, never run): a syntax error fails the build with the
 * compiler's words, as the real service's build does. Bindings are action-bindings.ts.
 *
 * Storage, for a route that runs an action (`/actions/actions/:id/test`): {@link actionStore}
 * gives the actions' collection (table `actions_actions`), whose `get(id)` answers the stored
 * action with its secrets opened: `code`, `runtime`, `supported_triggers` (`[{id, version}]`),
 * `dependencies` (`[{name, version}]`), `secrets` (`[{name, value, updated_at}]`), `status`.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { ACTIONS_PATH, buildErrors, ERROR_CODES, kindSpec, publishedTriggers, type KindObject } from "../../api";
import type { TenantContext } from "../context";
import { HttpError, notFound } from "../http-error";
import type { Collection } from "../store";
import { isoMillis } from "../time";
import { queryInteger, queryValue, validPathId } from "../validation";
import { collectionRulesOf, type CollectionRules, type StoredObject } from "./collection";
import { actionBindings, registerActionBindingRoutes } from "./action-bindings";

const BASE = `/api/v2${ACTIONS_PATH}`;
/** The store's table of the actions (named from the path, as the generic routes name it). */
export const ACTIONS_TABLE = "actions_actions";
/** The store's table of the actions' versions. */
const VERSIONS_TABLE = "actions_versions";

/** The actions' collection of `context`'s store, secrets sealed at rest and opened on read. */
export function actionStore(context: TenantContext): Collection<StoredObject> {
  return context.store.collection<StoredObject>(ACTIONS_TABLE, { secretPaths: kindSpec("action")!.secretPaths });
}

const versionStore = (context: TenantContext) => context.store.collection<StoredObject>(VERSIONS_TABLE);

/** The draft's fields a version is built from. */
const DRAFT_FIELDS = ["code", "dependencies", "runtime", "supported_triggers"] as const;

/** A version's secrets as the API answers them: names and when each was set. */
const secretNames = (secrets: unknown) =>
  (Array.isArray(secrets) ? secrets : []).map((secret) => ({
    name: (secret as { name: string }).name,
    updated_at: (secret as { updated_at?: string }).updated_at,
  }));

/** The `deployed_version` an action answers for `version`. */
const deployedVersionOf = (version: StoredObject) => ({ ...version, deployed: true });

/**
 * Builds `content` (an action's draft, or an earlier version's content) into a new version of
 * `action` and, when it builds, deploys it: the action's `deployed_version`, and
 * `all_changes_deployed` when the draft is what was built. A failed build is stored with its
 * errors and deploys nothing. Answers the version.
 */
function deployContent(context: TenantContext, action: StoredObject, content: KindObject | StoredObject): StoredObject {
  const versions = versionStore(context);
  const actions = actionStore(context);
  const now = isoMillis();
  const mine = versions.findWhere({ action_id: action.id });
  const errors = buildErrors(String(content.code ?? ""));
  const version: StoredObject = {
    id: randomUUID(),
    action_id: action.id,
    number: mine.length + 1,
    ...Object.fromEntries(DRAFT_FIELDS.map((field) => [field, content[field]])),
    secrets: secretNames(action.secrets),
    status: errors.length > 0 ? "failed" : "built",
    deployed: errors.length === 0,
    ...(errors.length > 0 ? { errors } : { built_at: now }),
    created_at: now,
    updated_at: now,
  };
  versions.insert(version.id, version);
  if (errors.length > 0) return version;
  for (const earlier of mine) if (earlier.deployed) versions.replace(earlier.id, { ...earlier, deployed: false });
  const draftDeployed = DRAFT_FIELDS.every((field) => JSON.stringify(action[field]) === JSON.stringify(version[field]));
  actions.replace(action.id, {
    ...action,
    deployed_version: deployedVersionOf(version),
    all_changes_deployed: draftDeployed,
  });
  return version;
}

/**
 * The actions' server rules on top of their entry's: a create with `deploy: true` deploys, and
 * a delete of a bound action needs `?force=true` (which removes its bindings) and removes its
 * versions.
 */
export function actionCollectionRules(context: TenantContext): CollectionRules {
  return {
    ...collectionRulesOf(kindSpec("action")!.rules),
    afterWrite(object, body) {
      if (body.deploy !== true) return object;
      deployContent(context, object, object);
      return actionStore(context).get(object.id)!;
    },
    beforeDelete(object, query) {
      const bindings = actionBindings(context);
      const boundTo = bindings.boundTriggers(object.id);
      if (boundTo.length > 0 && queryValue(query, "force") !== "true") {
        throw new HttpError(
          400,
          `The action is bound to ${boundTo.join(", ")}: remove its bindings first, or delete it with force=true.`,
          ERROR_CODES.invalidBody,
        );
      }
      bindings.unbind(object.id);
      const versions = versionStore(context);
      for (const version of versions.findWhere({ action_id: object.id })) versions.delete(version.id);
    },
  };
}

/** Registers the deploy, versions, triggers and bindings routes of the actions. */
export function registerActionRoutes(app: FastifyInstance, context: TenantContext): void {
  const spec = kindSpec("action")!;
  const auth = (scope: string | undefined) => ({ config: { auth: { scope: scope ?? "" } } });
  const actions = actionStore(context);
  const versions = versionStore(context);
  const findAction = (id: string) => {
    const action = actions.get(validPathId("action", id));
    if (!action) throw notFound(`The action with id ${id} does not exist.`, spec.notFoundCode);
    return action;
  };
  const findVersion = (action: StoredObject, versionId: string) => {
    const version = versions.get(versionId);
    if (!version || version.action_id !== action.id) {
      throw notFound(`The version with id ${versionId} does not exist.`, "inexistent_action_version");
    }
    return version;
  };
  type ActionRoute = { Params: { id: string } };
  type VersionRoute = { Params: { id: string; versionId: string } };

  app.post<ActionRoute>(`${BASE}/:id/deploy`, auth(spec.scopes.create), async (request, reply) => {
    const action = findAction(request.params.id);
    return reply.code(200).send(context.store.transaction(() => deployContent(context, action, action)));
  });

  app.get<ActionRoute>(`${BASE}/:id/versions`, auth(spec.scopes.get), async (request) => {
    const action = findAction(request.params.id);
    const page = queryInteger(request.query, "page", 0, 1_000_000, 0);
    const perPage = queryInteger(request.query, "per_page", 1, 100, 20);
    // Newest first, as the service lists them.
    const all = versions.findWhere({ action_id: action.id }).reverse();
    return { versions: all.slice(page * perPage, (page + 1) * perPage), total: all.length, page, per_page: perPage };
  });

  app.get<VersionRoute>(`${BASE}/:id/versions/:versionId`, auth(spec.scopes.get), async (request) =>
    findVersion(findAction(request.params.id), request.params.versionId),
  );

  // A roll-back: a new version of the earlier one's content, deployed; the draft stays as it is.
  app.post<VersionRoute>(`${BASE}/:id/versions/:versionId/deploy`, auth(spec.scopes.create), async (request) => {
    const action = findAction(request.params.id);
    const earlier = findVersion(action, request.params.versionId);
    return context.store.transaction(() => deployContent(context, action, earlier));
  });

  app.get("/api/v2/actions/triggers", auth(spec.scopes.list), async () => ({ triggers: publishedTriggers() }));

  registerActionBindingRoutes(app, context, actions);
}
