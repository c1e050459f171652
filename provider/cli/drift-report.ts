/**
 * Drift detection: `pulumi preview --refresh` of an unchanged program. Whatever the plan
 * would change is a difference between the code and the tenant: drift.
 */
import { stripVTControlCharacters } from "node:util";
import type { DiagnosticEvent, EngineEvent, Stack } from "@pulumi/pulumi/automation";
import { NAMESPACE_PATTERN, SETTING_NAMES } from "../client/settings";
import { UNREAD_SECRETS_KEY } from "../lifecycle/secret-changes";
import { kindOfTypeName, kindSpec } from "../../api";

/** One resource that no longer matches the code. */
export interface DriftItem {
  /** Pulumi resource name, e.g. `signup`. */
  name: string;
  /** Resource type token, e.g. `pulumi-nodejs:dynamic/tenant:Form`. */
  type: string;
  /** What `pulumi up --refresh` would do: update, replace, create (deleted out of band), delete. */
  op: string;
  /** Top-level fields that differ, where the engine tells. */
  fields: string[];
  /**
   * The changes within them in a reviewer's words, for a kind that words them (its entry's
   * `readChanges`: a custom text's `login-id › title: "Salut" → "Bienvenue"`, the tenant's value
   * first, the program's second: what `pulumi up --refresh` puts back).
   */
  details?: string[];
}

/**
 * A change of the default dynamic provider's own configuration (the tenant's credentials moved
 * from the stack file to the environment, a rotated client secret): the engine shows it as an
 * update of the provider, which the next `pulumi up` records. It is not drift of the tenant.
 */
export interface ProviderConfigurationChange {
  /** The provider as the preview names it: `pulumi-nodejs default`. */
  provider: string;
  /** The configuration keys whose values differ, e.g. `tenant:clientId`. */
  fields: string[];
}

/** The type of the provider every dynamic resource without an explicit provider runs on. */
const DEFAULT_DYNAMIC_PROVIDER_TYPE = "pulumi:providers:pulumi-nodejs";

/** A provider setting in some configuration namespace: `tenant:clientSecret`, `prod:domain`. */
function isProviderSetting(field: string): boolean {
  const [namespace, key, ...rest] = field.split(":");
  return (
    rest.length === 0 &&
    NAMESPACE_PATTERN.test(namespace ?? "") &&
    (SETTING_NAMES as readonly string[]).includes(key ?? "")
  );
}

/**
 * The step of the default dynamic provider when all it changes is the provider's settings
 * (see {@link ProviderConfigurationChange}); anything else about it stays drift.
 */
function providerConfigurationChange(
  step: NonNullable<EngineEvent["resourcePreEvent"]>["metadata"],
  fields: string[],
): ProviderConfigurationChange | undefined {
  const name = step.urn.split("::").pop();
  if (step.type !== DEFAULT_DYNAMIC_PROVIDER_TYPE || name !== "default" || step.op !== "update") return undefined;
  if (fields.length === 0 || !fields.every(isProviderSetting)) return undefined;
  return { provider: `${step.type.split(":").pop()} ${name}`, fields };
}

/** The refresh preview failed (the program, a resource's check, the CLI): `message` says why, once. */
export class DriftCheckError extends Error {}

const IGNORED_KEYS = new Set(["__provider", UNREAD_SECRETS_KEY]);

/**
 * Top-level keys whose values differ between `olds` and `news`, among `keys` (default:
 * the keys of both, so a field the tenant has and the code leaves out counts too).
 */
export function changedFields(
  olds: Record<string, unknown> | undefined,
  news: Record<string, unknown> | undefined,
  keys: string[] = [...new Set([...Object.keys(olds ?? {}), ...Object.keys(news ?? {})])],
): string[] {
  if (!olds || !news) return [];
  return keys.filter((key) => !IGNORED_KEYS.has(key) && JSON.stringify(olds[key]) !== JSON.stringify(news[key])).sort();
}

/**
 * The fields of an update, as the preview shows them. A dynamic provider's diff gives the
 * engine no field names, so the preview compares the refreshed inputs (what the tenant
 * holds, in the program's shape) with the program's: so do we. Outputs are the last
 * resort, and only on the program's keys: they hold server-made values the program never sets.
 */
