/**
 * Text and bytes by hand (QuickJS has no `TextEncoder`, `atob` or `btoa`): UTF-8 both ways,
 * latin1 byte strings (what the host's digest takes, as hex) and base64. Pure.
 */

/** `text` as UTF-8 bytes; a lone surrogate becomes U+FFFD, as the web's encoder does. */
export const utf8Encode = (text: string): Uint8Array => {
  const bytes: number[] = [];
  for (const char of String(text)) {
    let code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return new Uint8Array(bytes);
};

/** UTF-8 bytes (an ArrayBuffer or any view of one) as text; anything else is empty. */
export const utf8Decode = (input: unknown): string => {
  const bytes =
    input instanceof ArrayBuffer
      ? new Uint8Array(input)
      : ArrayBuffer.isView(input)
        ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
        : new Uint8Array(0);
  let out = "";
  for (let i = 0; i < bytes.length;) {
    const byte = bytes[i]!;
    const extra = byte >= 0xf0 ? 3 : byte >= 0xe0 ? 2 : byte >= 0xc0 ? 1 : 0;
    let code = extra === 0 ? byte : byte & (0x3f >> extra);
    for (let k = 1; k <= extra; k++) code = (code << 6) | ((bytes[i + k] ?? 0) & 63);
    out += byte >= 0x80 && byte < 0xc0 ? "\ufffd" : String.fromCodePoint(code > 0x10ffff ? 0xfffd : code);
    i += extra + 1;
  }
  return out;
};

/** Any text or bytes as a latin1 byte string (what the host's digest takes). */
export const bytes = (value: unknown): string => {
  const array =
    typeof value === "string"
      ? utf8Encode(value)
      : value instanceof ArrayBuffer
        ? new Uint8Array(value)
        : ArrayBuffer.isView(value)
          ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
          : utf8Encode(String(value));
  let out = "";
  for (let i = 0; i < array.length; i += 4096) out += String.fromCharCode(...array.subarray(i, i + 4096));
  return out;
};

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The web's `btoa`: a latin1 string as base64. */
export const btoa = (input: unknown) => {
  const text = String(input);
  let out = "";
  for (let i = 0; i < text.length; i += 3) {
    const [a, b, c] = [text.charCodeAt(i), text.charCodeAt(i + 1), text.charCodeAt(i + 2)];
    if (a > 255 || b > 255 || c > 255) throw new Error("btoa: the string has characters outside of Latin1");
    const n = (a << 16) | ((b || 0) << 8) | (c || 0);
    out += B64[n >> 18]! + B64[(n >> 12) & 63]! + (i + 1 < text.length ? B64[(n >> 6) & 63] : "=");
    out += i + 2 < text.length ? B64[n & 63] : "=";
  }
  return out;
};

/** The web's `atob`: base64 (whitespace and padding ignored) as a latin1 string. */
export const atob = (input: unknown) => {
  const text = String(input).replace(/[\s=]/g, "");
  let out = "";
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const index = B64.indexOf(char);
    if (index < 0) throw new Error("atob: the string is not valid base64");
    value = (value << 6) | index;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((value >> bits) & 255);
    }
  }
  return out;
};

/** The web's `TextEncoder`, UTF-8 only. */
export class TextEncoder {
  readonly encoding = "utf-8";
  encode(text = "") {
    return utf8Encode(text);
  }
}

/** The web's `TextDecoder`, UTF-8 only. */
export class TextDecoder {
  readonly encoding = "utf-8";
  decode(input?: unknown) {
    return input === undefined ? "" : utf8Decode(input);
  }
}
