// Delivers the next batch of queued broadcast messages through the Bot API.
import { GrammyError, type Api } from "grammy";
import { claimBatch, deliveryText, emptyFlushReport, queuedDeliveries, releaseClaim, settleDelivery, type DeliveryOutcome, type FlushReport } from "@/domain/broadcast.ts";
import { stopForRefusedText, stopReasons, whyNotSend } from "@/domain/broadcast-stop.ts";
import type { Deps } from "@/domain/context.ts";
import { giveChatsBack, takeChat } from "@/domain/send-rate.ts";
import { setReachable } from "@/domain/users.ts";
import { grammySignal } from "./telegram-api.ts";
import { classifyTelegramError, describeTelegramError } from "./telegram-errors.ts";

/**
 * `intervalSeconds` is the pace: with it, a batch starts only if none did, on any server, that
 * long before (0 or left out: whoever calls keeps the pace, as cron does). `signal` is the server
 * stopping: the flush ends after the send at hand and puts the rest back.
 */
export type FlushOptions = { batchSize: number; gapMs: number; intervalSeconds?: number; sleep?: (ms: number) => Promise<void>; signal?: AbortSignal };

/** The events too: each delivery that ends is told to whoever watches (domain/events.ts). */
type FlushDeps = Pick<Deps, "store" | "clock" | "events">;

/** Why the deliveries after a stop were left queued, as the report and the CLI show it. */
const whyLeftQueued = {
  stopping: "the server is stopping: left queued",
  rateLimit: "rate limited: left for the next flush",
  outage: "Bot API unreachable: left queued",
  chatBusy: "its chat had a message less than a second ago: left for the next flush",
} as const;

/**
 * Claims up to `batchSize` deliveries and sends them `gapMs` apart with Markdown, each in its
 * user's language where the broadcast has a text for it. An answer about the user ends a
 * delivery: a 403 (blocked, deactivated) marks the user unreachable, a 400 "chat not found"
 * fails it. A refusal of the text itself (Markdown Telegram cannot parse) fails the delivery and
 * stops its broadcast at once, failing the rest of it, since every try would be refused alike;
 * the batch goes on with the next broadcast's deliveries. A 429, or Telegram being unusable
 * (network error, timeout, 5xx), stops the batch and puts the delivery at hand and the unsent
 * rest back without counting a try. Any other refusal is retried by a later flush, up to the
 * attempt limit. Each delivery is checked just before it is sent, so one whose broadcast was
 * cancelled meanwhile is not sent, and its chat's next second is taken as the senders take it
 * (send-rate.ts): one whose chat had a message less than a second ago, from this flush or any
 * instance's sender, goes back queued. When another flush, here or on another server, started a
 * batch less than the interval ago, nothing is claimed and the report says when the next batch
 * may start.
 */
export async function flushBroadcasts(deps: FlushDeps, api: Api, { batchSize, gapMs, intervalSeconds = 0, sleep = Bun.sleep, signal }: FlushOptions): Promise<FlushReport> {
  const { token, deliveries, waiting, nextBatchAt } = await claimBatch(deps, batchSize, intervalSeconds * 1000);
  if (waiting) {
    const retryAfterSeconds = Math.max(1, Math.ceil(((nextBatchAt?.getTime() ?? 0) - deps.clock().getTime()) / 1000));
    return { ...emptyFlushReport(await queuedDeliveries(deps)), stoppedByPace: true, retryAfterSeconds, nextBatchAt };
  }
  const report: FlushReport = { ...emptyFlushReport(0), claimed: deliveries.length, nextBatchAt };
  const record = (deliveryId: number, tgId: number, outcome: DeliveryOutcome, error: string | null = null) =>
    report.results.push({ deliveryId, tgId, outcome, error });
  let stopped: string | undefined;
  let putBack = false;
  let called = false;

  for (const d of deliveries) {
    if (signal?.aborted) stopped ??= whyLeftQueued.stopping;
    if (stopped) {
      record(d.id, d.tgId, "not_sent", stopped);
      continue;
    }
    if (called && gapMs > 0) await sleep(gapMs);
    const skip = await whyNotSend(deps, d, token);
    if (skip) {
      record(d.id, d.tgId, skip.stopped ? "stopped" : "not_sent", skip.reason);
      continue;
    }
    const chat = await takeChat(deps, d.tgId);
    if (!chat) {
      putBack = true;
      record(d.id, d.tgId, "not_sent", whyLeftQueued.chatBusy);
      continue;
    }
    called = true;
    let went = false;
    try {
      await api.sendMessage(d.tgId, deliveryText(d), { parse_mode: "Markdown" }, signal && grammySignal(signal));
      went = true;
      await settleDelivery(deps, d.id, token, { ok: true });
      report.sent++;
      record(d.id, d.tgId, "sent");
    } catch (error) {
      // The message reached no one (or, after a timeout, goes again anyway): its chat's second
      // goes back, as a sender's grant gives it.
      if (!went) await giveChatsBack(deps, [d.tgId], chat);
      const message = describeTelegramError(error);
      if (signal?.aborted) {
        stopped = whyLeftQueued.stopping;
        record(d.id, d.tgId, "not_sent", message);
        continue;
      }
      switch (classifyTelegramError(error)) {
        case "rate_limited":
          report.stoppedByRateLimit = true;
          report.retryAfterSeconds = error instanceof GrammyError ? (error.parameters.retry_after ?? null) : null;
          stopped = whyLeftQueued.rateLimit;
          record(d.id, d.tgId, "not_sent", message);
          break;
        case "unavailable":
          report.stoppedByOutage = true;
          report.outageError = message;
          stopped = whyLeftQueued.outage;
          record(d.id, d.tgId, "not_sent", message);
          break;
        case "user": {
          const blocked = error instanceof GrammyError && error.error_code === 403;
          if (blocked) await setReachable(deps, d.tgId, false);
          await settleDelivery(deps, d.id, token, { ok: false, error: message, retry: false });
          report[blocked ? "blocked" : "failed"]++;
          record(d.id, d.tgId, blocked ? "blocked" : "failed", message);
          break;
        }
        case "text": {
          const refusal = error instanceof GrammyError ? error.description : message;
          const failed = await stopForRefusedText(deps, d, token, refusal);
          if (failed === null) {
            // Cancelled while this message was on its way: the cancel has failed it already.
            record(d.id, d.tgId, "stopped", message);
            break;
          }
          report.failed++;
          record(d.id, d.tgId, "failed", message);
          report.stoppedBroadcasts.push({ broadcastId: d.broadcastId, reason: stopReasons.refused(refusal), failed });
          break;
        }
        case "request": {
          const final = (await settleDelivery(deps, d.id, token, { ok: false, error: message, retry: true })) === "failed";
          report[final ? "failed" : "retried"]++;
          record(d.id, d.tgId, final ? "failed" : "retry", message);
        }
      }
    }
  }
  if (stopped || putBack) await releaseClaim(deps, token);
  report.leftQueued = await queuedDeliveries(deps);
  return report;
}