function fieldsOf(step: NonNullable<EngineEvent["resourcePreEvent"]>["metadata"]): string[] {
  const detailed = Object.keys(step.detailedDiff ?? {}).map((path) => path.split(/[.[]/)[0]);
  if (detailed.length > 0) return [...new Set(detailed)].sort();
  if (step.diffs && step.diffs.length > 0) return [...step.diffs].sort();
  const news = step.new?.inputs;
  if (step.old?.inputs) return changedFields(step.old.inputs, news);
  return changedFields(step.old?.outputs, news, Object.keys(news ?? {}));
}

/** An update's changes in the words of its kind's `readChanges`, from the tenant's (refreshed) inputs to the program's. */
function changesInWords(step: NonNullable<EngineEvent["resourcePreEvent"]>["metadata"]): string[] {
  const readChanges = kindSpec(kindOfTypeName(step.type.split(":").pop() ?? "") ?? "")?.readChanges;
  const tenant = step.old?.inputs;
  const program = step.new?.inputs;
  return readChanges && tenant && program ? readChanges(tenant, program) : [];
}

/**
 * What a preview's engine events say: the tenant's drift, and apart from it the default
 * provider's changed settings ({@link ProviderConfigurationChange}), which are not drift.
 */
export function classifyPreview(events: EngineEvent[]): {
  drift: DriftItem[];
  providerConfiguration: ProviderConfigurationChange[];
} {
  const drift: DriftItem[] = [];
  const providerConfiguration: ProviderConfigurationChange[] = [];
  for (const event of events) {
    const step = event.resourcePreEvent?.metadata;
    if (!step || ["same", "read", "refresh", "discard", "remove-pending-replace"].includes(step.op)) continue;
    if (step.type === "pulumi:pulumi:Stack") continue;
    const fields = fieldsOf(step);
    const configuration = providerConfigurationChange(step, fields);
    if (configuration) providerConfiguration.push(configuration);
    else {
      const details = step.op === "update" ? changesInWords(step) : [];
      drift.push({
        name: step.urn.split("::").pop() ?? step.urn,
        type: step.type,
        op: step.op,
        fields,
        ...(details.length > 0 ? { details } : {}),
      });
    }
  }
  return { drift, providerConfiguration };
}

/** The drift items a preview's engine events describe (a provider's changed settings are not drift). */
export function driftFromEvents(events: EngineEvent[]): DriftItem[] {
  return classifyPreview(events).drift;
}

/** The line that reports the provider's changed settings, beside (never as) drift. */
export function describeProviderConfiguration(changes: ProviderConfigurationChange[]): string[] {
  return changes.map(
    (change) =>
      `Provider configuration changed (${change.provider}: ${change.fields.join(", ")}): run \`pulumi up\` once ` +
      "to record it; the tenant itself has not drifted.",
  );
}

/** Lines of a program's stack trace that are the Node.js and Pulumi machinery, not the program. */
const MACHINERY_FRAME = /^\s*at .*(\(node:|node_modules[\\/]|\(internal\/)/;

/**
 * One message for a failed refresh preview: each error the engine reported, once (the
 * resource it concerns named; a program's stack trace cut to the program's own frames),
 * else the CLI's own `error:` lines. Never the command line, the whole preview, or the
 * exit code dump of the Automation API.
 */
export function failureMessage(diagnostics: DiagnosticEvent[], cliMessage: string): string {
  const seen = new Set<string>();
  const errors: string[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity !== "error") continue;
    const text = stripVTControlCharacters(diagnostic.message)
      .split("\n")
      .filter((line) => !MACHINERY_FRAME.test(line))
      .join("\n")
      .trim();
    if (!text || seen.has(text)) continue;
    seen.add(text);
    const resource = diagnostic.urn?.split("::").pop();
    const type = diagnostic.urn?.split("::")[2];
    // The engine's own messages name the resource already (`…:Form resource 'signup': …`).
    const named = !resource || type === "pulumi:pulumi:Stack" || text.includes(`'${resource}'`);
    errors.push(named ? text : `${resource}: ${text}`);
  }
  if (errors.length === 0) {
    const lines = stripVTControlCharacters(cliMessage).split("\n");
    errors.push(...new Set(lines.map((line) => line.trim()).filter((line) => /^error: /.test(line))));
  }
  if (errors.length === 0) errors.push(stripVTControlCharacters(cliMessage).split("\n")[0]);
  return errors.join("\n");
}

/**
 * Runs a refresh preview of `stack` and returns what drifted (empty: nothing); a failure is a
 * {@link DriftCheckError}. `events`, when given, receives the preview's engine events (the
 * review rendering of the drift reads them).
 */
export async function detectDrift(
  stack: Stack,
  events: EngineEvent[] = [],
  policy: { policyPacks?: string[]; policyPackConfigs?: string[] } = {},
): Promise<DriftItem[]> {
  try {
    await stack.preview({ refresh: true, ...policy, onEvent: (event) => events.push(event) });
  } catch (error) {
    // A mandatory policy violation fails the preview, but the drift was read: both are reported.
    const violated = events.some((event) => event.policyEvent?.enforcementLevel === "mandatory");
    const failed = events.some(
      (event) => event.diagnosticEvent?.severity === "error" && !/preview failed/.test(event.diagnosticEvent.message),
    );
    if (violated && !failed) return driftFromEvents(events);
    const diagnostics = events.flatMap((event) => (event.diagnosticEvent ? [event.diagnosticEvent] : []));
    const why = failureMessage(diagnostics, error instanceof Error ? error.message : String(error));
    throw new DriftCheckError(
      `the refresh preview of stack '${stack.name}' failed, so drift could not be checked. Fix this, then run drift again:\n${why}`,
    );
  }
  return driftFromEvents(events);
}

/** Human-readable lines for a drift report. */
export function describeDrift(items: DriftItem[]): string[] {
  return items.flatMap((item) => {
    const kind = item.type.split(":").pop();
    const what =
      item.op === "create"
        ? "deleted out of band (pulumi up --refresh creates it again)"
        : item.op === "delete"
          ? "would be deleted"
          : item.fields.length > 0
            ? `fields differ: ${item.fields.join(", ")}`
            : `would be ${item.op}d`;
    return [`  ${kind} ${item.name}: ${what} [${item.op}]`, ...(item.details ?? []).map((line) => `    ${line}`)];
  });
}
