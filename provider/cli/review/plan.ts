/**
 * The engine's own plan, read for review: the steps of `pulumi preview --json` (or the
 * engine events of a refresh preview, for the drift job), one {@link PlannedChange} per
 * resource of ours, with its values in the API's names, masked, and without the provider's
 * own envelope keys. Both doors: the dynamic providers (`pulumi-nodejs:dynamic/tenant:Form`,
 * inputs carrying a serialized `__provider`) and the plugin (`tenant:index:Form`, camelCase
 * names renamed back with the package schema's rules).
 */
import { stripVTControlCharacters } from "node:util";
import { kindSpec, sealSecrets, secretValues } from "../../../api";
import { kindOfType } from "../../backend/stack-state";
import { TENANT_ORIGIN_KEY } from "../../backend/stack-state";
import { namespaceOf, TENANT_KEY } from "../../dispatch/envelope";
import { FORCE_KEY, OWNER_KEY } from "../../lifecycle/ownership";
import { UNREAD_SECRETS_KEY } from "../../lifecycle/secret-changes";
import { UNKNOWN } from "../../lifecycle/shared";
import { isSecret } from "../../schema/envelope";
import { renameResource } from "../../schema/names";
import { isObject } from "../../../api/json";
import { asWritten } from "./updated-values";
import { LOOK_KINDS, type LookObject } from "./look-kinds";

/** One violation of a policy, as the comment shows it. */
export interface PolicyViolation {
  /** The resource it is about; undefined for the stack as a whole. */
  urn?: string;
  /** The resource's name (undefined for the stack). */
  name?: string;
  /** How its kind is named: the table's label, else its type's name (`Action`). */
  label?: string;
  policy: string;
  pack: string;
  /** `mandatory` fails the preview; `advisory` is said and does not. */
  level: string;
  /** What the policy said of this object (its description, the engine's first line, left out). */
  message: string;
}

/** What the comment prints in place of any secret value: never the value, never a hash of it. */
export const SECRET_MASK = "[secret]";

/** What the comment prints for a value the engine learns only when it applies the plan. */
export const UNKNOWN_TEXT = "(known after apply)";

/** Keys the providers add to a resource's values, which are not the object's fields. */
const ENVELOPE_KEYS = new Set([
  "__provider",
  TENANT_KEY,
  OWNER_KEY,
  FORCE_KEY,
  TENANT_ORIGIN_KEY,
  UNREAD_SECRETS_KEY,
  "adoptId",
  "adopt",
]);

/** What the engine will do to an object, in the words of the summary. */
export type ReviewAction = "create" | "update" | "replace" | "delete" | "adopt" | "import" | "invalid";

/** One resource of ours the plan changes. */
export interface PlannedChange {
  urn: string;
  /** The Pulumi resource name (`signup`). */
  name: string;
  /** The kind in the table (`form`); its label is the table's. */
  kind: string;
  type: string;
  stack: string;
  /** The configuration namespace of its tenant (`tenant` unless the resource names another). */
  tenant: string;
  action: ReviewAction;
  /** The object's fields before and after, in the API's names, secrets masked (undefined: none). */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** For an adoption: the id of the tenant's object it takes over (a singleton's: `singleton`). */
  adopting?: string;
  /** The fields the engine says force a replacement. */
  replaceReasons: string[];
  /** The engine's and the provider's errors about this resource (invalid input), plain text. */
  errors: string[];
}

/** An id the tenant made (not empty, not yet unknown). */
const isObjectId = (value: unknown): value is string => typeof value === "string" && value !== "" && value !== UNKNOWN;

/** The values of one state in a step. */
export interface StepState {
  id?: string;
  type?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

/** One step of `pulumi preview --json`. */
export interface PreviewStep {
  op: string;
  urn: string;
  oldState?: StepState;
  newState?: StepState;
  replaceReasons?: string[] | null;
}

/** One diagnostic of `pulumi preview --json`. */
export interface PreviewDiagnostic {
  urn?: string;
  message: string;
  severity: string;
}

/** What `pulumi preview --json` prints. */
export interface PreviewJson {
  steps?: PreviewStep[];
  diagnostics?: PreviewDiagnostic[];
}

/** Steps that change nothing, and the halves of a replacement (the `replace` step stands for them). */
const SKIPPED_OPS = new Set([
  "same",
  "read",
  "refresh",
  "discard",
  "remove-pending-replace",
  "create-replacement",
  "delete-replaced",
  "read-replacement",
]);

const ACTIONS: Record<string, ReviewAction> = {
  create: "create",
  update: "update",
  replace: "replace",
  delete: "delete",
  import: "import",
  "import-replacement": "replace",
};

/** `value` with every secret envelope masked and the unknown sentinel spelled out. */
function plainText(value: unknown): unknown {
  if (isSecret(value)) return SECRET_MASK;
  if (value === UNKNOWN) return UNKNOWN_TEXT;
  if (Array.isArray(value)) return value.map(plainText);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainText(item)]));
  return value;
}

