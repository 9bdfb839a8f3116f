// The statements the dashboard figures (stats.ts) and the leaderboards need from an engine.
import type { CounterRow, DailyStatsRow, Task } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";
import type { RankStatements } from "./ranks.ts";

export type { CounterRow, DailyStatsRow };

export type Queues = { oldestOpenWithdrawalAt: Date | null; queuedDeliveries: number; oldestQueuedBroadcastAt: Date | null };

export type InsightStatements = {
  counters(): Op<CounterRow[]>;
  /** The rows of the UTC days from `first` to `last`, both included (days with no row have none). */
  days(first: string, last: string): Op<DailyStatsRow[]>;
  /** Every task, most completed first, ties by id. */
  tasksByCompletions(): Op<Task[]>;
  /**
   * The work waiting, for the metrics: when the oldest withdrawal waiting for an admin (in
   * review, pending or approved) was requested, the broadcast deliveries still to send, and when
   * the oldest broadcast with some was queued. One statement, on indexes and the small broadcasts
   * table, whatever the size of the rest.
   */
  queues(): Op<Queues>;
  ranks: RankStatements;
};
