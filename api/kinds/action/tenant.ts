/**
 * The actions' API beyond create, read, list, update and delete, as the service has it,
 * declared beside their entry (contract.ts) and served by the tenant server's generic routes:
 * the deploy that makes a version of the draft, the versions (list, get, deploy an earlier
 * one), the triggers, the modules, the test run, and what goes with a write and a delete.
 * Builds and deploys take a while, as on the service (tenant-build.ts, tenant-versions.ts);
 * every answer is in the service's shape (tenant-versions.ts). What binds an action, and what
 * owns one, is declared by those kinds (their entries' `relations`) and applied by the table.
 */
import { ApiFailure } from "../../errors";
import type { KindOperation, TenantRecords } from "../../table/operations";
import { sparsePageOf } from "../../table/tenant-paging";
import type { KindObject } from "../../table/provider-hooks";
import type { KindRules } from "../../table/kind-spec";
import { testRun } from "./tenant-test";
import { actionBodyIssue, storedAction } from "./tenant-build";
import { publishedTriggers } from "./triggers";
import {
  actionAnswer,
  actionSummary,
  deployVersion,
  liveVersionId,
  noSuchAction,
  NO_SUCH_ACTION,
  versionAnswer,
  VERSIONS,
} from "./tenant-versions";

/** The action `id`, or the service's 404. */
function actionOf(tenant: TenantRecords, id: string): KindObject {
  const action = tenant.objects.get(id);
  if (!action) throw noSuchAction();
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
 * A version as the service answers it on its own (a deploy's answer, the versions' list, a
 * version's GET): the version, then its action's summary (`action`, no versions in it).
 */
function versionWithAction(tenant: TenantRecords, actionId: string, version: KindObject): Record<string, unknown> {
  const action = tenant.objects.get(actionId)!;
  return { ...versionAnswer(action, version), action: actionSummary(tenant, action, false) };
}

/** After a create: one asking for it (`deploy: true`) deploys its draft once built, as the service does. */
export function deployOnWrite(object: KindObject, body: Record<string, unknown>, tenant: TenantRecords): KindObject {
  if (body.deploy !== true) return object;
  deployVersion(tenant, object, object);
  return tenant.objects.get(object.id)!;
}

/**
 * Before a delete, after the table has applied what other kinds declare of actions (a bound
 * action needs `?force=true`, which unbinds it): its versions go with it.
 */
export function removeVersions(object: KindObject, _query: unknown, tenant: TenantRecords): void {
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
        return versionWithAction(tenant, action.id, deployVersion(tenant, action, action));
      }),
  },
  {
    method: "GET",
    path: "{path}/:id/versions",
    scope: "get",
    // Newest first, as the service lists them.
    handle: ({ params, query }, tenant) => {
      const action = actionOf(tenant, params.id!);
      const versions = tenant.table(VERSIONS).findWhere({ action_id: action.id }).reverse();
      return sparsePageOf(
        versions.map((version) => versionWithAction(tenant, action.id, version)),
        query,
        "versions",
      );
    },
  },
  {
    method: "GET",
    path: "{path}/:id/versions/:versionId",
    scope: "get",
    handle: ({ params }, tenant) => {
      const action = actionOf(tenant, params.id!);
      return versionWithAction(tenant, action.id, versionOf(tenant, action, params.versionId!));
    },
  },
  {
    // A roll-back: a new version of the earlier one's content, deployed; the draft stays as it is.
    method: "POST",
    path: "{path}/:id/versions/:versionId/deploy",
    scope: "create",
    handle: ({ params }, tenant) =>
      tenant.transaction(() => {
        const action = actionOf(tenant, params.id!);
        const earlier = versionOf(tenant, action, params.versionId!);
        return versionWithAction(tenant, action.id, deployVersion(tenant, action, earlier));
      }),
  },
  {
    method: "POST",
    path: "{path}/:id/test",
    scope: "create",
    handle: ({ params, body }, tenant) => testRun(params.id!, body, tenant),
  },
  { method: "GET", path: "/actions/triggers", scope: "list", handle: () => ({ triggers: publishedTriggers() }) },
  // No module can be made here (the modules' own API is not served): the list is empty, as a new tenant's is.
  { method: "GET", path: "/actions/modules", scope: "list", handle: ({ query }) => sparsePageOf([], query, "modules") },
];

/** The actions' rules on the tenant server. */
export const actionTenantRules: KindRules = {
  tenantCheck: actionBodyIssue,
  stored: storedAction,
  answer: (action, tenant) => actionAnswer(tenant, action),
  listQuery: {
    triggerId: (action, value) =>
      ((action.supported_triggers ?? []) as { id: string }[]).some((trigger) => trigger.id === value),
    actionName: (action, value) => action.name === value,
    deployed: (action, value) => (liveVersionId(action, Date.now()) !== undefined) === (value === "true"),
    // No installed (marketplace) actions here: `installed=true` lists none.
    installed: (_action, value) => value !== "true",
  },
  afterWrite: deployOnWrite,
  beforeDelete: removeVersions,
  operations: ACTION_OPERATIONS,
  tables: [VERSIONS],
  notFound: { message: NO_SUCH_ACTION, errorCode: "" },
  // Inside a binding's answer: the action with its live version, as the service summarises it there.
  summary: (action, tenant) => actionSummary(tenant, action, true),
  // A trigger binds an action once a version of it is live.
  inService: (action) => liveVersionId(action, Date.now()) !== undefined,
};
