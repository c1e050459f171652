/** Node's `assert` (and `assert/strict`) module for an action's code. Pure. */
import { format } from "../format";
import { deepEqual } from "./util";

export class AssertionError extends Error {
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

export const assert = Object.assign(
  (value: unknown, message?: unknown) => check(Boolean(value), message, "The expression evaluated to a falsy value"),
  {
    AssertionError,
    ok: (value: unknown, message?: unknown) =>
      check(Boolean(value), message, "The expression evaluated to a falsy value"),
    equal: (a: unknown, b: unknown, message?: unknown) =>
      check(a == b, message, `${format("%o", a)} == ${format("%o", b)}`),
    notEqual: (a: unknown, b: unknown, message?: unknown) =>
      check(a != b, message, `${format("%o", a)} != ${format("%o", b)}`),
    strictEqual: (a: unknown, b: unknown, message?: unknown) =>
      check(
        Object.is(a, b),
        message,
        `Expected values to be strictly equal: ${format("%o", a)} !== ${format("%o", b)}`,
      ),
    notStrictEqual: (a: unknown, b: unknown, message?: unknown) =>
      check(!Object.is(a, b), message, `Expected "actual" to be strictly unequal to: ${format("%o", b)}`),
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
