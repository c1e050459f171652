/** The guest's `events` module (server/sandbox/guest/node/events.ts): EventEmitter as packages use Node's. */
import { EventEmitter } from "../../../../../server/sandbox/guest/node/events";

test("listeners run in order, once-listeners once, and come off by the function they were given", () => {
  const emitter = new EventEmitter();
  const heard: string[] = [];
  const always = (value: unknown) => heard.push(`always ${String(value)}`);
  const first = (value: unknown) => heard.push(`first ${String(value)}`);
  emitter.on("x", always);
  emitter.once("x", (value) => heard.push(`once ${String(value)}`));
  emitter.prependListener("x", first);
  expect(emitter.emit("x", 1)).toBe(true);
  expect(emitter.emit("x", 2)).toBe(true);
  expect(heard).toEqual(["first 1", "always 1", "once 1", "first 2", "always 2"]);
  const once = () => heard.push("never");
  emitter.once("y", once);
  (emitter as unknown as { removeListener(n: string, l: () => void): void }).removeListener("y", once);
  expect(emitter.emit("y")).toBe(false);
  expect(emitter.listenerCount("x")).toBe(2);
  expect(emitter.eventNames()).toEqual(["x"]);
  emitter.removeAllListeners();
  expect(emitter.listeners("x")).toEqual([]);
  expect(emitter.getMaxListeners()).toBe(10);
});

test("an error event no one listens to is thrown, an error as itself", () => {
  const emitter = new EventEmitter();
  const error = new Error("boom");
  expect(() => emitter.emit("error", error)).toThrow(error);
  expect(() => emitter.emit("error", { code: 1 })).toThrow('Unhandled error. ({"code":1})');
  emitter.on("error", () => undefined);
  expect(emitter.emit("error", error)).toBe(true);
});
