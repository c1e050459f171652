/**
 * What a resource outputs, as a schema: what the package schema (hence every SDK) and the
 * generated classes declare, so that a declared output is one the provider gives. A leaf
 * module (the plugin's start loads it): it imports the api floor only.
 */
import type { JsonSchema, KindSpec } from "../../api";

/**
 * The server-made fields a table-made kind's resource outputs besides its inputs: its
 * timestamps. Others (a connection's `fingerprint`, a flow's `executed_at`) move without a
 * write of the program's and would read as drift at every refresh; the lookups answer them.
 */
export const TABLE_OUTPUT_FIELDS: readonly string[] = ["created_at", "updated_at"];

/**
 * The outputs of kind `spec`'s resources: a kind with files of its own (`ownClass`) outputs
 * what GET answers; a kind made from its entry alone, its create fields, `id` and
 * {@link TABLE_OUTPUT_FIELDS}.
 */
export function outputSchemaOf(spec: KindSpec): JsonSchema {
  const response = spec.responseSchema;
  if (spec.ownClass || spec.shape !== "collection") return response;
  const inputs = new Set(Object.keys((spec.createSchema.properties ?? {}) as object));
  const made = spec.outputFields ?? TABLE_OUTPUT_FIELDS;
  const kept = (field: string) => field === "id" || inputs.has(field) || made.includes(field);
  const properties = Object.fromEntries(
    Object.entries((response.properties ?? {}) as Record<string, unknown>).filter(([field]) => kept(field)),
  );
  const required = ((response.required ?? []) as string[]).filter(kept);
  return { ...response, properties, required };
}
