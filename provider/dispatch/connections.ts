/**
 * The provider process's tenants: the stack configuration and one connection per
 * configuration namespace (settings, client, token, limiter, create journal, list
 * snapshots), made on first use and again when the namespace's settings change.
 *
 * One message per failure. `configure` never fails: settings are resolved per tenant when
 * first needed, and `check` reports what is missing. A failure that stops a whole tenant
 * is told in full to the first resource that meets it and as a short pointer to the others
 * ({@link SharedFailure}).
 */
import { ConfigurationError, SharedFailure, TenantError } from "../client/errors";
import { TenantClient, type TenantClientOptions } from "../client/http";
import {
  type ConfigLookup,
  DEFAULT_NAMESPACE,
  readSettingsInput,
  resolveSettings,
  settingsInputKey,
  type TenantSettings,
  type TenantSettingsInput,
} from "../client/settings";
import { parseBackendList, SIBLING_BACKENDS_ENV, SIBLING_BACKENDS_KEY } from "../backend/stacks";
import { claim, forgetClaims } from "../lifecycle/create-once";
import { CreateJournal, journalPath } from "../lifecycle/journal";
import { ListSnapshots, readsThroughLists } from "../lifecycle/list-snapshot";
import type { OwnershipSource } from "../lifecycle/ownership";
import type { ProviderContext } from "../lifecycle/types";
import type { ConfigSource } from "../protocol";

/** One tenant (configuration namespace) of this process. */
interface Connection {
  namespace: string;
  /** The raw settings it was made from (to notice a changed configuration). */
  inputKey: string;
  settings?: TenantSettings;
  /** Why the settings are unusable (missing or invalid). */
  failure?: SharedFailure;
  client?: TenantClient;
  journal?: CreateJournal;
  /** The lists this process read of the tenant (refresh reads through them), unless reads are one GET each. */
  lists?: ListSnapshots;
  /** What the resource implementations get. */
  context: ProviderContext;
}

interface ConnectionsState {
  /** The stack configuration from the engine's `configure`. */
  config?: ConfigLookup;
  /** Settings given directly (tests, scripts), by namespace: they win over the configuration. */
  explicit: Map<string, TenantSettingsInput>;
  /** Options of clients made from now on (tests). */
  clientOptions?: TenantClientOptions;
  connections: Map<string, Connection>;
  /** Create journals by file: namespaces that reach the same tenant share one. */
  journals: Map<string, CreateJournal>;
}

const state: ConnectionsState = { explicit: new Map(), connections: new Map(), journals: new Map() };

function journalFor(settings: TenantSettings): CreateJournal {
  const file = journalPath(settings.apiBaseUrl);
  let journal = state.journals.get(file);
  if (!journal) {
    journal = new CreateJournal(file);
    state.journals.set(file, journal);
  }
  return journal;
}

/** The first sentence of a message, for the pointers of later callers. */
function firstSentence(message: string): string {
  const end = message.search(/\.(\s|$)/);
  const sentence = end > 0 ? message.slice(0, end) : message;
  return sentence.charAt(0).toLowerCase() + sentence.slice(1);
}

function rawInput(namespace: string): TenantSettingsInput {
  return state.explicit.get(namespace) ?? readSettingsInput((key) => state.config?.(key), process.env, namespace);
}

function makeConnection(namespace: string, input: TenantSettingsInput, inputKey: string): Connection {
  const made: Connection = {
    namespace,
    inputKey,
    context: {
      client: () => clientOf(made),
      journal: () => made.journal,
      lists: () => made.lists,
    },
  };
  try {
    made.settings = resolveSettings(input, namespace);
    made.client = new TenantClient(made.settings, state.clientOptions);
    made.journal = journalFor(made.settings);
    if (readsThroughLists()) made.lists = new ListSnapshots(() => clientOf(made));
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    const message = error.message;
    made.failure = new SharedFailure((text) => new ConfigurationError(text), message, firstSentence(message));
  }
  return made;
}

/** The connection of `namespace`, made on first use and again when its settings changed. */
function connection(namespace: string): Connection {
  const input = rawInput(namespace);
  const inputKey = settingsInputKey(input);
  let found = state.connections.get(namespace);
  if (!found || found.inputKey !== inputKey) {
    found = makeConnection(namespace, input, inputKey);
    state.connections.set(namespace, found);
  }
  return found;
}

function clientOf(found: Connection, about?: string): TenantClient {
  if (found.client) return found.client;
  throw found.failure!.next(about);
}

/**
 * Takes the stack configuration the engine passes (every namespace, secrets in
 * plaintext). Makes no request and never fails: settings are resolved per tenant when
 * first needed, and `check` reports what is missing, once.
 */
export function configure(config: ConfigSource): void {
  state.config = (key) => {
    const value = config.get(key);
    return typeof value === "string" ? value : undefined;
  };
  state.explicit.clear();
}

/**
 * Configures a namespace directly from settings (tests, scripts); they win over the
 * stack configuration until the next `configure`. Options apply to the clients made from
 * now on. Throws a {@link ConfigurationError} when the settings are incomplete.
 */
export function configureFromSettings(
  input: TenantSettingsInput,
  options?: TenantClientOptions,
  namespace: string = DEFAULT_NAMESPACE,
): TenantClient {
  state.explicit.set(namespace, input);
  state.clientOptions = options ?? {};
  state.connections.delete(namespace);
  const made = connection(namespace);
  if (!made.client) throw new ConfigurationError(made.failure!.message);
  return made.client;
}

/**
 * Forgets configuration, clients, create journals and the ids claimed by this process:
 * the runtime is as a new provider process finds it (tests; the journal files stay).
 */
export function resetRuntime(): void {
  state.config = undefined;
  state.explicit.clear();
  state.clientOptions = undefined;
  state.connections.clear();
  state.journals.clear();
  forgetClaims();
}

/** The client of a namespace (default `tenant`); throws the configuration error when its settings are unusable. */
export function sharedClient(namespace: string = DEFAULT_NAMESPACE): TenantClient {
  return clientOf(connection(namespace));
}

/** What the resource implementations of `namespace` get. */
export function contextOf(namespace: string): ProviderContext {
  return connection(namespace).context;
}

/** The origin of the tenant of `namespace`, when its settings are usable. */
export function originOf(namespace: string): string | undefined {
  return connection(namespace).settings?.origin;
}

/** The message of what stops `namespace` from being used, or undefined when it works (a token, once). */
export async function verify(namespace: string, about: string): Promise<string | undefined> {
  try {
    await clientOf(connection(namespace), about).verify(about);
    return undefined;
  } catch (error) {
    if (error instanceof TenantError || error instanceof ConfigurationError) return error.message;
    throw error;
  }
}

/**
 * The engine passed `id` to diff/read/update/delete, so its state holds the object: no
 * create of this process may adopt it, and its create-journal entries are done.
 */
export function recorded(id: string, namespace: string): void {
  claim(id);
  connection(namespace).journal?.confirm(id);
}

/** Where ownership is decided: the backend's stacks, and the sibling backends the configuration names. */
export const ownershipSource: OwnershipSource = {
  siblings: () =>
    parseBackendList(
      state.config?.(`${DEFAULT_NAMESPACE}:${SIBLING_BACKENDS_KEY}`) ?? process.env[SIBLING_BACKENDS_ENV],
    ),
};
