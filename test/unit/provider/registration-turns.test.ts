/**
 * Turns for registrations (provider/lifecycle/registration-turns.ts): the first resource of a
 * burst goes at once, the rest TURN_SIZE per turn of the event loop, and a resource declared
 * once the burst is released goes at once again.
 */
import { inTurn, TURN_SIZE } from "../../../provider/lifecycle/registration-turns";

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("registration turns", () => {
  it("lets the first of a burst go at once and the others a turn-size at a time", async () => {
    const released: number[] = [];
    const count = 2 * TURN_SIZE + 5;
    const values = Array.from({ length: count }, (_, i) => inTurn(`provider ${i}`));
    expect(values[0]).toBe("provider 0");
    values.slice(1).forEach((value, i) => {
      expect(value).toBeInstanceOf(Promise);
      void (value as Promise<string>).then((text) => {
        expect(text).toBe(`provider ${i + 1}`);
        released.push(i + 1);
      });
    });
    const perTurn: number[] = [];
    while (released.length < count - 1) {
      const before = released.length;
      await turn();
      perTurn.push(released.length - before);
      expect(perTurn.length).toBeLessThan(10);
    }
    expect(perTurn.every((n) => n <= TURN_SIZE)).toBe(true);
    expect(perTurn.filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
    expect(released).toEqual([...released].sort((a, b) => a - b));
    // The burst is over: the next resource goes at once.
    await turn();
    expect(inTurn("later")).toBe("later");
    await turn();
  });
});

describe("registration turns through this package's resources", () => {
  it("registers the first of many resources declared at once before the others are prepared", async () => {
    const pulumi = await import("@pulumi/pulumi");
    // A turn counter: which turn of the event loop each registration reached the (mock) engine in.
    let turnNumber = 0;
    let counting = true;
    const tick = () => {
      turnNumber += 1;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const reachedAt: number[] = [];
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          reachedAt.push(turnNumber);
          return { id: `${args.name}-id`, state: args.inputs };
        },
        call: (args) => args.inputs,
      },
      "shop",
      "prod",
    );
    const { Flow } = await import("../../../provider/generated");
    const count = 3 * TURN_SIZE;
    const flows = Array.from({ length: count }, (_, i) => new Flow(`flow-${i}`, { name: `flow ${i}` }));
    await Promise.all(flows.map((flow) => new Promise((resolve) => flow.id.apply(resolve))));
    counting = false;
    expect(reachedAt).toHaveLength(count);
    // The first went before the burst's turns; the last ones several turns later.
    expect(reachedAt[0]).toBeLessThan(reachedAt[count - 1]!);
    expect(reachedAt.filter((turn) => turn === reachedAt[0]).length).toBeLessThanOrEqual(TURN_SIZE);
  });
});
