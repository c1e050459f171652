/**
 * A tenant object as the rules read it, from either door: the dynamic providers' resources
 * (`pulumi-nodejs:dynamic/tenant:Form`, inputs in the API's snake_case names beside the
 * provider's envelope keys) and the plugin's (`tenant:index:Form`, inputs in the package
 * schema's camelCase). Both are matched on the kind's type name from the table of kinds and
 * read in the API's names, so one rule covers both doors.
 */
import { Secret } from "@pulumi/policy";
import { kindOfTypeName, renameResource } from "pulumi-tenant/policy-support";
import { UNKNOWN } from "./rules/urls";

/** A resource's type token, either door: its type name (`Form`), or undefined for another provider's. */
export function typeNameOf(type: string): string | undefined {
  return /^(?:pulumi-nodejs:dynamic\/tenant|tenant:index):([A-Za-z0-9]+)$/.exec(type)?.[1];
}

/** Which door registered a resource. */
export type Door = "dynamic" | "plugin";

/** A tenant object of the program, in the API's names. */
export interface TenantResource {
  /** The kind's type name (`Form`, `EventStream`, `Action`). */
  typeName: string;
  /** The Pulumi resource name. */
  name: string;
  urn: string;
  door: Door;
  /** Its fields in the API's names (snake_case), with the envelope keys (`adoptId`, `force`, `managedBy`) as given. */
  fields: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `someName` → `some_name`, a key at a time, for a kind the table does not know (yet). */
const snake = (key: string): string => key.replace(/(?<=[a-z0-9])([A-Z])/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Keys whose values are maps with names of the user's (headers, query parameters, a STEP's
 * own config): kept as written when a kind unknown to the table is renamed.
 */
const OPAQUE_MAPS = new Set(["headers", "params", "custom", "metadata", "payload"]);

function snakeKeys(value: unknown, opaque = false): unknown {
  if (Array.isArray(value)) return value.map((item) => snakeKeys(item));
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [opaque ? key : snake(key), snakeKeys(inner, OPAQUE_MAPS.has(key))]),
  );
}

/**
 * The policy SDK's stand-ins for values not known at preview. Its proxy throws when a rule reads
 * one (failing the rule as "can't run during preview"); the rules skip unknown values instead, as
 * the provider's check does, so they read the values plain, each unknown as the engine's sentinel.
 */
const SDK_UNKNOWNS: readonly unknown[] = (() => {
  const proxy = require("@pulumi/policy/proxy") as Record<string, unknown>;
  return Object.entries(proxy)
    .filter(([name]) => /^unknown[A-Z][a-z]+Value$/.test(name))
    .map(([, value]) => value);
})();

/** The SDK's key that returns a proxy's own object (a plain object answers undefined). */
const PROXY_TARGET = "__getSpecialProxyTarget";

/** `value` without the SDK's proxies and secret wrappers, unknowns as {@link UNKNOWN}. */
export function plainValue(value: unknown): unknown {
  let current = value;
  while (isObjectLike(current)) {
    const target = (current as Record<string, unknown>)[PROXY_TARGET];
    if (target === undefined || target === current) break;
    current = target;
  }
  if (SDK_UNKNOWNS.includes(current)) return UNKNOWN;
  if (current instanceof Secret) return plainValue(current.value);
  if (Array.isArray(current)) return current.map(plainValue);
  if (isRecord(current))
    return Object.fromEntries(Object.entries(current).map(([key, inner]) => [key, plainValue(inner)]));
  return current;
}

const isObjectLike = (value: unknown): value is object => typeof value === "object" && value !== null;

/**
 * Each resource's plain props, once: the SDK hands every policy of one resource the same object
 * behind a fresh proxy, so eleven rules read it with one copy.
 */
const PLAIN = new WeakMap<object, Record<string, unknown>>();

function plainProps(props: unknown): Record<string, unknown> {
  let target: unknown = props;
  while (isObjectLike(target)) {
    const inner = (target as Record<string, unknown>)[PROXY_TARGET];
    if (inner === undefined || inner === target) break;
    target = inner;
  }
  if (!isObjectLike(target)) return {};
  let plain = PLAIN.get(target);
  if (!plain) {
    const value = plainValue(target);
    plain = isRecord(value) ? value : {};
    PLAIN.set(target, plain);
  }
  return plain;
}

/** The plugin's camelCase inputs in the API's names: the package schema's rules, or key by key for a kind it lacks. */
export function wireFields(typeName: string, props: Record<string, unknown>): Record<string, unknown> {
  const kind = kindOfTypeName(typeName);
  if (kind !== undefined) return renameResource(kind, props as never, "toWire") as Record<string, unknown>;
  return snakeKeys(props) as Record<string, unknown>;
}

/** The tenant object of a resource the engine shows a policy, or undefined for another provider's resource. */
export function tenantResource(args: {
  type: string;
  name: string;
  urn: string;
  props: Record<string, unknown>;
}): TenantResource | undefined {
  const typeName = typeNameOf(args.type);
  if (typeName === undefined) return undefined;
  const door: Door = args.type.startsWith("tenant:index:") ? "plugin" : "dynamic";
  const props = plainProps(args.props);
  const fields = door === "plugin" ? wireFields(typeName, props) : props;
  return { typeName, name: args.name, urn: args.urn, door, fields };
}

/** How a resource is named in a message: `Form "signup"`. */
export const named = (resource: Pick<TenantResource, "typeName" | "name">): string =>
  `${resource.typeName} "${resource.name}"`;

export { isRecord };
