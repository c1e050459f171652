/**
 * An action's versions and deploys on the tenant server, and its answers in the service's
 * shapes, field for field and in its order (recorded on a real tenant). A deploy makes a new
 * version of the draft and answers it `deployed: false`: it goes live a moment later, once its
 * build is done (a version of a draft whose build fails never does). What is live is worked
 * out from the clock when asked, so no timer runs in the server. Loaded by the tenant server only.
 */
import { randomUUID } from "node:crypto";
import { ApiFailure } from "../../errors";
import type { TenantRecords } from "../../table/operations";
import type { KindObject } from "../../table/provider-hooks";
import { ACTION_DEPLOY_MS, BUILD, buildStatus, type BuildState } from "./tenant-build";

type Json = Record<string, unknown>;

/** The store's table of the actions' versions (beside the actions). */
export const VERSIONS = "versions";

/** The internal key of an action's deploys: `{version_id, live_at}`, oldest first (never answered). */
const ROLLOUTS = "rollouts";

interface Rollout {
  readonly version_id: string;
  /** When it goes live (ms since the epoch); absent for a version whose build fails. */
  readonly live_at?: number;
}

/** The content a version is built from, compared with the draft for `all_changes_deployed`. */
const CONTENT_FIELDS = ["code", "dependencies", "runtime", "supported_triggers", "secrets", "modules"] as const;

const iso = (ms: number) => new Date(ms).toISOString();
const buildOf = (record: KindObject) => record[BUILD] as BuildState | undefined;
const rolloutsOf = (action: KindObject) => (Array.isArray(action[ROLLOUTS]) ? (action[ROLLOUTS] as Rollout[]) : []);

/** The words of the action's 404, the service's (it answers no `errorCode` for it): every route that finds none says them. */
export const NO_SUCH_ACTION = "That action does not exist.";

/** The action's 404, in the service's words. */
export const noSuchAction = () => new ApiFailure(404, NO_SUCH_ACTION, "");

/** The id of the version of `action` live at `nowMs`, if any. */
export function liveVersionId(action: KindObject, nowMs: number): string | undefined {
  const live = rolloutsOf(action).filter((rollout) => rollout.live_at !== undefined && rollout.live_at <= nowMs);
  return live.at(-1)?.version_id;
}

/** The version of `action` live now, if any. */
export function liveVersion(tenant: TenantRecords, action: KindObject, nowMs = Date.now()): KindObject | undefined {
  const id = liveVersionId(action, nowMs);
  return id === undefined ? undefined : tenant.table(VERSIONS).get(id);
}

/** A version's secrets as versions keep them: names and when each was set, never a value. */
const secretNames = (secrets: unknown) =>
  (Array.isArray(secrets) ? secrets : []).map((secret) => ({
    name: (secret as { name: string }).name,
    updated_at: (secret as { updated_at?: string }).updated_at,
  }));

/** The content of a draft or a version as versions keep it (secrets by name and time set). */
function contentOf(record: KindObject): Json {
  const content: Json = {};
  for (const field of CONTENT_FIELDS) {
    if (record[field] === undefined) continue;
    content[field] = field === "secrets" ? secretNames(record[field]) : record[field];
  }
  return content;
}

/**
 * Makes a new version of `content` (the draft, or an earlier version for a roll-back) and
 * deploys it: it goes live once its build is done and {@link ACTION_DEPLOY_MS} has passed,
 * unless its build fails. Answers the version as stored.
 */
export function deployVersion(tenant: TenantRecords, action: KindObject, content: KindObject): KindObject {
  const versions = tenant.table(VERSIONS);
  const nowMs = Date.now();
  const build = buildOf(content) ?? { ready_at: nowMs, failed: false };
  const version: KindObject = {
    id: randomUUID(),
    action_id: action.id,
    number: versions.findWhere({ action_id: action.id }).length + 1,
    ...contentOf(content),
    created_at: iso(nowMs),
    [BUILD]: build,
  };
  versions.insert(version.id, version);
  const liveAt = build.failed ? undefined : Math.max(nowMs, build.ready_at) + ACTION_DEPLOY_MS;
  // Earlier deploys that went live before this one stay (the last of them is live until this one is).
  const kept = rolloutsOf(action).filter((rollout) => rollout.live_at !== undefined);
  const rollouts: Rollout[] = [...kept.slice(-1), { version_id: version.id, ...(liveAt ? { live_at: liveAt } : {}) }];
  tenant.objects.replace(action.id, { ...action, [ROLLOUTS]: rollouts });
  return version;
}

