/**
 * Secret changes, made visible: `pulumi preview --diff` shows a changed secret as
 * `[secret]` on both sides and marks nothing, so a rotated webhook password or component
 * secret would look like an update of nothing. `check` adds an input naming the fields
 * (never a value), which the diff marks, and `diff` warns on the resource's line.
 *
 * And write-only secrets an import could not read: the tenant never answers them, so the state
 * `pulumi import` writes holds none. As with adoption, the program's value is taken to be the
 * one the tenant holds (nothing can tell otherwise), so the first preview after the import
 * shows no change; a secret the program changes after that is sent.
 */
import { secretPlaces, type SecretPath } from "../../api";
import { deepEqual, type JsonObject, payloadOf, UNKNOWN } from "./shared";
import { warn } from "../diagnostics";

/** What these checks need of a kind: its fields and their secrets (from its table entry's secret paths). */
export interface SecretFields {
  /** The managed top-level fields, in the API's names. */
  readonly fields: readonly string[];
  /** The secret values of a body (none for a kind without secrets). */
  secretsOf(body: JsonObject): (string | undefined)[];
}

/**
 * The input `check` adds when a secret changes: `preview --diff` shows `[secret]` on both
 * sides of a changed secret and marks nothing, but it marks this key (`+ rotatedSecrets:
 * ["destination"]`), which names the fields and holds no secret. Never sent to the API.
 */
export const ROTATED_SECRETS_KEY = "rotatedSecrets";

/**
 * The managed fields whose secrets differ between old and new inputs (all known). A field whose
 * old inputs hold no secret is not one: the secret is new there (the diff shows it added) or the
 * state never held it (an import, {@link UNREAD_SECRETS_KEY}).
 */
export function rotatedSecretFields(spec: SecretFields, olds: JsonObject, news: JsonObject): string[] {
  const { secretsOf } = spec;
  return spec.fields.filter((field) => {
    const before = secretsOf(payloadOf([field], olds));
    const after = secretsOf(payloadOf([field], news));
    return before.length > 0 && !after.includes(UNKNOWN) && !deepEqual(before, after);
  });
}

/**
 * The output an import's read adds (`true`) when the kind's secrets are write-only: the state
 * holds none of them, as the tenant never answers them. Kept by each refresh, gone with the
 * first write (whose outputs carry the secrets sent). Never sent to the API; the engine does not
 * show a property whose name starts with `__`.
 */
export const UNREAD_SECRETS_KEY = "__secretsNotRead";

/** `outputs` with the unread-secrets mark when `read` had no state (`previous` absent) or `previous` has it. */
export function markUnreadSecrets(
  outputs: JsonObject,
  previous: JsonObject | undefined,
  secretsAre: "write-only" | "read-back" | undefined,
): JsonObject {
  const unread = secretsAre === "write-only" && (previous === undefined || previous[UNREAD_SECRETS_KEY] === true);
  return unread ? { ...outputs, [UNREAD_SECRETS_KEY]: true } : outputs;
}

/**
 * `current` (comparable content of outputs `olds`) with each write-only secret the state never
 * held taken from `desired`, where `olds` has the unread-secrets mark: the tenant cannot say
 * whether the program's value is the one it holds, so it is taken to be (as adoption does). A
 * field `check` found rotated since the last step (`news`' {@link ROTATED_SECRETS_KEY}) keeps
 * the difference: the program changed that secret, and `up` sends it.
 */
export function withUnreadSecretsTaken(
  current: JsonObject,
  desired: JsonObject,
  olds: JsonObject,
  news: JsonObject,
  secretPaths: readonly SecretPath[],
): JsonObject {
  if (olds[UNREAD_SECRETS_KEY] !== true) return current;
  const rotated = Array.isArray(news[ROTATED_SECRETS_KEY]) ? (news[ROTATED_SECRETS_KEY] as unknown[]) : [];
  const taken = structuredClone(current);
  for (const place of secretPlaces(desired, secretPaths)) {
    if (rotated.includes(place[0])) continue;
    let from: unknown = desired;
    let into: unknown = taken;
    for (const key of place.slice(0, -1)) {
      from = (from as Record<string | number, unknown>)[key];
      into = isContainer(into) ? into[key] : undefined;
    }
    const last = place[place.length - 1];
    // Only where the state holds the object that has the secret, and no value for it.
    if (isContainer(into) && into[last] === undefined)
      into[last] = structuredClone((from as Record<string, unknown>)[last]);
  }
  return taken;
}

const isContainer = (value: unknown): value is Record<string | number, unknown> =>
  typeof value === "object" && value !== null;

/**
 * A changed secret shows as `[secret]` on both sides of `preview --diff`, so nothing
 * there is marked: a warning on the resource's line names the field instead.
 */
export function secretChange(
  spec: SecretFields,
  olds: JsonObject,
  news: JsonObject,
  desired: JsonObject,
  current: JsonObject,
): void {
  const before = spec.secretsOf(payloadOf(spec.fields, olds));
  const after = spec.secretsOf(payloadOf(spec.fields, news));
  // No secret before: one added shows in the diff, and one never read is no change (withUnreadSecretsTaken).
  if (before.length === 0 || after.includes(UNKNOWN) || deepEqual(before, after)) return;
  const fields = Object.keys({ ...desired, ...current }).filter((key) => !deepEqual(desired[key], current[key]));
  void warn(`${fields.join(", ")}: a secret changes (values are never shown); \`pulumi up\` sends the new one.`);
}
