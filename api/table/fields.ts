/**
 * Fields of a kind read off its schemas, and outputs made from inputs by picking them: what a
 * kind of the Action's shape would otherwise repeat by hand.
 */
import type { JsonSchema } from "../schema/builder";

/** The top-level fields an object schema names, in its order (a create schema: what a resource sets). */
export function fieldsOf(schema: JsonSchema): string[] {
  return Object.keys(((schema as { properties?: object }).properties ?? {}) as object);
}

/** `value`'s fields among `fields` that are set (neither undefined nor null), in `fields`' order. */
export function pickSet(value: Readonly<Record<string, unknown>>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (value[field] !== undefined && value[field] !== null) out[field] = value[field];
  return out;
}
