/**
 * The provider process's runtime: what the small serialized provider objects (`shim.ts`)
 * and the plugin (`plugin/server.ts`) call. It is loaded at call time, by path; it is
 * never captured into state, so it can hold credentials and libraries. It composes three
 * jobs, each in its own file under `dispatch/`:
 *
 * - connections (`connections.ts`): the stack configuration and one connection per tenant;
 * - the envelope (`envelope.ts`): the `tenant` argument and the ownership keys, taken out
 *   of what the implementations see and put back into what they return;
 * - dispatch: an engine call becomes a typed request (`requests.ts`) and runs on the
 *   kind's implementation (`check.ts`, `methods.ts`).
 *
 * `configure` and `dispatch(kind, method, args, protocol)` are a stable interface
 * (`protocol.ts`): provider objects stored in state by earlier versions (0.2.0)
 * call them; today's call `attach(provider, kind, config, protocol)`, which uses them.
 */
import { ConfigurationError, TenantError } from "./client/errors";
import { DEFAULT_NAMESPACE } from "./client/settings";
import { configure, originOf, ownershipSource } from "./dispatch/connections";
import { ECHOED_METHODS, quietHostEcho } from "./dispatch/host-echo";
import { handle } from "./dispatch/methods";
import { type ConfigSource, PROTOCOL_VERSION, RUNTIME_GLOBAL, type TenantRuntime } from "./protocol";
import { PROVIDER_METHODS, type ProviderRequest, requestOf, type ResultOf, tenantCarrier } from "./dispatch/requests";
import { timed, timelineOn } from "./timeline";
import { importRefusal, urnOf } from "./lifecycle/ownership";
import { isObject } from "./lifecycle/shared";
import { kindModule } from "./lifecycle/kind-modules";

export { configure, configureFromSettings, resetRuntime, sharedClient } from "./dispatch/connections";
export { namespaceOf, TENANT_KEY } from "./dispatch/envelope";
export { PROTOCOL_VERSION, RUNTIME_GLOBAL, type TenantRuntime } from "./protocol";
export type { ProviderRequest } from "./dispatch/requests";

/**
 * Runs `request` on a resource of `kind`. Expected errors of the methods the dynamic
 * provider host echoes are not echoed with a stack (host-echo.ts).
 */
export async function call<R extends ProviderRequest>(kind: string, request: R): Promise<ResultOf<R>> {
  try {
    const run = () => handle(kind, kindModule(kind).implementation, request);
    if (!timelineOn) return await run();
    const carrier = tenantCarrier(request);
    return await timed(request.method, urnOf(isObject(carrier) ? carrier : undefined), run);
  } catch (error) {
    const expected = error instanceof TenantError || error instanceof ConfigurationError;
    if (expected && ECHOED_METHODS.includes(request.method)) quietHostEcho(error);
    throw error;
  }
}

/** Runs `method` of resource `kind` with the engine's arguments, in the dynamic provider host's order. */
export async function dispatch(
  kind: string,
  method: string,
  args: unknown[],
  protocol = PROTOCOL_VERSION,
): Promise<unknown> {
  if (protocol > PROTOCOL_VERSION) {
    throw new Error(
      `This state was written by a newer pulumi-tenant (provider protocol ${protocol}); upgrade pulumi-tenant.`,
    );
  }
  return call(kind, requestOf(method, args));
}

/**
 * Configures the runtime and puts `check`, `diff`, `create`, `read`, `update` and `delete`
 * of resource `kind` on `provider`. The host deserializes a provider once per process and
 * calls its `configure` before any other method, so the object stored in state needs
 * nothing else (see `shim.ts`). Through the runtime registered in the process (the first
 * loaded), so that one runtime serves every text whichever copy of this module it loads.
 */
export function attach(provider: object, kind: string, config: ConfigSource, protocol = PROTOCOL_VERSION): void {
  (registry[RUNTIME_GLOBAL]?.attach ?? attachHere)(provider, kind, config, protocol);
}

/** {@link attach} on this copy of the runtime. */
function attachHere(provider: object, kind: string, config: ConfigSource, protocol = PROTOCOL_VERSION): void {
  configure(config);
  const target = provider as Record<string, unknown>;
  for (const method of PROVIDER_METHODS) {
    target[method] = (...args: unknown[]) => dispatch(kind, method, args, protocol);
  }
}

/**
 * Refuses an import (a read with no state, through the plugin) of an object another stack of
 * the backend manages; `urn` names the importing resource (and so its stack).
 */
export async function checkImport(kind: string, id: string, urn: string, namespace = DEFAULT_NAMESPACE): Promise<void> {
  const refusal = await importRefusal(ownershipSource, kind, id, originOf(namespace), urn);
  if (refusal) throw new ConfigurationError(refusal);
}

const registry = globalThis as unknown as Record<string, TenantRuntime | undefined>;
registry[RUNTIME_GLOBAL] ??= { protocol: PROTOCOL_VERSION, configure, dispatch, attach: attachHere };
