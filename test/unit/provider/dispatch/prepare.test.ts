/**
 * A kind's `prepare` (the work its first check needs: compiling the input schema) runs once
 * per process, on the event loop's next turn after the kind's first read: a refresh reads
 * every resource before the program's checks, and waits for the tenant meanwhile.
 */
import { describe, expect, jest, test } from "@jest/globals";
import { handle } from "../../../../provider/dispatch/methods";
import type { ResourceImplementation } from "../../../../provider/lifecycle/types";
import { resetRuntime } from "../../../../provider/runtime";

function fakeKind(prepare?: () => void): ResourceImplementation {
  return {
    prepare,
    check: (_olds, news) => ({ inputs: news, failures: [] }),
    diff: () => ({ changes: false }),
    create: async () => ({ id: "made", outs: {} }),
    read: async (_ctx, id, props) => ({ id, props: props ?? {}, inputs: {} }),
    update: async () => ({ outs: {} }),
    delete: async () => undefined,
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("prepare after a kind's first read", () => {
  test("runs once per kind, after the read has answered", async () => {
    resetRuntime();
    const order: string[] = [];
    const prepareA = jest.fn(() => void order.push("prepare a"));
    const prepareB = jest.fn(() => void order.push("prepare b"));
    const a = fakeKind(prepareA);
    const b = fakeKind(prepareB);
    await handle("prepTestA", a, { method: "read", id: "a1", props: { name: "x" } });
    order.push("read a1 answered");
    await handle("prepTestA", a, { method: "read", id: "a2", props: { name: "y" } });
    await nextTurn();
    await handle("prepTestA", a, { method: "read", id: "a3", props: { name: "z" } });
    await handle("prepTestB", b, { method: "read", id: "b1", props: { name: "w" } });
    await nextTurn();
    expect(prepareA).toHaveBeenCalledTimes(1);
    expect(prepareB).toHaveBeenCalledTimes(1);
    expect(order.indexOf("read a1 answered")).toBeLessThan(order.indexOf("prepare a"));
  });

  test("a check, diff or kind without prepare does not ask for it", async () => {
    resetRuntime();
    const prepare = jest.fn();
    const kind = fakeKind(prepare);
    await handle("prepTestC", kind, { method: "diff", id: "c1", olds: { name: "a" }, news: { name: "a" } });
    await nextTurn();
    expect(prepare).not.toHaveBeenCalled();
    await expect(
      handle("prepTestD", fakeKind(undefined), { method: "read", id: "d1", props: { name: "a" } }),
    ).resolves.toMatchObject({ id: "d1" });
  });
});
