/**
 * The provider process's singletons: the stack configuration, one connection per tenant
 * (settings, client, token, limiter, create journal), and the dispatch from the small
 * serialized provider objects (see `shim.ts`) to the real implementations. This module
 * is loaded at call time, by path; it is never captured into state, so it can hold
 * credentials and libraries.
 *
 * `configure` and `dispatch(kind, method, args, protocol)` are a stable interface:
 * provider objects stored in state by earlier versions (0.2.0) call them; today's call
 * `attach(provider, kind, config, protocol)`, which uses them.
 *
 * Tenants. A resource's `tenant` argument names a configuration namespace: `prod` reads
 * `prod:domain`, `prod:clientId`, … Without it the namespace is `tenant` (with the
 * `AUTH0_*` environment fallbacks). The argument travels in the inputs and the
 * outputs, so every method (also read and delete, which get only the state's outputs)
 * finds the tenant; the runtime takes it out before the resource implementations see
 * the inputs and puts it back into what they return. Moving a resource to another
 * tenant replaces it. Settings are resolved per namespace on first use.
 *
 * One message per failure. `configure` never fails: settings are checked by `check`,
 * which also gets a token once per tenant (so `pulumi preview` reports missing
 * settings, a wrong domain, refused credentials or a silent host). A failure that
 * stops a whole tenant is told in full to the first resource that meets it and as a
 * short pointer to the others ({@link SharedFailure}). Check failures carry no value
 * the engine would print in full (a 100 KB template), and expected errors of
 * check/diff/read/delete are not echoed with a stack by the dynamic provider host.
 */
import type { CheckFailure, CheckResult, DiffResult, ReadResult } from "@pulumi/pulumi/dynamic";
import { kindLabel } from "../api";
import { ConfigurationError, excerpt, PartialCreateError, SharedFailure, TenantError } from "./client/errors";
import { TenantClient, type TenantClientOptions } from "./client/http";
import {
  type ConfigLookup,
  configKeys,
  DEFAULT_NAMESPACE,
  NAMESPACE_PATTERN,
  readSettingsInput,
  resolveSettings,
  settingsInputKey,
  type TenantSettings,
  type TenantSettingsInput,
} from "./client/settings";
import { kindModule } from "./resources";
import { claim, forgetClaims, isAdoptedFromJournal, markGone } from "./lifecycle/create-once";
import { CreateJournal, journalPath } from "./lifecycle/journal";
import { ListSnapshots, readsThroughLists } from "./lifecycle/list-snapshot";
import {
  adoptionFailure,
  FORCE_KEY,
  importRefusal,
  leftToOtherStack,
  OWNER_KEY,
  type OwnershipSource,
  urnOf,
} from "./lifecycle/ownership";
import { parseBackendList, SIBLING_BACKENDS_ENV, SIBLING_BACKENDS_KEY } from "./backend/stacks";
import { TENANT_ORIGIN_KEY } from "./backend/stack-state";
import { forResource, warningsSent } from "./lifecycle/diagnostics";
import { isObject, type JsonObject, UNKNOWN } from "./lifecycle/shared";
import type { ProviderContext, ResourceImplementation } from "./lifecycle/types";

/** Version of the dispatch interface this runtime speaks. */
export const PROTOCOL_VERSION = 1;

/** The global under which the first loaded runtime registers itself (one per process). */
export const RUNTIME_GLOBAL = "__pulumiTenantRuntime_v1";

/** The input (and output) that names a resource's configuration namespace. */
export const TENANT_KEY = "tenant";

/** What the serialized provider objects call. */
export interface TenantRuntime {
  protocol: number;
  configure(config: { get(key: string): string | undefined }): void;
  dispatch(kind: string, method: string, args: unknown[], protocol?: number): Promise<unknown>;
  /** Configures, then gives `provider` (a serialized object with only `configure`) its other methods. */
  attach?(provider: object, kind: string, config: { get(key: string): string | undefined }, protocol?: number): void;
}

/** The methods the dynamic provider host calls after `configure`, with the engine's arguments. */
const PROVIDER_METHODS = ["check", "diff", "create", "read", "update", "delete"] as const;

/**
 * Configures the runtime and puts `check`, `diff`, `create`, `read`, `update` and `delete`
 * of resource `kind` on `provider`. The host deserializes a provider once per process and
 * calls its `configure` before any other method, so the object stored in state needs
 * nothing else (see `shim.ts`).
 */
