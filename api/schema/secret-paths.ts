/**
 * Where secrets sit in a resource's fields, as data: the provider marks them as Pulumi
 * secrets, keeps them out of the create journal and out of error messages, and the
 * server's log redacts their keys. One list per resource (each kind's contract), read by all.
 *
 * A path is a list of steps from the resource's fields: a key, `"*"` for every item of
 * an array, or `{ where: {key: value} }` to continue only into objects whose `key`
 * has that value (e.g. only RECAPTCHA components). The value at the end of a path is
 * the secret, whole (a string, or an object such as PAYMENT `credentials`).
 */
import { isObject } from "../json";

/** One step of a {@link SecretPath}. */
export type SecretStep = string | { readonly where: Readonly<Record<string, string>> };

/** Where one secret sits. */
export type SecretPath = readonly SecretStep[];

/** Any array item. */
export const EACH = "*";

/** True when `value` (an object) passes a `where` step. */
function matches(value: Record<string, unknown>, where: Readonly<Record<string, string>>): boolean {
  return Object.entries(where).every(([key, wanted]) => value[key] === wanted);
}

/**
 * Calls `visit(parent, key)` for each place a path reaches in a JSON value (plain
 * objects and arrays; anything else ends the walk).
 */
function walk(value: unknown, path: SecretPath, visit: (parent: Record<string, unknown>, key: string) => void): void {
  if (path.length === 0) return;
  const [step, ...rest] = path;
  if (typeof step === "object") {
    if (isObject(value) && matches(value, step.where)) walk(value, rest, visit);
    return;
  }
  if (step === EACH) {
    if (Array.isArray(value)) for (const item of value) walk(item, rest, visit);
    return;
  }
  if (!isObject(value) || !(step in value)) return;
  if (rest.length === 0) visit(value, step);
  else walk(value[step], rest, visit);
}

/** Where one secret sits in one value: keys and array indexes (`["nodes", 0, "config", …]`). */
export type SecretPlace = readonly (string | number)[];

/**
 * The places `paths` reach in the JSON `value` that hold something (not undefined): where
 * the tenant server seals at rest, in the same path language as the rest.
 */
export function secretPlaces(value: unknown, paths: readonly SecretPath[]): SecretPlace[] {
  const places: SecretPlace[] = [];
  const visit = (here: unknown, path: SecretPath, place: SecretPlace): void => {
    if (path.length === 0) {
      if (here !== undefined) places.push(place);
      return;
    }
    const [step, ...rest] = path;
    if (typeof step === "object") {
      if (isObject(here) && matches(here, step.where)) visit(here, rest, place);
    } else if (step === EACH) {
      if (Array.isArray(here)) here.forEach((item, index) => visit(item, rest, [...place, index]));
    } else if (isObject(here) && step in here) visit(here[step], rest, [...place, step]);
  };
  for (const path of paths) visit(value, path, []);
  return places;
}

/** Every secret value at `paths` in `value` (strings, and the strings inside secret objects). */
export function secretValues(value: unknown, paths: readonly SecretPath[]): string[] {
  const found: string[] = [];
  const collect = (secret: unknown): void => {
    if (typeof secret === "string" && secret.length > 0) found.push(secret);
    else if (Array.isArray(secret)) secret.forEach(collect);
    else if (isObject(secret)) Object.values(secret).forEach(collect);
  };
  for (const path of paths) walk(value, path, (parent, key) => collect(parent[key]));
  return found;
}

/** A deep copy of the JSON `value` without the values at `paths`. */
export function withoutSecrets<T>(value: T, paths: readonly SecretPath[]): T {
  const copy = structuredClone(value);
  for (const path of paths)
    walk(copy, path, (parent, key) => {
      delete parent[key];
    });
  return copy;
}

/** A deep copy of the JSON `value` with each value at `paths` (not null) replaced by `seal(value)`. */
export function sealSecrets<T>(value: T, paths: readonly SecretPath[], seal: (secret: unknown) => unknown): T {
  const copy = structuredClone(value);
  for (const path of paths)
    walk(copy, path, (parent, key) => {
      if (parent[key] !== null && parent[key] !== undefined) parent[key] = seal(parent[key]);
    });
  return copy;
}

/**
 * A deep copy of the JSON `value` with the secrets `source` holds at `paths` put at the
 * same places (where `value` has the object that holds them): what a write-only secret's
 * owner carries from its inputs into outputs the API answered without it.
 */
export function withSecretsOf<T>(value: T, source: unknown, paths: readonly SecretPath[]): T {
  const copy = structuredClone(value);
  for (const place of secretPlaces(source, paths)) {
    let from: unknown = source;
    let into: unknown = copy;
    for (const key of place.slice(0, -1)) {
      from = (from as Record<string | number, unknown>)[key];
      into = typeof into === "object" && into !== null ? (into as Record<string | number, unknown>)[key] : undefined;
    }
    const last = place[place.length - 1];
    if (typeof into === "object" && into !== null) {
      (into as Record<string | number, unknown>)[last] = structuredClone(
        (from as Record<string | number, unknown>)[last],
      );
    }
  }
  return copy;
}

/** The keys that hold secrets (the last key of each path), e.g. for a log's redaction list. */
export function secretKeys(paths: readonly SecretPath[]): string[] {
  const keys = paths
    .map((path) => path[path.length - 1])
    .filter((step): step is string => typeof step === "string" && step !== EACH);
  return [...new Set(keys)];
}
