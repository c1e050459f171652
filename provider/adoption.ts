/**
 * Adoption that follows the stack's tenant: a program `generate` wrote keeps the ids of the
 * tenant it was read from in a data file beside it (`adopt.json`), never in its code, and
 * adopts those objects only on that tenant. The same program deployed to any other tenant
 * creates its own objects there.
 */
import { originOf } from "./client/settings";
import { DEFAULT_TENANT_NAMESPACE, lookupSettingsInput } from "./lookups/client";

/** The file `generate` writes beside a TypeScript program: the source tenant and its ids. */
export const ADOPTION_FILE = "adopt.json";

/** What {@link ADOPTION_FILE} holds. */
export interface AdoptionRecord {
  /** The origin of the tenant the ids belong to (`https://dev-tenant.eu.auth0.com`). */
  tenant: string;
  /** Each resource's id in that tenant, by the resource's name in the program. */
  ids: Readonly<Record<string, string>>;
}

/** Options of {@link adoption}. */
export interface AdoptionOptions {
  /**
   * The configuration namespace whose `domain` names the stack's tenant, as the resources'
   * `tenant` argument (default `tenant`: `tenant:domain`, else `AUTH0_DOMAIN`).
   */
  tenant?: string;
}

/** The answers of an {@link adoption}: what each resource adopts on this stack's tenant. */
export interface Adoption {
  /**
   * True when the stack's tenant is the tenant the record was written from (the objects
   * exist here), false otherwise — and false when no `domain` is configured at all: the
   * resources then fail on their own settings, with the keys to set.
   */
  readonly onSourceTenant: boolean;
  /**
   * The id the resource `name` adopts: the recorded id on the source tenant, `undefined`
   * elsewhere (the resource then creates its object) or when the record has no id for it.
   * Pass it as `adoptId`.
   */
  id(name: string): string | undefined;
  /**
   * `true` on the source tenant, `undefined` elsewhere: pass it as a singleton's `adopt`
   * (the login template), which then takes over the existing one only where it was read.
   */
  readonly singleton: true | undefined;
}

/**
 * Reads which tenant this stack deploys to and answers, per resource, whether it adopts an
 * existing object: the recorded id on the tenant the record was written from, nothing on any
 * other tenant. This is what lets one generated program be promoted from dev to prod
 * unchanged: on dev the first `pulumi up` adopts every object (no write while they match the
 * code), on prod it creates them, each reference (`flow.id`) resolving to prod's own ids.
 *
 * ```ts
 * const adopt = tenant.adoption(require("./adopt.json"));
 * const enrich = new tenant.Flow("enrich", { adoptId: adopt.id("enrich"), name: "Enrich", ... });
 * new tenant.LoginTemplate("login", { adopt: adopt.singleton, template: ... });
 * ```
 *
 * The stack's tenant is the namespace's `domain` setting as the provider reads it (stack
 * configuration `tenant:domain`, or `<tenant>:domain` for another namespace; the default
 * namespace falls back to `AUTH0_DOMAIN`). Tenants are compared by origin (scheme, host,
 * port), so the same tenant under another spelling of its domain still adopts:
 * `Dev-Tenant.eu.auth0.com`, `https://dev-tenant.eu.auth0.com/` and
 * `https://dev-tenant.eu.auth0.com:443` are one tenant. A custom domain in front of the
 * tenant is a different origin, so it does not adopt: regenerate from it, or edit the
 * record's `tenant`. A domain that is not a valid domain or origin adopts nothing; the
 * resources report it with the key to fix.
 *
 * Adoption happens on a resource's create only; once the stack manages its objects, the
 * record is not read again by the provider (`adoptId` is ignored after creation).
 *
 * @param record - the contents of {@link ADOPTION_FILE}: `{ tenant: "<origin>", ids: { <name>: "<id>" } }`.
 * @param options - the configuration namespace of the tenant, when not the default.
 */
export function adoption(record: AdoptionRecord, options: AdoptionOptions = {}): Adoption {
  const namespace = options.tenant ?? DEFAULT_TENANT_NAMESPACE;
  const here = comparableOrigin(lookupSettingsInput(namespace).domain);
  const source = comparableOrigin(record.tenant);
  const onSourceTenant = here !== undefined && here === source;
  return {
    onSourceTenant,
    id: (name) => (onSourceTenant && Object.hasOwn(record.ids, name) ? record.ids[name] : undefined),
    singleton: onSourceTenant ? true : undefined,
  };
}

/** `domain` as an origin to compare, as the provider makes it; `undefined` when absent or invalid. */
function comparableOrigin(domain: string | undefined): string | undefined {
  if (domain === undefined) return undefined;
  try {
    return originOf(domain);
  } catch {
    return undefined;
  }
}
