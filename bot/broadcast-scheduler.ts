// When flushes run: every broadcastInterval seconds (a setting, read at each turn, so a change
// applies from the next one) and on demand (API, CLI), one at a time,
// and never against Telegram while it has asked us to wait (429) or is having an outage. The
// interval is kept for every server on the database together: a flush starts a batch only in
// its turn, which the database hands out (claimBatch).
import type { Api } from "grammy";
import { emptyFlushReport, queuedDeliveries, type FlushReport } from "@/domain/broadcast.ts";
import type { Deps } from "@/domain/context.ts";
import { silentLog, type Log } from "@/observe/log.ts";
import { createBackoff, telegramBackoff, type BackoffOptions } from "./backoff.ts";
import { flushBroadcasts } from "./broadcast-flush.ts";

export type SchedulerOptions = {
  log?: Log;
  backoff?: BackoffOptions;
  /** Whether this process runs the timed flushes (the fleet's leader does); flushes on demand run anywhere. */
  leading?: () => boolean;
  /**
   * Whether a send rate is set (broadcastRate): then every instance's sender sends broadcasts
   * from the fleet's bucket (sender.ts), and a flush, timed or on demand, claims nothing.
   */
  byRate?: () => boolean;
};

/** With no interval (flushes only on demand), how soon the scheduler looks again for one an operator set. */
const idleLookMs = 5_000;

export function broadcastScheduler(deps: Pick<Deps, "store" | "clock" | "settings">, api: Api, { log = silentLog, backoff = telegramBackoff, leading = () => true, byRate = () => false }: SchedulerOptions = {}) {
  const outageBackoff = createBackoff(backoff);
  // Until when flushes answer at once instead of calling Telegram, and the report they give.
  let pausedUntil = 0;
  let pause: Pick<FlushReport, "stoppedByRateLimit" | "stoppedByOutage" | "outageError"> | undefined;
  let flushing: Promise<FlushReport> | undefined;
  const stopping = new AbortController();
  const pace = () => {
    const { broadcastBatch, broadcastGapMs, broadcastInterval } = deps.settings.current();
    return { batchSize: broadcastBatch, gapMs: broadcastGapMs, intervalSeconds: broadcastInterval };
  };

  const run = async (): Promise<FlushReport> => {
    if (byRate()) return emptyFlushReport(await queuedDeliveries(deps));
    const waitMs = pausedUntil - Date.now();
    if (pause && waitMs > 0) return { ...emptyFlushReport(await queuedDeliveries(deps)), ...pause, retryAfterSeconds: Math.ceil(waitMs / 1000) };
    const report = await flushBroadcasts(deps, api, { ...pace(), signal: stopping.signal });
    // A broadcast that stops is a line of its own, from the event its stop emits (observe/event-log.ts).
    if (report.sent + report.failed > 0) {
      const { claimed, sent, failed, retried, blocked, leftQueued } = report;
      log.info({ claimed, sent, failed, retried, blocked, leftQueued }, leftQueued === 0 ? "broadcast batch sent: every broadcast has finished" : "broadcast batch sent");
    }
    if (report.stoppedByOutage) {
      // Backing off spares a Telegram that is struggling and keeps cron's runs from each
      // waiting on a dead connection; the deliveries wait in the queue meanwhile.
      const delay = outageBackoff.next();
      pausedUntil = Date.now() + delay;
      report.retryAfterSeconds = Math.ceil(delay / 1000);
      log.warn({ error: report.outageError, leftQueued: report.leftQueued, retryInSeconds: report.retryAfterSeconds }, "broadcast flush stopped: the Bot API is unreachable");
    } else if (report.stoppedByRateLimit) {
      pausedUntil = Date.now() + (report.retryAfterSeconds ?? 0) * 1000;
    } else if (report.claimed > 0) {
      outageBackoff.reset();
    }
    pause = report.stoppedByOutage || report.stoppedByRateLimit ? { stoppedByRateLimit: report.stoppedByRateLimit, stoppedByOutage: report.stoppedByOutage, outageError: report.outageError } : undefined;
    return report;
  };

  const flush = (): Promise<FlushReport> => {
    // One flush at a time per process; across processes the claim's lease keeps rows apart.
    flushing ??= run().finally(() => (flushing = undefined));
    return flushing;
  };

  // Each run is set for the next turn the last one learned, not a fixed beat: a timer firing a
  // moment before the turn, or a turn another server took, costs a short wait, not an interval.
  const intervalMs = () => pace().intervalSeconds * 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const untilNextRun = (report: FlushReport) => (report.nextBatchAt ? Math.max(report.nextBatchAt.getTime() - deps.clock().getTime(), 0) : intervalMs());
  const nextRunIn = async (): Promise<number> => {
    const interval = intervalMs();
    if (interval === 0 || byRate()) return idleLookMs;
    // An instance that does not lead looks again an interval later, in case it leads by then.
    if (!leading()) return interval;
    try {
      return untilNextRun(await flush());
    } catch (error) {
      log.error({ err: error }, "broadcast flush failed");
      return interval;
    }
  };
  const tick = () =>
    void nextRunIn().then((ms) => {
      if (!stopping.signal.aborted) timer = setTimeout(tick, ms);
    });
  timer = setTimeout(tick, intervalMs() || idleLookMs);

  return {
    flush,
    async stop() {
      clearTimeout(timer);
      stopping.abort();
      await flushing?.catch(() => undefined); // already logged or answered to its caller
    },
  };
}
