/**
 * The actions' own rules on the provider's side, beside their entry (contract.ts): the
 * comparison of an action (trigger versions the tenant fills in, secrets by name in any order),
 * its write-only secrets carried by name, the warning at preview for code that does not parse
 * (the service builds and deploys it anyway: it fails at run time, on every login), and the
 * deploy every write ends with, waiting for what the service says (a build that takes a while,
 * a deploy answered `deployed: false` that goes live later, a build that fails on a dependency).
 */
import { parse } from "acorn";
import { isObject } from "../../json";
import { DEPLOY_WAIT, Pace, waitUntil, type WaitPolicy } from "../../table/deploy";
import { fieldsOf, pickSet } from "../../table/fields";
import type { KindObject, TenantReader, TenantWriter } from "../../table/provider-hooks";
import { secretsInNameOrder, withSecretValuesByName, type NamedSecret } from "../../table/secrets-by-name";
import { actionCreateSchema } from "./schemas";
import { currentTriggerVersion, isKnownTrigger } from "./triggers";

type Json = Record<string, unknown>;

/** The fields an action's resource sets, in the API's names: its create schema's (`deploy` the create's own). */
export const actionInputFields = (): string[] => fieldsOf(actionCreateSchema);

/** The fields the tenant makes that an action's outputs carry (no input sets them). */
const ACTION_SERVER_FIELDS = ["created_at", "updated_at", "status", "all_changes_deployed"] as const;

/** Statuses of a build still under way (the service's `ActionBuildStatusEnum`). */
const BUILDING = new Set(["pending", "building", "packaged", "retrying"]);

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

/**
 * Canonical content of an action for comparison: trigger versions and `deploy` filled in,
 * secrets by name and value in name order (the tenant keeps its own order: those it had first).
 */
