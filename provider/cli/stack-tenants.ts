/**
 * The tenants a stack uses, read as the engine would: its state (`pulumi stack export
 * --show-secrets`) and its configuration (`pulumi config --json --show-secrets`). A dynamic
 * resource names a configuration namespace (`tenant` by default, with the AUTH0_* variables);
 * a plugin resource names its provider, whose inputs hold the settings.
 */
import { runPulumi } from "../backend/pulumi-cli";
import { parseBackendList, SIBLING_BACKENDS_ENV, SIBLING_BACKENDS_KEY } from "../backend/stacks";
import { kindOfType, type StackExport } from "../backend/stack-state";
import { DEFAULT_NAMESPACE, readSettingsInput, type TenantSettingsInput } from "../client/settings";
import { namespaceOf } from "../runtime";
import { reveal } from "../schema/envelope";

/** The plugin's provider resource type. */
const PLUGIN_PROVIDER_TYPE = "pulumi:providers:tenant";

/** One tenant as a stack reaches it: the runtime namespace to configure, and its settings. */
export interface StackTenant {
  /** A name for the runtime's connection (a configuration namespace, or the provider's URN). */
  namespace: string;
  input: TenantSettingsInput;
}

/** A stack's state and configuration, read once. */
export class StackTenants {
  /** `exported` as `pulumi stack export --show-secrets` gives it; `config` by key (`prod:domain`), plain values. */
  constructor(
    readonly exported: StackExport,
    private readonly config: Record<string, string>,
  ) {}

  /** Reads the state and configuration of the stack `stackArgs` names (`--stack S`, or none: the selected one). */
  static async read(stackArgs: string[], cwd: string | undefined): Promise<StackTenants> {
    const [stateText, configText] = await Promise.all([
      runPulumi(["stack", "export", ...stackArgs, "--show-secrets"], { cwd }),
      runPulumi(["config", ...stackArgs, "--json", "--show-secrets"], { cwd }),
    ]);
    const config = Object.fromEntries(
      Object.entries(JSON.parse(configText || "{}") as Record<string, { value?: unknown }>)
        .filter(([, entry]) => entry.value !== undefined)
        .map(([key, entry]) => [key, String(entry.value)]),
    );
    return new StackTenants(JSON.parse(stateText) as StackExport, config);
  }

  /** The sibling backends the stack's configuration (or the environment) names. */
  siblings(): string[] {
    return parseBackendList(
      this.config[`${DEFAULT_NAMESPACE}:${SIBLING_BACKENDS_KEY}`] ?? process.env[SIBLING_BACKENDS_ENV],
    );
  }

  /** The tenant of a resource with these `inputs` and `provider` reference (`urn::id`). */
  tenantOf(inputs: Record<string, unknown>, provider: string | undefined): StackTenant {
    const providerUrn = provider?.split("::").slice(0, -1).join("::");
    const resource = this.exported.deployment?.resources?.find((item) => item.urn === providerUrn);
    if (resource?.type === PLUGIN_PROVIDER_TYPE) {
      const args = reveal(resource.inputs ?? {}) as Record<string, unknown>;
      const lookup = (key: string) => {
        const value = args[key.slice(key.indexOf(":") + 1)];
        return value === undefined || value === null ? undefined : String(value);
      };
      // The default provider (`default_0_3_0`) stands for the `tenant:*` configuration; an explicit one is
      // its own connection, named after the provider resource.
      const name = resource.urn?.split("::").pop() ?? "";
      const namespace = name === "" || name.startsWith("default") ? DEFAULT_NAMESPACE : name;
      return { namespace, input: readSettingsInput(lookup, process.env) };
    }
    const namespace = namespaceOf(inputs);
    return { namespace, input: readSettingsInput((key) => this.config[key], process.env, namespace) };
  }

  /** Every tenant the stack's resources use (the default one when it holds none). */
  tenants(): StackTenant[] {
    const found = new Map<string, StackTenant>();
    for (const resource of this.exported.deployment?.resources ?? []) {
      if (!kindOfType(resource.type)) continue;
      const tenant = this.tenantOf(resource.outputs ?? resource.inputs ?? {}, resource.provider);
      found.set(tenant.namespace, tenant);
    }
    if (found.size === 0) found.set(DEFAULT_NAMESPACE, this.tenantOf({}, undefined));
    return [...found.values()];
  }
}
