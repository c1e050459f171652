/**
 * The tenant's configuration the hosted login's pages are drawn from, read from the store where
 * the kinds' singleton routes keep it (server/routes/singleton.ts: the table its tenant rules
 * name, the record of its `singletonId`).
 */
import { kindSpec } from "../../api";
import type { BrandingSettings } from "../../api/neighbours";
import { tenantRules } from "../../api/kinds/tenant";
import type { TenantLook } from "../../render";
import type { Store } from "../store";

/** The kinds whose one object the login page shows: the page template and the branding settings. */
const TEMPLATE_KIND = "loginTemplate";
const BRANDING_KIND = "branding";

/** The stored record of singleton kind `kind`, where its routes keep it. */
function singletonRecord<T>(store: Store, kind: string): T | undefined {
  const spec = kindSpec(kind);
  const table = tenantRules(kind).singleton?.table;
  if (!spec || !table) throw new Error(`kind "${kind}" is no singleton with a table of its own`);
  return store.collection<T & Record<string, unknown>>(table).get(spec.singletonId ?? "singleton");
}

/** The local tenant's names (the server has no tenant settings to take them from). */
export const LOCAL_TENANT = { name: "local", friendly_name: "Local tenant" } as const;

/** The tenant's look as it is stored now. */
export function tenantLook(store: Store): TenantLook {
  const template = singletonRecord<{ body?: unknown }>(store, TEMPLATE_KIND)?.body;
  const branding = singletonRecord<BrandingSettings>(store, BRANDING_KIND);
  return {
    ...(typeof template === "string" ? { template } : {}),
    ...(branding ? { branding } : {}),
    tenant: { ...LOCAL_TENANT },
  };
}
