/**
 * The client of the lookups. Dynamic providers have no invokes, so a lookup runs in the
 * Pulumi program's own process, with the same settings as the resources: the stack
 * configuration (`tenant:domain`, `tenant:clientId`, …) with the `AUTH0_*` environment
 * variables as fallbacks, and optional overrides.
 */
import type * as pulumi from "@pulumi/pulumi";
import { AmbiguousNameError, ConfigurationError, NotFoundError, TenantError } from "../client/errors";
import { TenantClient } from "../client/http";
import {
  DEFAULT_NAMESPACE,
  NAMESPACE_PATTERN,
  readSettingsInput,
  resolveSettings,
  settingsKey,
  type TenantSettingsInput,
} from "../client/settings";
import { registeredIn } from "./registered";

/**
 * `@pulumi/pulumi`, loaded at its first use: a program's lookup. The provider plugin imports
 * this module for its readers but never runs a program's lookup, and the SDK's index is most of
 * its start-up (about 0.75 s of each plugin start; test/unit/provider/plugin/startup.test.ts).
 */
let loadedSdk: typeof pulumi | undefined;
function sdk(): typeof pulumi {
  loadedSdk ??= require("@pulumi/pulumi") as typeof pulumi;
  return loadedSdk;
}

/** The configuration namespace the provider reads by default (`tenant:domain`, …). */
export const DEFAULT_TENANT_NAMESPACE = DEFAULT_NAMESPACE;

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

/** `tenant:domain` → `<namespace>:domain`. */
export function namespacedKey(key: string, namespace: string): string {
  const prefix = `${DEFAULT_TENANT_NAMESPACE}:`;
  return namespace !== DEFAULT_TENANT_NAMESPACE && key.startsWith(prefix)
    ? `${namespace}:${key.slice(prefix.length)}`
    : key;
}

/**
 * The settings a lookup uses: the stack configuration of `namespace` (the `AUTH0_*`
 * environment variables for the default namespace only, as the resources), then the overrides.
 */
export function lookupSettingsInput(
  namespace = DEFAULT_TENANT_NAMESPACE,
  overrides?: TenantSettingsInput,
): TenantSettingsInput {
  const merged = readSettingsInput((key) => sdk().runtime.getConfig(key), process.env, namespace);
  for (const [key, value] of Object.entries(overrides ?? {}) as [keyof TenantSettingsInput, string | undefined][]) {
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** The program's clients, one per distinct settings (a token and a limiter per tenant and program). */
const clients = new Map<string, TenantClient>();

/**
 * The client of every lookup of the program for `namespace` and `overrides`: one per
 * distinct settings (shared token and limiter). The settings carry the namespace, so every
 * message names the keys the program set (`prod:domain`, not `tenant:domain`).
 */
export function lookupClient(namespace = DEFAULT_TENANT_NAMESPACE, overrides?: TenantSettingsInput): TenantClient {
  if (!NAMESPACE_PATTERN.test(namespace)) {
    throw new ConfigurationError(
      `tenant must name a configuration namespace such as "prod" (read as prod:domain, ` +
        `prod:clientId, prod:clientSecret), not "${namespace.slice(0, 64)}".`,
    );
  }
  const settings = resolveSettings(lookupSettingsInput(namespace, overrides), namespace);
  const key = settingsKey(settings);
  let client = clients.get(key);
  if (!client) {
    client = new TenantClient(settings, { keepAlive: false });
    clients.set(key, client);
  }
  return client;
}

/** How long a failed lookup waits for the check of its namespace's resources to report the failure. */
const RESOURCE_CHECK_WAIT_MS = 5_000;

/** The first failure of each namespace's lookups, by message: repeats rethrow it (see {@link inProgram}). */
const failures = new Map<string, Error>();

/**
 * Runs a lookup of the promise API: a failure the provider expects (settings, tenant,
 * not found, ambiguous name) is marked so that the program runner prints its message
 * only, when the program does not catch it. Every lookup of a namespace that fails the
 * same way (the same message, or the client's "Not attempted: …" pointer to it) rejects
 * with the first error object itself, which the runner prints once.
 */
export async function inProgram<R>(namespace: string | undefined, lookup: () => Promise<R>): Promise<R> {
  try {
    return await lookup();
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const ns = namespace ?? DEFAULT_TENANT_NAMESPACE;
    const first =
      failures.get(`${ns}\n${error.message}`) ??
      (error.message.startsWith("Not attempted:") ? failures.get(`${ns}\nshared`) : undefined) ??
      error;
    failures.set(`${ns}\n${first.message}`, first);
    // Only a failure of the whole tenant (settings, token, network) is what later pointers refer to.
    const whole = !(first instanceof NotFoundError || first instanceof AmbiguousNameError);
    if (whole && !failures.has(`${ns}\nshared`)) failures.set(`${ns}\nshared`, first);
    asProgramError(first);
    if (whole) await afterResourcesOf(ns);
    throw first;
  }
}

/**
 * Waits until the engine has checked the program's resources of `namespace` (their URN
 * is known, or their registration failed). Their `check` meets a failure of the whole
 * tenant too and reports it in full; the engine then stops the program before this
 * returns, so the failure is told once. When they pass (a static token is not tried at
 * preview), the lookup's own message is the report.
 */
async function afterResourcesOf(namespace: string): Promise<void> {
  const resources = registeredIn(namespace);
  if (resources.length === 0 || !sdk().runtime.hasMonitor()) return;
  // Settled either way: a registration that failed (an input rejected, e.g. this very lookup) ends the wait too.
  // `promise()` is the Output's own (not in its public type); `apply` would never run on a rejection.
  const settled = resources.map((resource) =>
    (quiet(resource.urn) as unknown as { promise(): Promise<unknown> }).promise().then(
      () => undefined,
      () => undefined,
    ),
  );
  // Bounded, and short: a resource whose input needs this very lookup never registers. The other resources'
  // checks ask the tenant at the same moment as the lookup, so their report is due by then; past the bound the
  // lookup reports itself (at worst the failure is told twice, never not at all).
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, RESOURCE_CHECK_WAIT_MS)));
  await Promise.race([Promise.all(settled), bound]);
  clearTimeout(timer);
}

