/**
 * An action as the tenant stores it, and its build as the service runs it: the draft's
 * defaults, secrets by name (those it had first, new ones appended), and a build that takes a
 * while (`pending`, `building`, then `built`, or `failed`). The service's build installs the
 * dependencies and never parses the code: code that does not parse builds, deploys and binds
 * (it fails at run time), and a dependency at a version the registry never published fails the
 * build, with no `build_errors` in the answers. Loaded by the tenant server only.
 *
 * Offline, the server knows what the registry serves from a table of the packages actions
 * commonly use (tenant-packages.ts); a package it does not list is judged by the form of its
 * name and version only, so a build the service would fail on such a package builds here.
 */
import semver from "semver";
import { isObject } from "../../json";
import type { KindObject } from "../../table/provider-hooks";
import { mergeSecretsByName } from "../../table/secrets-by-name";
import type { ValidationIssue } from "../../validate";
import { ACTION_TRIGGERS, ACTION_TRIGGER_IDS, DEFAULT_ACTION_RUNTIME, isKnownTrigger } from "./triggers";
import { withTriggerVersions } from "./provider";
import { PUBLISHED_PACKAGES } from "./tenant-packages";

type Json = Record<string, unknown>;

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * How long a build takes here: the service answers `pending` and builds in the background
 * (about a second); shorter here, long enough that every client meets the `pending` answer.
 */
export const ACTION_BUILD_MS = 300;

/** The end of a build answered `building` (before it, `pending`): short, so a write's own answer is `pending`. */
const BUILDING_MS = 40;

/** How long a deployed version takes to go live here (the service answers the deploy `deployed: false`). */
export const ACTION_DEPLOY_MS = 150;

/** A build as the tenant keeps it: when it is done (ms since the epoch) and whether it fails. */
export interface BuildState {
  readonly ready_at: number;
  readonly failed: boolean;
}

/** The internal key of a draft's or a version's build (never answered). */
export const BUILD = "build_state";

/** A valid npm package name (scoped or not), as the registry takes them. */
const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/**
 * Whether the registry would serve `name` at `version` (an exact version, a range or a tag):
 * against the offline table for a package it lists, by form otherwise.
 */
export function resolvesOnRegistry(name: string, version: string): boolean {
  if (!PACKAGE_NAME.test(name)) return false;
  const published = Object.hasOwn(PUBLISHED_PACKAGES, name) ? PUBLISHED_PACKAGES[name] : undefined;
  if (!published) return version === "latest" || semver.validRange(version) !== null;
  if (version === "latest") return true;
  return semver.maxSatisfying([...published.versions], version) !== null;
}

/** The dependencies of `dependencies` the registry would not serve (`name@version`). */
export function unresolvedDependencies(dependencies: unknown): string[] {
  return list(dependencies).flatMap((item) => {
    if (!isObject(item)) return [];
    const name = String(item.name);
    const version = String(item.version);
    return resolvesOnRegistry(name, version) ? [] : [`${name}@${version}`];
  });
}

/** A build started now (`nowMs`) of content with these `dependencies`. */
export function startBuild(dependencies: unknown, nowMs: number): BuildState {
  return { ready_at: nowMs + ACTION_BUILD_MS, failed: unresolvedDependencies(dependencies).length > 0 };
}

/** The build's status at `nowMs`: `pending`, then `building`, then `built` or `failed`. */
export function buildStatus(build: BuildState | undefined, nowMs: number): string {
  if (!build) return "built";
  if (nowMs < build.ready_at - BUILDING_MS) return "pending";
  if (nowMs < build.ready_at) return "building";
  return build.failed ? "failed" : "built";
}

/** The tenant's check of `supported_triggers` and of the secrets' names: what it refuses (400). */
export function actionBodyIssue(body: unknown): ValidationIssue | undefined {
  const fields = isObject(body) ? body : {};
  for (const [index, trigger] of list(fields.supported_triggers).entries()) {
    if (!isObject(trigger)) continue;
    if (!isKnownTrigger(trigger.id)) {
      return {
        property: `supported_triggers[${index}].id`,
        message: `Unknown trigger ${String(trigger.id)}; known triggers: ${ACTION_TRIGGER_IDS.join(", ")}`,
      };
    }
    const versions: readonly string[] = ACTION_TRIGGERS[trigger.id].versions;
    if (trigger.version !== undefined && !versions.includes(String(trigger.version))) {
      return {
        property: `supported_triggers[${index}].version`,
        message: `Trigger ${trigger.id} has no version ${String(trigger.version)}; its versions: ${versions.join(", ")}`,
      };
    }
  }
  // No module can be published here (the modules' API is not served): a reference names one the tenant lacks.
  const module = list(fields.modules).find(isObject);
  if (module) {
    return {
      property: "modules[0].module_id",
      message: `The action module ${String(module.module_id ?? module.module_name)} does not exist in this tenant`,
    };
  }
  const names = list(fields.secrets).map((secret) => (isObject(secret) ? secret.name : undefined));
  const twice = names.findIndex((name, index) => names.indexOf(name) !== index);
  if (twice >= 0)
    return { property: `secrets[${twice}].name`, message: `The name ${String(names[twice])} is given twice` };
  return undefined;
}

/** The draft's fields a write starts a build of. */
const BUILT_FIELDS = ["code", "dependencies", "runtime", "supported_triggers", "secrets", "modules"] as const;

/**
 * The action the tenant stores after a create or an update: defaults applied, secrets merged
 * by name (values kept from `existing` for a name given without one), and a build of the draft
 * started when a create or a change of what is built (not a rename) calls for one. `deploy` is
 * not stored: the create's `afterWrite` deploys.
 */
export function storedAction(object: KindObject, change: Json, existing?: KindObject): KindObject {
  const now = String(object.updated_at);
  const { deploy: _deploy, ...action } = object;
  const secrets = mergeSecretsByName(existing?.secrets, action.secrets, now);
  const stored: KindObject = {
    ...action,
    supported_triggers: withTriggerVersions(action.supported_triggers),
    code: typeof action.code === "string" ? action.code : "",
    runtime: action.runtime ?? DEFAULT_ACTION_RUNTIME,
    dependencies: action.dependencies ?? [],
    secrets,
  };
  const rebuilds = existing === undefined || BUILT_FIELDS.some((field) => change[field] !== undefined);
  if (rebuilds) stored[BUILD] = startBuild(stored.dependencies, Date.parse(now));
  return stored;
}
