// When flushes run: every BROADCAST_INTERVAL seconds and on demand (API, CLI), one at a time,
// and never against Telegram while it has asked us to wait (429) or is having an outage.
import type { Api } from "grammy";
import { emptyFlushReport, queuedDeliveries, type FlushReport } from "@/domain/broadcast.ts";
import type { Deps } from "@/domain/context.ts";
import { createBackoff, telegramBackoff, type BackoffOptions } from "./backoff.ts";
import { flushBroadcasts } from "./broadcast-flush.ts";

export type SchedulerOptions = { log: (line: string) => void; backoff?: BackoffOptions };

export function broadcastScheduler(deps: Deps, api: Api, { log, backoff = telegramBackoff }: SchedulerOptions) {
  const outageBackoff = createBackoff(backoff);
  // Until when flushes answer at once instead of calling Telegram, and the report they give.
  let pausedUntil = 0;
  let pause: Pick<FlushReport, "stoppedByRateLimit" | "stoppedByOutage" | "outageError"> | undefined;
  let flushing: Promise<FlushReport> | undefined;
  const stopping = new AbortController();

  const run = async (): Promise<FlushReport> => {
    const waitMs = pausedUntil - Date.now();
    if (pause && waitMs > 0) return { ...emptyFlushReport(queuedDeliveries(deps)), ...pause, retryAfterSeconds: Math.ceil(waitMs / 1000) };
    const report = await flushBroadcasts(deps, api, { ...deps.config.broadcast, signal: stopping.signal });
    if (report.stoppedByOutage) {
      // Backing off spares a Telegram that is struggling and keeps cron's runs from each
      // waiting on a dead connection; the deliveries wait in the queue meanwhile.
      const delay = outageBackoff.next();
      pausedUntil = Date.now() + delay;
      report.retryAfterSeconds = Math.ceil(delay / 1000);
      log(`bot: broadcast flush stopped, the Bot API is unreachable (${report.outageError}); ${report.leftQueued} left queued, next try in ${report.retryAfterSeconds} s`);
    } else if (report.stoppedByRateLimit) {
      pausedUntil = Date.now() + (report.retryAfterSeconds ?? 0) * 1000;
    } else if (report.claimed > 0) {
      outageBackoff.reset();
    }
    pause = report.stoppedByOutage || report.stoppedByRateLimit ? { stoppedByRateLimit: report.stoppedByRateLimit, stoppedByOutage: report.stoppedByOutage, outageError: report.outageError } : undefined;
    return report;
  };

  const flush = (): Promise<FlushReport> => {
    // One flush at a time per process; across processes the atomic claim keeps rows apart.
    flushing ??= run().finally(() => (flushing = undefined));
    return flushing;
  };

  const interval = deps.config.broadcast.intervalSeconds;
  const timer = interval > 0 ? setInterval(() => void flush().catch((e: Error) => log(`bot: broadcast flush failed: ${e.message}`)), interval * 1000) : undefined;

  return {
    flush,
    async stop() {
      if (timer) clearInterval(timer);
      stopping.abort();
      await flushing?.catch(() => undefined); // already logged or answered to its caller
    },
  };
}
