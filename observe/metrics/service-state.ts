// The work waiting on the service, read from the database when Prometheus asks: withdrawals by
// status and how long the oldest has waited for an admin, the referral bonuses held, and the
// broadcast deliveries still to send, and when the last good backup finished. One read per scrape, shared by every gauge here, from
// counters kept with the rows they count and indexed lookups (domain/service-figures.ts), so a
// scrape costs the same with a million rows as with ten. A read that fails (the database is away)
// leaves these gauges out of that scrape rather than repeating stale values.
import { Gauge, type Registry } from "prom-client";
import { withdrawalStatuses } from "@/domain/model/index.ts";
import { formatUsdt } from "@/domain/money.ts";
import type { ServiceFigures } from "@/domain/service-figures.ts";

export type ServiceSources = { figures(): Promise<ServiceFigures>; now(): number };

export function serviceGauges(registry: Registry, { figures, now }: ServiceSources): void {
  // The gauges' collect() are called together, so they share the read that the first one starts.
  let reading: Promise<ServiceFigures | undefined> | undefined;
  const read = () =>
    (reading ??= figures()
      .catch(() => undefined)
      .finally(() => (reading = undefined)));
  const ageSeconds = (since: Date | null) => (since ? Math.max(0, (now() - since.getTime()) / 1000) : 0);

  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[], fill: (gauge: Gauge<L>, figures: ServiceFigures) => void) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const found = await read();
        this.reset();
        if (found) fill(this, found);
      },
    });

  gauge("refbot_withdrawals", "Withdrawals in each status now.", ["status"], (g, f) => {
    for (const status of withdrawalStatuses) g.set({ status }, f.withdrawals[status]);
  });
  gauge("refbot_withdrawal_oldest_pending_age_seconds", "How long the oldest withdrawal waiting for an admin (in review, pending or approved) has waited; 0 when none waits.", [], (g, f) =>
    g.set(ageSeconds(f.oldestOpenWithdrawalAt)),
  );
  gauge("refbot_referral_bonuses_held_usdt", "USDT of referral bonuses held for their settling period now (REFERRAL_HOLD_HOURS).", [], (g, f) => g.set(Number(formatUsdt(f.heldBonuses))));
  gauge("refbot_broadcast_queue_depth", "Broadcast deliveries still to send.", [], (g, f) => g.set(f.queuedDeliveries));
  // 0 when no backup is recorded, so the alert on a backup too old fires for one never made too.
  gauge("refbot_backup_last_success_timestamp_seconds", "When the newest good backup (refbot db backup) finished, in Unix seconds; 0 when none is recorded.", [], (g, f) =>
    g.set(f.lastBackupAt ? f.lastBackupAt.getTime() / 1000 : 0),
  );
  gauge("refbot_broadcast_oldest_pending_age_seconds", "How long the oldest broadcast with deliveries still to send has been queued; 0 when none.", [], (g, f) =>
    g.set(ageSeconds(f.oldestQueuedBroadcastAt)),
  );
}