export function normaliseAction(value: Json): Json {
  const out = pickSet(value, actionInputFields());
  if (out.supported_triggers !== undefined) out.supported_triggers = withTriggerVersions(out.supported_triggers);
  if (out.secrets !== undefined) {
    out.secrets = secretsInNameOrder(list(out.secrets) as NamedSecret[]).map(({ name, value: secretValue }) =>
      secretValue === undefined ? { name } : { name, value: secretValue },
    );
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
  for (const field of actionInputFields()) if (news[field] === undefined && field !== "deploy") delete current[field];
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
  const set = actionInputFields().filter(
    (field) => field !== "deploy" && (previous === undefined || previous[field] !== undefined),
  );
  const outputs = pickSet(server, set);
  if (Array.isArray(outputs.secrets)) outputs.secrets = withSecretValuesByName(outputs.secrets, previous?.secrets);
  if (Array.isArray(outputs.supported_triggers)) outputs.supported_triggers = triggersAsWritten(outputs, previous);
  // `deploy` as the program wrote it: left out while all is deployed, false once it is not.
  const deployed = server.all_changes_deployed === true;
  if (previous?.deploy === false) outputs.deploy = false;
  else if (previous?.deploy !== undefined || !deployed) outputs.deploy = deployed;
  return { ...outputs, ...pickSet(server, ACTION_SERVER_FIELDS) };
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

/** Inputs in the program's shape that reproduce stored outputs: its input fields, picked. */
export const actionInputsFromOutputs = (outputs: Json): Json => pickSet(outputs, actionInputFields());

/** Every field of an action changes in place (`deploy` by the deploy after the write): nothing replaces it. */
export const actionReplaces = (): string[] => [];

/** The create body: `deploy: true` unless the program keeps a draft, so a create is one request, as the service allows. */
export const actionCreatePayload = (payload: Json): Json =>
  payload.deploy === false ? payload : { ...payload, deploy: true };

/**
 * Where `code` does not parse, in words (`line 3: Unterminated string constant`), or undefined.
 * Parsed as Node reads a CommonJS module (a `return` at the top is allowed, never run), with
 * acorn: the provider compiles no code.
 */
export function codeParseError(code: string): string | undefined {
  try {
    parse(code, { ecmaVersion: "latest", sourceType: "script", allowReturnOutsideFunction: true, allowHashBang: true });
    return undefined;
  } catch (error) {
    const { message, loc } = error as SyntaxError & { loc?: { line: number } };
    if (!loc) return undefined;
    return `line ${loc.line}: ${message.replace(/ \(\d+:\d+\)$/, "")}`;
  }
}

/**
 * The warnings of an action at preview (no request to the tenant): code that does not parse.
 * The service builds, deploys and binds such code (its build installs dependencies, it does
 * not parse), so nothing refuses it before it fails at run time.
 */
export async function actionWarnings(inputs: Readonly<Json>, _olds: unknown, _tenant: TenantReader): Promise<string[]> {
  if (typeof inputs.code !== "string") return [];
  const error = codeParseError(inputs.code);
  if (!error) return [];
  return [
    `action "${String(inputs.name)}": its code does not parse (${error}). The tenant builds and deploys it anyway, ` +
      "and it fails at run time, at every trigger it is bound to (a post-login action: every login). " +
      "Correct `code` before running `pulumi up`.",
  ];
}

/** The words of an action's step that did not end deployed: what went wrong and what to do. */
function notDeployed(action: Json, domain: string, why: string, remedy: string): Error {
  return new Error(
    `action "${String(action.name)}" (${String(action.id)}) in ${domain} was written but not deployed: ${why}. ` +
      `${remedy}, or set \`deploy: false\` to keep it as a draft.`,
  );
}

/** The words for a build that failed: the service gives no reason; its dependencies are what fails one. */
function failedBuild(action: Json, domain: string): Error {
  const dependencies = list(action.dependencies)
    .filter(isObject)
    .map((dependency) => `${String(dependency.name)}@${String(dependency.version)}`);
  if (dependencies.length === 0) {
    return notDeployed(action, domain, "its build failed, and the tenant gave no reason", "Run `pulumi up` again");
  }
  return notDeployed(
    action,
    domain,
    `its build failed installing its dependencies (${dependencies.join(", ")}): the tenant installs each from ` +
      "the npm registry and fails the build, without a reason, when one was never published there",
    `Check each with \`npm view <name>@<version> version\` (it prints nothing for a version never published), ` +
      "correct `dependencies` and run `pulumi up` again",
  );
}

/** The words for a build still under way when the wait ran out (`seconds`). */
function notBuilt(action: Json, domain: string, seconds: string): Error {
  return notDeployed(
    action,
    domain,
    `its build was not done after ${seconds} (status ${String(action.status)})`,
    "Run `pulumi up` again once the tenant has built it",
  );
}

/**
 * How long this tenant took lately: from a create (`deploy: true`) to its first version live,
 * from an update to its draft built, from a deploy to its version live (see {@link Pace}).
 */
const PACES = { created: new Pace(), built: new Pace(), live: new Pace() };

/**
 * The step every write of an action ends with (the table's `afterWrite`): unless `deploy` is
 * false, wait for the draft's build, deploy it (a create asked for that in its body already),
 * and wait until the service says the new version is live (it answers the deploy
 * `deployed: false`), so that what the program says is what runs. A create waits for both at
 * once: one read, once the tenant's pace is known. A build that fails is an error naming the
 * dependencies and what to do; the draft stays as written.
 */
export async function deployAction(
  action: KindObject,
  inputs: Json,
  tenant: TenantWriter,
  write: "create" | "update" = "update",
  wait: WaitPolicy = DEPLOY_WAIT,
  paces: Record<keyof typeof PACES, Pace> = PACES,
): Promise<KindObject> {
  if (inputs.deploy === false) return action;
  const path = `/actions/actions/${encodeURIComponent(action.id)}`;
  const read = async () => (await tenant.get(path)) as KindObject;
  const seconds = `${wait.limitMs / 1000} s`;
  const building = (current: KindObject) => BUILDING.has(String(current.status));
  if (write === "create") {
    // The create sent `deploy: true`: the service deploys the draft once built.
    const created = await waitUntil(
      read,
      (current) => current.status === "failed" || (!building(current) && current.all_changes_deployed === true),
      wait,
      action,
      paces.created,
    );
    if (created.value.status === "failed") throw failedBuild(created.value, tenant.domain);
    if (created.done) return created.value;
    if (building(created.value)) throw notBuilt(created.value, tenant.domain, seconds);
    throw notDeployed(
      created.value,
      tenant.domain,
      `its first version was not live after ${seconds}`,
      "Run `pulumi up` again once the tenant has deployed it",
    );
  }
  const built = await waitUntil(read, (current) => !building(current), wait, action, paces.built);
  if (!built.done) throw notBuilt(built.value, tenant.domain, seconds);
  if (built.value.status === "failed") throw failedBuild(built.value, tenant.domain);
  if (built.value.all_changes_deployed === true) return built.value;
  const version = (await tenant.post(`${path}/deploy`, {})) as Json;
  const live = await waitUntil(
    read,
    (current) => isObject(current.deployed_version) && current.deployed_version.id === version.id,
    wait,
    built.value, // the version live before this deploy: a first look needs no read
    paces.live,
  );
  if (!live.done) {
    throw notDeployed(
      live.value,
      tenant.domain,
      `version ${String(version.number)} was not live after ${seconds}`,
      "Run `pulumi up` again once the tenant has deployed it",
    );
  }
  return live.value;
}
