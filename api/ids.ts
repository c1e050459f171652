/**
 * Ids the server makes: a prefix and a run of base58 characters, or a UUID (actions). Each
 * kind states its own format (api/kinds/<kind>/contract.ts); the table of kinds (api/kinds/index.ts)
 * derives the checks.
 */
import { randomBytes, randomUUID } from "node:crypto";

/** The base58 alphabet of the service's ids: no `0`, `O`, `I` or `l`. */
export const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/**
 * An id format: its prefix and the number of characters after it, of the base58 alphabet
 * (the default) or a lower-case UUID (`alphabet: "uuid"`, 36 characters: an action's id).
 */
export interface IdFormat {
  readonly prefix: string;
  readonly length: number;
  readonly alphabet?: "base58" | "uuid";
}

/** The source text of a lower-case UUID (version 4 as the service makes them, any version accepted). */
export const UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** The format of a UUID id without a prefix (an action's). */
export const UUID_ID_FORMAT = { prefix: "", length: 36, alphabet: "uuid" } as const satisfies IdFormat;

/** Regular expression (source text) matching a well-formed id of `format`. */
export function idPatternOf(format: IdFormat): string {
  if (format.alphabet === "uuid") return `^${format.prefix}${UUID_PATTERN}$`;
  return `^${format.prefix}[${BASE58_ALPHABET}]{${format.length}}$`;
}

/** A new random id of `format` (unbiased base58 from the OS random source, or a random UUID). */
export function newIdOf(format: IdFormat): string {
  if (format.alphabet === "uuid") return `${format.prefix}${randomUUID()}`;
  const { prefix, length } = format;
  let out = prefix;
  while (out.length < prefix.length + length) {
    for (const byte of randomBytes(length * 2)) {
      // 232 = 4 × 58: rejecting larger bytes keeps every character equally likely.
      if (byte < 232 && out.length < prefix.length + length) out += BASE58_ALPHABET[byte % 58];
    }
  }
  return out;
}
