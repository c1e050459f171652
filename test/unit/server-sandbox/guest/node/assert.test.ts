/** The guest's `assert` and `util` modules (server/sandbox/guest/node/): what actions and their packages call. */
import { assert, AssertionError } from "../../../../../server/sandbox/guest/node/assert";
import { deepEqual, nodeUtil } from "../../../../../server/sandbox/guest/node/util";

test("deepEqual compares plain data as Node's isDeepStrictEqual does", () => {
  expect(deepEqual({ a: [1, { b: "c" }], d: new Date(5) }, { a: [1, { b: "c" }], d: new Date(5) })).toBe(true);
  expect(deepEqual(NaN, NaN)).toBe(true);
  expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  expect(deepEqual([1], { 0: 1 })).toBe(false);
  expect(deepEqual(new Date(1), new Date(2))).toBe(false);
  expect(deepEqual(0, "0")).toBe(false);
});

test("a failed assertion is an AssertionError with Node's code and a message that shows the values", () => {
  expect(() => assert(0)).toThrow(new AssertionError("The expression evaluated to a falsy value"));
  expect(() => assert.strictEqual(1, "1")).toThrow('Expected values to be strictly equal: 1 !== "1"');
  expect(() => assert.equal(1, 2, "mine")).toThrow("mine");
  expect(() => assert.deepStrictEqual({ a: 1 }, { a: 2 })).toThrow("Expected values to be strictly deep-equal");
  const own = new RangeError("own");
  expect(() => assert.ok(false, own)).toThrow(own);
  expect(() => assert.throws(() => undefined)).toThrow("Missing expected exception.");
  try {
    assert.fail();
  } catch (error) {
    expect(error).toMatchObject({ name: "AssertionError", code: "ERR_ASSERTION", message: "Failed" });
  }
  expect(() => {
    assert.equal(1, "1");
    assert.notStrictEqual(1, "1");
    assert.notDeepStrictEqual([1], [2]);
    assert.throws(() => {
      throw new Error("x");
    });
  }).not.toThrow();
  expect((assert as unknown as { strict: unknown }).strict).toBe(assert);
});

test("util: format, inspect, promisify and inherits as packages use them", async () => {
  const util = nodeUtil();
  expect(util.format("%s=%d", "n", 2)).toBe("n=2");
  expect(util.inspect({ a: 1 })).toBe('{"a":1}');
  const callback = (value: unknown, done: (error: unknown, value?: unknown) => void) =>
    value === "bad" ? done(new Error("bad")) : done(null, `got ${String(value)}`);
  const promised = util.promisify(callback as (...args: unknown[]) => void);
  await expect(promised("x")).resolves.toBe("got x");
  await expect(promised("bad")).rejects.toThrow("bad");
  class Parent {
    hello() {
      return "hi";
    }
  }
  function Child() {}
  util.inherits(Child, Parent);
  expect((Object.create(Child.prototype) as Parent).hello()).toBe("hi");
  expect(util.types.isDate(new Date())).toBe(true);
  expect(util.isDeepStrictEqual).toBe(deepEqual);
});
