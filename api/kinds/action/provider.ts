/**
 * The actions' rules on the provider's side (the tenant's are tenant*.ts): the comparison of an
 * action, its write-only secrets carried by name, and the deploy every write ends with.
 */
import { isObject } from "../../json";
import type { KindObject, TenantWriter } from "../../table/provider-hooks";
import { currentTriggerVersion, isKnownTrigger } from "./triggers";

type Json = Record<string, unknown>;
type Secret = { name: string; value?: unknown; updated_at?: string };

/** The fields an action's resource sets, in the API's names (`deploy` the create's own). */
export const ACTION_INPUT_FIELDS = [
  "name",
  "supported_triggers",
  "code",
  "runtime",
  "dependencies",
  "secrets",
  "deploy",
] as const;

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** `supported_triggers` with each trigger's version (its current one when left out). */
export function withTriggerVersions(triggers: unknown): unknown {
  if (!Array.isArray(triggers)) return triggers;
  return triggers.map((trigger) =>
    isObject(trigger) && trigger.version === undefined && isKnownTrigger(trigger.id)
      ? { ...trigger, version: currentTriggerVersion(trigger.id) }
      : trigger,
  );
}

/** Canonical content of an action for comparison: trigger versions and `deploy` filled in, secrets by name and value. */
export function normaliseAction(value: Json): Json {
  const out: Json = {};
  for (const field of ACTION_INPUT_FIELDS)
    if (value[field] !== undefined && value[field] !== null) out[field] = value[field];
  if (out.supported_triggers !== undefined) out.supported_triggers = withTriggerVersions(out.supported_triggers);
  if (out.secrets !== undefined) {
    out.secrets = list(out.secrets).map((secret) => {
      const { name, value: secretValue } = secret as Secret;
      return secretValue === undefined ? { name } : { name, value: secretValue };
    });
  }
  out.deploy = value.deploy !== false;
  return out;
}

/**
 * Desired and current content: a field the program leaves out is not managed, and with
 * `deploy: false` whether the draft is deployed is not either.
 */
export function comparableActions(olds: Json, news: Json): { desired: Json; current: Json } {
  const desired = normaliseAction(news);
  const current = normaliseAction(olds);
  for (const field of ACTION_INPUT_FIELDS) if (news[field] === undefined && field !== "deploy") delete current[field];
  if (desired.deploy === false) {
    delete desired.deploy;
    delete current.deploy;
  }
  return { desired, current };
}

/**
 * Stored outputs from what the tenant answered: the fields the program set (all of them for
 * an object read without inputs), each secret's value carried by name from `previous` (the
 * API never answers one: a secret added outside Pulumi has none, so it differs), `deploy`
 * from `all_changes_deployed` (a draft left undeployed is drift), and the build's facts.
 */
export function actionOutputs(server: Json, previous: Json | undefined): Json {
  const outputs: Json = {};
  for (const field of ACTION_INPUT_FIELDS) {
    if (field === "deploy" || server[field] === undefined) continue;
    if (previous === undefined || previous[field] !== undefined) outputs[field] = server[field];
  }
  if (Array.isArray(outputs.secrets)) {
    const values = new Map(
      list(previous?.secrets).map((secret) => [(secret as Secret).name, (secret as Secret).value]),
    );
    outputs.secrets = (outputs.secrets as Secret[]).map(({ name }) =>
      values.get(name) === undefined ? { name } : { name, value: values.get(name) },
    );
  }
  if (Array.isArray(outputs.supported_triggers)) outputs.supported_triggers = triggersAsWritten(outputs, previous);
  // `deploy` as the program wrote it: left out while all is deployed, false once it is not.
  const deployed = server.all_changes_deployed === true;
  if (previous?.deploy === false) outputs.deploy = false;
  else if (previous?.deploy !== undefined || !deployed) outputs.deploy = deployed;
  for (const field of ["created_at", "updated_at", "status", "all_changes_deployed", "built_at"]) {
    if (server[field] !== undefined) outputs[field] = server[field];
  }
  return outputs;
}

/**
 * The tenant's triggers in the program's shape: a trigger the program names without a version
 * is read back without the current version the tenant filled in (another version is drift).
 */
function triggersAsWritten(outputs: Json, previous: Json | undefined): unknown[] {
  const written = list(previous?.supported_triggers);
  return list(outputs.supported_triggers).map((item, index) => {
    const trigger = item as { id?: unknown; version?: unknown };
    const mine = written[index] as { id?: unknown; version?: unknown } | undefined;
    const current = isKnownTrigger(trigger.id) ? currentTriggerVersion(trigger.id) : undefined;
    if (mine && mine.version === undefined && mine.id === trigger.id && trigger.version === current) {
      const { version: _version, ...rest } = trigger;
      return rest;
    }
    return trigger;
  });
}

/** Inputs in the program's shape that reproduce stored outputs. */
export function actionInputsFromOutputs(outputs: Json): Json {
  const inputs: Json = {};
  for (const field of ACTION_INPUT_FIELDS) if (outputs[field] !== undefined) inputs[field] = outputs[field];
  return inputs;
}

/** Every field of an action changes in place (`deploy` by the deploy after the write): nothing replaces it. */
export const actionReplaces = (): string[] => [];

/** How long the provider waits for a deployed version's build, and how often it looks. */
const DEPLOY_WAIT = { limitMs: 120_000, everyMs: 500 } as const;

/**
 * The step every write of an action ends with (the table's `afterWrite`): unless `deploy` is
 * false, deploy the draft (`POST …/deploy`) and wait until its version is built, so that what
 * the program says is what runs. A build that fails is an error naming the action, the
 * compiler's words and what to do; the draft stays as written.
 */
export async function deployAction(action: KindObject, inputs: Json, tenant: TenantWriter): Promise<KindObject> {
  if (inputs.deploy === false) return action;
  if (action.all_changes_deployed === true && action.status === "built") return action;
  const path = `/actions/actions/${encodeURIComponent(action.id)}`;
  let version = (await tenant.post(`${path}/deploy`, {})) as Json;
  const deadline = Date.now() + DEPLOY_WAIT.limitMs;
  while (version.status !== "built" && version.status !== "failed" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, DEPLOY_WAIT.everyMs));
    version = (await tenant.get(`${path}/versions/${encodeURIComponent(String(version.id))}`)) as Json;
  }
  if (version.status !== "built") {
    const errors = list(version.errors).map((error) => String((error as Json).msg ?? ""));
    const why =
      version.status === "failed"
        ? `its build failed: ${errors.join("; ") || "no reason given"}`
        : `its build was not done after ${DEPLOY_WAIT.limitMs / 1000} s (status ${String(version.status)})`;
    throw new Error(
      `action "${String(action.name)}" (${action.id}) in ${tenant.domain} was written but not deployed: ${why}. ` +
        "Correct `code` and run `pulumi up` again, or set `deploy: false` to keep it as a draft.",
    );
  }
  return (await tenant.get(path)) as KindObject;
}
