/**
 * Node's `crypto` module for an action's code: hashes and HMACs computed by the host
 * ({@link GuestHost.digest}), random bytes from the host, `randomUUID`, `timingSafeEqual` and
 * `getRandomValues`. Bytes cross to the host and back as hex: a latin1 byte string would be cut
 * at a NUL byte.
 */
import type { GuestHost } from "../contract";
import { bytes } from "../text";

/** The part of Node's `Buffer` class this module needs (the npm `buffer` package's, loaded by the host). */
export interface BufferClass {
  from(value: unknown, encoding?: string): { toString(encoding?: string): string };
}

/** Hex as byte values. Pure. */
export const numbersOfHex = (hex: string) => {
  const numbers: number[] = [];
  for (let i = 0; i + 1 < hex.length; i += 2) numbers.push(parseInt(hex.slice(i, i + 2), 16));
  return numbers;
};

/** A random (version 4) UUID from 16 random bytes given as hex. Pure. */
export const uuidOfHex = (random: string) => {
  const b = numbersOfHex(random);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.map((n) => n.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The module, on `host` and on `Buffer()` (called when a buffer is needed: loading it costs). */
export function nodeCrypto(host: Pick<GuestHost, "digest" | "randomBytes">, Buffer: () => BufferClass) {
  const hexOf = (latin1: string) => Buffer().from(latin1, "latin1").toString("hex");
  const digestOf = (algorithm: string, key: unknown) => {
    const chunks: string[] = [];
    const hash = {
      update(data: unknown, encoding?: string) {
        const text = typeof data === "string" && encoding && !/^utf-?8$/i.test(encoding);
        chunks.push(bytes(text ? Buffer().from(data, encoding) : data));
        return hash;
      },
      digest(encoding?: string) {
        const keyHex = key === undefined ? undefined : hexOf(bytes(key));
        const out = Buffer().from(host.digest(algorithm, keyHex, hexOf(chunks.join(""))), "hex");
        return encoding ? out.toString(encoding) : out;
      },
    };
    return hash;
  };
  return {
    createHash: (algorithm: string) => digestOf(String(algorithm), undefined),
    createHmac: (algorithm: string, key: unknown) => digestOf(String(algorithm), key),
    randomBytes: (count: number) => Buffer().from(host.randomBytes(Number(count)), "hex"),
    randomUUID: () => uuidOfHex(host.randomBytes(16)),
    timingSafeEqual: (a: unknown, b: unknown) => {
      const [x, y] = [bytes(a), bytes(b)];
      if (x.length !== y.length) throw new RangeError("Input buffers must have the same byte length");
      let diff = 0;
      for (let i = 0; i < x.length; i++) diff |= x.charCodeAt(i) ^ y.charCodeAt(i);
      return diff === 0;
    },
    getRandomValues: (array: Uint8Array) => {
      const random = numbersOfHex(host.randomBytes(array.byteLength));
      const view = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < view.length; i++) view[i] = random[i]!;
      return array;
    },
  };
}
