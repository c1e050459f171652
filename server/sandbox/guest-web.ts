/**
 * The web platform an action's code finds in the engine (server/sandbox/engine.ts): `console`,
 * timers, `URL`, `TextEncoder`/`TextDecoder`, `atob`/`btoa` (and, in guest-fetch.ts, `fetch`). QuickJS has none of them; each is built here on the few host
 * functions the engine hands in ({@link GuestHost}), which take and give strings and numbers only.
 *
 * {@link guestWeb} runs *inside* the engine: it is shipped as source text (`toString()`), so it
 * must be self-contained (nothing from the module around it) and reach the host only through
 * `host`. It captures what it needs before the action's code runs, so the code cannot reach the
 * host functions themselves (the engine deletes `__host` from the global object before it loads the code).
 */

/** The host functions the engine hands to the guest: strings and numbers in, strings and numbers out. */
export interface GuestHost {
  /** One line of the code's console: `text` as JSON (a NUL byte in it would cut a plain string at the boundary). */
  log(level: string, text: string): void;
  /** A timer of `delay` ms: its id (the engine calls the guest's `fire(id)` when it is due). */
  setTimer(delay: number): number;
  clearTimer(id: number): void;
  /** `JSON.stringify({method, url, headers, body})` → the fixture's JSON, or throws saying how to add one. */
  fetch(request: string): string;
  /** `new URL(href, base)` parsed by the host: JSON of its parts, or throws a TypeError. */
  parseUrl(href: string, base: string | undefined): string;
  /** A call on `api`: `JSON.stringify(args)` → JSON `{"api":true}` or `{"value":…}`, or throws. */
  apiCall(namespace: string, method: string, args: string): string;
  /** The handler has settled: `""`, or the JSON of its error. */
  settle(error: string): void;
  /**
   * Hash or HMAC (key given) of `data`: the digest. Bytes cross as hex both ways: the engine's
   * strings are C strings at its boundary, cut at the first NUL byte.
   */
  digest(algorithm: string, key: string | undefined, data: string): string;
  /** `count` random bytes, as hex (see {@link GuestHost.digest}). */
  randomBytes(count: number): string;
  /** The compiled module `request` asked for from `from`: `[filename, factory]`, or throws MODULE_NOT_FOUND. */
  load(from: string, request: string): unknown;
}

/** What {@link guestWeb} gives the engine back. */
export interface GuestWeb {
  /** Runs timer `id`'s callback (a no-op when it was cleared). */
  fire(id: number): void;
  /** Formats console arguments as Node's `util.format` does, for the code's `util` module. */
  format(...args: unknown[]): string;
  /** Text ↔ latin1 byte string, for the crypto module. */
  bytes(value: unknown): string;
  /** UTF-8 both ways, for fetch's bodies. */
  utf8Encode(text: string): Uint8Array;
  utf8Decode(bytes: unknown): string;
}

