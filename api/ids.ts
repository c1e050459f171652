import { randomBytes } from "node:crypto";

/** The base58 alphabet of the service's ids: no `0`, `O`, `I` or `l`. */
export const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Id prefixes and the number of base58 characters after them. */
export const ID_FORMATS = {
  form: { prefix: "ap_", length: 22 },
  eventStream: { prefix: "est_", length: 22 },
  rateLimitPolicy: { prefix: "rlp_", length: 21 },
} as const;

/** A kind of object whose id the server generates. */
export type IdKind = keyof typeof ID_FORMATS;

/** Regular expression (source text) matching a well-formed id of `kind`. */
export function idPattern(kind: IdKind): string {
  const { prefix, length } = ID_FORMATS[kind];
  return `^${prefix}[${BASE58_ALPHABET}]{${length}}$`;
}

const ID_REGEXES: Record<IdKind, RegExp> = {
  form: new RegExp(idPattern("form")),
  eventStream: new RegExp(idPattern("eventStream")),
  rateLimitPolicy: new RegExp(idPattern("rateLimitPolicy")),
};

/** True when `id` is a well-formed id of `kind`. */
export function isValidId(kind: IdKind, id: string): boolean {
  return ID_REGEXES[kind].test(id);
}

/** A new random id of `kind` (unbiased base58 from the OS random source). */
export function newId(kind: IdKind): string {
  const { prefix, length } = ID_FORMATS[kind];
  let out = prefix;
  while (out.length < prefix.length + length) {
    for (const byte of randomBytes(length * 2)) {
      // 232 = 4 × 58: rejecting larger bytes keeps every character equally likely.
      if (byte < 232 && out.length < prefix.length + length) out += BASE58_ALPHABET[byte % 58];
    }
  }
  return out;
}
