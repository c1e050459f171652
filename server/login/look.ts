/**
 * The tenant's configuration the hosted login's pages are drawn from, read from the store where
 * the kinds' singleton routes keep it (server/routes/singleton-records.ts: the table its tenant
 * rules name, else one named after its path; the record of its `singletonId`, the one record of
 * a singleton whose id the tenant makes, or, for a kind keyed by path fields, the record of the
 * key's values joined, `login-id:en`).
 */
import { kindSpec, SINGLETON_KEY_SEPARATOR } from "../../api";
import type { BrandingSettings } from "../../api/neighbours";
import { tenantRules } from "../../api/kinds/tenant";
import { type ByScreen, type SettingsLook, type TenantLook, type ThemeLook } from "../../render";
import type { Store } from "../store";
import { enabledLocales } from "./language";

/** The kinds of the look: the page template, the branding settings and theme, the prompts' settings, texts and partials. */
const TEMPLATE_KIND = "loginTemplate";
const BRANDING_KIND = "branding";
const THEME_KIND = "brandingTheme";
const SETTINGS_KIND = "promptSettings";
const TEXTS_KIND = "promptCustomText";
const PARTIALS_KIND = "promptScreenPartials";

/** The prompts the renderer draws (the error page has no prompt of the service's). */
const DRAWN_PROMPTS = ["login", "login-id", "login-password", "signup"] as const;

type StoredObject = Record<string, unknown>;

/** The table of singleton kind `kind`, as its routes name it. */
function tableOf(store: Store, kind: string) {
  const spec = kindSpec(kind);
  if (!spec || spec.shape !== "singleton") throw new Error(`kind "${kind}" is not a singleton`);
  const table = tenantRules(kind).singleton?.table ?? spec.path.slice(1).replace(/[^a-z]+/g, "_");
  return store.collection<StoredObject>(table);
}

/** The stored record of singleton kind `kind` (one object, of a fixed id), where its routes keep it. */
function singletonRecord<T>(store: Store, kind: string): T | undefined {
  return tableOf(store, kind).get(kindSpec(kind)!.singletonId ?? "singleton") as T | undefined;
}

/** The stored objects of keyed singleton kind `kind` for each of `keys` (its key fields' values), by the first value. */
function keyedRecords(store: Store, kind: string, keys: readonly (readonly string[])[]): Record<string, StoredObject> {
  const table = tableOf(store, kind);
  const found: Record<string, StoredObject> = {};
  for (const key of keys) {
    const record = table.get(key.join(SINGLETON_KEY_SEPARATOR));
    if (record) found[key.join(SINGLETON_KEY_SEPARATOR)] = record;
  }
  return found;
}

/** The custom texts of the drawn prompts in the tenant's enabled languages: prompt → language → screens. */
function customTexts(store: Store): TenantLook["customTexts"] {
  const keys = DRAWN_PROMPTS.flatMap((prompt) => enabledLocales(store).map((language) => [prompt, language]));
  const texts: Record<string, Record<string, ByScreen>> = {};
  for (const [key, record] of Object.entries(keyedRecords(store, TEXTS_KIND, keys))) {
    const [prompt, language] = key.split(SINGLETON_KEY_SEPARATOR) as [string, string];
    (texts[prompt] ??= {})[language] = record as ByScreen;
  }
  return texts;
}

/** The prompts' settings as they are stored now (`identifier_first`: the login asks for the identifier first). */
export function promptSettings(store: Store): SettingsLook | undefined {
  return singletonRecord<SettingsLook>(store, SETTINGS_KIND);
}

/** The local tenant's names (the server has no tenant settings to take them from). */
export const LOCAL_TENANT = { name: "local", friendly_name: "Local tenant" } as const;

/** The tenant's look as it is stored now. */
export function tenantLook(store: Store): TenantLook {
  const template = singletonRecord<{ body?: unknown }>(store, TEMPLATE_KIND)?.body;
  const branding = singletonRecord<BrandingSettings>(store, BRANDING_KIND);
  const theme = tableOf(store, THEME_KIND).findWhere({})[0] as ThemeLook | undefined;
  const settings = promptSettings(store);
  const partials = keyedRecords(
    store,
    PARTIALS_KIND,
    DRAWN_PROMPTS.map((prompt) => [prompt]),
  ) as TenantLook["partials"];
  return {
    ...(typeof template === "string" ? { template } : {}),
    ...(branding ? { branding } : {}),
    ...(theme ? { theme } : {}),
    ...(settings ? { promptSettings: settings } : {}),
    customTexts: customTexts(store),
    partials,
    tenant: { ...LOCAL_TENANT },
  };
}