/** When `version` went (or goes) live, if it does: its `built_at` and `build_time` here. */
function liveAtOf(action: KindObject, version: KindObject): number | undefined {
  return rolloutsOf(action).find((rollout) => rollout.version_id === version.id)?.live_at;
}

/**
 * A version as the service answers it (`POST …/deploy`, `deployed_version`, the versions):
 * `deployed` once live, `built_at` and the later `updated_at` once it has gone live.
 */
export function versionAnswer(action: KindObject, version: KindObject, nowMs = Date.now()): Json {
  const liveAt = liveAtOf(action, version);
  const live = liveAt !== undefined && liveAt <= nowMs;
  return {
    code: version.code,
    dependencies: version.dependencies ?? [],
    id: version.id,
    deployed: liveVersionId(action, nowMs) === version.id,
    number: version.number,
    ...(live ? { built_at: iso(liveAt) } : {}),
    secrets: version.secrets ?? [],
    ...(version.modules !== undefined ? { modules: version.modules } : {}),
    status: buildStatus(buildOf(version), nowMs),
    created_at: version.created_at,
    updated_at: live ? iso(liveAt) : version.created_at,
    runtime: version.runtime,
    supported_triggers: version.supported_triggers,
  };
}

/** The live version as `current_version` answers it: a short form, its status in capitals. */
function currentVersionAnswer(action: KindObject, version: KindObject): Json {
  const liveAt = iso(liveAtOf(action, version)!);
  return {
    id: version.id,
    code: version.code,
    runtime: version.runtime,
    status: "BUILT",
    number: version.number,
    build_time: liveAt,
    created_at: version.created_at,
    updated_at: liveAt,
  };
}

/** Whether the draft of `action` is what its live `version` was built from. */
const draftIsLive = (action: KindObject, version: KindObject | undefined) =>
  version !== undefined &&
  CONTENT_FIELDS.every((field) => JSON.stringify(contentOf(action)[field]) === JSON.stringify(version[field]));

/** What every answer of an action starts with, in the service's order: who it is and when it changed. */
const identityOf = (action: KindObject) => ({
  id: action.id,
  name: action.name,
  supported_triggers: action.supported_triggers,
  created_at: action.created_at,
  updated_at: action.updated_at,
});

/** The live version of an action, as `current_version` and `deployed_version` (nothing before a first deploy). */
const versionsAnswer = (action: KindObject, live: KindObject | undefined, nowMs: number) =>
  live
    ? { current_version: currentVersionAnswer(action, live), deployed_version: versionAnswer(action, live, nowMs) }
    : {};

/** An action as the service answers it (GET, the list, a create or an update): secrets by name, never a value. */
export function actionAnswer(tenant: TenantRecords, action: KindObject, nowMs = Date.now()): Json {
  const live = liveVersion(tenant, action, nowMs);
  return {
    ...identityOf(action),
    code: action.code,
    dependencies: action.dependencies ?? [],
    runtime: action.runtime,
    status: buildStatus(buildOf(action), nowMs),
    secrets: secretNames(action.secrets),
    ...(action.modules !== undefined ? { modules: action.modules } : {}),
    ...versionsAnswer(action, live, nowMs),
    all_changes_deployed: draftIsLive(action, live),
  };
}

/**
 * An action as the service summarises it inside a version's answer (a deploy's, the versions'
 * list, a version's GET), or with its versions inside a binding (`withVersions`). Every summary
 * recorded on a real tenant answers `all_changes_deployed: false`, also for an action whose
 * only version is live and unchanged since (its own GET answers `true` then): the summary does
 * not work it out. So does this server; a client learns it from the action's own GET.
 */
export function actionSummary(tenant: TenantRecords, action: KindObject, withVersions: boolean): Json {
  const nowMs = Date.now();
  const live = withVersions ? liveVersion(tenant, action, nowMs) : undefined;
  return { ...identityOf(action), ...versionsAnswer(action, live, nowMs), all_changes_deployed: false };
}