/**
 * An object's fields as the comment shows them: the API's names (the plugin's camelCase
 * renamed back), no envelope keys, every value at the kind's secret paths masked (Pulumi's
 * JSON masks what it knows is secret; a write-only field written in plaintext is masked here).
 */
export function reviewValues(kind: string, door: "dynamic" | "plugin", values: unknown): Record<string, unknown> {
  const source = isObject(values) ? values : {};
  const fields = Object.fromEntries(Object.entries(source).filter(([key]) => !ENVELOPE_KEYS.has(key)));
  const wire =
    door === "plugin" ? renameResource(kind, plainText(fields) as Record<string, unknown>, "toWire") : fields;
  return sealSecrets(plainText(wire), kindSpec(kind)?.secretPaths ?? [], () => SECRET_MASK) as Record<string, unknown>;
}

/** The stack of a URN (`urn:pulumi:<stack>::<project>::<type>::<name>`). */
export const stackOfUrn = (urn: string): string => urn.split("::")[0]?.replace(/^urn:pulumi:/, "") ?? "";

/** The action of a step: a create that adopts an existing object is an adoption. */
function actionOf(op: string, news: Record<string, unknown> | undefined): ReviewAction | undefined {
  const action = ACTIONS[op];
  if (action === "create" && news && (typeof news.adoptId === "string" || news.adopt === true)) return "adopt";
  return action;
}

/** One step as a {@link PlannedChange}, or undefined for another provider's resource or a step that changes nothing. */
export function plannedChange(
  step: { op: string; urn: string; type?: string; old?: StepState; new?: StepState; replaceReasons?: string[] | null },
  errors: string[] = [],
): PlannedChange | undefined {
  const type = step.type ?? step.new?.type ?? step.old?.type ?? step.urn.split("::")[2] ?? "";
  const kind = kindOfType(type);
  if (!kind || SKIPPED_OPS.has(step.op)) return undefined;
  const news = step.new?.inputs;
  const action = actionOf(step.op, news);
  if (!action) return undefined;
  const door = type.startsWith("tenant:index:") ? "plugin" : "dynamic";
  // What the program gave last time: the inputs kept in state (outputs hold server-made fields).
  const olds = step.old?.inputs ?? step.old?.outputs;
  const before = action === "create" || action === "adopt" || !olds ? undefined : reviewValues(kind, door, olds);
  const values = action === "delete" || !news ? undefined : reviewValues(kind, door, news);
  // A field the program leaves out shows what the write leaves (its default, or the tenant's value), not "absent".
  const after =
    before && values && (action === "update" || action === "replace")
      ? asWritten(kind, action, before, values)
      : values;
  return {
    urn: step.urn,
    name: step.urn.split("::").pop() ?? step.urn,
    kind,
    type,
    stack: stackOfUrn(step.urn),
    tenant: namespaceOf(news ?? olds),
    action,
    before,
    after,
    adopting: action === "adopt" ? (typeof news?.adoptId === "string" ? news.adoptId : "singleton") : undefined,
    replaceReasons: step.replaceReasons ?? [],
    errors,
  };
}

/** The error diagnostics of a preview by URN (resource-less ones under `""`), plain text, each once. */
export function errorsByUrn(diagnostics: PreviewDiagnostic[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity !== "error") continue;
    const text = stripVTControlCharacters(diagnostic.message).trim();
    const urn = diagnostic.urn ?? "";
    const list = found.get(urn) ?? [];
    if (text && !list.includes(text)) list.push(text);
    found.set(urn, list);
  }
  return found;
}

