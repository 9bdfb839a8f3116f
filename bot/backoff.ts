// Bounded exponential backoff with jitter, and a sleep that a stop can cut short.

export type BackoffOptions = { firstMs: number; capMs: number; random?: () => number };

/** How long the bot waits after failures to start, and flushes after a Bot API outage. */
export const telegramBackoff: BackoffOptions = { firstMs: 1000, capMs: 60_000 };

/**
 * Each `next()` doubles the delay from `firstMs` up to `capMs`, then picks a point in its upper
 * half, so that instances which failed together do not all come back at the same moment.
 */
export function createBackoff({ firstMs, capMs, random = Math.random }: BackoffOptions) {
  let failures = 0;
  return {
    next(): number {
      const ceiling = Math.min(capMs, firstMs * 2 ** Math.min(failures++, 30));
      return Math.round(ceiling / 2 + (random() * ceiling) / 2);
    },
    reset() {
      failures = 0;
    },
  };
}

export type Backoff = ReturnType<typeof createBackoff>;

/** Resolves after `ms`, or at once when `signal` aborts (the caller checks why it woke up). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done);
  });
}
