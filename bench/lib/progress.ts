/** Progress lines on stderr, so stdout carries only the table. */

const started = Date.now();

/** Prints `[bench +12s] message` on stderr. */
export function progress(message: string): void {
  const seconds = Math.round((Date.now() - started) / 1000);
  process.stderr.write(`[bench +${seconds}s] ${message}\n`);
}

/**
 * Runs `work`, printing `label … Ns` every `everyMs` while it runs (with the extra text
 * `detail()` returns, e.g. resources done so far).
 */
export async function withTicker<T>(
  label: string,
  work: () => Promise<T>,
  detail?: () => string,
  everyMs = 10_000,
): Promise<T> {
  const t0 = Date.now();
  const timer = setInterval(() => {
    const extra = detail?.() ?? "";
    progress(`${label}: ${Math.round((Date.now() - t0) / 1000)} s${extra ? `, ${extra}` : ""}`);
  }, everyMs);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** Sleeps `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