/** What a review shows of a preview: the changes of our resources, and the errors of none in particular. */
export interface ReviewPlan {
  changes: PlannedChange[];
  /** Errors that name no resource of ours (the program's, the CLI's). */
  errors: string[];
  /** The plaintext the plan holds at the kinds' secret paths: the comment never shows these anywhere. */
  secrets: string[];
  /** The stack's objects by id (changed or not), to name what a field references (`af_…`: flow `enrich`). */
  objects?: Record<string, { kind: string; name: string }>;
  /** What the policy packs said (a preview run with `--policy-pack`), mandatory first. */
  policies?: PolicyViolation[];
  /** The login look's objects the plan leaves as they are (the background of the screens' pictures). */
  looks?: LookObject[];
}

/** The plaintext values at `kind`'s secret paths in `values` (either door's names). */
export function secretsIn(kind: string, door: "dynamic" | "plugin", values: unknown): string[] {
  if (!isObject(values)) return [];
  const wire =
    door === "plugin" ? renameResource(kind, plainText(values) as Record<string, unknown>, "toWire") : values;
  return secretValues(wire, kindSpec(kind)?.secretPaths ?? []).filter((value) => value !== SECRET_MASK);
}

/** Every secret plaintext of a step's states. */
function stepSecrets(type: string, states: (StepState | undefined)[]): string[] {
  const kind = kindOfType(type);
  if (!kind) return [];
  const door = type.startsWith("tenant:index:") ? "plugin" : "dynamic";
  return states.flatMap((state) => [...secretsIn(kind, door, state?.inputs), ...secretsIn(kind, door, state?.outputs)]);
}

/** The engine events of a preview (the Automation API's), as far as a review reads them. */
export interface PreviewEvent {
  resourcePreEvent?: {
    metadata: { op: string; urn: string; type: string; old?: StepState; new?: StepState; replaceReasons?: string[] };
  };
}

/**
 * The review plan of a preview's engine events: for the drift job, whose refresh preview
 * compares what the tenant holds (before) with what the code says (after).
 */
export function planOfEvents(events: PreviewEvent[]): ReviewPlan {
  const steps = events.flatMap((event) => {
    const step = event.resourcePreEvent?.metadata;
    if (!step) return [];
    return [
      { op: step.op, urn: step.urn, oldState: step.old, newState: step.new, replaceReasons: step.replaceReasons },
    ];
  });
  return planOfPreview({ steps });
}

/** The review plan of `pulumi preview --json`'s output. */
export function planOfPreview(preview: PreviewJson): ReviewPlan {
  const errors = errorsByUrn(preview.diagnostics ?? []);
  const changes: PlannedChange[] = [];
  const seen = new Set<string>();
  const secrets = new Set<string>();
  const objects: Record<string, { kind: string; name: string }> = {};
  const looks: LookObject[] = [];
  for (const step of preview.steps ?? []) {
    const type = step.newState?.type ?? step.oldState?.type ?? step.urn.split("::")[2] ?? "";
    const id = [step.newState, step.oldState].map((state) => state?.id ?? state?.outputs?.id).find(isObjectId);
    const objectKind = kindOfType(type);
    if (id && objectKind) objects[id] = { kind: objectKind, name: step.urn.split("::").pop() ?? step.urn };
    const unchanged = step.op === "same" ? step.newState?.inputs : undefined;
    if (objectKind && unchanged && LOOK_KINDS.has(objectKind)) {
      const door = type.startsWith("tenant:index:") ? "plugin" : "dynamic";
      looks.push({
        kind: objectKind,
        tenant: namespaceOf(unchanged),
        values: reviewValues(objectKind, door, unchanged),
      });
    }
    for (const secret of stepSecrets(type, [step.oldState, step.newState])) secrets.add(secret);
    const change = plannedChange(
      { op: step.op, urn: step.urn, old: step.oldState, new: step.newState, replaceReasons: step.replaceReasons },
      errors.get(step.urn) ?? [],
    );
    if (!change || seen.has(change.urn)) continue;
    seen.add(change.urn);
    changes.push(change);
  }
  // A resource whose check failed has no step: it still gets its row, with its errors.
  for (const [urn, messages] of errors) {
    const kind = kindOfType(urn.split("::")[2]);
    if (!urn || !kind || seen.has(urn)) continue;
    seen.add(urn);
    const name = urn.split("::").pop() ?? urn;
    const stack = stackOfUrn(urn);
    const type = urn.split("::")[2]!;
    changes.push({ urn, name, kind, type, stack, tenant: "", action: "invalid", replaceReasons: [], errors: messages });
  }
  const loose = [...errors.entries()].filter(([urn]) => !seen.has(urn)).flatMap(([, messages]) => messages);
  return { changes, errors: loose, secrets: [...secrets], objects, looks };
}
