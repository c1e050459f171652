/**
 * Turns for registrations (provider/lifecycle/registration-turns.ts): the first resource of a
 * burst goes at once, the rest TURN_SIZE per turn of the event loop, and a resource declared
 * once the burst is released goes at once again.
 */
import { inTurn, TURN_SIZE } from "../../../../provider/lifecycle/registration-turns";

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

// The tests below import every resource class of the package (compiled on first import): on a

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

/**
 * Mocks that note the turn of the event loop each registration reaches the (mock) engine in,
 * and the dependencies it names.
 */
async function turnCountingMocks() {
  const pulumi = await import("@pulumi/pulumi");
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
  const dependencies = new Map<string, string[]>();
  type Request = { getName(): string; getDependenciesList(): string[] };
  const monitor = pulumi.runtime.getMonitor() as unknown as {
    registerResource(request: Request, callback: unknown): void;
  };
  const register = monitor.registerResource.bind(monitor);
  monitor.registerResource = (request, callback) => {
    dependencies.set(request.getName(), request.getDependenciesList());
    register(request, callback);
  };
  return {
    reachedAt,
    dependencies,
    /** Waits for every resource's id, then stops counting. */
    async settle(resources: { id: import("@pulumi/pulumi").Output<string> }[]) {
      await Promise.all(resources.map((resource) => new Promise((resolve) => resource.id.apply(resolve))));
      counting = false;
    },
  };
}

/** The first went before the burst's turns, the last ones several turns later. */
function expectTurns(reachedAt: number[], count: number): void {
  expect(reachedAt).toHaveLength(count);
  expect(reachedAt[0]).toBeLessThan(reachedAt[count - 1]!);
  expect(reachedAt.filter((turn) => turn === reachedAt[0]).length).toBeLessThanOrEqual(TURN_SIZE);
}

describe("registration turns through this package's resources", () => {
  it("registers the first of many dynamic resources declared at once before the others are prepared", async () => {
    const mocks = await turnCountingMocks();
    const { Flow } = await import("../../../../provider/generated");
    const count = 3 * TURN_SIZE;
    const flows = Array.from({ length: count }, (_, i) => new Flow(`flow-${i}`, { name: `flow ${i}` }));
    await mocks.settle(flows);
    expectTurns(mocks.reachedAt, count);
  });

  it("does the same through the plugin's Node SDK (sdk/nodejs), keeping each resource's dependsOn", async () => {
    const mocks = await turnCountingMocks();
    const tenant = await import("../../../../sdk/nodejs");
    const count = 3 * TURN_SIZE;
    const flows = Array.from({ length: count }, (_, i) => new tenant.Flow(`sdk-flow-${i}`, { name: `flow ${i}` }));
    // Declared in the same burst, so they wait for a turn too: their own dependsOn must survive it.
    const single = new tenant.Flow("after-one", { name: "after one" }, { dependsOn: flows[0] });
    const several = new tenant.Flow("after-two", { name: "after two" }, { dependsOn: [flows[1]!, flows[2]!] });
    const promised = new tenant.Flow("after-promise", { name: "after" }, { dependsOn: Promise.resolve([flows[3]!]) });
    await mocks.settle([...flows, single, several, promised]);
    expectTurns(mocks.reachedAt, count + 3);
    const urn = (name: string) => `urn:pulumi:prod::shop::tenant:index:Flow::${name}`;
    expect(mocks.dependencies.get("sdk-flow-5")).toEqual([]);
    expect(mocks.dependencies.get("after-one")).toEqual([urn("sdk-flow-0")]);
    expect(mocks.dependencies.get("after-two")).toEqual([urn("sdk-flow-1"), urn("sdk-flow-2")]);
    expect(mocks.dependencies.get("after-promise")).toEqual([urn("sdk-flow-3")]);
  });
});
