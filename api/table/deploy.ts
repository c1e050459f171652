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

/** What {@link waitUntil} saw last, and whether it was what it waited for. */
export interface Waited<T> {
  readonly value: T;
  readonly done: boolean;
}

/**
 * Reads with `read` until `done` says so, or `wait.limitMs` has passed: answers the last value
 * read and whether it was done. `first`, when given, is looked at before any read (the answer
 * of the write itself).
 */
export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  wait: WaitPolicy = DEPLOY_WAIT,
  first?: T,
): Promise<Waited<T>> {
  const deadline = Date.now() + wait.limitMs;
  let value = first !== undefined ? first : await read();
  let pause = wait.firstPauseMs;
  while (!done(value)) {
    if (Date.now() >= deadline) return { value, done: false };
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, deadline - Date.now()))));
    pause = Math.min(wait.maxPauseMs, Math.ceil(pause * 1.5));
    value = await read();
  }
  return { value, done: true };
}
