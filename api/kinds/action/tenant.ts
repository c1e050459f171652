/**
 * The actions' API beyond create, read, list, update and delete, as the published API has it,
 * declared beside their entry (action.ts) and served by the tenant server's generic routes:
 * the deploy that builds the draft into a new version, the versions (list, get, deploy an
 * earlier one), the triggers, the test run, and what goes with a write and a delete. An action
 * is built by compiling its code (`node:vm`, never run): a syntax error fails the build with
 * the compiler's words, as the real service's build does. Bindings are the trigger bindings' room (trigger-bindings/tenant.ts).
 */
import { randomUUID } from "node:crypto";
import { ApiFailure, ERROR_CODES } from "../../errors";
import type { KindOperation, TenantRecords } from "../../table/operations";
import { pageOf } from "../../table/tenant-paging";
import type { KindObject } from "../../table/provider-hooks";
import type { KindRules } from "../../table/kind-spec";
import { testRun } from "./tenant-test";
import { buildErrors, refusedStoredAction, storedAction, unknownTriggerIssue } from "./tenant-build";
import { publishedTriggers } from "./triggers";
import { boundTriggersOf, unbindAction } from "../trigger-bindings/tenant";

/** The store's table of the actions' versions (beside the actions). */
const VERSIONS = "versions";

/** The draft's fields a version is built from. */
const DRAFT_FIELDS = ["code", "dependencies", "runtime", "supported_triggers"] as const;

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A version's secrets as the API answers them: names and when each was set. */
const secretNames = (secrets: unknown) =>
  list(secrets).map((secret) => ({
    name: (secret as { name: string }).name,
    updated_at: (secret as { updated_at?: string }).updated_at,
  }));

/** The action `id`, or the API's 404. */
function actionOf(tenant: TenantRecords, id: string): KindObject {
  const action = tenant.objects.get(id);
  if (!action) throw new ApiFailure(404, `The action with id ${id} does not exist.`, "inexistent_action");
  return action;
}

/** Version `versionId` of `action`, or the API's 404. */
function versionOf(tenant: TenantRecords, action: KindObject, versionId: string): KindObject {
  const version = tenant.table(VERSIONS).get(versionId);
  if (!version || version.action_id !== action.id) {
    throw new ApiFailure(404, `The version with id ${versionId} does not exist.`, "inexistent_action_version");
  }
  return version;
}

/**
 * Builds `content` (an action's draft, or an earlier version's content) into a new version of
 * `action` and, when it builds, deploys it: the action's `deployed_version`, and
 * `all_changes_deployed` when the draft is what was built. A failed build is stored with its
 * errors and deploys nothing. Answers the version.
 */
function deployContent(tenant: TenantRecords, action: KindObject, content: KindObject): KindObject {
  const versions = tenant.table(VERSIONS);
  const now = tenant.now();
  const mine = versions.findWhere({ action_id: action.id });
  const errors = buildErrors(String(content.code ?? ""));
  const version: KindObject = {
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
  tenant.objects.replace(action.id, {
    ...action,
    deployed_version: { ...version, deployed: true },
    all_changes_deployed: draftDeployed,
  });
  return version;
}

/** The fields of an action's summary in a version (the published `ActionBase`). */
const ACTION_BASE_FIELDS = ["id", "name", "supported_triggers", "all_changes_deployed", "created_at", "updated_at"];

/** A deploy's answer: the version with its action's summary (`action`), as the service answers it. */
function withAction(tenant: TenantRecords, version: KindObject): KindObject {
  const action = tenant.objects.get(String(version.action_id))!;
  const base = Object.fromEntries(ACTION_BASE_FIELDS.flatMap((key) => (key in action ? [[key, action[key]]] : [])));
  return { ...version, action: base };
}

/** After a create or an update: a create asking for it (`deploy: true`) deploys at once. */
export function deployOnWrite(object: KindObject, body: Record<string, unknown>, tenant: TenantRecords): KindObject {
  if (body.deploy !== true) return object;
  deployContent(tenant, object, object);
  return tenant.objects.get(object.id)!;
}

/** Before a delete: a bound action needs `?force=true` (which unbinds it); its versions go with it. */
export function unbindOnDelete(object: KindObject, query: unknown, tenant: TenantRecords): void {
  const boundTo = boundTriggersOf(tenant, object.id);
  const force = (query as Record<string, unknown> | undefined)?.force;
  if (boundTo.length > 0 && String(force) !== "true") {
    throw new ApiFailure(
      400,
      `The action is bound to ${boundTo.join(", ")}: remove its bindings first, or delete it with force=true.`,
      ERROR_CODES.invalidBody,
    );
  }
  unbindAction(tenant, object.id);
  const versions = tenant.table(VERSIONS);
  for (const version of versions.findWhere({ action_id: object.id })) versions.delete(version.id);
}

/** The actions' routes beyond the generic ones (their scopes are the entry's). */
export const ACTION_OPERATIONS: readonly KindOperation[] = [
  {
    method: "POST",
    path: "{path}/:id/deploy",
    scope: "create",
    handle: ({ params }, tenant) =>
      tenant.transaction(() => {
        const action = actionOf(tenant, params.id!);
        return withAction(tenant, deployContent(tenant, action, action));
      }),
  },
  {
    method: "GET",
    path: "{path}/:id/versions",
    scope: "get",
    // Newest first, as the service lists them.
    handle: ({ params, query }, tenant) =>
      pageOf(
        tenant
          .table(VERSIONS)
          .findWhere({ action_id: actionOf(tenant, params.id!).id })
          .reverse(),
        query,
        "versions",
      ),
  },
  {
    method: "GET",
    path: "{path}/:id/versions/:versionId",
    scope: "get",
    handle: ({ params }, tenant) => versionOf(tenant, actionOf(tenant, params.id!), params.versionId!),
  },
  {
    // A roll-back: a new version of the earlier one's content, deployed; the draft stays as it is.
    method: "POST",
    path: "{path}/:id/versions/:versionId/deploy",
    scope: "create",
    handle: ({ params }, tenant) =>
      tenant.transaction(() => {
        const action = actionOf(tenant, params.id!);
        return withAction(tenant, deployContent(tenant, action, versionOf(tenant, action, params.versionId!)));
      }),
  },
  {
    method: "POST",
    path: "{path}/:id/test",
    scope: "create",
    handle: ({ params, body }, tenant) => testRun(params.id!, body, tenant),
  },
  { method: "GET", path: "/actions/triggers", scope: "list", handle: () => ({ triggers: publishedTriggers() }) },
];

/** The actions' rules on the tenant server. */
export const actionTenantRules: KindRules = {
  tenantCheck: unknownTriggerIssue,
  stored: storedAction,
  refuseStored: refusedStoredAction,
  listQuery: {
    triggerId: (action, value) =>
      ((action.supported_triggers ?? []) as { id: string }[]).some((trigger) => trigger.id === value),
    actionName: (action, value) => action.name === value,
    deployed: (action, value) => (action.deployed_version !== undefined) === (value === "true"),
    // No installed (marketplace) actions here: `installed=true` lists none.
    installed: (_action, value) => value !== "true",
  },
  afterWrite: deployOnWrite,
  beforeDelete: unbindOnDelete,
  operations: ACTION_OPERATIONS,
};
