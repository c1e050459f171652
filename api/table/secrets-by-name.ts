/**
 * Secrets carried by name: a kind whose secrets are a list of `{name, value}` (an action's, a
 * module's) is answered by the service with names only, in its own order (those it had first,
 * new ones appended), so neither the tenant's merge nor the provider's carrying of values may
 * go by position. Plain functions of JSON, for both sides.
 */
import { isObject } from "../json";

/** A named secret as written or stored: its name, its value when known, when it was set. */
export interface NamedSecret {
  readonly name: string;
  readonly value?: unknown;
  readonly updated_at?: string;
}

const namedSecrets = (value: unknown): NamedSecret[] =>
  (Array.isArray(value) ? value : []).filter(
    (item): item is NamedSecret => isObject(item) && typeof item.name === "string",
  );

/**
 * The secrets a write leaves, as the service orders them: the `existing` ones the request
 * still names, in their order, then the new ones in the request's order. Each value is the
 * request's, else the existing one's (a name given without a value keeps it; a new one without
 * a value is empty, as the published value is optional). `updated_at` moves to `now` when the
 * value changes, and is `now` for a new one.
 */
export function mergeSecretsByName(
  existing: unknown,
  requested: unknown,
  now: string,
): { name: string; value: unknown; updated_at: string }[] {
  const asked = new Map(namedSecrets(requested).map((secret) => [secret.name, secret]));
  const before = namedSecrets(existing);
  const kept = before.filter((secret) => asked.has(secret.name)).map((secret) => secret.name);
  const added = [...asked.keys()].filter((name) => !kept.includes(name));
  const old = new Map(before.map((secret) => [secret.name, secret]));
  return [...kept, ...added].map((name) => {
    const previous = old.get(name);
    const value = asked.get(name)?.value ?? previous?.value ?? "";
    const unchanged = previous !== undefined && previous.value === value;
    return { name, value, updated_at: unchanged ? (previous.updated_at ?? now) : now };
  });
}

/**
 * `answered` (secrets by name, no value, in the tenant's order) with each value `source` holds
 * for the same name: what the provider carries from its inputs or old outputs into outputs.
 * A secret `source` has no value for (added outside the program) stays without one.
 */
export function withSecretValuesByName(answered: unknown, source: unknown): unknown[] {
  const values = new Map(
    namedSecrets(source)
      .filter((secret) => secret.value !== undefined)
      .map((secret) => [secret.name, secret.value]),
  );
  return namedSecrets(answered).map(({ name }) => (values.has(name) ? { name, value: values.get(name) } : { name }));
}

/** Secrets in a canonical order (by name) for comparison: the tenant's order is not the program's. */
export function secretsInNameOrder<T extends NamedSecret>(secrets: readonly T[]): T[] {
  return [...secrets].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