/* istanbul ignore next: runs inside the engine as source text */
/** Installs the web globals on the guest's global object; see the file's comment. */
export function guestWeb(host: GuestHost): GuestWeb {
  const global = globalThis as Record<string, unknown>;
  const stringify = JSON.stringify;
  const parse = JSON.parse;

  // console: util.format-like, bounded by the host.
  const inspect = (value: unknown, depth: number): string => {
    if (typeof value === "string") return depth === 0 ? value : stringify(value);
    if (typeof value === "function") return `[Function: ${(value as { name?: string }).name || "anonymous"}]`;
    if (value instanceof Error) return value.stack ? `${value.name}: ${value.message}\n${value.stack}` : String(value);
    if (typeof value !== "object" || value === null) return String(value);
    try {
      return stringify(value, (_key, inner: unknown) => (typeof inner === "bigint" ? `${inner}n` : inner)) ?? "";
    } catch {
      return "[object]";
    }
  };
  const format = (...args: unknown[]): string => {
    let first = args.length > 0 && typeof args[0] === "string" ? (args.shift() as string) : "";
    if (first) {
      first = first.replace(/%[sdifjoO%]/g, (token) => {
        if (token === "%%") return "%";
        if (args.length === 0) return token;
        const next = args.shift();
        if (token === "%d" || token === "%i") return String(token === "%i" ? parseInt(String(next)) : Number(next));
        if (token === "%f") return String(parseFloat(String(next)));
        if (token === "%s") return typeof next === "string" ? next : inspect(next, 1);
        return inspect(next, 1);
      });
    }
    return [first, ...args.map((arg) => inspect(arg, 0))].filter((part, index) => index > 0 || part !== "").join(" ");
  };
  const consoleObject: Record<string, unknown> = {};
  for (const level of ["log", "info", "warn", "error", "debug", "trace"]) {
    consoleObject[level] = (...args: unknown[]) =>
      host.log(level === "trace" ? "debug" : level, stringify(format(...args)));
  }
  global.console = consoleObject;

  // Timers: the host keeps the clock; the guest keeps the callbacks.
  const timers = new Map<number, { callback: () => void; repeat: number | undefined }>();
  const addTimer = (callback: unknown, delay: unknown, args: unknown[], repeat: boolean) => {
    if (typeof callback !== "function") throw new TypeError("The callback must be a function");
    const ms = Math.max(0, Number(delay) || 0);
    const id = host.setTimer(ms);
    timers.set(id, {
      callback: () => (callback as (...a: unknown[]) => void)(...args),
      repeat: repeat ? ms : undefined,
    });
    return id;
  };
  const clearTimer = (id: unknown) => {
    if (typeof id === "number" && timers.delete(id)) host.clearTimer(id);
  };
  global.setTimeout = (callback: unknown, delay?: unknown, ...args: unknown[]) =>
    addTimer(callback, delay, args, false);
  global.setInterval = (callback: unknown, delay?: unknown, ...args: unknown[]) =>
    addTimer(callback, delay, args, true);
  global.setImmediate = (callback: unknown, ...args: unknown[]) => addTimer(callback, 0, args, false);
  global.clearTimeout = global.clearInterval = global.clearImmediate = clearTimer;
  global.queueMicrotask = (callback: () => void) => void Promise.resolve().then(callback);
  const fire = (id: number) => {
    const timer = timers.get(id);
    if (!timer) return;
    if (timer.repeat === undefined) timers.delete(id);
    else {
      // An interval is re-armed under a new host id.
      timers.delete(id);
      timers.set(host.setTimer(timer.repeat), timer);
    }
    timer.callback();
  };

  // Text: UTF-8 by hand (QuickJS has no TextEncoder).
  const utf8Encode = (text: string): Uint8Array => {
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
  const utf8Decode = (input: unknown): string => {
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
  class TextEncoder {
    readonly encoding = "utf-8";
    encode(text = "") {
      return utf8Encode(text);
    }
  }
  class TextDecoder {
    readonly encoding = "utf-8";
    decode(input?: unknown) {
      return input === undefined ? "" : utf8Decode(input);
    }
  }
  global.TextEncoder = TextEncoder;
  global.TextDecoder = TextDecoder;
  /** Any text or bytes as a latin1 byte string (what the host's digest takes). */
  const bytes = (value: unknown): string => {
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
  global.btoa = (input: unknown) => {
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
  global.atob = (input: unknown) => {
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

  // URL and URLSearchParams: parsed by the host's WHATWG parser, kept here as parts.
  class URLSearchParams {
    private list: [string, string][] = [];
    private onChange: (() => void) | undefined;
    constructor(init?: unknown, onChange?: () => void) {
      if (typeof init === "string") this.parse(init);
      else if (Array.isArray(init)) for (const [k, v] of init) this.list.push([String(k), String(v)]);
      else if (init && typeof init === "object")
        for (const key of Object.keys(init)) this.list.push([key, String((init as Record<string, unknown>)[key])]);
      this.onChange = onChange;
    }
    parse(query: string) {
      this.list = [];
      const decode = (part: string) => {
        try {
          return decodeURIComponent(part.replace(/\+/g, " "));
        } catch {
          return part;
        }
      };
      for (const pair of query.replace(/^\?/, "").split("&")) {
        if (!pair) continue;
        const at = pair.indexOf("=");
        this.list.push(at < 0 ? [decode(pair), ""] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))]);
      }
    }
    private changed() {
      this.onChange?.();
    }
    append(key: string, value: unknown) {
      this.list.push([String(key), String(value)]);
      this.changed();
    }
    set(key: string, value: unknown) {
      const at = this.list.findIndex(([k]) => k === key);
      this.list = this.list.filter(([k], index) => k !== key || index === at);
      if (at < 0) this.list.push([String(key), String(value)]);
      else this.list[at] = [String(key), String(value)];
      this.changed();
    }
    delete(key: string) {
      this.list = this.list.filter(([k]) => k !== key);
      this.changed();
    }
    get(key: string) {
      return this.list.find(([k]) => k === key)?.[1] ?? null;
    }
    getAll(key: string) {
      return this.list.filter(([k]) => k === key).map(([, v]) => v);
    }
    has(key: string) {
      return this.list.some(([k]) => k === key);
    }
    forEach(callback: (value: string, key: string, self: URLSearchParams) => void) {
      for (const [k, v] of this.list) callback(v, k, this);
    }
    keys() {
      return this.list.map(([k]) => k)[Symbol.iterator]();
    }
    values() {
      return this.list.map(([, v]) => v)[Symbol.iterator]();
    }
    entries() {
      return this.list.map(([k, v]) => [k, v] as [string, string])[Symbol.iterator]();
    }
    [Symbol.iterator]() {
      return this.entries();
    }
    get size() {
      return this.list.length;
    }
    toString() {
      const encode = (part: string) =>
        encodeURIComponent(part)
          .replace(/%20/g, "+")
          .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
      return this.list.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");
    }
  }
  type UrlParts = Record<"href" | "protocol" | "username" | "password" | "host" | "hostname" | "port", string> &
    Record<"pathname" | "search" | "hash" | "origin", string>;
  class URL {
    private parts!: UrlParts;
    readonly searchParams: URLSearchParams;
    constructor(href: unknown, base?: unknown) {
      this.reparse(String(href), base === undefined ? undefined : String(base));
      this.searchParams = new URLSearchParams(this.parts.search, () => {
        const query = this.searchParams.toString();
        this.reparse(this.parts.href.replace(/(\?[^#]*)?(#.*)?$/, `${query ? `?${query}` : ""}${this.parts.hash}`));
      });
    }
    private reparse(href: string, base?: string) {
      this.parts = parse(host.parseUrl(href, base)) as UrlParts;
      (this.searchParams as URLSearchParams | undefined)?.parse(this.parts.search);
    }
    private with(part: keyof UrlParts, value: string) {
      const parts = { ...this.parts, [part]: value };
      const auth = parts.username ? `${parts.username}${parts.password ? `:${parts.password}` : ""}@` : "";
      const search = parts.search && !parts.search.startsWith("?") ? `?${parts.search}` : parts.search;
      const hash = parts.hash && !parts.hash.startsWith("#") ? `#${parts.hash}` : parts.hash;
      const host =
        part === "hostname" || part === "port" ? `${parts.hostname}${parts.port ? `:${parts.port}` : ""}` : parts.host;
      const path = parts.pathname.startsWith("/") ? parts.pathname : `/${parts.pathname}`;
      this.reparse(`${parts.protocol.replace(/:?$/, ":")}//${auth}${host}${path}${search}${hash}`);
    }
    static canParse(href: unknown, base?: unknown) {
      try {
        new URL(href, base);
        return true;
      } catch {
        return false;
      }
    }
    toString() {
      return this.parts.href;
    }
    toJSON() {
      return this.parts.href;
    }
  }
  for (const part of [
    "href",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
  ]) {
    Object.defineProperty(URL.prototype, part, {
      get(this: { parts: UrlParts }) {
        return this.parts[part as keyof UrlParts];
      },
      set(this: { with(p: string, v: string): void; reparse(h: string): void }, value: unknown) {
        if (part === "href") this.reparse(String(value));
        else this.with(part, String(value));
      },
    });
  }
  Object.defineProperty(URL.prototype, "origin", {
    get(this: { parts: UrlParts }) {
      return this.parts.origin;
    },
  });
  global.URL = URL;
  global.URLSearchParams = URLSearchParams;

  return { fire, format, bytes, utf8Encode, utf8Decode };
}
