/**
 * The registration of every kind: its implementation (what the runtime dispatches to, by
 * the kind name stored providers pass), the readers of its lookups (what the plugin's
 * functions run) and its part in `generate`. Type names and lookups are the table's
 * (api/kinds.ts): a kind or lookup missing here does not compile.
 */
import { KIND_NAMES, type KINDS } from "../../api";
import type { ResourceKind } from "../lifecycle/tokens";
import type { AnyKindModule, LookupReader } from "../lifecycle/types";
import { tableKindModule } from "../lifecycle/table-kind";
import { loginTemplateGenerator } from "./login-template/generate";
import { loginTemplateReaders } from "./login-template/lookup";
import { loginTemplateImplementation } from "./login-template/provider";

export { TYPE_MODULE, TYPE_NAMES, type ResourceKind } from "../lifecycle/tokens";

export type { AnyKindModule } from "../lifecycle/types";

/** A table kind's registration: a reader for each lookup of its table entry, checked at compile time. */
export type KindModule<K extends ResourceKind> = AnyKindModule & {
  readers: { readonly [L in (typeof KINDS)[K]["lookups"][number]["name"]]: LookupReader };
};

/**
 * The registrations of the kinds with files of their own. A table kind not listed here is
 * served by its table entry alone ({@link tableKindModule}: the collection lifecycle,
 * lookups by id or name, `generate`), so a new kind needs no line here.
 */
export const KIND_MODULES: { readonly [K in ResourceKind]?: KindModule<K> } = {
  loginTemplate: {
    implementation: loginTemplateImplementation,
    readers: loginTemplateReaders,
    generator: loginTemplateGenerator,
  },
};

/** The registrations of kinds declared beyond the table (api `defineKind`). */
const DEFINED_MODULES = new Map<string, AnyKindModule>();

/** Registers the module of a kind declared with `defineKind` (e.g. `tableKindModule(name)`). */
export function defineKindModule(name: string, module: AnyKindModule): void {
  // A kind of the table has its module already: its own, or the one made from its entry.
  if ((KIND_NAMES as readonly string[]).includes(name) || DEFINED_MODULES.has(name)) {
    throw new Error(`kind "${name}" has a module already`);
  }
  DEFINED_MODULES.set(name, module);
}

/** The modules made from table entries alone, made once per kind on first use. */
const TABLE_MODULES = new Map<string, AnyKindModule>();

/** The registration of kind `name`; throws for a kind nothing declares. */
export function kindModule(name: string): AnyKindModule {
  const module = Object.hasOwn(KIND_MODULES, name) ? KIND_MODULES[name as ResourceKind] : DEFINED_MODULES.get(name);
  if (module) return module;
  if (!(KIND_NAMES as readonly string[]).includes(name))
    throw new Error(`pulumi-tenant: unknown resource kind "${name}"`);
  let made = TABLE_MODULES.get(name);
  if (!made) TABLE_MODULES.set(name, (made = tableKindModule(name)));
  return made;
}
