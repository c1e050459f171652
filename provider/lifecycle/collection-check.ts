/** `check` and `diff` of a collection resource: no request, except to show an adoption at preview. */
import type { CheckFailure, CheckResult, DiffResult } from "@pulumi/pulumi/dynamic";
import { kindSpec } from "../../api";
import { previewAdoption } from "./collection-adopt";
import { collectionFactsOf, type CollectionKit, type CollectionSpec } from "./collection-kit";
import { rotatedSecretFields, ROTATED_SECRETS_KEY, secretChange } from "./secret-changes";
import {
  containsUnknown,
  deepEqual,
  payloadOf,
  UNKNOWN,
  validateTree,
  withoutProvider,
  type JsonObject,
} from "./shared";
import type { ProviderContext } from "./types";

/**
 * `check` of a collection resource: the pure checks, then (creating with `adoptId`) what the
 * adoption will do, or (updating) which write-only secrets were rotated.
 */
export async function checkCollection<T extends { id: string; created_at?: string }>(
  kit: CollectionKit<T>,
  olds: JsonObject,
  news: JsonObject,
  ctx?: ProviderContext,
): Promise<CheckResult> {
  const checked = checkCollectionInputs(kit.spec, news);
  const adoptId = withoutProvider(news).adoptId;
  const creating = Object.keys(withoutProvider(olds)).length === 0;
  if (checked.failures?.length === 0 && creating && typeof adoptId === "string" && adoptId !== UNKNOWN && ctx) {
    return {
      inputs: news,
      failures: await previewAdoption(kit, ctx, adoptId, payloadOf(kit.spec.fields, withoutProvider(news))),
    };
  }
  const rotated = creating ? [] : rotatedSecretFields(kit.secretFields, withoutProvider(olds), withoutProvider(news));
  return rotated.length === 0 ? checked : { ...checked, inputs: { ...news, [ROTATED_SECRETS_KEY]: rotated } };
}

/** `diff` of a collection resource: canonical contents compared; a change the API cannot make replaces. */
export function diffCollection<T extends { id: string; created_at?: string }>(
  kit: CollectionKit<T>,
  olds: JsonObject,
  news: JsonObject,
): DiffResult {
  const { desired, current } = kit.comparable(olds, withoutProvider(news));
  const changes = !deepEqual(desired, current);
  if (changes) secretChange(kit.secretFields, olds, withoutProvider(news), desired, current);
  const replaces = changes ? (kit.spec.replaces?.(desired, current) ?? []) : [];
  return replaces.length > 0 ? { changes, replaces } : { changes };
}

/**
 * The pure part of `check`: the create schema (unknown values skipped), `adoptId`'s
 * format, no unknown top-level key, and the spec's own checks.
 */
export function checkCollectionInputs<T extends { id: string }>(
  spec: CollectionSpec<T>,
  news: JsonObject,
): CheckResult {
  const { adoptId, ...fields } = withoutProvider(news);
  const failures: CheckFailure[] = [];
  const { idSchema, createSchema } = collectionFactsOf(spec.kind);
  if (adoptId !== undefined) failures.push(...validateTree(adoptId, idSchema, "adoptId"));
  const payload = payloadOf(spec.fields, fields);
  failures.push(...validateTree(payload, createSchema));
  // The kind's own rule beside its entry (the tenant applies it too), once every value is known.
  const rule = kindSpec(spec.kind)?.rules?.check;
  if (rule && failures.length === 0 && !containsUnknown(payload)) {
    const issue = rule(payload);
    if (issue) failures.push({ property: issue.property, reason: issue.message });
  }
  for (const key of Object.keys(fields)) {
    if (!spec.fields.includes(key) && fields[key] !== undefined && !CONTROL_INPUTS.has(key)) {
      failures.push({ property: key, reason: "Additional properties not allowed" });
    }
  }
  failures.push(...(spec.extraChecks?.(fields) ?? []));
  return { inputs: news, failures };
}

/** Inputs every resource takes besides the API's fields. */
export const CONTROL_INPUTS: ReadonlySet<string> = new Set(["adoptId", "tenant", "rotatedSecrets"]);
