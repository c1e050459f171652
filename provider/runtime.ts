/**
 * The provider process's singletons: settings, the one shared client, and the dispatch
 * from the small serialized provider objects (see `shim.ts`) to the real
 * implementations. This module is loaded at call time, by path; it is never captured
 * into state, so it can hold credentials and libraries.
 *
 * `configure` and `dispatch(kind, method, args, protocol)` are a stable interface:
 * provider objects stored in state by earlier versions call them.
 */
import { ConfigurationError } from "./client/errors";
import { TenantClient, type TenantClientOptions } from "./client/http";
import {
  readSettingsInput, resolveSettings, settingsKey, type TenantSettings, type TenantSettingsInput,
} from "./client/settings";
import { IMPLEMENTATIONS } from "./resources";
import { claim, forgetClaims, isAdoptedFromJournal } from "./resources/create-once";
import { CreateJournal, journalPath } from "./resources/journal";
import type { JsonObject } from "./resources/shared";
import type { ProviderContext } from "./resources/types";

/** Version of the dispatch interface this runtime speaks. */
export const PROTOCOL_VERSION = 1;

/** The global under which the first loaded runtime registers itself (one per process). */
export const RUNTIME_GLOBAL = "__pulumiTenantRuntime_v1";

/** What the serialized provider objects call. */
export interface TenantRuntime {
  protocol: number;
  configure(config: { get(key: string): string | undefined }): void;
  dispatch(kind: string, method: string, args: unknown[], protocol?: number): Promise<unknown>;
}

interface RuntimeState {
  settings?: TenantSettings;
  key?: string;
  client?: TenantClient;
  clientOptions?: TenantClientOptions;
  error?: Error;
  /** The create journal of the configured tenant (one per tenant base URL). */
  journal?: CreateJournal;
}

const state: RuntimeState = {};

function useSettings(settings: TenantSettings, options?: TenantClientOptions): void {
  const key = settingsKey(settings);
  // configure runs once per distinct serialized provider: keep the client (token, limiter) when nothing changed.
  if (state.client && state.key === key && options === undefined) return;
  state.settings = settings;
  state.key = key;
  state.clientOptions = options ?? state.clientOptions;
  state.client = new TenantClient(settings, state.clientOptions);
  state.error = undefined;
  const file = journalPath(settings.apiBaseUrl);
  if (state.journal?.file !== file) state.journal = new CreateJournal(file);
}

/**
 * Configures from the stack configuration the engine passes (`tenant:*` keys, secrets in
 * plaintext), falling back to `AUTH0_*` environment variables. Makes no request.
 * Throws a {@link ConfigurationError} naming the keys to set when settings are missing.
 */
export function configure(config: { get(key: string): string | undefined }): void {
  try {
    useSettings(resolveSettings(readSettingsInput((key) => config.get(key))));
  } catch (error) {
    state.error = error as Error;
    state.client = undefined;
    throw error;
  }
}

/** Configures directly from settings (tests, scripts). Options apply to the new client. */
export function configureFromSettings(input: TenantSettingsInput, options?: TenantClientOptions): TenantClient {
  useSettings(resolveSettings(input), options ?? {});
  return state.client!;
}

/**
 * Forgets settings, client, create journal and the ids claimed by this process: the
 * runtime is as a new provider process finds it (tests; the journal file stays).
 */
export function resetRuntime(): void {
  state.settings = undefined;
  state.key = undefined;
  state.client = undefined;
  state.clientOptions = undefined;
  state.error = undefined;
  state.journal = undefined;
  forgetClaims();
}

/** The shared client; throws the configuration error when not configured. */
export function sharedClient(): TenantClient {
  if (state.client) return state.client;
  throw state.error ?? new ConfigurationError(
    "The tenant provider is not configured: set tenant:domain and tenant:clientId + tenant:clientSecret (or tenant:apiToken).");
}

const context: ProviderContext = { client: sharedClient, journal: () => state.journal };

/**
 * The engine passed `id` to diff/read/update/delete, so its state holds the object: no
 * create of this process may adopt it, and its create-journal entries are done.
 */
function recorded(id: string): void {
  claim(id);
  state.journal?.confirm(id);
}

/** Runs `method` of resource `kind` with the engine's arguments. */
export async function dispatch(kind: string, method: string, args: unknown[], protocol = PROTOCOL_VERSION): Promise<unknown> {
  if (protocol > PROTOCOL_VERSION) {
    throw new Error(`This state was written by a newer pulumi-tenant (provider protocol ${protocol}); upgrade pulumi-tenant.`);
  }
  const impl = IMPLEMENTATIONS[kind as keyof typeof IMPLEMENTATIONS];
  if (!impl) throw new Error(`pulumi-tenant: unknown resource kind "${kind}"`);
  const object = (value: unknown) => (value ?? {}) as JsonObject;
  if (["diff", "read", "update", "delete"].includes(method) && typeof args[0] === "string" && args[0]) {
    const id = args[0];
    // A resource of this run adopted this object from the create journal, so the state held it under another
    // resource too (renamed without an alias): deleting it would take it from the adopter. The old resource
    // leaves the state; the object stays with the new one.
    if (method === "delete" && isAdoptedFromJournal(id)) return undefined;
    recorded(id);
  }
  switch (method) {
    case "check": return impl.check(object(args[0]), object(args[1]), context);
    case "diff": return impl.diff(String(args[0]), object(args[1]), object(args[2]));
    case "create": return impl.create(context, object(args[0]));
    case "read": return impl.read(context, String(args[0]), args[1] as JsonObject | undefined);
    case "update": return impl.update(context, String(args[0]), object(args[1]), object(args[2]));
    case "delete": return impl.delete(context, String(args[0]), object(args[1]));
    default: throw new Error(`pulumi-tenant: unknown provider method "${method}"`);
  }
}

const registry = globalThis as unknown as Record<string, TenantRuntime | undefined>;
registry[RUNTIME_GLOBAL] ??= { protocol: PROTOCOL_VERSION, configure, dispatch };
