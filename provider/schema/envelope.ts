/**
 * Secrets across the plugin's gRPC boundary. The plugin accepts secrets (Configure answers
 * `acceptSecrets`), so the engine sends secret values as envelopes and stores as secret
 * exactly what the plugin returns as envelopes. The runtime works on plain values
 * ({@link reveal}); on the way back, {@link sealOutputs} wraps every value at the kind's
 * secret paths (the table of kinds, api/kinds/index.ts) — a form component's `secret_key` alone,
 * not its whole `nodes` — whether or not the program marked it, and keeps secret whatever the
 * program sent as a secret.
 */
import { kindSpec, sealSecrets } from "../../api";
import { isObject } from "../../api/json";

/** The key and value that mark an object as a secret envelope (Pulumi's wire protocol). */
export const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** A secret envelope: `value` on the wire; `plaintext` (its JSON) in `pulumi stack export --show-secrets`. */
type Envelope = { [SECRET_SIG_KEY]: typeof SECRET_SIG; value?: unknown; plaintext?: string };

export const isSecret = (value: unknown): value is Envelope => isObject(value) && value[SECRET_SIG_KEY] === SECRET_SIG;

/** `value` as a secret envelope (an envelope stays one). */
export const secret = (value: unknown): unknown => (isSecret(value) ? value : { [SECRET_SIG_KEY]: SECRET_SIG, value });

/**
 * A copy of `value` with every secret envelope replaced by its value: the wire's, or an
 * export's `plaintext` (`--show-secrets`); an envelope still encrypted becomes undefined.
 */
export function reveal<T>(value: T): T {
  if (isSecret(value))
    return reveal(typeof value.plaintext === "string" ? (JSON.parse(value.plaintext) as unknown) : value.value) as T;
  if (Array.isArray(value)) return value.map(reveal) as T;
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reveal(v)])) as T;
  return value;
}

/** True when `value` holds a secret envelope anywhere. */
export function containsSecret(value: unknown): boolean {
  if (isSecret(value)) return true;
  if (Array.isArray(value)) return value.some(containsSecret);
  if (isObject(value)) return Object.values(value).some(containsSecret);
  return false;
}

/**
 * Carries the secretness of `ins` (what the engine sent) over to `outs` (plain JSON): where
 * both are objects, key by key; where both are arrays of the same length, item by item;
 * anywhere else an input holding a secret makes the whole output value secret. (The engine
 * does the same for providers that do not accept secrets, but whole arrays at once.)
 */
export function carrySecrets(outs: unknown, ins: unknown): unknown {
  if (isSecret(outs) || !containsSecret(ins)) return outs;
  if (isSecret(ins)) return secret(outs);
  const input = ins;
  if (isObject(outs) && isObject(input))
    return Object.fromEntries(
      Object.entries(outs).map(([key, value]) => [key, key in input ? carrySecrets(value, input[key]) : value]),
    );
  if (Array.isArray(outs) && Array.isArray(input) && outs.length === input.length)
    return outs.map((item, index) => carrySecrets(item, input[index]));
  return secret(outs);
}

/** Plain `values` of resource `kind` with its declared secrets sealed and the secrets of `ins` carried over. */
export function sealOutputs(kind: string, values: Record<string, unknown>, ins: unknown): Record<string, unknown> {
  const sealed = sealSecrets(reveal(values), kindSpec(kind)?.secretPaths ?? [], secret);
  return carrySecrets(sealed, ins) as Record<string, unknown>;
}
