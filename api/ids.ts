/**
 * Ids the server makes: a prefix and a run of base58 characters. Each kind states its own
 * format (api/resources/<kind>.ts); the table of kinds (api/kinds.ts) derives the checks.
 */
import { randomBytes } from "node:crypto";

/** The base58 alphabet of the service's ids: no `0`, `O`, `I` or `l`. */
export const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** An id format: its prefix and the number of base58 characters after it. */
export interface IdFormat {
  readonly prefix: string;
  readonly length: number;
}

/** Regular expression (source text) matching a well-formed id of `format`. */
export function idPatternOf(format: IdFormat): string {
  return `^${format.prefix}[${BASE58_ALPHABET}]{${format.length}}$`;
}

/** A new random id of `format` (unbiased base58 from the OS random source). */
export function newIdOf(format: IdFormat): string {
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
