/** Node's `util` module for an action's code: `format`, `inspect`, `isDeepStrictEqual` and the rest packages use. */
import { format } from "../format";

/** Node's `isDeepStrictEqual`, for plain data: same prototype, same own keys, equal values, dates by time. Pure. */
export const deepEqual = (a: unknown, b: unknown): boolean => {
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

/** The module; its `TextEncoder` and `TextDecoder` are the global ones when it is made (web.ts installs them). */
export function nodeUtil() {
  const global = globalThis as Record<string, unknown>;
  return {
    format,
    inspect: (value: unknown) => format("%o", value),
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
    TextEncoder: global.TextEncoder,
    TextDecoder: global.TextDecoder,
  };
}
