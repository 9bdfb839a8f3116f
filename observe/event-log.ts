// What the rules report (domain/events.ts) as lines in the log: money leaving (each move of a
// withdrawal) and broadcasts stopping at info and above; each task completion, referral bonus and
// delivery at debug, as there is one of them a request.
import type { DomainEvent, EventSink } from "@/domain/events.ts";
import { formatUsdt } from "@/domain/money.ts";
import type { WithdrawalStatus } from "@/domain/model/index.ts";
import type { Log } from "./log.ts";

const withdrawalMessages: Record<WithdrawalStatus, string> = {
  review: "withdrawal requested, held for the risk review",
  pending: "withdrawal waiting for approval",
  approved: "withdrawal approved",
  confirming: "withdrawal sent, its transaction waiting for confirmations",
  paid: "withdrawal paid",
  rejected: "withdrawal rejected, its amount refunded",
};

function write(log: Log, event: DomainEvent): void {
  switch (event.type) {
    case "withdrawal_moved": {
      const { withdrawalId, userId, from, to, amount } = event;
      const msg =
        from === null && to === "pending" ? "withdrawal requested" : from === "confirming" && to === "approved" ? "withdrawal back to approved: its transaction left the chain" : withdrawalMessages[to];
      return log.info({ withdrawalId, userId, from, to, amount: formatUsdt(amount) }, msg);
    }
    case "broadcast_stopped":
      return log.warn({ broadcastId: event.broadcastId, reason: event.reason, skipped: event.skipped }, "broadcast stopped");
    case "task_completed":
      return log.debug({ userId: event.userId, taskId: event.taskId, kind: event.kind, reward: formatUsdt(event.reward) }, "task completed");
    case "referral_bonus":
      return log.debug({ referrerId: event.referrerId, referredId: event.referredId, outcome: event.outcome, reason: event.reason, amount: formatUsdt(event.amount) }, "referral bonus");
    case "broadcast_delivery":
      return log.debug({ broadcastId: event.broadcastId, deliveryId: event.deliveryId, outcome: event.outcome, error: event.error }, "broadcast delivery");
  }
}

export const eventLog = (log: Log): EventSink => ({ emit: (event) => write(log, event) });
