/**
 * The form on the tenant server: what the server applies on top of the generic collection
 * routes (empty values not stored, `ending` defaulted, every `next_node` resolving). Loaded by
 * the tenant server only (api/kinds/tenant.ts), never by the provider.
 */
import type { KindObject, KindRules } from "../../table/kind-spec";
import type { JsonObject } from "../../json";
import { DEFAULT_FORM_ENDING } from "./fields";
import { unresolvedFormNodeReferences } from "./node-references";
import { pruneEmpty } from "./provider";

/**
 * The form to store, keys in the service's order (id, fields, timestamps): empty values
 * dropped, `ending` defaulted (also after a PATCH clears it). An update replaces whole
 * top-level keys, and `null` or an empty value clears one.
 */
export function storedForm(object: KindObject, change: JsonObject, existing?: KindObject): KindObject {
  const { id, created_at: createdAt, updated_at: updatedAt } = object;
  let fields: JsonObject;
  if (!existing) {
    fields = pruneEmpty(change) as JsonObject;
  } else {
    const { id: _id, created_at: _created, updated_at: _updated, ...kept } = existing;
    fields = { ...kept };
    const changes = pruneEmpty(change) as JsonObject;
    for (const key of Object.keys(change)) {
      if (changes[key] === undefined || changes[key] === null) delete fields[key];
      else fields[key] = changes[key];
    }
  }
  const { name, ...rest } = fields;
  return {
    id,
    name,
    ...rest,
    ending: rest.ending ?? DEFAULT_FORM_ENDING,
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

/** The service's refusal of a form whose `next_node`s (JUMP_BUTTON components' included) name no node. */
export function unknownFormNodeTargets(form: KindObject): string | undefined {
  const unknown = [...new Set(unresolvedFormNodeReferences(form).map((reference) => String(reference.target)))];
  return unknown.length > 0 ? `Some nodes point to unknown node IDs: ${unknown.join(", ")}` : undefined;
}

/** The form's rules on the tenant server. */
export const formTenantRules: KindRules = { stored: storedForm, refuseStored: unknownFormNodeTargets };
