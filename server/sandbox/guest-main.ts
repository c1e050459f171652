/**
 * The guest side of one run, inside the engine (server/sandbox/engine.ts): `require` (the Node
 * built-ins an action may use, built here or on host functions, and the action's declared
 * dependencies, compiled by the host from the dependency cache), the trigger's `api` (each call
 * goes to the host, which records it and says what it answers) and the call of the handler.
 *
 * Like guest-web.ts, {@link guestMain} is shipped as source text: self-contained, reaching the
 * host only through `host`.
 */
import type { GuestHost, GuestWeb } from "./guest-web";

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

/* istanbul ignore next: runs inside the engine as source text */
/**
 * Runs the action: `factory` is its code compiled by the host as a CommonJS module function.
 * Ends by calling `host.settle` once the handler has settled (or could not start).
 */
export function guestMain(host: GuestHost, web: GuestWeb, run: GuestRun, factory: unknown): void {
  const stringify = JSON.stringify;
  const settleWith = (error: unknown) => {
    if (error === undefined) return host.settle("");
    const failure =
      error instanceof Error ? error : Object.assign(new Error(web.format(error)), { name: "Error", stack: "" });
    let text: string;
    try {
      text = stringify({
        name: String(failure.name),
        message: String(failure.message),
        stack: String(failure.stack ?? ""),
        code:
          (failure as { code?: unknown }).code === undefined ? undefined : String((failure as { code?: unknown }).code),
      });
    } catch {
      text = stringify({ name: "Error", message: "(an error that could not be read)" });
    }
    host.settle(text);
  };

  // The Node built-ins: small ones here, crypto on the host's digests, buffer from its npm package.
  class EventEmitter {
    private events = new Map<string | symbol, ((...args: unknown[]) => void)[]>();
    static defaultMaxListeners = 10;
    on(name: string | symbol, listener: (...args: unknown[]) => void) {
      this.events.set(name, [...(this.events.get(name) ?? []), listener]);
      return this;
    }
    prependListener(name: string | symbol, listener: (...args: unknown[]) => void) {
      this.events.set(name, [listener, ...(this.events.get(name) ?? [])]);
      return this;
    }
    once(name: string | symbol, listener: (...args: unknown[]) => void) {
      const wrapped = (...args: unknown[]) => {
        this.off(name, wrapped);
        listener(...args);
      };
      (wrapped as { listener?: unknown }).listener = listener;
      return this.on(name, wrapped);
    }
    off(name: string | symbol, listener: (...args: unknown[]) => void) {
      const list = (this.events.get(name) ?? []).filter(
        (l) => l !== listener && (l as { listener?: unknown }).listener !== listener,
      );
      if (list.length) this.events.set(name, list);
      else this.events.delete(name);
      return this;
    }
    emit(name: string | symbol, ...args: unknown[]) {
      const list = this.events.get(name);
      if (!list?.length) {
        if (name === "error")
          throw args[0] instanceof Error ? args[0] : new Error(`Unhandled error. (${web.format(args[0])})`);
        return false;
      }
      for (const listener of [...list]) listener.apply(this, args);
      return true;
    }
    removeAllListeners(name?: string | symbol) {
      if (name === undefined) this.events.clear();
      else this.events.delete(name);
      return this;
    }
    listeners(name: string | symbol) {
      return [...(this.events.get(name) ?? [])];
    }
    listenerCount(name: string | symbol) {
      return this.events.get(name)?.length ?? 0;
    }
    eventNames() {
      return [...this.events.keys()];
    }
    setMaxListeners() {
      return this;
    }
    getMaxListeners() {
      return EventEmitter.defaultMaxListeners;
    }
  }
  Object.assign(EventEmitter.prototype, {
    addListener: EventEmitter.prototype.on,
    removeListener: EventEmitter.prototype.off,
  });

  const deepEqual = (a: unknown, b: unknown): boolean => {
    if (Object.is(a, b)) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    if (a instanceof Date) return a.getTime() === (b as Date).getTime();
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    return (
      keysA.length === keysB.length &&
      keysA.every((key) => deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
    );
  };
  const util = {
    format: web.format,
    inspect: (value: unknown) => web.format("%o", value),
    isDeepStrictEqual: deepEqual,
    inherits(child: { prototype: object; super_?: unknown }, parent: { prototype: object }) {
      child.super_ = parent;
      Object.setPrototypeOf(child.prototype, parent.prototype);
    },
    promisify(fn: (...args: unknown[]) => void) {
      return (...args: unknown[]) =>
        new Promise((resolve, reject) =>
          fn(...args, (error: unknown, value: unknown) => (error ? reject(error) : resolve(value))),
        );
    },
    deprecate: <T>(fn: T) => fn,
    types: {
      isDate: (value: unknown) => value instanceof Date,
      isRegExp: (value: unknown) => value instanceof RegExp,
      isPromise: (value: unknown) => value instanceof Promise,
    },
    TextEncoder: (globalThis as Record<string, unknown>).TextEncoder,
    TextDecoder: (globalThis as Record<string, unknown>).TextDecoder,
  };
  class AssertionError extends Error {
    code = "ERR_ASSERTION";
    constructor(message: string) {
      super(message);
      this.name = "AssertionError";
    }
  }
  const check = (ok: boolean, message: unknown, fallback: string) => {
    if (ok) return;
    if (message instanceof Error) throw message;
    throw new AssertionError(message === undefined ? fallback : String(message));
  };
  const assert = Object.assign(
    (value: unknown, message?: unknown) => check(Boolean(value), message, "The expression evaluated to a falsy value"),
    {
      AssertionError,
      ok: (value: unknown, message?: unknown) =>
        check(Boolean(value), message, "The expression evaluated to a falsy value"),
      equal: (a: unknown, b: unknown, message?: unknown) =>
        check(a == b, message, `${web.format("%o", a)} == ${web.format("%o", b)}`),
      notEqual: (a: unknown, b: unknown, message?: unknown) =>
        check(a != b, message, `${web.format("%o", a)} != ${web.format("%o", b)}`),
      strictEqual: (a: unknown, b: unknown, message?: unknown) =>
        check(
          Object.is(a, b),
          message,
          `Expected values to be strictly equal: ${web.format("%o", a)} !== ${web.format("%o", b)}`,
        ),
      notStrictEqual: (a: unknown, b: unknown, message?: unknown) =>
        check(!Object.is(a, b), message, `Expected "actual" to be strictly unequal to: ${web.format("%o", b)}`),
      deepStrictEqual: (a: unknown, b: unknown, message?: unknown) =>
        check(deepEqual(a, b), message, "Expected values to be strictly deep-equal"),
      notDeepStrictEqual: (a: unknown, b: unknown, message?: unknown) =>
        check(!deepEqual(a, b), message, "Expected values not to be strictly deep-equal"),
      fail: (message?: unknown) => check(false, message, "Failed"),
      throws(fn: () => unknown, _expected?: unknown, message?: unknown) {
        try {
          fn();
        } catch {
          return;
        }
        check(false, typeof _expected === "string" ? _expected : message, "Missing expected exception.");
      },
    },
  );
  (assert as unknown as { strict: unknown }).strict = assert;

  const timersModule = {
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    setImmediate: (globalThis as Record<string, unknown>).setImmediate,
    clearImmediate: (globalThis as Record<string, unknown>).clearImmediate,
    promises: {
      setTimeout: (delay: number, value?: unknown) => new Promise((resolve) => setTimeout(() => resolve(value), delay)),
    },
  };
  const requireBuiltin = (name: string): unknown => {
    switch (name) {
      case "assert":
      case "assert/strict":
        return assert;
      case "events":
        return Object.assign(EventEmitter, { EventEmitter, once: undefined });
      case "util":
        return util;
      case "timers":
        return timersModule;
      case "timers/promises":
        return timersModule.promises;
      case "url":
        return { URL, URLSearchParams };
      case "crypto":
        return cryptoModule();
      default:
        // buffer, path, querystring, string_decoder: their npm packages, compiled by the host.
        return requireFrom("<builtin>")(name);
    }
  };

  type BufferClass = { from(value: unknown, encoding?: string): { toString(encoding?: string): string } };
  const Buffer = () => (requireBuiltin("buffer") as { Buffer: BufferClass }).Buffer;
  // Bytes cross to the host and back as hex (GuestHost.digest): a latin1 byte string would be cut at a NUL.
  const hexOf = (bytes: string) => Buffer().from(bytes, "latin1").toString("hex");
  const numbersOfHex = (hex: string) => {
    const numbers: number[] = [];
    for (let i = 0; i + 1 < hex.length; i += 2) numbers.push(parseInt(hex.slice(i, i + 2), 16));
    return numbers;
  };
  const digestOf = (algorithm: string, key: unknown) => {
    const chunks: string[] = [];
    const hash = {
      update(data: unknown, encoding?: string) {
        const text = typeof data === "string" && encoding && !/^utf-?8$/i.test(encoding);
        chunks.push(web.bytes(text ? Buffer().from(data, encoding) : data));
        return hash;
      },
      digest(encoding?: string) {
        const keyHex = key === undefined ? undefined : hexOf(web.bytes(key));
        const out = Buffer().from(host.digest(algorithm, keyHex, hexOf(chunks.join(""))), "hex");
        return encoding ? out.toString(encoding) : out;
      },
    };
    return hash;
  };
  const cryptoModule = () => ({
    createHash: (algorithm: string) => digestOf(String(algorithm), undefined),
    createHmac: (algorithm: string, key: unknown) => digestOf(String(algorithm), key),
    randomBytes: (count: number) => Buffer().from(host.randomBytes(Number(count)), "hex"),
    randomUUID: () => {
      const b = numbersOfHex(host.randomBytes(16));
      b[6] = (b[6]! & 0x0f) | 0x40;
      b[8] = (b[8]! & 0x3f) | 0x80;
      const hex = b.map((n) => n.toString(16).padStart(2, "0")).join("");
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
    timingSafeEqual: (a: unknown, b: unknown) => {
      const [x, y] = [web.bytes(a), web.bytes(b)];
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
  });
  (globalThis as Record<string, unknown>).crypto = {
    randomUUID: () => (cryptoModule().randomUUID as () => string)(),
    getRandomValues: (array: Uint8Array) => cryptoModule().getRandomValues(array),
  };

  // Modules: one instance per file, as Node caches them.
  const cache = new Map<string, { exports: unknown; loaded: boolean }>();
  const allowed = new Set(run.builtins);
  function requireFrom(from: string) {
    return (request: unknown): unknown => {
      const name = String(request);
      const bare = name.startsWith("node:") ? name.slice(5) : name;
      if (from !== "<builtin>" && allowed.has(bare.split("/")[0]!)) return requireBuiltin(bare);
      const [filename, moduleFactory] = host.load(from, name) as [string, (...args: unknown[]) => void];
      const cached = cache.get(filename);
      if (cached) return cached.exports;
      const module = { exports: {} as unknown, loaded: false, id: filename, filename };
      cache.set(filename, module);
      const dirname = filename.replace(/\/[^/]*$/, "") || "/";
      moduleFactory.call(module.exports, module.exports, requireFrom(filename), module, filename, dirname);
      module.loaded = true;
      return module.exports;
    };
  }
  // Node's `Buffer` and `process.env`-free globals some packages look for.
  Object.defineProperty(globalThis, "Buffer", {
    configurable: true,
    get: () => (requireBuiltin("buffer") as { Buffer: unknown }).Buffer,
  });
  (globalThis as Record<string, unknown>).global = globalThis;

  // The trigger's api: each call goes to the host; an unknown method is refused by name.
  const namespaces = Object.keys(run.api).join(", ");
  const api: Record<string, unknown> = {};
  const guard = (target: Record<string, unknown>, describe: (key: string) => string) =>
    new Proxy(target, {
      get(object, key) {
        if (typeof key === "symbol" || key in object || key === "then" || key === "toJSON") {
          return object[key as string];
        }
        throw new TypeError(describe(key));
      },
    });
  const apiProxy: unknown = guard(
    api,
    (key) => `api.${key} is not part of the ${run.trigger} API (it has: ${namespaces})`,
  );
  for (const namespace of Object.keys(run.api)) {
    const methods: Record<string, unknown> = {};
    for (const method of run.api[namespace]!) {
      methods[method] = (...args: unknown[]) => {
        let json: string;
        try {
          json = stringify(args, (_key, value: unknown) => (value === undefined ? null : value)) ?? "[]";
        } catch {
          json = stringify(args.map((arg) => web.format("%o", arg)));
        }
        const answer = JSON.parse(host.apiCall(namespace, method, json)) as { api?: boolean; value?: unknown };
        return answer.api ? apiProxy : answer.value;
      };
    }
    api[namespace] = guard(
      methods,
      (key) =>
        `api.${namespace}.${key} is not part of the ${run.trigger} API (api.${namespace} has: ${run.api[namespace]!.join(", ")})`,
    );
  }

  try {
    const module = { exports: {} as Record<string, unknown> };
    (factory as (...args: unknown[]) => void)(
      module.exports,
      requireFrom(run.filename),
      module,
      run.filename,
      "/action",
    );
    const exported = module.exports;
    const handler = exported[run.handler];
    if (typeof handler !== "function") {
      const found = Object.keys(exported).filter((key) => typeof exported[key] === "function");
      throw new Error(
        `The action's code exports no function ${run.handler} (the ${run.trigger} trigger calls it); ` +
          `it exports: ${found.length ? found.join(", ") : "nothing"}. Write exports.${run.handler} = async (event, api) => { ... }`,
      );
    }
    Promise.resolve((handler as (event: unknown, api: unknown) => unknown)(JSON.parse(run.event), apiProxy)).then(
      () => settleWith(undefined),
      (error: unknown) => settleWith(error ?? new Error("The handler's promise was rejected with nothing")),
    );
  } catch (error) {
    settleWith(error ?? new Error("The handler threw nothing"));
  }
}
