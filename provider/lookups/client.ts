/**
 * The client of the lookups. Dynamic providers have no invokes, so a lookup runs in the
 * Pulumi program's own process, with the same settings as the resources: the stack
 * configuration (`tenant:domain`, `tenant:clientId`, …) with the `AUTH0_*` environment
 * variables as fallbacks, and optional overrides.
 */
import * as pulumi from "@pulumi/pulumi";
import { TenantClient } from "../client/http";
import {
  CONFIG_KEYS,
  readSettingsInput,
  resolveSettings,
  settingsKey,
  type TenantSettingsInput,
} from "../client/settings";

/** The configuration namespace the provider reads by default (`tenant:domain`, …). */
export const DEFAULT_TENANT_NAMESPACE = "tenant";

/** Options every lookup takes. */
export interface LookupOptions {
  /**
   * Settings that take precedence over the stack configuration (`tenant:domain`,
   * `tenant:clientId`, `tenant:clientSecret`, `tenant:apiToken`, `tenant:audience`) and
   * the `AUTH0_*` environment variables.
   */
  settings?: TenantSettingsInput;
}

/** Arguments every lookup takes besides its own. */
export interface TenantSelector {
  /**
   * The configuration namespace of the tenant to read (`<tenant>:domain`, …); default
   * `tenant`. Lets one program read several tenants.
   */
  tenant?: string;
}

const clients = new Map<string, TenantClient>();

/** `tenant:domain` → `<namespace>:domain`. */
export function namespacedKey(key: string, namespace: string): string {
  const prefix = `${DEFAULT_TENANT_NAMESPACE}:`;
  return namespace !== DEFAULT_TENANT_NAMESPACE && key.startsWith(prefix)
    ? `${namespace}:${key.slice(prefix.length)}`
    : key;
}

/** The settings a lookup uses: the stack configuration of `namespace`, the environment, then the overrides. */
export function lookupSettingsInput(
  namespace = DEFAULT_TENANT_NAMESPACE,
  overrides?: TenantSettingsInput,
): TenantSettingsInput {
  const fromConfig = readSettingsInput((key) => pulumi.runtime.getConfig(namespacedKey(key, namespace)));
  const merged: TenantSettingsInput = { ...fromConfig };
  for (const [key, value] of Object.entries(overrides ?? {}) as [keyof TenantSettingsInput, string | undefined][]) {
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/**
 * One client per distinct settings for the whole program (shared token and limiter).
 * Connections are not kept alive: an idle socket would keep the program's process alive.
 */
export function lookupClient(namespace = DEFAULT_TENANT_NAMESPACE, overrides?: TenantSettingsInput): TenantClient {
  const input = lookupSettingsInput(namespace, overrides);
  let settings;
  try {
    settings = resolveSettings(input);
  } catch (error) {
    if (namespace === DEFAULT_TENANT_NAMESPACE || !(error instanceof Error)) throw error;
    // The message names the `tenant:` keys; this lookup reads another namespace.
    const rename = (text: string) =>
      Object.values(CONFIG_KEYS).reduce((out, key) => out.split(key).join(namespacedKey(key, namespace)), text);
    error.message = rename(error.message);
    throw error;
  }
  const key = settingsKey(settings);
  let client = clients.get(key);
  if (!client) {
    client = new TenantClient(settings, { keepAlive: false });
    clients.set(key, client);
  }
  return client;
}

/**
 * Runs a lookup as an Output. Plain arguments skip the apply: in the Pulumi Node.js SDK
 * (3.248) an apply whose callback rejects costs tens of seconds of CPU before the error
 * is reported; a plain promise does not.
 */
export function lookupOutput<A extends object, R>(
  args: { [K in keyof A]: pulumi.Input<A[K]> },
  lookup: (plain: A) => Promise<R>,
): pulumi.Output<R> {
  const values = Object.values(args as Record<string, unknown>);
  const plain = values.every((value) => !pulumi.Output.isInstance(value) && !(value instanceof Promise));
  const output = plain
    ? pulumi.output(lookup(args as A))
    : pulumi.output(args).apply((resolved) => lookup(resolved as unknown as A));
  return output as unknown as pulumi.Output<R>;
}
