/**
 * The interface between the provider objects stored in state (`shim.ts`) and the runtime
 * (`runtime.ts`): where the runtime registers itself and what it offers. Stored objects
 * of every version call it, so it only grows: a new version of the interface is a new
 * protocol number, and the runtime refuses a newer one than it speaks.
 */

/** Version of the dispatch interface this runtime speaks. */
export const PROTOCOL_VERSION = 1;

/** The global under which the first loaded runtime registers itself (one per process). */
export const RUNTIME_GLOBAL = "__pulumiTenantRuntime_v1";

/** The stack configuration as the engine's `configure` passes it. */
export interface ConfigSource {
  get(key: string): string | undefined;
}

/** What the serialized provider objects call. */
export interface TenantRuntime {
  protocol: number;
  configure(config: ConfigSource): void;
  /** The engine's call `method` of resource `kind`, with the engine's arguments in its order (protocol 1). */
  dispatch(kind: string, method: string, args: unknown[], protocol?: number): Promise<unknown>;
  /** Configures, then gives `provider` (a serialized object with only `configure`) its other methods. */
  attach?(provider: object, kind: string, config: ConfigSource, protocol?: number): void;
}
