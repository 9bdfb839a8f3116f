// Delivers the next batch of queued broadcast messages through the Bot API.
import { GrammyError, type Api } from "grammy";
import { claimBatch, releaseClaim, settleDelivery, type DeliveryOutcome, type FlushReport } from "../api/domain/broadcast.ts";
import type { Deps } from "../api/domain/context.ts";
import { setReachable } from "../api/domain/users.ts";

export type FlushOptions = { batchSize: number; gapMs: number; sleep?: (ms: number) => Promise<void> };

/**
 * Claims up to `batchSize` deliveries and sends them `gapMs` apart with Markdown. A 403 means
 * the user blocked the bot or is gone: they are marked unreachable and not retried. A 429 stops
 * the batch and puts the unsent rest back. Anything else is retried by a later flush, up to the
 * attempt limit.
 */
export async function flushBroadcasts(deps: Deps, api: Api, { batchSize, gapMs, sleep = Bun.sleep }: FlushOptions): Promise<FlushReport> {
  const { token, deliveries } = claimBatch(deps, batchSize);
  const report: FlushReport = { claimed: deliveries.length, sent: 0, failed: 0, retried: 0, blocked: 0, stoppedByRateLimit: false, retryAfterSeconds: null, results: [] };
  const record = (deliveryId: number, tgId: number, outcome: DeliveryOutcome, error: string | null = null) =>
    report.results.push({ deliveryId, tgId, outcome, error });

  for (const [i, d] of deliveries.entries()) {
    if (report.stoppedByRateLimit) {
      record(d.id, d.tgId, "not_sent", "rate limited: left for the next flush");
      continue;
    }
    if (i > 0 && gapMs > 0) await sleep(gapMs);
    try {
      await api.sendMessage(d.tgId, d.message, { parse_mode: "Markdown" });
      settleDelivery(deps, d.id, { ok: true });
      report.sent++;
      record(d.id, d.tgId, "sent");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof GrammyError && error.error_code === 429) {
        report.stoppedByRateLimit = true;
        report.retryAfterSeconds = error.parameters.retry_after ?? null;
        record(d.id, d.tgId, "not_sent", message);
      } else if (error instanceof GrammyError && error.error_code === 403) {
        setReachable(deps, d.tgId, false);
        settleDelivery(deps, d.id, { ok: false, error: message, retry: false });
        report.blocked++;
        record(d.id, d.tgId, "blocked", message);
      } else {
        const final = settleDelivery(deps, d.id, { ok: false, error: message, retry: true }) === "failed";
        report[final ? "failed" : "retried"]++;
        record(d.id, d.tgId, final ? "failed" : "retry", message);
      }
    }
  }
  if (report.stoppedByRateLimit) releaseClaim(deps, token);
  return report;
}
