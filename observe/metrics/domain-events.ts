// What the rules did, counted as it happens (domain/events.ts): task completions and their rewards,
// payouts, referral bonuses, broadcast deliveries and notices. Counted by this process since it started, as
// Prometheus counters are: a fleet's totals are the sum over its instances.
import { Counter, type Registry } from "prom-client";
import type { DomainEvent, EventSink } from "@/domain/events.ts";
import { usdtCounter } from "./usdt.ts";

export function domainEventMetrics(registry: Registry): EventSink {
  const completions = new Counter({ name: "refbot_task_completions_total", help: "Task completions paid (or done, for a task without a reward).", registers: [registry] });
  const rewards = usdtCounter(registry, "refbot_task_rewards_usdt_total", "USDT credited for task completions.");
  const paidOut = usdtCounter(registry, "refbot_withdrawals_paid_usdt_total", "USDT of withdrawals marked paid.");
  const bonuses = usdtCounter(registry, "refbot_referral_bonuses_paid_usdt_total", "USDT of referral bonuses and milestones credited to referrers, at once or when their hold ended.");
  const deliveries = new Counter({
    name: "refbot_broadcast_deliveries_total",
    help: "Broadcast deliveries that ended: sent, failed for good, or skipped (their broadcast was stopped before they were sent).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  // Every outcome is there from the start, so a rate over it never starts from a missing series.
  for (const outcome of ["sent", "failed", "skipped"]) deliveries.inc({ outcome }, 0);
  const notices = new Counter({
    name: "refbot_notices_total",
    help: "Notices about money that ended: sent, failed for good, skipped (the user blocked the bot) or expired (not sent within 24 hours).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  for (const outcome of ["sent", "failed", "skipped", "expired"]) notices.inc({ outcome }, 0);

  const count = (event: DomainEvent): void => {
    switch (event.type) {
      case "task_completed":
        completions.inc();
        rewards.add(event.reward);
        return;
      case "withdrawal_moved":
        if (event.to === "paid") paidOut.add(event.amount);
        return;
      case "referral_bonus":
        if (event.outcome === "paid" || event.outcome === "released") bonuses.add(event.amount);
        return;
      case "broadcast_delivery":
        deliveries.inc({ outcome: event.outcome });
        return;
      case "broadcast_stopped":
        deliveries.inc({ outcome: "skipped" }, event.skipped);
        return;
      case "notices_ended":
        notices.inc({ outcome: event.outcome }, event.count);
        return;
    }
  };
  return { emit: count };
}
