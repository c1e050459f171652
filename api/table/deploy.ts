/**
 * The deploy-then-wait step of a kind whose writes the service builds and deploys in the
 * background (an action): read until the service says the step is done, with a growing pause
 * and a limit. Plain functions, so the api floor imports nothing above it.
 */

/** How long to wait for the service, and how often to look. */
export interface WaitPolicy {
  /** Give up after this long (ms). */
  readonly limitMs: number;
  /** The first pause (ms); each next one is half again as long, up to `maxPauseMs`. */
  readonly firstPauseMs: number;
  readonly maxPauseMs: number;
}

/** The provider's wait for a build or a deploy: the service takes seconds, a slow day a minute or two. */
export const DEPLOY_WAIT: WaitPolicy = { limitMs: 120_000, firstPauseMs: 100, maxPauseMs: 2_000 };

/** How many of a step's latest waits a {@link Pace} remembers. */
const PACE_KEEP = 9;

/**
 * How long the service took to finish one kind of step lately, so that a wait's first look
 * comes when such a step is usually done: against a steady service, one read confirms each
 * write instead of one at every growing pause (which would cost a few reads per write, each
 * under the tenant's rate limit like the write itself). It remembers the time from the start of
 * each of the latest waits to the look that found the step done; the first look comes after
 * their median. A service that got slower moves it up; one that got faster costs only time.
 * One per kind of step and process (a deploy's waits run in the provider's one process).
 */
export class Pace {
  private readonly recent: number[] = [];

  /** The pause before a wait's first look (ms): the recent median, else the policy's first pause. */
  firstPause(wait: WaitPolicy): number {
    if (this.recent.length === 0) return wait.firstPauseMs;
    const sorted = [...this.recent].sort((a, b) => a - b);
    return Math.min(Math.max(wait.firstPauseMs, sorted[Math.floor(sorted.length / 2)]!), wait.limitMs);
  }

  /** Records that a wait found its step done `ms` after it began. */
  observe(ms: number): void {
    this.recent.push(ms);
    if (this.recent.length > PACE_KEEP) this.recent.shift();
  }
}

/** What {@link waitUntil} saw last, and whether it was what it waited for. */
export interface Waited<T> {
  readonly value: T;
  readonly done: boolean;
}

/**
 * Reads with `read` until `done` says so, or `wait.limitMs` has passed: answers the last value
 * read and whether it was done. `first`, when given, is looked at before any read (the answer
 * of the write itself). With a `pace`, the first pause is what that kind of step took lately,
 * the next ones grow from the policy's first pause, and the time this step took is recorded.
 */
export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  wait: WaitPolicy = DEPLOY_WAIT,
  first?: T,
  pace?: Pace,
): Promise<Waited<T>> {
  const started = Date.now();
  const deadline = started + wait.limitMs;
  let value = first !== undefined ? first : await read();
  let pause = pace ? pace.firstPause(wait) : wait.firstPauseMs;
  let next = wait.firstPauseMs;
  while (!done(value)) {
    if (Date.now() >= deadline) return { value, done: false };
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, deadline - Date.now()))));
    pause = next;
    next = Math.min(wait.maxPauseMs, Math.ceil(next * 1.5));
    value = await read();
  }
  pace?.observe(Date.now() - started);
  return { value, done: true };
}
