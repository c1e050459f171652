/**
 * What a client may see of a stored object: a kind whose secrets are write-only (the
 * table's `secretsAre`) never returns them, so they are taken out at the table's secret
 * paths, the same paths the store seals at rest and the log redacts.
 */
import { kindSpec, withoutSecrets } from "../api";

/** `object` of kind `kind` as the API answers it: its write-only secrets removed. */
export function publicObject<T>(kind: string, object: T): T {
  const spec = kindSpec(kind);
  if (!spec || spec.secretsAre !== "write-only" || spec.secretPaths.length === 0) return object;
  return withoutSecrets(object, spec.secretPaths);
}