export function attach(
  provider: object,
  kind: string,
  config: { get(key: string): string | undefined },
  protocol = PROTOCOL_VERSION,
): void {
  configure(config);
  const target = provider as Record<string, unknown>;
  for (const method of PROVIDER_METHODS) {
    target[method] = (...args: unknown[]) => dispatch(kind, method, args, protocol);
  }
}

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

interface RuntimeState {
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

const state: RuntimeState = { explicit: new Map(), connections: new Map(), journals: new Map() };

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
  const connection: Connection = {
    namespace,
    inputKey,
    context: {
      client: () => clientOf(connection),
      journal: () => connection.journal,
      lists: () => connection.lists,
    },
  };
  try {
    connection.settings = resolveSettings(input, namespace);
    connection.client = new TenantClient(connection.settings, state.clientOptions);
    connection.journal = journalFor(connection.settings);
    if (readsThroughLists()) connection.lists = new ListSnapshots(() => clientOf(connection));
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    const message = error.message;
    connection.failure = new SharedFailure((text) => new ConfigurationError(text), message, firstSentence(message));
  }
  return connection;
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

function clientOf(connection: Connection, about?: string): TenantClient {
  if (connection.client) return connection.client;
  throw connection.failure!.next(about);
}

/**
 * Takes the stack configuration the engine passes (every namespace, secrets in
 * plaintext). Makes no request and never fails: settings are resolved per tenant when
 * first needed, and `check` reports what is missing, once.
 */
export function configure(config: { get(key: string): string | undefined }): void {
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

/** The namespace a resource's inputs or outputs name (`tenant` when they name none). */
export function namespaceOf(values: unknown): string {
  const value = isObject(values) ? values[TENANT_KEY] : undefined;
  return typeof value === "string" && value !== "" && value !== UNKNOWN ? value : DEFAULT_NAMESPACE;
}

/** `values` without the `tenant` key: what the resource implementations see. */
function withoutTenant(values: unknown): JsonObject {
  if (!isObject(values)) return {};
  if (!ENVELOPE_KEYS.some((key) => key in values)) return values;
  // The stack, `force` and the tenant's origin are the runtime's business too (ownership.ts): the
  // implementations never see them.
  const {
    [TENANT_KEY]: _tenant,
    [OWNER_KEY]: _stack,
    [FORCE_KEY]: _force,
    [TENANT_ORIGIN_KEY]: _origin,
    ...rest
  } = values;
  return rest;
}

/** The keys the runtime adds to what the implementations see and return. */
const ENVELOPE_KEYS = [TENANT_KEY, OWNER_KEY, FORCE_KEY, TENANT_ORIGIN_KEY];

/** `values` with the `tenant` key of `from`, when `from` has one. */
function withTenantOf<T extends JsonObject | undefined>(values: T, from: unknown): T {
  if (!values || !isObject(from)) return values;
  const carried: JsonObject = {};
  // The managing stack is kept in the outputs too: `delete` gets only those.
  for (const key of [TENANT_KEY, OWNER_KEY])
    if (from[key] !== undefined && from[key] !== null) carried[key] = from[key];
  return Object.keys(carried).length === 0 ? values : ({ ...values, ...carried } as T);
}

/**
 * Outputs as the state stores them: the envelope of `from` (see {@link withTenantOf}) and the
 * origin of the tenant the object lives in, so that any stack reading this state knows which
 * tenant's object it holds (ownership.ts).
 */
function storedOutputs<T extends JsonObject | undefined>(values: T, from: unknown, namespace: string): T {
  const carried = withTenantOf(values, from);
  const origin = originOf(namespace);
  return carried && origin ? ({ ...carried, [TENANT_ORIGIN_KEY]: origin } as T) : carried;
}

/** The origin of the tenant of `namespace`, when its settings are usable. */
function originOf(namespace: string): string | undefined {
  return connection(namespace).settings?.origin;
}

/** Where ownership is decided: the backend's stacks, and the sibling backends the configuration names. */
const ownershipSource: OwnershipSource = {
  siblings: () =>
    parseBackendList(
      state.config?.(`${DEFAULT_NAMESPACE}:${SIBLING_BACKENDS_KEY}`) ?? process.env[SIBLING_BACKENDS_ENV],
    ),
};

/**
 * The engine passed `id` to diff/read/update/delete, so its state holds the object: no
 * create of this process may adopt it, and its create-journal entries are done.
 */
function recorded(id: string, namespace: string): void {
  claim(id);
  connection(namespace).journal?.confirm(id);
}

function describeInputs(kind: string, inputs: JsonObject): string {
  const label = kindLabel(kind);
  if (kind === "loginTemplate") return `${label} universal-login`;
  return typeof inputs.name === "string" && inputs.name !== UNKNOWN ? `${label} "${excerpt(inputs.name, 60)}"` : label;
}

/** Longest rendering of a value the engine may print next to a check failure. */
const ECHO_LIMIT = 200;

/**
 * Check failures as the engine should print them. For a failure on a top-level input the
 * engine prints the whole value (`property template value {…100 KB…} has a problem`):
 * when that value is long, the property moves into the reason instead.
 */
function printable(failures: CheckFailure[], inputs: JsonObject): CheckFailure[] {
  return failures.map((failure) => {
    const reason = excerpt(failure.reason, 500);
    const value = failure.property ? inputs[failure.property] : undefined;
    if (value === undefined || (JSON.stringify(value) ?? "").length <= ECHO_LIMIT)
      return { property: failure.property, reason };
    return { property: "", reason: `${failure.property}: ${reason}` };
  });
}

function tenantFailure(tenant: unknown): CheckFailure | undefined {
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

function implementationOf(kind: string): ResourceImplementation {
  return kindModule(kind).implementation;
}

async function check(kind: string, olds: unknown, news: unknown): Promise<CheckResult> {
  const impl = implementationOf(kind);
  const inputs = withoutTenant(news);
  // First the inputs alone (no request), so the tenant's own failure below is told in full, once.
  let result = await impl.check(withoutTenant(olds), inputs);
  const tenant = isObject(news) ? news[TENANT_KEY] : undefined;
  let failures = printable(result.failures ?? [], inputs);
  const badTenant = tenantFailure(tenant);
  if (badTenant) failures.push(badTenant);
  // Valid inputs for a known tenant: make sure the tenant can be reached, once per tenant (a token request).
  if (failures.length === 0 && tenant !== UNKNOWN) {
    const problem = await verify(namespaceOf(news), describeInputs(kind, inputs));
    if (problem) {
      failures.push({ property: "", reason: problem });
    } else {
      // An object another stack manages is not adopted (ownership.ts); else an adoption or a takeover is
      // looked at now, in the tenant the resource names.
      const creating = Object.keys(withoutTenant(olds)).filter((key) => key !== "__provider").length === 0;
      const taken =
        creating && isObject(news)
          ? await adoptionFailure(ownershipSource, kind, originOf(namespaceOf(news)), news)
          : undefined;
      if (taken) {
        failures.push(taken);
      } else {
        const context = connection(namespaceOf(news)).context;
        result = await forResource(urnOf(isObject(news) ? news : undefined), () =>
          impl.check(withoutTenant(olds), inputs, context),
        );
        failures = printable(result.failures ?? [], inputs);
      }
    }
  }
  return { inputs: withTenantOf(result.inputs ?? inputs, news), failures };
}

/** The message of what stops `namespace` from being used, or undefined when it works. */
async function verify(namespace: string, about: string): Promise<string | undefined> {
  const found = connection(namespace);
  try {
    await clientOf(found, about).verify(about);
    return undefined;
  } catch (error) {
    if (error instanceof TenantError || error instanceof ConfigurationError) return error.message;
    throw error;
  }
}

function diff(kind: string, id: string, olds: unknown, news: unknown): DiffResult {
  const impl = implementationOf(kind);
  const result = forResource(urnOf(isObject(news) ? news : undefined), () =>
    impl.diff(id, withoutTenant(olds), withoutTenant(news)),
  );
  const tenant = isObject(news) ? news[TENANT_KEY] : undefined;
  // The object lives in one tenant: naming another one means a new object there.
  if (tenant === UNKNOWN || namespaceOf(news) !== namespaceOf(olds)) {
    return { ...result, changes: true, replaces: [...(result.replaces ?? []), TENANT_KEY] };
  }
  return result;
}

async function run(kind: string, method: string, args: unknown[]): Promise<unknown> {
  const impl = implementationOf(kind);
  const object = (value: unknown) => withoutTenant(value ?? {});
  // Where the tenant is named: new inputs for create and update, the state's outputs otherwise.
  const carrier = method === "create" ? args[0] : method === "update" ? args[2] : args[1];
  const namespace = namespaceOf(carrier);
  if (["diff", "read", "update", "delete"].includes(method) && typeof args[0] === "string" && args[0]) {
    const id = args[0];
    // A resource of this run adopted this object from the create journal, so the state held it under another
    // resource too (renamed without an alias): deleting it would take it from the adopter. The old resource
    // leaves the state; the object stays with the new one.
    if (method === "delete" && isAdoptedFromJournal(id)) return undefined;
    recorded(id, method === "diff" ? namespaceOf(args[1]) : namespace);
  }
  switch (method) {
    case "check":
      return check(kind, args[0], args[1]);
    case "diff": {
      const result = diff(kind, String(args[0]), args[1], args[2]);
      await warningsSent(); // A warning of the diff shows before the engine moves on.
      return result;
    }
    case "create": {
      const context = connection(namespace).context;
      try {
        const result = await impl.create(context, object(args[0]));
        return { ...result, outs: storedOutputs(result.outs ?? {}, args[0], namespace) };
      } catch (error) {
        // The engine records a partial create's properties as the outputs: they must name the tenant too.
        if (error instanceof PartialCreateError) {
          Object.assign(error.properties, storedOutputs({}, args[0], namespace));
        }
        throw error;
      }
    }
    case "read": {
      const result: ReadResult = await impl.read(
        connection(namespace).context,
        String(args[0]),
        args[1] === undefined ? undefined : object(args[1]),
      );
      if (!result.id) {
        // Deleted out of band: the engine drops it from the state, and the id is nobody's now.
        markGone(String(args[0]));
        return result;
      }
      return {
        ...result,
        props: storedOutputs(result.props, args[1], namespace),
        inputs: withTenantOf(result.inputs, args[1]),
      };
    }
    case "update": {
      const result = await impl.update(
        connection(namespace).context,
        String(args[0]),
        object(args[1]),
        object(args[2]),
      );
      return { ...result, outs: storedOutputs(result.outs ?? {}, args[2], namespace) };
    }
    case "delete": {
      const props = isObject(args[1]) ? args[1] : undefined;
      // Another stack's state holds it too (it took it over with `force`): the last holder deletes it.
      if (await leftToOtherStack(ownershipSource, kind, String(args[0]), originOf(namespace), props)) return undefined;
      await impl.delete(connection(namespace).context, String(args[0]), object(args[1]));
      return undefined;
    }
    default:
      throw new Error(`pulumi-tenant: unknown provider method "${method}"`);
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

/** Texts the dynamic provider host is about to print for our own errors (see {@link quietHostEcho}). */
const echoes = new Set<string>();
let echoFilter: ((...args: unknown[]) => void) | undefined;

/**
 * The dynamic provider host prints `${error}: ${error.stack}` to stderr for every error
 * of check/diff/read/delete, before it returns the message to the engine; the engine
 * shows those lines again, under the stack. For the provider's own expected errors the
 * message is all there is to say, so that one echo is dropped: exactly that text, once.
 * Everything else (other providers' output, unexpected errors) is printed as before.
 */
function quietHostEcho(error: Error): void {
  if (console.error !== echoFilter) {
    const original = console.error.bind(console);
    echoFilter = (...args: unknown[]) => {
      if (args.length === 1 && typeof args[0] === "string" && echoes.delete(args[0])) return;
      original(...args);
    };
    console.error = echoFilter;
  }
  echoes.add(`${String(error)}: ${error.stack}`);
}

/** Runs `method` of resource `kind` with the engine's arguments. */
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
  try {
    return await run(kind, method, args);
  } catch (error) {
    const expected = error instanceof TenantError || error instanceof ConfigurationError;
    if (expected && ["check", "diff", "read", "delete"].includes(method)) quietHostEcho(error);
    throw error;
  }
}

const registry = globalThis as unknown as Record<string, TenantRuntime | undefined>;
registry[RUNTIME_GLOBAL] ??= { protocol: PROTOCOL_VERSION, configure, dispatch, attach };
