/**
 * The envelope of a resource's values. A resource's `tenant` argument names the
 * configuration namespace it lives in (`prod` reads `prod:domain`, …; without it the
 * namespace is `tenant`). It travels in the inputs and the outputs, beside the managing
 * stack, `force` and the tenant's origin (ownership.ts, stack-state.ts), so every method
 * finds them: read and delete get only the state's outputs. The implementations never see
 * these keys: {@link withoutEnvelope} takes them out, {@link withEnvelopeOf} and
 * {@link storedOutputs} put them back into what they return.
 */
import { configKeys, DEFAULT_NAMESPACE, NAMESPACE_PATTERN } from "../client/settings";
import { TENANT_ORIGIN_KEY } from "../backend/stack-state";
import { FORCE_KEY, OWNER_KEY } from "../lifecycle/ownership";
import { isObject, type JsonObject, UNKNOWN } from "../lifecycle/shared";
import type { CheckFailure } from "@pulumi/pulumi/dynamic";

/** The input (and output) that names a resource's configuration namespace. */
export const TENANT_KEY = "tenant";

/** The keys the runtime adds to what the implementations see and return. */
const ENVELOPE_KEYS = [TENANT_KEY, OWNER_KEY, FORCE_KEY, TENANT_ORIGIN_KEY];

/** The keys carried from the inputs into the outputs (`delete` gets only those). */
const CARRIED_KEYS = [TENANT_KEY, OWNER_KEY];

/** The namespace a resource's inputs or outputs name (`tenant` when they name none). */
export function namespaceOf(values: unknown): string {
  const value = isObject(values) ? values[TENANT_KEY] : undefined;
  return typeof value === "string" && value !== "" && value !== UNKNOWN ? value : DEFAULT_NAMESPACE;
}

/** The `tenant` value of `values` as given (maybe unknown in a preview, maybe invalid). */
export function tenantOf(values: unknown): unknown {
  return isObject(values) ? values[TENANT_KEY] : undefined;
}

/** `values` without the envelope's keys: what the resource implementations see. */
export function withoutEnvelope(values: unknown): JsonObject {
  if (!isObject(values)) return {};
  if (!ENVELOPE_KEYS.some((key) => key in values)) return values;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !ENVELOPE_KEYS.includes(key)));
}

/** `values` with the `tenant` and managing stack of `from`, when `from` has them. */
export function withEnvelopeOf<T extends JsonObject | undefined>(values: T, from: unknown): T {
  if (!values || !isObject(from)) return values;
  const carried: JsonObject = {};
  for (const key of CARRIED_KEYS) if (from[key] !== undefined && from[key] !== null) carried[key] = from[key];
  return Object.keys(carried).length === 0 ? values : ({ ...values, ...carried } as T);
}

/**
 * Outputs as the state stores them: the envelope of `from` (see {@link withEnvelopeOf}) and the
 * `origin` of the tenant the object lives in, so that any stack reading this state knows which
 * tenant's object it holds (ownership.ts).
 */
export function storedOutputs<T extends JsonObject | undefined>(values: T, from: unknown, origin?: string): T {
  const carried = withEnvelopeOf(values, from);
  return carried && origin ? ({ ...carried, [TENANT_ORIGIN_KEY]: origin } as T) : carried;
}

/** The check failure of a `tenant` argument that names no valid namespace. */
export function tenantFailure(tenant: unknown): CheckFailure | undefined {
  if (tenant === undefined || tenant === null || tenant === UNKNOWN) return undefined;
  if (typeof tenant === "string" && NAMESPACE_PATTERN.test(tenant)) return undefined;
  const keys = configKeys("prod");
  return {
    property: TENANT_KEY,
    reason:
      `must name a configuration namespace such as "prod" (whose settings are ${keys.domain}, ${keys.clientId}, ${keys.clientSecret}): ` +
      "letters, digits, '.', '_' and '-', at most 64 characters",
  };
}
