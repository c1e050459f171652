/**
 * The web platform an action's code finds in the engine: `console`, timers, `URL`,
 * `TextEncoder`/`TextDecoder`, `atob`/`btoa` (and, from fetch.ts, `fetch`). QuickJS has none of
 * them; each is built on the few host functions the engine hands in ({@link GuestHost}).
 *
 * Everything is installed before the action's code runs, and the installers keep the host
 * functions in their closures only: the code cannot reach them (the engine deletes `__host` from
 * the global object before it loads the code).
 */
import type { GuestHost, GuestWeb } from "./contract";
import { format } from "./format";
import { atob, btoa, bytes, TextDecoder, TextEncoder, utf8Decode, utf8Encode } from "./text";
import { URLSearchParams, urlClass } from "./url";

/** Installs the web globals on the guest's global object. */
export function installWeb(host: GuestHost): GuestWeb {
  const global = globalThis as Record<string, unknown>;
  const stringify = JSON.stringify;

  // console: util.format-like, bounded by the host.
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

  global.TextEncoder = TextEncoder;
  global.TextDecoder = TextDecoder;
  global.btoa = btoa;
  global.atob = atob;
  global.URL = urlClass(host);
  global.URLSearchParams = URLSearchParams;

  return { fire, format, bytes, utf8Encode, utf8Decode };
}
