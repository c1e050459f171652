/**
 * Secret changes, made visible: `pulumi preview --diff` shows a changed secret as
 * `[secret]` on both sides and marks nothing, so a rotated webhook password or component
 * secret would look like an update of nothing. `check` adds an input naming the fields
 * (never a value), which the diff marks, and `diff` warns on the resource's line.
 */
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

/** The managed fields whose secrets differ between old and new inputs (all known). */
export function rotatedSecretFields(spec: SecretFields, olds: JsonObject, news: JsonObject): string[] {
  const { secretsOf } = spec;
  return spec.fields.filter((field) => {
    const after = secretsOf(payloadOf([field], news));
    return !after.includes(UNKNOWN) && !deepEqual(secretsOf(payloadOf([field], olds)), after);
  });
}

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
  if (after.includes(UNKNOWN) || deepEqual(before, after)) return;
  const fields = Object.keys({ ...desired, ...current }).filter((key) => !deepEqual(desired[key], current[key]));
  void warn(`${fields.join(", ")}: a secret changes (values are never shown); \`pulumi up\` sends the new one.`);
}