/**
 * Runs a lookup as an Output. Plain arguments skip the apply: in the Pulumi Node.js SDK
 * (3.248) an apply whose callback rejects costs tens of seconds of CPU before the error
 * is reported; a plain promise does not. A failure is reported once, as its message
 * (see `quietOutput`): no dumped error object, no `PromiseRejectionHandledWarning`.
 * `secretIf` makes the Output secret when the value holds a secret.
 */
export function lookupOutput<A extends object, R>(
  args: { [K in keyof A]: pulumi.Input<A[K]> },
  lookup: (plain: A) => Promise<R>,
  secretIf?: (value: R) => boolean,
): pulumi.Output<R> {
  const values = Object.values(args as Record<string, unknown>);
  const plain = values.every((value) => !sdk().Output.isInstance(value) && !(value instanceof Promise));
  let output: pulumi.Output<unknown> = plain
    ? quietOutput<unknown>(lookup(args as A))
    : quiet<unknown>(
        sdk()
          .output(args)
          .apply((resolved) => reportOnce(lookup(resolved as unknown as A))),
      );
  if (secretIf) {
    output = quiet(output.apply((value) => (secretIf(value as R) ? sdk().secret(value) : sdk().output(value))));
  }
  return output as unknown as pulumi.Output<R>;
}

/**
 * Marks an expected error the way the Pulumi program runner recognises a `RunError`: it
 * then prints the message only, not the stack and the error object's fields.
 */
export function asProgramError(error: unknown): unknown {
  if ((error instanceof TenantError || error instanceof ConfigurationError) && !("__pulumiRunError" in error)) {
    Object.defineProperty(error, "__pulumiRunError", { value: true, enumerable: false });
  }
  return error;
}

/**
 * Marks the Output's own bookkeeping promises handled: each would otherwise count as an
 * unhandled rejection and then print `PromiseRejectionHandledWarning` when consumed late.
 * Whoever consumes the Output still gets the rejection.
 */
export function quiet<T>(output: pulumi.Output<T>): pulumi.Output<T> {
  // The Output's internals (not in its public type): its value, known and secret flags, and dependencies.
  const internals = output as unknown as {
    promise?: () => Promise<unknown>;
    isKnown?: Promise<unknown>;
    isSecret?: Promise<unknown>;
    allResources?: () => Promise<unknown>;
  };
  for (const inner of [internals.promise?.(), internals.isKnown, internals.isSecret, internals.allResources?.()]) {
    if (inner && typeof inner.catch === "function") inner.catch(() => undefined);
  }
  return output;
}

/**
 * In a Pulumi program, leaves one rejection of `promise` deliberately unhandled: the
 * program runner reports it (once, as its message when it is an {@link asProgramError}
 * error) and fails the program, also when nothing consumes the Output built on it.
 */
export function reportOnce<T>(promise: Promise<T>): Promise<T> {
  if (sdk().runtime.hasMonitor()) void promise.then(undefined, (error: unknown) => Promise.reject(error));
  return promise;
}

/**
 * `pulumi.output(promise)` for a promise that may reject, without the noise: see
 * {@link quiet} and {@link reportOnce}.
 */
export function quietOutput<T>(promise: Promise<T>): pulumi.Output<T> {
  const output = quiet(sdk().output(promise) as pulumi.Output<T>);
  reportOnce(promise);
  return output;
}
