/**
 * An action as the tenant stores it: its draft's defaults, secrets by name, the build of its
 * code, and the checks of triggers and secrets the tenant applies. Loaded by the tenant server
 * only (api/kinds/tenant.ts), never by the provider.
 */
import { Script } from "node:vm";
import { isObject } from "../../json";
import type { KindObject } from "../../table/provider-hooks";
import type { ValidationIssue } from "../../validate";
import { ACTION_TRIGGERS, ACTION_TRIGGER_IDS, DEFAULT_ACTION_RUNTIME, isKnownTrigger } from "./triggers";
import { withTriggerVersions } from "./provider";

type Json = Record<string, unknown>;
type Secret = { name: string; value?: unknown; updated_at?: string };

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The fields a deploy builds into a version: a change of any of them leaves the action not all deployed. */
const DEPLOYED_FIELDS = ["supported_triggers", "code", "runtime", "dependencies", "secrets"] as const;

/**
 * The errors of building `code`: a syntax error, with its message (compiled with `node:vm`,
 * never run). Empty when it builds.
 */
export function buildErrors(code: string): { id: string; msg: string; url: string }[] {
  try {
    new Script(code, { filename: "action.js" });
    return [];
  } catch (error) {
    return [{ id: "build_failed", msg: `${(error as Error).name}: ${(error as Error).message}`, url: "" }];
  }
}

/** The tenant's check of `supported_triggers`: a trigger, or a trigger's version, it does not know (400). */
export function unknownTriggerIssue(body: unknown): ValidationIssue | undefined {
  const triggers = list(isObject(body) ? body.supported_triggers : undefined);
  for (const [index, trigger] of triggers.entries()) {
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
  return undefined;
}

/**
 * The action the tenant stores after a create or an update: defaults applied, each secret's
 * value (kept from `existing` when the body names it without one; empty for a new one named
 * without one, as the published API's value is optional: Auth0's deploy CLI exports secrets
 * by name only and imports them so) and `updated_at`, the
 * draft built (`status`, `built_at`, or `failed` with `build_errors`), and whether all of it
 * is deployed. `deploy` is not stored: the route deploys after the write.
 */
export function storedAction(object: KindObject, _change: Json, existing?: KindObject): KindObject {
  const now = String(object.updated_at);
  const { deploy: _deploy, ...action } = object;
  const before = new Map(list(existing?.secrets).map((secret) => [(secret as Secret).name, secret as Secret]));
  const secrets = list(action.secrets).map((item) => {
    const secret = item as Secret;
    const old = before.get(secret.name);
    const value = secret.value ?? old?.value ?? "";
    const unchanged = old !== undefined && old.value === value;
    return { name: secret.name, value, updated_at: unchanged ? (old.updated_at ?? now) : now };
  });
  const code = typeof action.code === "string" ? action.code : "";
  const errors = buildErrors(code);
  const built: KindObject = {
    ...action,
    supported_triggers: withTriggerVersions(action.supported_triggers),
    code,
    runtime: action.runtime ?? DEFAULT_ACTION_RUNTIME,
    dependencies: action.dependencies ?? [],
    secrets,
    status: errors.length > 0 ? "failed" : "built",
    ...(errors.length > 0 ? {} : { built_at: now }),
  };
  // What a deploy builds, compared as stored (secrets by name and value): an update that
  // repeats the draft leaves it deployed, as the service does.
  const draftOf = (field: string, value: unknown) =>
    field === "secrets" ? list(value).map((secret) => [(secret as Secret).name, (secret as Secret).value]) : value;
  const draftChanged =
    existing === undefined ||
    DEPLOYED_FIELDS.some(
      (field) => JSON.stringify(draftOf(field, built[field])) !== JSON.stringify(draftOf(field, existing[field])),
    );
  built.all_changes_deployed = draftChanged ? false : existing?.all_changes_deployed === true;
  if (errors.length > 0) built.build_errors = errors;
  else delete built.build_errors;
  return built;
}

/** A stored action the tenant refuses: two secrets of one name. */
export function refusedStoredAction(action: KindObject): string | undefined {
  const secrets = list(action.secrets) as Secret[];
  const names = secrets.map((secret) => secret.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  return twice === undefined ? undefined : `secrets: the name ${twice} is given twice.`;
}
