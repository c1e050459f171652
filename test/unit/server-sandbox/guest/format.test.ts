/** The guest's console formatting (server/sandbox/guest/format.ts): Node's `util.format` placeholders and joins. */
import { format, inspect } from "../../../../server/sandbox/guest/format";

test("placeholders take the next arguments; the rest are joined by spaces", () => {
  expect(format("%s is %d years, %i, %f", "Ann", "42", 3.9, "1.5")).toBe("Ann is 42 years, 3, 1.5");
  expect(format("%j and %o", { a: 1 }, ["x"])).toBe('{"a":1} and ["x"]');
  expect(format("100%% of %s", "it", "and", 2)).toBe("100% of it and 2");
  expect(format("%s and %s", "one")).toBe("one and %s");
  expect(format({ a: "b" }, "text", null, undefined)).toBe('{"a":"b"} text null undefined');
  expect(format()).toBe("");
});

test("values: strings quoted only inside, functions and errors by name, bigints and cycles readable", () => {
  expect(inspect("x", 0)).toBe("x");
  expect(inspect("x", 1)).toBe('"x"');
  expect(inspect(function named() {}, 0)).toBe("[Function: named]");
  expect(inspect(() => undefined, 0)).toBe("[Function: anonymous]");
  const error = new TypeError("bad");
  expect(inspect(error, 0)).toBe(`TypeError: bad\n${error.stack}`);
  expect(inspect({ n: 10n }, 0)).toBe('{"n":"10n"}');
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  expect(inspect(cycle, 0)).toBe("[object]");
  expect(format("%s", { a: 1 })).toBe('{"a":1}');
});
