// What the metrics read of the work waiting (domain/service-figures.ts), in one statement of plain
// SQL that both engines read alike: when the oldest withdrawal still waiting for an admin was
// requested, and the broadcast deliveries still to send with the oldest broadcast that has some.
// The oldest open withdrawal is each open status's lowest id (ids follow requests), found on the
// (status, id) index rather than by reading every open request; broadcasts are one row each.
import { openWithdrawalStatuses } from "@/domain/model/withdrawals.ts";

const lowestIdPerOpenStatus = openWithdrawalStatuses.map((status) => `select * from (select id from withdrawals where status = '${status}' order by id limit 1) as s`).join(" union all ");

export const serviceQueuesSql = `select
    (select min(created_at) from withdrawals where id in (${lowestIdPerOpenStatus})) as oldest_withdrawal,
    (select coalesce(sum(total - sent - failed), 0) from broadcasts) as queued_deliveries,
    (select min(created_at) from broadcasts where total - sent - failed > 0) as oldest_broadcast`;

/** The statement's one row, as either engine's driver gives it: times as ms or Date, sums as number or text. */
export type ServiceQueuesRow = { oldest_withdrawal: number | Date | null; queued_deliveries: number | string; oldest_broadcast: number | Date | null };

const time = (value: number | Date | null) => (value === null ? null : new Date(value));

export const serviceQueues = (row: ServiceQueuesRow) => ({
  oldestOpenWithdrawalAt: time(row.oldest_withdrawal),
  queuedDeliveries: Number(row.queued_deliveries),
  oldestQueuedBroadcastAt: time(row.oldest_broadcast),
});
