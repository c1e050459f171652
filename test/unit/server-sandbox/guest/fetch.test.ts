/**
 * The guest's fetch classes that stand alone (server/sandbox/guest/fetch.ts): Headers as the
 * web's, and aborting. fetch itself, on the host's fixtures, runs in test/server/action-runner.test.ts.
 */
import { AbortController, AbortSignal, Headers } from "../../../../server/sandbox/guest/fetch";

test("Headers: names without case, repeated values joined, listed by name, from any of the web's inits", () => {
  const headers = new Headers({ "Content-Type": "text/plain", Accept: "a" });
  headers.append("accept", "b");
  expect(headers.get("ACCEPT")).toBe("a, b");
  expect([...headers]).toEqual([
    ["accept", "a, b"],
    ["content-type", "text/plain"],
  ]);
  expect([...new Headers(headers).entries()]).toEqual([...headers.entries()]);
  expect([
    ...new Headers([
      ["X-B", "2"],
      ["X-A", "1"],
    ]).keys(),
  ]).toEqual(["x-a", "x-b"]);
  headers.set("Accept", "c");
  headers.delete("content-type");
  expect([...headers.values()]).toEqual(["c"]);
  expect(headers.has("Content-Type")).toBe(false);
  expect(headers.get("missing")).toBeNull();
  expect(new Headers({ "Set-Cookie": "a=1" }).getSetCookie()).toEqual(["a=1"]);
  expect(new Headers().getSetCookie()).toEqual([]);
});

test("aborting tells the signal's listeners once, with the reason", () => {
  const controller = new AbortController();
  const heard: unknown[] = [];
  const listener = (event: unknown) => heard.push(event);
  controller.signal.addEventListener("abort", listener);
  controller.signal.onabort = () => heard.push("onabort");
  expect(() => controller.signal.throwIfAborted()).not.toThrow();
  controller.abort();
  controller.abort("again");
  expect(controller.signal.aborted).toBe(true);
  expect(controller.signal.reason).toMatchObject({ name: "AbortError", message: "This operation was aborted" });
  expect(heard).toEqual(["onabort", { type: "abort", target: controller.signal }]);
  expect(() => controller.signal.throwIfAborted()).toThrow("This operation was aborted");
  expect(AbortSignal.abort("why").reason).toBe("why");
  expect(AbortSignal.timeout().aborted).toBe(false);
});
