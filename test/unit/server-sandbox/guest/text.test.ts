/**
 * The guest's text and bytes (server/sandbox/guest/text.ts), against Node's own: UTF-8 both ways
 * as TextEncoder/TextDecoder do it (lone surrogates included), latin1 byte strings, base64.
 */
import fc from "fast-check";
import {
  atob,
  btoa,
  bytes,
  TextDecoder,
  TextEncoder,
  utf8Decode,
  utf8Encode,
} from "../../../../server/sandbox/guest/text";

const node = { encoder: new globalThis.TextEncoder(), decoder: new globalThis.TextDecoder() };

test("UTF-8 encoding is the web's, for any string, lone surrogates as U+FFFD", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary" }), (text) => {
      expect([...utf8Encode(text)]).toEqual([...node.encoder.encode(text)]);
    }),
  );
  expect([...utf8Encode("\ud800")]).toEqual([0xef, 0xbf, 0xbd]);
});

test("UTF-8 decoding reads back what was encoded, from a buffer, a view or a slice of one", () => {
  fc.assert(
    fc.property(fc.string({ unit: "grapheme" }), (text) => {
      const encoded = node.encoder.encode(`..${text}`);
      expect(utf8Decode(encoded)).toBe(`..${text}`);
      expect(utf8Decode(encoded.buffer.slice(encoded.byteOffset, encoded.byteOffset + encoded.byteLength))).toBe(
        `..${text}`,
      );
      expect(utf8Decode(encoded.subarray(2))).toBe(node.decoder.decode(encoded.subarray(2)));
    }),
  );
  expect(utf8Decode("not bytes")).toBe("");
  expect(utf8Decode(new Uint8Array([0x80]))).toBe("\ufffd");
});

test("TextEncoder and TextDecoder are UTF-8 with the web's defaults", () => {
  expect(new TextEncoder().encoding).toBe("utf-8");
  expect([...new TextEncoder().encode()]).toEqual([]);
  expect(new TextDecoder().decode()).toBe("");
  expect(new TextDecoder().decode(new TextEncoder().encode("é€😀"))).toBe("é€😀");
});

test("bytes: text as its UTF-8 bytes, bytes as they are, each as one latin1 character", () => {
  expect(bytes("é")).toBe("\u00c3\u00a9");
  expect(bytes(new Uint8Array([0, 255, 10]))).toBe("\u0000\u00ff\n");
  expect(bytes(new Uint8Array([1, 2, 3, 4]).subarray(1, 3))).toBe("\u0002\u0003");
  expect(bytes(42)).toBe("42");
  const large = new Uint8Array(10_000).map((_, i) => i % 256);
  expect(bytes(large)).toBe(Buffer.from(large).toString("latin1"));
});

test("btoa and atob are base64 of latin1 strings, as Node's", () => {
  fc.assert(
    fc.property(fc.uint8Array(), (array) => {
      const latin1 = Buffer.from(array).toString("latin1");
      expect(btoa(latin1)).toBe(Buffer.from(array).toString("base64"));
      expect(atob(btoa(latin1))).toBe(latin1);
    }),
  );
  expect(atob(" aGk=\n")).toBe("hi");
  expect(() => btoa("€")).toThrow("btoa: the string has characters outside of Latin1");
  expect(() => atob("a*b")).toThrow("atob: the string is not valid base64");
});
