/**
 * The guest's `crypto` module (server/sandbox/guest/node/crypto.ts) on a host computing digests
 * as server/sandbox/engine.ts does, with the npm `buffer` package the engine loads: the same
 * hashes and HMACs as Node's, for text, encoded text and bytes.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import { Buffer as NpmBuffer } from "buffer";
import { nodeCrypto, numbersOfHex, uuidOfHex } from "../../../../../server/sandbox/guest/node/crypto";

const host = {
  digest: (algorithm: string, key: string | undefined, data: string) =>
    (key === undefined ? createHash(algorithm) : createHmac(algorithm, Buffer.from(key, "hex")))
      .update(Buffer.from(data, "hex"))
      .digest("hex"),
  randomBytes: (count: number) => randomBytes(count).toString("hex"),
};
const crypto = nodeCrypto(host, () => NpmBuffer);

test("hashes and HMACs are Node's, for UTF-8 text, text in another encoding and bytes", () => {
  const text = "héllo\u0000world";
  expect(crypto.createHash("sha256").update(text).digest("hex")).toBe(createHash("sha256").update(text).digest("hex"));
  expect(
    crypto
      .createHash("md5")
      .update("aGk=", "base64")
      .update(new Uint8Array([0, 255]))
      .digest("base64"),
  ).toBe(
    createHash("md5")
      .update("aGk=", "base64")
      .update(new Uint8Array([0, 255]))
      .digest("base64"),
  );
  const key = new Uint8Array([0, 1, 2, 200]);
  expect(crypto.createHmac("sha512", key).update(text).digest("hex")).toBe(
    createHmac("sha512", key).update(text).digest("hex"),
  );
  expect(String(crypto.createHash("sha1").update("").digest())).toBe(
    String(NpmBuffer.from(createHash("sha1").digest())),
  );
});

test("random values: UUIDs of version 4, bytes and typed arrays filled from the host", () => {
  expect(uuidOfHex("ff".repeat(16))).toBe("ffffffff-ffff-4fff-bfff-ffffffffffff");
  expect(crypto.randomUUID()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(numbersOfHex("00ff10")).toEqual([0, 255, 16]);
  expect(crypto.randomBytes(8).toString("hex")).toMatch(/^[0-9a-f]{16}$/);
  const array = new Uint8Array(64);
  expect(crypto.getRandomValues(array)).toBe(array);
  expect(array.some((byte) => byte !== 0)).toBe(true);
});

test("timingSafeEqual compares bytes of one length, and refuses two lengths", () => {
  expect(crypto.timingSafeEqual("abc", new Uint8Array([97, 98, 99]))).toBe(true);
  expect(crypto.timingSafeEqual("abc", "abd")).toBe(false);
  expect(() => crypto.timingSafeEqual("a", "ab")).toThrow("Input buffers must have the same byte length");
});
