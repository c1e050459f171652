/** Node's `timers` and `timers/promises` modules for an action's code, on the web timers (web.ts). */

type SetTimeout = (callback: () => void, delay: number) => number;

/** The module, holding the global timer functions as they are when it is made (after web.ts installed them). */
export function nodeTimers() {
  const global = globalThis as Record<string, unknown>;
  return {
    setTimeout: global.setTimeout,
    clearTimeout: global.clearTimeout,
    setInterval: global.setInterval,
    clearInterval: global.clearInterval,
    setImmediate: global.setImmediate,
    clearImmediate: global.clearImmediate,
    promises: {
      setTimeout: (delay: number, value?: unknown) =>
        new Promise((resolve) => (global.setTimeout as SetTimeout)(() => resolve(value), delay)),
    },
  };
}
