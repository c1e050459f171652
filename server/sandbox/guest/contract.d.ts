/**
 * What the host (server/sandbox/engine.ts) hands the guest and what the guest gives back: the
 * only meeting point of the two sides. The host evaluates the guest's bundle (index.ts and what
 * it imports, bundled by server/sandbox/guest-bundle.ts) in the engine and calls the three
 * functions of {@link GuestProgram} in order; every value it passes is a string, a number, the
 * functions of {@link GuestHost}, or the action's compiled code.
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

/** What the engine tells the guest about the run. */
export interface GuestRun {
  /** The action's file name (`/action/post-login.js`). */
  filename: string;
  /** The export to call. */
  handler: string;
  /** The trigger's id, for messages. */
  trigger: string;
  /** namespace → method names of the trigger's `api`. */
  api: Record<string, string[]>;
  /** The Node built-ins the code may require (bare names). */
  builtins: string[];
  /** The event, as JSON. */
  event: string;
}

/** What {@link GuestProgram.installWeb} gives back: for the engine (`fire`) and the other installers. */
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

/** The bundle's value (the default export of index.ts): what the engine calls, in this order. */
export interface GuestProgram {
  /** Installs `console`, timers, `URL`, `TextEncoder`/`TextDecoder`, `atob`/`btoa` on the global object. */
  installWeb(host: GuestHost): GuestWeb;
  /** Installs `fetch`, `Headers`, `Request`, `Response`, `AbortController` and `AbortSignal`. */
  installFetch(host: GuestHost, web: GuestWeb): void;
  /**
   * Runs the action: `factory` is its code compiled by the host as a CommonJS module function.
   * Ends by calling `host.settle` once the handler has settled (or could not start).
   */
  runAction(host: GuestHost, web: GuestWeb, run: GuestRun, factory: unknown): void;
}
