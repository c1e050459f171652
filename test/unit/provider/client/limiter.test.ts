/** The shared limiter: concurrency cap and pauses from rate limit headers (fake clock). */
import { headerNumber, Limiter } from "../../../../provider/client/limiter";

function fakeClock() {
  let now = 1_000_000;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}

describe("limiter", () => {
  it("never runs more than the cap at once", async () => {
    const limiter = new Limiter({ maxConcurrent: 2 });
    let active = 0;
    let peak = 0;
    const task = async () => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setImmediate(resolve));
      active -= 1;
    };
    await Promise.all(Array.from({ length: 10 }, () => limiter.run(task)));
    expect(peak).toBe(2);
  });

  it("waits for the reset when the window is spent", async () => {
    const clock = fakeClock();
    const limiter = new Limiter({ now: clock.now, sleep: clock.sleep });
    limiter.observe({ remaining: 0, resetEpochSeconds: (clock.now() + 3_000) / 1000 });
    await limiter.run(async () => undefined);
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3_000);
  });

  it("paces one request per refill interval once the bucket is empty, instead of waiting for a full bucket", async () => {
    const clock = fakeClock();
    const limiter = new Limiter({ now: clock.now, sleep: clock.sleep });
    limiter.observe({ remaining: 0, resetEpochSeconds: (clock.now() + 3_000) / 1000, limit: 10 });
    const starts: number[] = [];
    for (let i = 0; i < 5; i += 1)
      await limiter.run(async () => {
        starts.push(clock.now());
      });
    const gaps = starts.slice(1).map((t, i) => t - starts[i]);
    expect(gaps.every((gap) => gap >= 100 && gap <= 115)).toBe(true);
    expect(starts[4] - starts[0]).toBeLessThan(3_000);
  });

  it("starts pacing with a fifth of the bucket left, so that requests bunched on the way find tokens", async () => {
    const clock = fakeClock();
    const limiter = new Limiter({ now: clock.now, sleep: clock.sleep });
    const starts: number[] = [];
    const send = () =>
      limiter.run(async () => {
        starts.push(clock.now());
      });
    // 3 of 10 tokens left: one goes at once, then the bucket is at its reserve of 2.
    limiter.observe({ remaining: 3, resetEpochSeconds: (clock.now() + 1_000) / 1000, limit: 10 });
    await send();
    await send();
    await send();
    expect(starts[1] - starts[0]).toBe(0);
    expect(starts[2] - starts[1]).toBe(102);
    // A bucket refilled above the reserve sends at once again.
    limiter.observe({ remaining: 5, resetEpochSeconds: (clock.now() + 1_000) / 1000, limit: 10 });
    await send();
    expect(starts[3] - starts[2]).toBe(0);
  });

  it("paces 2 % over the refill interval, and wider after a 429 that pacing drew (a jittery network)", async () => {
    const clock = fakeClock();
    const limiter = new Limiter({ now: clock.now, sleep: clock.sleep });
    const empty = () => limiter.observe({ remaining: 0, resetEpochSeconds: (clock.now() + 3_000) / 1000, limit: 10 });
    const gapsOf = async (count: number) => {
      const starts: number[] = [];
      for (let i = 0; i < count; i += 1) {
        empty();
        await limiter.run(async () => {
          starts.push(clock.now());
        });
      }
      return starts.slice(1).map((t, i) => t - starts[i]);
    };
    expect(await gapsOf(4)).toEqual([102, 102, 102]);
    // A paced request drew a 429 (Retry-After 0 s): the interval widens, and keeps widening with more.
    limiter.rateLimited(0);
    const wider = await gapsOf(3);
    expect(wider.every((gap) => gap > 103 && gap < 110)).toBe(true);
    for (let i = 0; i < 20; i += 1) limiter.rateLimited(0);
    await clock.sleep(60_000); // past the pause that repeated 429s turn pacing off for
    expect((await gapsOf(3)).every((gap) => gap === 130)).toBe(true);
  });

  it("counts the requests still in flight that started after the one answered: they will take tokens too", async () => {
    const clock = fakeClock();
    const limiter = new Limiter({ now: clock.now, sleep: clock.sleep, maxConcurrent: 8 });
    // Four requests go out together; the first answer says 3 tokens are left, but the other three took them.
    const answers: (() => void)[] = [];
    const tickets: number[] = [];
    const inFlight = Array.from({ length: 4 }, () =>
      limiter.run((ticket) => {
        tickets.push(ticket);
        return new Promise<void>((resolve) => answers.push(resolve));
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(tickets).toEqual([1, 2, 3, 4]);
    answers[0]!();
    await inFlight[0];
    limiter.observe({ remaining: 3, resetEpochSeconds: (clock.now() + 1_000) / 1000, limit: 10 }, tickets[0]);
    // The bucket is empty by then: the next request is paced, not sent at once.
    const before = clock.now();
    await limiter.run(async () => undefined);
    await limiter.run(async () => undefined);
    expect(clock.now() - before).toBeGreaterThanOrEqual(100);
    for (const answer of answers.slice(1)) answer();
    await Promise.all(inFlight);
  });

  it("falls back to waiting for the reset after pacing drew two 429s in a row", async () => {
    const clock = fakeClock();
    const limiter = new Limiter({ now: clock.now, sleep: clock.sleep });
    limiter.observe({ remaining: 0, resetEpochSeconds: (clock.now() + 3_000) / 1000, limit: 10 });
    limiter.rateLimited(100);
    await limiter.run(async () => undefined);
    const afterOne = clock.now();
    expect(afterOne - 1_000_000).toBeLessThan(1_000); // one 429: keep pacing after the pause
    limiter.rateLimited(200);
    await limiter.run(async () => undefined);
    expect(clock.now()).toBeGreaterThanOrEqual(1_003_000); // the announced reset
  });

  it("honours an explicit pause and bounds it", async () => {
    const clock = fakeClock();
    const limiter = new Limiter({ now: clock.now, sleep: clock.sleep, maxPauseMs: 5_000 });
    limiter.pauseFor(60 * 60_000);
    await limiter.run(async () => undefined);
    const waited = clock.sleeps.reduce((a, b) => a + b, 0);
    expect(waited).toBeGreaterThanOrEqual(5_000);
    expect(waited).toBeLessThan(5_100);
  });

  it("parses header numbers", () => {
    expect(headerNumber("12")).toBe(12);
    expect(headerNumber(["3"])).toBe(3);
    expect(headerNumber("soon")).toBeUndefined();
    expect(headerNumber(undefined)).toBeUndefined();
  });
});
