/**
 * The run itself, inside the engine: `require` (the Node built-ins an action may use, built in
 * node/ or on host functions, and the action's declared dependencies, compiled by the host from
 * the dependency cache), the trigger's `api` (each call goes to the host, which records it and
 * says what it answers) and the call of the handler.
 */
import type { GuestHost, GuestRun, GuestWeb } from "./contract";
import { assert } from "./node/assert";
import { nodeCrypto, type BufferClass } from "./node/crypto";
import { EventEmitter } from "./node/events";
import { nodeTimers } from "./node/timers";
import { nodeUtil } from "./node/util";

/** Runs the action; see {@link GuestProgram.runAction}. */
export function runAction(host: GuestHost, web: GuestWeb, run: GuestRun, factory: unknown): void {
  const global = globalThis as Record<string, unknown>;
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

  // The Node built-ins: small ones in node/, crypto on the host's digests, buffer from its npm package.
  const util = nodeUtil();
  const timersModule = nodeTimers();
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
        return { URL: global.URL, URLSearchParams: global.URLSearchParams };
      case "crypto":
        return cryptoModule();
      default:
        // buffer, path, querystring, string_decoder: their npm packages, compiled by the host.
        return requireFrom("<builtin>")(name);
    }
  };
  const Buffer = () => (requireBuiltin("buffer") as { Buffer: BufferClass }).Buffer;
  const cryptoModule = () => nodeCrypto(host, Buffer);
  global.crypto = {
    randomUUID: () => cryptoModule().randomUUID(),
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
  global.global = globalThis;

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
