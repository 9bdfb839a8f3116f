// The work waiting on the service, as an operator's metrics read it (observe/metrics): withdrawals
// by status, the referral bonuses held, the broadcast deliveries still to send, and how long the
// oldest of each has waited, and when the last good backup finished. Three statements, whatever the
// tables hold: the counters kept with the rows they count, lookups on indexes and on the small
// broadcasts table, and the newest backup record (an index's last entry).
import { withdrawalCounters, withdrawalStatuses, type WithdrawalStatus } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";

export type ServiceFigures = {
  withdrawals: Record<WithdrawalStatus, number>;
  /** When the oldest withdrawal waiting for an admin (in review, pending or approved) was requested. */
  oldestOpenWithdrawalAt: Date | null;
  /** micro-USDT of referral bonuses held now. */
  heldBonuses: number;
  queuedDeliveries: number;
  /** When the oldest broadcast with deliveries still to send was queued. */
  oldestQueuedBroadcastAt: Date | null;
  /** When the newest good backup (`refbot db backup`) finished; null when none is recorded. */
  lastBackupAt: Date | null;
};

export function serviceFigures(deps: Pick<Deps, "store">): Promise<ServiceFigures> {
  return deps.store.read(function* (db) {
    const counted = new Map((yield* db.insights.counters()).map((c) => [c.name, c.value]));
    const { oldestOpenWithdrawalAt, queuedDeliveries, oldestQueuedBroadcastAt } = yield* db.insights.queues();
    const withdrawals = {} as Record<WithdrawalStatus, number>;
    for (const status of withdrawalStatuses) withdrawals[status] = counted.get(withdrawalCounters[status]) ?? 0;
    const lastBackupAt = yield* db.backups.lastSuccess();
    return { withdrawals, oldestOpenWithdrawalAt, heldBonuses: counted.get("referral_bonuses_held") ?? 0, queuedDeliveries, oldestQueuedBroadcastAt, lastBackupAt };
  });
}
