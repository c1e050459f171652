/**
 * The registration of every kind: its implementation (what the runtime dispatches to, by
 * the kind name stored providers pass), the readers of its lookups (what the plugin's
 * functions run) and its part in `generate`. Every kind of the table is served by its entry
 * alone: a collection by {@link tableKindModule} (the collection lifecycle, lookups by id or
 * name, `generate`), a singleton by {@link singletonKindModule} (PUT, GET and DELETE at its
 * path, `adopt`, its lookup, `generate`), each with its own rules as hooks beside its entry;
 * so a new kind needs no line here.
 */
import { KIND_NAMES, kindSpec } from "../../api";
import type { AnyKindModule } from "./types";
import { singletonKindModule } from "./singleton";
import { tableKindModule } from "./table-kind";

export { TYPE_MODULE, TYPE_NAMES, type ResourceKind } from "./tokens";

export type { AnyKindModule } from "./types";

/** The registrations of kinds declared beyond the table (api `defineKind`). */
const DEFINED_MODULES = new Map<string, AnyKindModule>();

/** Registers the module of a kind declared with `defineKind` (e.g. `tableKindModule(name)`). */
export function defineKindModule(name: string, module: AnyKindModule): void {
  // A kind of the table has its module already: the one made from its entry.
  if ((KIND_NAMES as readonly string[]).includes(name) || DEFINED_MODULES.has(name)) {
    throw new Error(`kind "${name}" has a module already`);
  }
  DEFINED_MODULES.set(name, module);
}

/** The modules made from table entries, made once per kind on first use. */
const TABLE_MODULES = new Map<string, AnyKindModule>();

/** The registration of kind `name`; throws for a kind nothing declares. */
export function kindModule(name: string): AnyKindModule {
  const module = DEFINED_MODULES.get(name);
  if (module) return module;
  if (!(KIND_NAMES as readonly string[]).includes(name))
    throw new Error(`pulumi-tenant: unknown resource kind "${name}"`);
  let made = TABLE_MODULES.get(name);
  if (!made) {
    made = kindSpec(name)!.shape === "singleton" ? singletonKindModule(name) : tableKindModule(name);
    TABLE_MODULES.set(name, made);
  }
  return made;
}
